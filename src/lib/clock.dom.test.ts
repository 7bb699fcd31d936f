import fc from 'fast-check'
import { beforeEach, describe, expect, it } from 'vitest'
import {
  appNow,
  CLOCK_SKEW_IGNORED_MS,
  clockOffset,
  observeServerDate,
  resetClockForTests,
} from './clock'
import { storageKey } from './storage-keys'

beforeEach(() => {
  localStorage.clear()
  resetClockForTests()
})

const HOUR = 3_600_000

describe('the app’s clock follows the server’s', () => {
  it('a phone a day ahead reads the server’s time after one answer, and keeps it for the next start', () => {
    const phone = Date.now()
    const server = phone - 24 * HOUR
    observeServerDate(new Date(server).toUTCString(), phone)
    // `Date` has whole seconds: within a second of the server.
    expect(Math.abs(appNow() - (server + (Date.now() - phone)))).toBeLessThan(1_500)
    const offset = clockOffset()
    expect(Number(localStorage.getItem(storageKey.clockOffset()))).toBe(offset)
    // The next start, with no connection yet: the same correction.
    resetClockForTests()
    expect(clockOffset()).toBe(offset)
  })

  it('a phone an hour behind', () => {
    const phone = Date.now()
    observeServerDate(new Date(phone + HOUR).toUTCString(), phone)
    expect(clockOffset()).toBeGreaterThan(HOUR - 1_500)
    expect(clockOffset()).toBeLessThan(HOUR + 1_500)
  })

  it('property: a difference under the threshold is read as none; no header changes nothing', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), (skew) => {
        localStorage.clear()
        resetClockForTests()
        const phone = Date.parse('2026-03-10T12:00:00.000Z')
        observeServerDate(new Date(phone + skew).toUTCString(), phone)
        expect(clockOffset()).toBe(0)
      }),
    )
    observeServerDate(null)
    observeServerDate('não é uma data')
    expect(clockOffset()).toBe(0)
    expect(CLOCK_SKEW_IGNORED_MS).toBeGreaterThan(1000)
  })
})
