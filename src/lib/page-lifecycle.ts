/**
 * When this page may be frozen whole: kept in the back/forward cache (`pagehide` with
 * `persisted`, on every full navigation in Safari, Firefox and Chromium) or frozen in the
 * background (Chromium's `freeze`). A frozen page runs no more code, so an IndexedDB
 * transaction it has open stays open: in WebKit it holds the database, and the next page of
 * the app — which reads that database before its first render — waits behind it for as long
 * as the old page sits in the cache (issue #28: the app stayed on its skeleton).
 *
 * So code that writes to IndexedDB when the page goes away asks `mayBeFrozen()` first, and
 * ends what it has open in `onFreeze` (abort, close), to open it again in `onResume`.
 */

let frozen = false
const freezeListeners = new Set<() => void>()
const resumeListeners = new Set<() => void>()
let listening = false

function listen() {
  if (listening || typeof window === 'undefined') return
  listening = true
  const freeze = () => {
    if (frozen) return
    frozen = true
    for (const listener of [...freezeListeners]) listener()
  }
  const resume = () => {
    if (!frozen) return
    frozen = false
    for (const listener of [...resumeListeners]) listener()
  }
  window.addEventListener('pagehide', (event) => {
    if (event.persisted) freeze()
  })
  window.addEventListener('pageshow', resume)
  document.addEventListener('freeze', freeze)
  document.addEventListener('resume', resume)
}

/**
 * True from a `pagehide` that may keep the page in the back/forward cache (or a `freeze`)
 * until it is shown again: what starts now may be frozen half done.
 */
export function mayBeFrozen(): boolean {
  listen()
  return frozen
}

/** Calls `listener` when the page may be frozen; returns the unsubscribe. */
export function onFreeze(listener: () => void): () => void {
  listen()
  freezeListeners.add(listener)
  return () => freezeListeners.delete(listener)
}

/** Calls `listener` when a page that may have been frozen runs again; returns the unsubscribe. */
export function onResume(listener: () => void): () => void {
  listen()
  resumeListeners.add(listener)
  return () => resumeListeners.delete(listener)
}

/**
 * `work`, or `fallback` once `ms` have passed without it: for the reads a start waits on,
 * which must never hold the first screen forever. `late` runs if the deadline won.
 */
export function withDeadline<T>(
  work: Promise<T>,
  ms: number,
  fallback: T,
  late?: () => void,
): Promise<T> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      late?.()
      resolve(fallback)
    }, ms)
    work.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      () => {
        clearTimeout(timer)
        resolve(fallback)
      },
    )
  })
}

// From the first import: a `pagehide` before any caller asked is still seen.
listen()
