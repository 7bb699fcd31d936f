import { describe, it, expect } from 'vitest'
import fc from 'fast-check'
import { VISIT_TIME_TOLERANCE_MINUTES } from './constants'
import {
  elapsedSeconds,
  formatElapsed,
  isVisitTimedOut,
  latestCheckout,
  recordedStepInstant,
  remainingSeconds,
} from './visit-timer'

const CHECKIN = '2025-03-10T14:00:00.000Z'
const CHECKIN_MS = Date.parse(CHECKIN)
const after = (seconds: number) => CHECKIN_MS + seconds * 1000

/** A check-in instant between 2020 and 2035, as an ISO string, with a clock reading around it. */
const checkinAndNow = fc
  .tuple(
    fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2035, 0, 1) }),
    fc.integer({ min: -3_600_000, max: 10 * 3_600_000 }),
  )
  .map(([checkinMs, offsetMs]) => ({
    checkinAt: new Date(checkinMs).toISOString(),
    checkinMs,
    now: checkinMs + offsetMs,
  }))

describe('elapsedSeconds', () => {
  it('counts whole seconds since check-in from a Date or a number', () => {
    expect(elapsedSeconds(CHECKIN, after(0))).toBe(0)
    expect(elapsedSeconds(CHECKIN, after(90.9))).toBe(90)
    expect(elapsedSeconds(CHECKIN, new Date(after(3600)))).toBe(3600)
  })

  it('reads ISO timestamps with an offset', () => {
    expect(elapsedSeconds('2025-03-10T11:00:00-03:00', after(60))).toBe(60)
  })

  it('is 0 when the clock is behind the check-in', () => {
    expect(elapsedSeconds(CHECKIN, after(-30))).toBe(0)
  })

  it('refuses an unreadable check-in time or clock', () => {
    expect(() => elapsedSeconds('ontem', after(0))).toThrow(RangeError)
    expect(() => elapsedSeconds(CHECKIN, new Date('x'))).toThrow(RangeError)
  })

  it('property: never negative, and exact whole seconds when the clock is ahead', () => {
    fc.assert(
      fc.property(checkinAndNow, ({ checkinAt, checkinMs, now }) => {
        const elapsed = elapsedSeconds(checkinAt, now)
        expect(elapsed).toBeGreaterThanOrEqual(0)
        expect(Number.isInteger(elapsed)).toBe(true)
        if (now >= checkinMs) expect(elapsed).toBe(Math.floor((now - checkinMs) / 1000))
        else expect(elapsed).toBe(0)
      }),
    )
  })

  it('property: never decreases as the clock moves on', () => {
    fc.assert(
      fc.property(checkinAndNow, fc.nat({ max: 3_600_000 }), ({ checkinAt, now }, later) => {
        expect(elapsedSeconds(checkinAt, now + later)).toBeGreaterThanOrEqual(
          elapsedSeconds(checkinAt, now),
        )
      }),
    )
  })
})

describe('isVisitTimedOut and remainingSeconds', () => {
  it('times out exactly at visitMaxMinutes', () => {
    expect(isVisitTimedOut(CHECKIN, 60, after(3599))).toBe(false)
    expect(remainingSeconds(CHECKIN, 60, after(3599))).toBe(1)
    expect(isVisitTimedOut(CHECKIN, 60, after(3600))).toBe(true)
    expect(remainingSeconds(CHECKIN, 60, after(3600))).toBe(0)
    expect(remainingSeconds(CHECKIN, 60, after(5000))).toBe(0)
    expect(remainingSeconds(CHECKIN, 60, after(-100))).toBe(3600)
  })

  it('property: timed out exactly when nothing remains, and elapsed + remaining covers the visit', () => {
    fc.assert(
      fc.property(
        checkinAndNow,
        fc.integer({ min: 1, max: 480 }),
        ({ checkinAt, now }, maxMinutes) => {
          const remaining = remainingSeconds(checkinAt, maxMinutes, now)
          const elapsed = elapsedSeconds(checkinAt, now)
          expect(remaining).toBeGreaterThanOrEqual(0)
          expect(isVisitTimedOut(checkinAt, maxMinutes, now)).toBe(remaining === 0)
          expect(elapsed + remaining).toBe(Math.max(maxMinutes * 60, elapsed))
        },
      ),
    )
  })
})

describe('formatElapsed', () => {
  it('shows mm:ss below one hour and h:mm:ss from one hour on', () => {
    expect(formatElapsed(0)).toBe('00:00')
    expect(formatElapsed(65)).toBe('01:05')
    expect(formatElapsed(3599)).toBe('59:59')
    expect(formatElapsed(3600)).toBe('1:00:00')
    expect(formatElapsed(3661)).toBe('1:01:01')
    expect(formatElapsed(36000)).toBe('10:00:00')
    expect(formatElapsed(-5)).toBe('00:00')
    expect(formatElapsed(59.99)).toBe('00:59')
  })

  it('refuses a non-finite number', () => {
    expect(() => formatElapsed(Number.NaN)).toThrow(RangeError)
  })

  it('property: the shown parts add back up to the seconds', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100 * 3600 }), (seconds) => {
        const shown = formatElapsed(seconds)
        expect(shown).toMatch(seconds < 3600 ? /^\d{2}:[0-5]\d$/ : /^[1-9]\d*:[0-5]\d:[0-5]\d$/)
        const parts = shown.split(':').map(Number)
        const total = parts.reduce((sum, part) => sum * 60 + part, 0)
        expect(total).toBe(seconds)
      }),
    )
  })
})

describe('recordedStepInstant', () => {
  it('property: online, the server’s now; offline, the device’s time within [earliest, now]', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4e12 }),
        fc.integer({ min: 0, max: 4e12 }),
        fc.integer({ min: 0, max: 4e12 }),
        fc.boolean(),
        (device, a, b, offline) => {
          const [earliest, now] = a <= b ? [a, b] : [b, a]
          const at = recordedStepInstant({
            deviceAt: new Date(device).toISOString(),
            offline,
            earliest,
            now,
          })
          if (!offline) {
            expect(at).toBe(now)
            return
          }
          expect(at).toBeGreaterThanOrEqual(earliest)
          expect(at).toBeLessThanOrEqual(now)
          if (device >= earliest && device <= now) expect(at).toBe(device)
        },
      ),
    )
  })

  it('takes the server’s now for a device time it cannot read', () => {
    expect(recordedStepInstant({ deviceAt: 'ontem', offline: true, earliest: 0, now: 500 })).toBe(
      500,
    )
  })
})

describe('latestCheckout', () => {
  it('allows the mission’s limit plus the tolerance', () => {
    const checkin = Date.parse('2026-03-10T10:00:00.000Z')
    expect(new Date(latestCheckout(checkin, 60)).toISOString()).toBe(
      new Date(checkin + (60 + VISIT_TIME_TOLERANCE_MINUTES) * 60_000).toISOString(),
    )
  })
})
