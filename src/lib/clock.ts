/**
 * The app's clock: every "now" in the app comes from here, never from `Date.now()` or
 * `new Date()` (an ESLint rule refuses them outside this file, eslint.config.js). Two nows:
 *
 * - `appNow()` / `appDate()`: the time the agent reads or the server receives — a check-in's
 *   time, a photo's or a recording's, an offer's expiry. The server's time, as well as the
 *   app knows it (it moves when an answer corrects it).
 * - `deviceNow()` / `deviceDate()`: this phone's own clock, for what is measured and compared
 *   on the phone only — a timer, a backoff, a stopwatch, how long a recording lasted, a
 *   `File`'s `lastModified`, the query cache's ages (TanStack Query reads `Date.now()`
 *   itself), a draft's `updatedAt` (which tab wrote last: every tab of the phone reads the
 *   same clock, while each learns the server's correction on its own). Its differences are
 *   right even when the phone's time is not; as a time it may be hours off.
 *
 * A phone's clock can be hours or days off (set by hand, a dead battery, a wrong time zone
 * taken for the time). The server's clock is the one that counts — offer expiries, the visit's
 * length, the times the app sends — so the app keeps how far the phone is from it: every
 * answer's `Date` header (`observeServerDate`, called by the API client and the upload) gives
 * the server's time, and the difference is kept on the phone, so a start with no connection
 * still uses it. A difference under CLOCK_SKEW_IGNORED_MS is taken for none: `Date` has whole
 * seconds, and the answer's trip adds some.
 *
 * The demo also moves this clock forward together with its fake backend's (`setClockOffset`).
 */
import { deviceStorage } from './device-storage'
import { storageKey } from './storage-keys'

/** A phone-to-server difference smaller than this is read as none (ms). */
export const CLOCK_SKEW_IGNORED_MS = 2_000

const listeners = new Set<() => void>()

function keptServerOffset(): number {
  try {
    const n = Number(deviceStorage.get(storageKey.clockOffset()) ?? 0)
    return Number.isFinite(n) ? n : 0
  } catch {
    return 0
  }
}

let serverOffsetMs: number | undefined
let demoOffsetMs = 0

function serverOffset(): number {
  serverOffsetMs ??= keptServerOffset()
  return serverOffsetMs
}

export function appNow(): number {
  return Date.now() + serverOffset() + demoOffsetMs
}

export function appDate(): Date {
  return new Date(appNow())
}

/** This phone's own clock (ms): for timers and lengths measured here, never a time shown or sent. */
export function deviceNow(): number {
  return Date.now()
}

export function deviceDate(): Date {
  return new Date(deviceNow())
}

/** How far the phone's clock is behind the server's (ms; negative: ahead). */
export function clockOffset(): number {
  return serverOffset()
}

/**
 * An answer arrived with the server's `Date` header at `receivedAt` (the phone's Date.now()).
 * `Date` is truncated to the second: its midpoint is the best guess.
 */
export function observeServerDate(date: string | null | undefined, receivedAt = Date.now()) {
  if (!date) return
  const server = Date.parse(date)
  if (!Number.isFinite(server)) return
  const sample = server + 500 - receivedAt
  const next = Math.abs(sample) < CLOCK_SKEW_IGNORED_MS ? 0 : sample
  if (Math.abs(next - serverOffset()) < CLOCK_SKEW_IGNORED_MS) return
  serverOffsetMs = next
  void deviceStorage.set(storageKey.clockOffset(), String(next))
  listeners.forEach((l) => l())
}

/** Demo only: the same offset the fake backend's clock has. */
export function setClockOffset(ms: number) {
  demoOffsetMs = ms
  listeners.forEach((l) => l())
}

export function onClockChange(listener: () => void) {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

/** For tests: as at a new start (the kept difference is read again from the phone). */
export function resetClockForTests() {
  serverOffsetMs = undefined
  demoOffsetMs = 0
}
