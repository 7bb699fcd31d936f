import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatTimeLeft, msUntilNextTick, msUntilShownTextChanges } from './expiry-countdown'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

describe('formatTimeLeft', () => {
  it('reads days, hours, minutes and, in the last hour, seconds', () => {
    expect(formatTimeLeft(3 * 24 * HOUR + 4 * HOUR)).toBe('3 dias 4 h')
    expect(formatTimeLeft(24 * HOUR)).toBe('1 dia')
    expect(formatTimeLeft(2 * HOUR + 14 * MINUTE + 30_000)).toBe('2 h 14 min')
    expect(formatTimeLeft(2 * HOUR)).toBe('2 h')
    expect(formatTimeLeft(14 * MINUTE + 5_000)).toBe('14 min 05 s')
    expect(formatTimeLeft(40_000)).toBe('40 s')
    expect(formatTimeLeft(-5)).toBe('0 s')
  })
})

describe('msUntilNextTick', () => {
  const now = Date.parse('2026-05-12T12:00:00Z')
  const at = (ms: number) => new Date(now + ms).toISOString()

  it('waits for the next minute while more than an hour is left', () => {
    expect(msUntilNextTick(at(2 * HOUR + 14 * MINUTE + 30_000), now)).toBe(30_000)
  })

  it('ticks each second in the last hour', () => {
    expect(msUntilNextTick(at(10 * MINUTE + 1_500), now)).toBe(500)
  })

  it('at a whole minute over an hour, the text changes at once (it rounds the minutes down)', () => {
    expect(formatTimeLeft(3 * HOUR)).toBe('3 h')
    expect(formatTimeLeft(3 * HOUR - 1)).toBe('2 h 59 min')
    expect(msUntilNextTick(at(3 * HOUR), now)).toBe(0)
    expect(msUntilNextTick(at(HOUR), now)).toBe(0)
  })

  it('is when the text next changes: the same text until then, another right after', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: 1, max: 24 * HOUR - 1 }),
          // The edges: whole minutes and whole seconds left.
          fc.integer({ min: 1, max: 24 * 60 - 1 }).map((m) => m * MINUTE),
          fc.integer({ min: 1, max: 24 * 3600 - 1 }).map((s) => s * 1000),
        ),
        (left) => {
          const wait = msUntilNextTick(at(left), now)!
          const text = formatTimeLeft(left)
          if (wait > 0) expect(formatTimeLeft(left - wait + 1)).toBe(text)
          expect(formatTimeLeft(left - wait - 1)).not.toBe(text)
        },
      ),
    )
  })

  it('stops once expired', () => {
    expect(msUntilNextTick(at(-1), now)).toBeNull()
  })
})

describe('msUntilShownTextChanges', () => {
  const shownAt = Date.parse('2026-05-12T12:00:00Z')
  const at = (ms: number) => new Date(shownAt + ms).toISOString()

  it('a text shown at exactly 3 h left, scheduled 20 ms later: changes now, not in a minute', () => {
    // The quarantined list test of issue 39: "Expira em 3 h" a second after the list showed.
    expect(msUntilShownTextChanges([at(3 * HOUR)], shownAt, shownAt + 20)).toBe(0)
  })

  it('the soonest of several; none once all have expired', () => {
    expect(
      msUntilShownTextChanges([at(2 * DAY + 30_000), at(10 * MINUTE + 1_500)], shownAt, shownAt),
    ).toBe(500)
    expect(msUntilShownTextChanges([at(-1)], shownAt, shownAt + 5)).toBeNull()
  })

  it('fires no later than the shown text changes, and not before (unless already changed)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.integer({ min: 1, max: 24 * HOUR - 1 }),
          fc.integer({ min: 1, max: 24 * 60 - 1 }).map((m) => m * MINUTE),
          fc.integer({ min: 1, max: 24 * 3600 - 1 }).map((s) => s * 1000),
        ),
        fc.integer({ min: 0, max: 2 * MINUTE }),
        (left, late) => {
          const shown = formatTimeLeft(left)
          const delay = msUntilShownTextChanges([at(left)], shownAt, shownAt + late)!
          const firesAfterShown = late + delay
          // When it fires the text is another one...
          expect(formatTimeLeft(left - firesAfterShown - 1)).not.toBe(shown)
          // ...and it fired at once or no earlier than needed.
          if (delay > 0) expect(formatTimeLeft(left - firesAfterShown + 1)).toBe(shown)
        },
      ),
    )
  })
})
