/**
 * A sign-out that could not reach the server ("Sair mesmo assim" with no signal, a server in
 * maintenance) is sent when it can be: until then the old session stays valid on the server
 * for up to its lifetime (30 days), on a phone that may be lost or handed on.
 * decision 0023.
 *
 * - The phone forgets the session at once (lib/session): the app never sends its token again,
 *   except here, to end it.
 * - The token waits under one device key (`pendingSignOuts`, in localStorage and its mirror),
 *   the only place it lives after the sign-out, until the server has ended the session; an
 *   answer that says it is already over (401) ends the wait too.
 * - Who sends it: the app, at its start and when the connection returns (`keepTrying`, the
 *   one way background work is retried), and the service worker with the app closed, in the
 *   same Background Sync that sends the visit outbox (lib/visit-store/background-sync.ts).
 *   The mirror is read each time, so a sign-out the worker sent is not sent again by a tab.
 */
import { isApiError } from '@/api/api-error'
import { api } from './api'
import { deviceStorage, readMirrorEntry } from './device-storage'
import { keepTrying } from './keep-trying'
import { PENDING_SIGN_OUT_LOCK, storageKey } from './storage-keys'

const KEY = storageKey.pendingSignOuts()

async function pendingTokens(): Promise<string[]> {
  try {
    // The mirror first: the service worker (no localStorage) writes there only, and its
    // removal must win over this page's stale copy. Without a mirror, the page's copy.
    const mirrored = await readMirrorEntry(KEY)
    const raw = mirrored ? mirrored.value : deviceStorage.get(KEY)
    const parsed: unknown = raw ? JSON.parse(raw) : []
    return Array.isArray(parsed) ? parsed.filter((t): t is string => typeof t === 'string') : []
  } catch {
    return []
  }
}

function keep(tokens: string[]): Promise<void> {
  return tokens.length === 0
    ? deviceStorage.remove(KEY, 'strict')
    : deviceStorage.set(KEY, JSON.stringify(tokens), 'strict')
}

/** Keeps `token` to end its session on the server later. Resolves once it is on disk. */
export async function keepSignOut(token: string): Promise<void> {
  const tokens = await pendingTokens()
  if (!tokens.includes(token)) await keep([...tokens, token])
}

/** Whether a sign-out still waits to reach the server. */
export async function hasPendingSignOut(): Promise<boolean> {
  return (await pendingTokens()).length > 0
}

/**
 * Sends each waiting sign-out with its own token (`DELETE /auth/session`); resolves with how
 * many are left (no connection, the server failing). The server's 2xx, or its word that the
 * session is already over (401), ends a wait.
 */
export async function sendPendingSignOuts(): Promise<number> {
  // One sender at a time (tabs, the worker): the next one finds what the first ended gone.
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined
  if (!locks?.request) return sendAll()
  return await locks.request(PENDING_SIGN_OUT_LOCK, sendAll)
}

async function sendAll(): Promise<number> {
  const tokens = await pendingTokens()
  if (tokens.length === 0) return 0
  const left: string[] = []
  for (const token of tokens) {
    const ended = await api()
      .DELETE('/auth/session', { headers: { Authorization: `Bearer ${token}` } })
      .then(
        ({ response }) => response.ok || response.status === 401,
        (error: unknown) => isApiError(error) && error.status === 401,
      )
    if (!ended) left.push(token)
  }
  // A sign-out kept meanwhile (another agent's, in another tab) stays too.
  const now = await pendingTokens()
  await keep(now.filter((t) => left.includes(t) || !tokens.includes(t)))
  return left.length
}

let trying: (() => void) | undefined

/**
 * Sends the waiting sign-outs now, and again when the connection returns (or after a growing
 * wait) until none is left. Once per page: a second call while trying does nothing.
 */
export function sendSignOutsWhenPossible() {
  if (trying) return
  trying = keepTrying(async () => {
    if ((await sendPendingSignOuts()) > 0) throw new Error('Sign-out still waiting')
    trying = undefined
  })
}
