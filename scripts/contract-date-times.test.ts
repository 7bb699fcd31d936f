/** The date-time styles served to the pacts, each an RFC 3339 date-time of the same instant. */
import { describe, expect, it } from 'vitest'
import { RFC3339_DATE_TIME } from '../contracts/support/date-time'
import { DATE_TIME_STYLES, NOT_RFC3339, rewriteDateTimes } from './contract-date-times'

const ISO = '2026-03-10T12:34:56.789Z'
const rfc3339 = new RegExp(RFC3339_DATE_TIME)

describe('date-time styles', () => {
  it.each(DATE_TIME_STYLES.map((s) => [s.name, s] as const))(
    '%s is RFC 3339 and the same instant (to the millisecond)',
    (_name, style) => {
      const written = style.write(ISO)
      expect(written).not.toBe(ISO)
      expect(written).toMatch(rfc3339)
      expect(Math.abs(Date.parse(written) - Date.parse(ISO))).toBeLessThan(1000)
    },
  )

  it('has a control that is not RFC 3339', () => {
    expect(NOT_RFC3339.write(ISO)).not.toMatch(rfc3339)
  })

  it('rewrites every toISOString() date-time of a body, and nothing else', () => {
    let n = 0
    const body = {
      a: ISO,
      list: [{ at: ISO }, { at: '2026-03-10' }],
      text: 'T-4821',
      count: 3,
      none: null,
    }
    expect(
      rewriteDateTimes(body, () => {
        n++
        return DATE_TIME_STYLES[0]!
      }),
    ).toEqual({
      a: '2026-03-10T12:34:56Z',
      list: [{ at: '2026-03-10T12:34:56Z' }, { at: '2026-03-10' }],
      text: 'T-4821',
      count: 3,
      none: null,
    })
    expect(n).toBe(2)
  })
})
