import { describe, expect, it } from 'vitest'
import { formatTimeLeft, msUntilNextTick } from './expiry-countdown'

const MINUTE = 60_000
const HOUR = 60 * MINUTE

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

  it('stops once expired', () => {
    expect(msUntilNextTick(at(-1), now)).toBeNull()
  })
})
