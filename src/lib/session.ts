/**
 * The signed-in session: kept in memory and on the device (localStorage, with the mirror of
 * lib/device-storage that survives the app being killed) so an agent can reopen the app
 * offline mid-visit. The demo keeps its own key so it never signs the real app in or out.
 * Listeners hear sign-in and sign-out (other tabs included).
 *
 * Why localStorage: it is the least exposed place that still lets a closed app (an installed
 * PWA reopened with no signal) find the session. sessionStorage dies with the tab; IndexedDB
 * is no better hidden from a script on our origin and is asynchronous, where every request
 * and route guard reads the token synchronously; an HttpOnly cookie would hide it from
 * scripts, but the API (openapi.yaml) takes a Bearer header, possibly on another origin, and
 * cookie sessions would need CSRF defences. What protects the token is that no script but
 * ours runs (the CSP of scripts/security-headers.ts; server text rendered as text). It only
 * ever goes out in the Authorization header: never in a URL, a log line or an error's text
 * (the error page redacts it), and sign-out removes it with every other trace of the agent.
 */
import { runtimeConfig } from './runtime-config'
import { deviceStorage, readMirrored } from './device-storage'
import { storageKey } from './storage-keys'

export type StoredSession = { token: string; agentId: string; expiresAt: string }

const sessionKey = () => storageKey.session(runtimeConfig().preview)

let memory: StoredSession | null | undefined
const listeners = new Set<() => void>()

function read(): StoredSession | null {
  if (memory !== undefined) return memory
  try {
    const raw = deviceStorage.get(sessionKey())
    const parsed = raw ? (JSON.parse(raw) as StoredSession) : null
    memory = parsed && typeof parsed.token === 'string' ? parsed : null
  } catch {
    memory = null
  }
  return memory
}

/**
 * The service worker's way to the session (it has no localStorage): read again from the
 * IndexedDB mirror at every event, so a sign-out in a tab since the last one is seen
 * (docs/decisions/0011-service-worker-and-the-session.md). Null when signed out.
 */
export async function loadSessionFromMirror(): Promise<StoredSession | null> {
  let session: StoredSession | null = null
  try {
    const raw = await readMirrored(sessionKey())
    const parsed = raw ? (JSON.parse(raw) as StoredSession) : null
    session = parsed && typeof parsed.token === 'string' ? parsed : null
  } catch {
    session = null
  }
  memory = session
  return session
}

export function currentSession(): StoredSession | null {
  return read()
}

/**
 * Whether the device holds a session now, read without being remembered: the start asks it
 * before the localStorage mirror is restored (lib/device-storage), which may change the answer.
 */
export function hasStoredSession(): boolean {
  return deviceStorage.get(sessionKey()) !== null
}

export function sessionToken(): string | null {
  return read()?.token ?? null
}

/**
 * Keeps the session; resolves once it is on disk (a sign-in screen moves on after that, so
 * an app killed right after signing in opens signed in). Storage blocked: it still lives in
 * memory for this tab.
 */
export function saveSession(session: StoredSession): Promise<void> {
  memory = session
  const kept = deviceStorage.set(sessionKey(), JSON.stringify(session), 'strict')
  listeners.forEach((l) => l())
  return kept
}

export function clearSession(): Promise<void> {
  memory = null
  const removed = deviceStorage.remove(sessionKey(), 'strict')
  listeners.forEach((l) => l())
  return removed
}

export function onSessionChange(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

const endedElsewhereListeners = new Set<() => void>()

/** The agent signed out (or the session was cleared) in another tab of this app. */
export function onSessionEndedElsewhere(listener: () => void) {
  endedElsewhereListeners.add(listener)
  return () => endedElsewhereListeners.delete(listener)
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === sessionKey()) {
      memory = undefined
      listeners.forEach((l) => l())
      if (event.newValue === null) endedElsewhereListeners.forEach((l) => l())
    }
  })
}
