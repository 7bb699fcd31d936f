import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { RETRY_AFTER_MAX_MS, retryAfterMs } from './retry-after'

const SERVER = Date.UTC(2026, 9, 21, 7, 26, 0)
const httpDate = (ms: number) => new Date(ms).toUTCString()

describe('Retry-After', () => {
  it('reads seconds as a delay', () => {
    expect(retryAfterMs('120')).toBe(120_000)
    expect(retryAfterMs(' 0 ')).toBe(0)
  })

  it('reads an HTTP-date against the answer’s own Date, whatever the phone’s clock says', () => {
    const header = httpDate(SERVER + 120_000)
    // Nothing of the phone's clock is read: the wait is the server's two minutes.
    expect(retryAfterMs(header, { serverDate: httpDate(SERVER) })).toBe(120_000)
    // No Date in the answer: nothing to measure it from, so no wait is read from it.
    expect(retryAfterMs(header)).toBeUndefined()
    expect(retryAfterMs(header, { serverDate: 'garbage' })).toBeUndefined()
  })

  it('is bounded, and ignores what is not a delay or a date', () => {
    expect(retryAfterMs('999999')).toBe(RETRY_AFTER_MAX_MS)
    expect(retryAfterMs(httpDate(SERVER - 60_000), { serverDate: httpDate(SERVER) })).toBe(0)
    for (const nonsense of ['-5', '1.5', 'soon', '', null, undefined])
      expect(retryAfterMs(nonsense)).toBeUndefined()
  })

  it('takes the problem’s retryAfterSeconds when the header is missing', () => {
    expect(retryAfterMs(null, { retryAfterSeconds: 42 })).toBe(42_000)
    expect(retryAfterMs('7', { retryAfterSeconds: 42 })).toBe(7_000)
    expect(retryAfterMs(null, { retryAfterSeconds: -1 })).toBeUndefined()
    expect(retryAfterMs(null, { retryAfterSeconds: '42' })).toBeUndefined()
  })

  it('property: any header and date give a wait within [0, max], or none', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.nat().map(String),
          fc.integer({ min: -1e12, max: 1e12 }).map((d) => httpDate(SERVER + d)),
        ),
        fc.option(fc.integer({ min: -1e12, max: 1e12 }).map((d) => httpDate(SERVER + d))),
        (header, serverDate) => {
          const wait = retryAfterMs(header, { serverDate })
          if (wait === undefined) return
          expect(wait).toBeGreaterThanOrEqual(0)
          expect(wait).toBeLessThanOrEqual(RETRY_AFTER_MAX_MS)
        },
      ),
    )
  })
})
