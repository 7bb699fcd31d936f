/**
 * The regex that recognises a kept device time (contracts/support/date-time.ts): every RFC 3339
 * form of an instant at hh:40:00 UTC matches, in any offset; no other instant does.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { instantAtMinuteOfHour, RFC3339_DATE_TIME } from '../contracts/support/date-time'

const two = (n: number) => String(n).padStart(2, '0')

/** An instant written at an offset (minutes east of UTC), with `digits` zero fraction digits. */
function written(ms: number, offsetMinutes: number, digits: number, zulu: boolean) {
  const local = new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, 19)
  const fraction = digits ? `.${'0'.repeat(digits)}` : ''
  if (zulu && offsetMinutes === 0) return `${local}${fraction}Z`
  const sign = offsetMinutes < 0 ? '-' : '+'
  const abs = Math.abs(offsetMinutes)
  return `${local}${fraction}${sign}${two(Math.floor(abs / 60))}:${two(abs % 60)}`
}

const kept = new RegExp(instantAtMinuteOfHour(40, 0))
const hours = fc.integer({ min: 0, max: 400_000 }) // hours since 1990
const base = Date.UTC(1990, 0, 1)
const offsets = fc.integer({ min: -(23 * 60 + 59), max: 23 * 60 + 59 })

describe('instantAtMinuteOfHour', () => {
  it('matches an instant in second 40:00 of its UTC hour, in any offset and form', () => {
    fc.assert(
      fc.property(hours, offsets, fc.integer({ min: 0, max: 9 }), fc.boolean(), (h, off, d, z) => {
        const text = written(base + h * 3_600_000 + 40 * 60_000, off, d, z)
        expect(text).toMatch(new RegExp(RFC3339_DATE_TIME))
        expect(text).toMatch(kept)
      }),
    )
  })

  it('matches no instant in another second, whatever its offset', () => {
    fc.assert(
      fc.property(
        hours,
        fc.integer({ min: 0, max: 3_599_999 }).filter((ms) => Math.floor(ms / 1000) !== 40 * 60),
        offsets,
        (h, within, off) => {
          expect(written(base + h * 3_600_000 + within, off, 3, false)).not.toMatch(kept)
        },
      ),
    )
  })

  it('reads the forms a backend writes', () => {
    for (const text of [
      '2026-03-11T10:40:00Z',
      '2026-03-11T10:40:00.000Z',
      '2026-03-11t10:40:00z',
      '2026-03-11T10:40:00+00:00',
      '2026-03-11T07:40:00.000000000-03:00',
      '2026-03-11T16:10:00+05:30',
      '2026-03-11T11:25:00+00:45',
      '2026-03-11T10:40:00.456789Z',
    ])
      expect(text).toMatch(kept)
    for (const text of [
      '2026-03-11T10:41:00Z',
      '2026-03-11T10:40:01Z',
      '2026-03-11T10:39:59.999Z',
      '2026-03-11T10:40:00-03:30',
    ])
      expect(text).not.toMatch(kept)
  })
})
