import { VISIT_TIME_TOLERANCE_MINUTES } from './constants'

/** Milliseconds since the epoch of an ISO-8601 timestamp; throws on an unreadable one. */
function instantOf(iso: string): number {
  const ms = Date.parse(iso)
  if (Number.isNaN(ms)) throw new RangeError(`Not an ISO-8601 timestamp: ${iso}`)
  return ms
}

function millisOf(now: Date | number): number {
  const ms = typeof now === 'number' ? now : now.getTime()
  if (!Number.isFinite(ms)) throw new RangeError('now is not a valid instant')
  return ms
}

/** Whole seconds since check-in; 0 while the clock is behind the check-in time. */
export function elapsedSeconds(checkinAt: string, now: Date | number): number {
  return Math.max(0, Math.floor((millisOf(now) - instantOf(checkinAt)) / 1000))
}

/** Whole seconds left before the visit reaches its maximum length; never negative. */
export function remainingSeconds(
  checkinAt: string,
  visitMaxMinutes: number,
  now: Date | number,
): number {
  return Math.max(0, visitMaxMinutes * 60 - elapsedSeconds(checkinAt, now))
}

/** True once the visit has lasted visitMaxMinutes: the agent must then check out. */
export function isVisitTimedOut(
  checkinAt: string,
  visitMaxMinutes: number,
  now: Date | number,
): boolean {
  return elapsedSeconds(checkinAt, now) >= visitMaxMinutes * 60
}

const pad2 = (n: number) => String(n).padStart(2, '0')

/** Elapsed time as "mm:ss", or "h:mm:ss" from one hour on. Fractions are dropped; negatives show 00:00. */
export function formatElapsed(seconds: number): string {
  if (!Number.isFinite(seconds))
    throw new RangeError(`formatElapsed expects a finite number, got ${seconds}`)
  const whole = Math.max(0, Math.floor(seconds))
  const hours = Math.floor(whole / 3600)
  const minutes = Math.floor((whole % 3600) / 60)
  const rest = whole % 60
  return hours > 0 ? `${hours}:${pad2(minutes)}:${pad2(rest)}` : `${pad2(minutes)}:${pad2(rest)}`
}

/**
 * The instant the server records for a step the device timed (check-in, check-out): the
 * device's own only when the step was queued offline — clamped to [earliest, now], a phone's
 * clock may be off by hours — and the server's `now` otherwise.
 */
export function recordedStepInstant(step: {
  deviceAt: string
  offline: boolean
  earliest: number
  now: number
}): number {
  const { offline, earliest, now } = step
  if (!offline) return now
  const device = Date.parse(step.deviceAt)
  if (!Number.isFinite(device)) return now
  return Math.min(now, Math.max(earliest, device))
}

/**
 * The latest check-out a visit checked in at `checkinAt` may record: its length never exceeds
 * the mission's limit by more than VISIT_TIME_TOLERANCE_MINUTES.
 */
export function latestCheckout(checkinAt: number, visitMaxMinutes: number): number {
  return checkinAt + (visitMaxMinutes + VISIT_TIME_TOLERANCE_MINUTES) * 60_000
}
