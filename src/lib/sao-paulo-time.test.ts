import { describe, expect, it } from 'vitest'
import {
  formatVisitTime,
  fromLocalInputValue,
  localInputBounds,
  toLocalInputValue,
} from '@/lib/sao-paulo-time'

describe('São Paulo wall-clock time for datetime-local fields', () => {
  it('reads an instant as São Paulo time (UTC−3)', () => {
    expect(toLocalInputValue('2026-05-12T12:30:00Z')).toBe('2026-05-12T09:30')
    expect(toLocalInputValue('2026-05-13T02:15:00Z')).toBe('2026-05-12T23:15')
  })

  it('turns a field value back into the instant', () => {
    expect(fromLocalInputValue('2026-05-12T09:30')).toBe('2026-05-12T12:30:00.000Z')
    expect(fromLocalInputValue('2026-12-31T23:59')).toBe('2027-01-01T02:59:00.000Z')
  })

  it('round-trips whole minutes', () => {
    for (const iso of [
      '2026-01-01T00:00:00.000Z',
      '2026-07-15T18:42:00.000Z',
      '2027-03-01T03:00:00.000Z',
    ])
      expect(fromLocalInputValue(toLocalInputValue(iso))).toBe(iso)
  })

  it('refuses what is not a date', () => {
    expect(fromLocalInputValue('')).toBeNull()
    expect(fromLocalInputValue('amanhã')).toBeNull()
    expect(fromLocalInputValue('2026-02-30T10:00')).toBeNull()
    expect(fromLocalInputValue('2026-05-12T24:00')).toBeNull()
  })

  it('bounds a field to whole minutes inside the interval', () => {
    expect(localInputBounds('2026-05-12T12:30:20Z', '2026-05-19T12:30:50Z')).toEqual({
      min: '2026-05-12T09:31',
      max: '2026-05-19T09:30',
    })
  })

  it('labels a time in São Paulo', () => {
    expect(formatVisitTime('2026-05-12T12:30:00Z')).toBe('12/05/2026, 09:30')
  })
})
