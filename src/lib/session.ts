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
import { deviceStorage, readMirrored, readMirrorEntry } from './device-storage'
import { setWorkScope, storageKey } from './storage-keys'

export type StoredSession = {
  token: string
  agentId: string
  expiresAt: string
  /** The agent's first name, to say whose work waits on a shared phone (lib/kept-work). */
  firstName?: string
  /**
   * The server refused the token (401): the session is over for the API — the token is never
   * sent again — while the screens still see it until the sign-out page lets it go (a route
   * guard would otherwise cut that page's way in). Kept on disk at once, so the service
   * worker's outbox stops too.
   */
  rejected?: true
}

const sessionKey = () => storageKey.session(runtimeConfig().preview)

let memory: StoredSession | null | undefined
const listeners = new Set<() => void>()

/**
 * Whose work the storage keys of a visit are kept under (lib/storage-keys `work` keys): the
 * signed-in agent's, and after the session ends in this page, still that agent's (a screen
 * leaving may write a last keystroke), until another agent signs in. The demo's agent is
 * `demo-<id>`, apart from a real agent with the same id.
 */
let lastAgentId: string | undefined
const scopeOf = (agentId: string) => (runtimeConfig().preview ? `demo-${agentId}` : agentId)
setWorkScope(() => {
  read()
  return lastAgentId === undefined ? undefined : scopeOf(lastAgentId)
})

/** The agent of the last session this page saw (signed in now, or until it ended). */
export function previousAgentId(): string | undefined {
  return read()?.agentId ?? lastAgentId
}

function read(): StoredSession | null {
  if (memory === undefined) {
    try {
      const raw = deviceStorage.get(sessionKey())
      const parsed = raw ? (JSON.parse(raw) as StoredSession) : null
      memory = parsed && typeof parsed.token === 'string' ? parsed : null
    } catch {
      memory = null
    }
  }
  if (memory) lastAgentId = memory.agentId
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
  // A session the server refused sends nothing from here either.
  return session?.rejected ? null : session
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

/** The token to send; null when signed out or once the server refused it. */
export function sessionToken(): string | null {
  const session = read()
  return session && !session.rejected ? session.token : null
}

/**
 * The server answered `token` with 401: if it is this session's, the app sends it no more,
 * here and (through the mirror) in the service worker. Resolves once that is on disk.
 */
export function markSessionRejected(token: string): Promise<void> {
  const session = read()
  if (!session || session.token !== token || session.rejected) return Promise.resolve()
  memory = { ...session, rejected: true }
  const kept = deviceStorage.set(sessionKey(), JSON.stringify(memory), 'strict')
  listeners.forEach((l) => l())
  return kept
}

/**
 * Whether `token` is still the session's and usable, asked before each queued write goes:
 * also from the crash-proof mirror, which a tab's sign-out, another agent's sign-in or a 401
 * met by the service worker (or another tab) changed even when this context has not heard.
 */
export async function sessionStillValid(token: string): Promise<boolean> {
  return (await sessionStateOf(token)) === 'valid'
}

/**
 * `token`'s session as this context and the mirror know it: still usable, refused by the
 * server (here or, told through the mirror, elsewhere), or no longer the phone's (signed out,
 * another agent signed in).
 */
export async function sessionStateOf(token: string): Promise<'valid' | 'refused' | 'gone'> {
  const here = read()
  if (here?.token !== token) return 'gone'
  if (here.rejected) return 'refused'
  let mirrored: StoredSession | null = null
  try {
    const entry = await readMirrorEntry(sessionKey())
    // A mirror that holds nothing (no IndexedDB here) says nothing: go by this context's copy.
    if (!entry) return 'valid'
    mirrored = entry.value ? (JSON.parse(entry.value) as StoredSession) : null
  } catch {
    return 'valid'
  }
  if (mirrored?.token !== token) return 'gone'
  return mirrored.rejected ? 'refused' : 'valid'
}

/**
 * Keeps the session; resolves once it is on disk (a sign-in screen moves on after that, so
 * an app killed right after signing in opens signed in). Storage blocked: it still lives in
 * memory for this tab.
 */
export function saveSession(session: StoredSession): Promise<void> {
  memory = session
  lastAgentId = session.agentId
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
