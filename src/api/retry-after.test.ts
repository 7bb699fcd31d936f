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
    // The phone is a day ahead and an hour behind: the wait is the server's two minutes.
    for (const skew of [0, 86_400_000, -3_600_000])
      expect(retryAfterMs(header, { serverDate: httpDate(SERVER), now: SERVER + skew })).toBe(
        120_000,
      )
    // No Date in the answer: measured from `now`.
    expect(retryAfterMs(header, { now: SERVER + 60_000 })).toBe(60_000)
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

  it('property: any header, date and clock give a wait within [0, max], or none', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.nat().map(String),
          fc.integer({ min: -1e12, max: 1e12 }).map((d) => httpDate(SERVER + d)),
        ),
        fc.option(fc.integer({ min: -1e12, max: 1e12 }).map((d) => httpDate(SERVER + d))),
        fc.integer({ min: -1e12, max: 1e12 }),
        (header, serverDate, skew) => {
          const wait = retryAfterMs(header, { serverDate, now: SERVER + skew })
          if (wait === undefined) return
          expect(wait).toBeGreaterThanOrEqual(0)
          expect(wait).toBeLessThanOrEqual(RETRY_AFTER_MAX_MS)
        },
      ),
    )
  })

  it('property: with the server’s Date, the phone’s clock never changes the wait', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 * 3_600_000 }),
        fc.integer({ min: -1e11, max: 1e11 }),
        (delay, skew) => {
          const header = httpDate(SERVER + delay)
          const served = { serverDate: httpDate(SERVER) }
          expect(retryAfterMs(header, { ...served, now: SERVER + skew })).toBe(
            retryAfterMs(header, { ...served, now: SERVER }),
          )
        },
      ),
    )
  })
})
