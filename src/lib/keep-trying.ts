/**
 * Background work the app starts once per session (the outbox's sync engine, the service
 * worker's registration) loads its code on demand. On a first visit in a shop, that download
 * can fail. Without a second try, the outbox would not be sent until the app is opened again.
 * The service worker would not be installed either, so no offline start next time. `keepTrying`
 * runs such a task until it succeeds.
 */
import { isOnline, subscribeConnectivity } from './connectivity'

/** The wait after the first failure; it doubles after each failure, up to KEEP_TRYING_MAX_MS. */
export const KEEP_TRYING_FIRST_MS = 5_000
export const KEEP_TRYING_MAX_MS = 60_000

/**
 * Runs `task`; after a failure, runs it again when the app is back online or after a wait
 * (5 s, then 10 s, 20 s … 1 min), whichever comes first, until it succeeds. Returns how to
 * stop trying (a run already under way finishes; its outcome is ignored).
 */
export function keepTrying(task: () => Promise<unknown>): () => void {
  let stopped = false
  let wait = KEEP_TRYING_FIRST_MS
  let timer: ReturnType<typeof setTimeout> | undefined
  let unsubscribe: (() => void) | undefined
  const waitNoMore = () => {
    clearTimeout(timer)
    timer = undefined
    unsubscribe?.()
    unsubscribe = undefined
  }
  const attempt = () => {
    waitNoMore()
    if (stopped) return
    task().catch(() => {
      if (stopped) return
      timer = setTimeout(attempt, wait)
      wait = Math.min(wait * 2, KEEP_TRYING_MAX_MS)
      unsubscribe = subscribeConnectivity(() => {
        if (isOnline()) attempt()
      })
    })
  }
  attempt()
  return () => {
    stopped = true
    waitNoMore()
  }
}
