/**
 * What the writes waiting in the outbox say about the server (decision 0023), read from
 * their last errors — kept on the items, so every tab and the service worker see the same:
 *
 * - `serverHoldUntil`: a 503 or a 429 with `Retry-After` holds back every write to the server,
 *   not only the one that got it, until the moment it named (bounded by the reader of the
 *   header, src/api/retry-after.ts);
 * - `needsAskingFirst`: after the server failed (5xx, 429) or refused the session (401), a
 *   large body is not sent before a cheap request says it is back (outbox.ts);
 * - `serverWait`: what the screens say meanwhile — "the server is in maintenance", not "no
 *   connection".
 */
import type { OutboxError, OutboxItem } from './db'

const pending = (items: readonly OutboxItem[]) => items.filter((i) => i.state === 'pending')

/** An answer that says the server (or the session) is the problem, not this write. */
export const isServerTrouble = (error: OutboxError | undefined) =>
  error !== undefined && (error.status >= 500 || error.status === 429 || error.status === 401)

/** Whether `error` asks every write to wait (a 503 or 429 that said until when). */
const holdsAll = (error: OutboxError | undefined): error is OutboxError & { retryAt: number } =>
  error !== undefined &&
  (error.status === 503 || error.status === 429) &&
  typeof error.retryAt === 'number'

/** Until when the server asked not to be called (epoch ms), or 0. */
export function serverHoldUntil(items: readonly OutboxItem[]): number {
  let until = 0
  for (const item of pending(items))
    if (holdsAll(item.lastError)) until = Math.max(until, item.lastError.retryAt)
  return until
}

/** Whether the last word from the server was trouble: a large body asks first. */
export function needsAskingFirst(items: readonly OutboxItem[]): boolean {
  return pending(items).some((i) => isServerTrouble(i.lastError))
}

export type ServerWait = {
  /** 503 (in maintenance), or another server failure. */
  maintenance: boolean
  /** When the next try is (epoch ms), when the server said. */
  retryAt?: number
}

/**
 * Writes wait because of the server: its latest word among the waiting writes was a 5xx or a
 * 429. Null when they wait for anything else (no connection, their turn), or nothing waits.
 */
export function serverWait(items: readonly OutboxItem[]): ServerWait | null {
  const latest = pending(items)
    .map((i) => i.lastError)
    .filter((e): e is OutboxError => e !== undefined)
    .sort((a, b) => (b.at ?? 0) - (a.at ?? 0))[0]
  if (!latest || !(latest.status >= 500 || latest.status === 429)) return null
  const until = serverHoldUntil(items)
  return { maintenance: latest.status === 503, ...(until > 0 ? { retryAt: until } : {}) }
}
