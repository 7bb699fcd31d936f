/**
 * Whether the app can reach its server: the one answer every screen, the query cache and the
 * outbox use (docs/architecture.md "Connectivity").
 *
 * `navigator.onLine` alone is not enough in a shop: a phone on a captive or dead Wi-Fi, or a
 * mobile link with no data, says "online" while every request fails, and then no `online`
 * event ever comes when the link heals. So the answer is "offline" when the device says so
 * OR when the last request failed for lack of network (the API client and the upload report
 * each outcome here). While requests fail and the device still says "online", a small probe
 * (the health check) runs every PROBE_MS while the app is visible; the first request that
 * gets any answer makes the app online again, and subscribers (TanStack Query's
 * onlineManager, the outbox) resume at once.
 */

/** How often the probe asks the server while requests fail and the device says "online". */
export const PROBE_MS = 3000

type Listener = () => void

const listeners = new Set<Listener>()
/** A request failed for lack of network since the last one that got an answer. */
let unreachable = false
let probe: (() => Promise<unknown>) | undefined
let probeTimer: ReturnType<typeof setTimeout> | undefined
let last: boolean | undefined

function deviceSaysOnline() {
  return typeof navigator === 'undefined' || navigator.onLine !== false
}

/** True while the app believes it can reach its server. */
export function isOnline(): boolean {
  return deviceSaysOnline() && !unreachable
}

function changed() {
  const now = isOnline()
  if (now === last) return
  last = now
  for (const listener of listeners) listener()
}

function scheduleProbe() {
  clearTimeout(probeTimer)
  probeTimer = undefined
  if (!unreachable || !probe || listeners.size === 0) return
  probeTimer = setTimeout(() => {
    probeTimer = undefined
    // Not while hidden (no one is looking, and it costs battery) nor while the device itself
    // says "offline" (its `online` event will come).
    if (typeof document !== 'undefined' && document.visibilityState === 'hidden') return
    if (!deviceSaysOnline()) return
    // The client reports the outcome; a failure schedules the next probe.
    void probe?.().catch(() => undefined)
  }, PROBE_MS)
}

/** The API client's and the upload's report: `true` for any answer, `false` for no network. */
export function reportReachability(reached: boolean) {
  unreachable = !reached
  changed()
  scheduleProbe()
}

/**
 * After a transfer broke with no answer (an upload cut on a weak uplink looks exactly like a
 * lost connection): asks the server at once, through the probe, whether it can be reached.
 * True: the link works and only that transfer was cut — the app stays online; false: there
 * is no connection (and the app now says so).
 */
export async function confirmReachability(): Promise<boolean> {
  return (await askServer()).reached
}

/**
 * `confirmReachability`, with the server's refusal when it answered one (a 503 in maintenance,
 * with how long to wait): what a cut upload tells the outbox instead of "the transfer was cut".
 */
export async function askServer(): Promise<{ reached: boolean; refusal?: unknown }> {
  if (!deviceSaysOnline() || !probe) {
    reportReachability(false)
    return { reached: false }
  }
  // The client reports the probe's outcome (any answer: reached; no network: not).
  let refusal: unknown
  await probe().catch((error: unknown) => (refusal = error))
  return isOnline() ? { reached: true, ...(refusal ? { refusal } : {}) } : { reached: false }
}

/** The request the probe sends (the health check, through the app's API client). */
export function setConnectivityProbe(send: () => Promise<unknown>) {
  probe = send
}

function onDeviceChange() {
  // The device's own signal is news: after `online`, the next request decides again.
  if (deviceSaysOnline()) unreachable = false
  changed()
  scheduleProbe()
}

function onVisible() {
  if (document.visibilityState === 'visible' && unreachable) scheduleProbe()
}

/** Calls `listener` whenever `isOnline()` changes; returns the unsubscribe function. */
export function subscribeConnectivity(listener: Listener): () => void {
  if (listeners.size === 0 && typeof window !== 'undefined') {
    last = isOnline()
    window.addEventListener('online', onDeviceChange)
    window.addEventListener('offline', onDeviceChange)
    document.addEventListener('visibilitychange', onVisible)
  }
  listeners.add(listener)
  scheduleProbe()
  return () => {
    listeners.delete(listener)
    if (listeners.size > 0 || typeof window === 'undefined') return
    window.removeEventListener('online', onDeviceChange)
    window.removeEventListener('offline', onDeviceChange)
    document.removeEventListener('visibilitychange', onVisible)
    clearTimeout(probeTimer)
    probeTimer = undefined
  }
}

/** For tests: forget what the last requests said. */
export function resetConnectivity() {
  unreachable = false
  clearTimeout(probeTimer)
  probeTimer = undefined
  changed()
}
