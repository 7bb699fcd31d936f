/** The live "Expira em 2 h 14 min" countdown: its text and when it next changes. */
import { useEffect, useState } from 'react'
import { appNow, onClockChange } from '@/lib/clock'
import { count } from '@/domain/plural'

const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** "3 dias 4 h", "2 h 14 min", "14 min 05 s", "40 s" — what is left, for a person. */
export function formatTimeLeft(msLeft: number): string {
  const ms = Math.max(0, msLeft)
  if (ms >= DAY) {
    const days = Math.floor(ms / DAY)
    const hours = Math.floor((ms % DAY) / HOUR)
    return `${count(days, 'dia', 'dias')}${hours ? ` ${hours} h` : ''}`
  }
  if (ms >= HOUR) {
    const hours = Math.floor(ms / HOUR)
    const minutes = Math.floor((ms % HOUR) / MINUTE)
    return `${hours} h${minutes ? ` ${minutes} min` : ''}`
  }
  const seconds = Math.ceil(ms / SECOND)
  const minutes = Math.floor(seconds / 60)
  const rest = seconds % 60
  return minutes ? `${minutes} min ${String(rest).padStart(2, '0')} s` : `${rest} s`
}

/**
 * Milliseconds until the countdown text of an offer changes: each minute while more than
 * an hour is left, each second in the last hour; null once it has expired. More than an hour
 * left, the minutes are rounded down: "2 h 59 min" from the first instant under 3 h, so at
 * exactly 3 h the text changes at once (0), not a minute later.
 */
export function msUntilNextTick(expiresAt: string, now: number): number | null {
  const left = Date.parse(expiresAt) - now
  if (!(left > 0)) return null
  if (left >= HOUR) return left % MINUTE
  return left % SECOND || SECOND
}

/**
 * Milliseconds from `now` until the soonest of `expiries` changes the text it showed at
 * `shownAt` (an earlier instant: the render's); 0 when that change already came — a render at
 * exactly 3 h left says "3 h", and the timer, set a few ms later, must not wait for the next
 * minute. Null when none of them will change any more.
 */
export function msUntilShownTextChanges(
  expiries: readonly string[],
  shownAt: number,
  now: number,
): number | null {
  const delays = expiries
    .map((expiresAt) => msUntilNextTick(expiresAt, shownAt))
    .filter((d): d is number => d !== null)
  if (delays.length === 0) return null
  return Math.max(0, Math.min(...delays) - (now - shownAt))
}

/**
 * The current time, re-read when the soonest of the given expiries next changes its text
 * (so a list re-renders once a minute, or once a second when an offer is in its last hour).
 */
export function useExpiryClock(expiries: readonly string[]): number {
  const [now, setNow] = useState(() => appNow())
  const watched = expiries.join('|')
  useEffect(() => {
    // From what the render showed (at `now`), measured on the clock as it is when scheduling.
    const delay = msUntilShownTextChanges(watched.split('|').filter(Boolean), now, appNow())
    if (delay === null) return
    const timer = setTimeout(() => setNow(appNow()), delay + 10)
    return () => clearTimeout(timer)
  }, [now, watched])
  // The demo can move the app's clock forward: read it again at once.
  useEffect(() => onClockChange(() => setNow(appNow())), [])
  return now
}
