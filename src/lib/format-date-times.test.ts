/**
 * The API may write a date-time any way RFC 3339 allows (openapi.yaml says `format: date-time`
 * and the pacts accept every style: contracts/support/date-time.ts). The app must read each
 * one as the same instant, the way it reads what `toISOString()` writes.
 */
import { describe, expect, it } from 'vitest'
import { formatDateTime, formatRelative, formatTime } from '@/lib/format'
import { formatVisitTime, toLocalInputValue } from '@/lib/sao-paulo-time'

const CANONICAL = '2026-03-10T12:34:56.789Z'
const STYLES = [
  '2026-03-10T12:34:56.789Z',
  '2026-03-10T12:34:56Z',
  '2026-03-10T12:34:56.789123Z',
  '2026-03-10T12:34:56.789+00:00',
  '2026-03-10T12:34:56.789123+00:00',
  '2026-03-10T09:34:56.789123456-03:00',
  '2026-03-10t12:34:56.789z',
]

describe('date-times written in any RFC 3339 style', () => {
  it.each(STYLES)('reads %s as the same instant', (written) => {
    const ms = Date.parse(written)
    expect(Math.abs(ms - Date.parse(CANONICAL))).toBeLessThan(1000)
    expect(formatDateTime(written)).toBe(formatDateTime(CANONICAL))
    expect(formatTime(written)).toBe(formatTime(CANONICAL))
    expect(formatVisitTime(written)).toBe(formatVisitTime(CANONICAL))
    expect(toLocalInputValue(written)).toBe(toLocalInputValue(CANONICAL))
    expect(formatRelative(written, Date.parse(CANONICAL) + 3 * 86_400_000)).toBe(
      formatRelative(CANONICAL, Date.parse(CANONICAL) + 3 * 86_400_000),
    )
  })
})
