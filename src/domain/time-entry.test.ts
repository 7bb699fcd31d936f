import { describe, it, expect } from 'vitest'
import fc from 'fast-check'
import type { $ZodType } from 'zod/v4/core'
import { safeParse } from 'zod/mini'
import {
  formatMmSs,
  parseMmSs,
  timeEntryMessages,
  timeEntrySecondsSchema,
  timeEntryTextSchema,
} from './time-entry'

function messagesOf(schema: $ZodType, input: unknown): string[] {
  const result = safeParse(schema, input)
  return result.success ? [] : result.error.issues.map((issue) => issue.message)
}

describe('parseMmSs', () => {
  it('reads mm:ss, m:ss and bare seconds', () => {
    expect(parseMmSs('02:30')).toBe(150)
    expect(parseMmSs('2:30')).toBe(150)
    expect(parseMmSs('20:00')).toBe(1200)
    expect(parseMmSs('45')).toBe(45)
    expect(parseMmSs('5')).toBe(5)
    expect(parseMmSs(' 00:05 ')).toBe(5)
    expect(parseMmSs('100:00')).toBe(6000)
  })

  it('rejects anything else', () => {
    for (const text of [
      '',
      ':',
      '2:3',
      '2:60',
      '02:5a',
      '1:02:03',
      '-1:00',
      '2.30',
      '150',
      'abc',
      '02 : 30',
      '1000:00',
    ]) {
      expect(parseMmSs(text), text).toBeNull()
    }
  })

  it('property: parse(format(n)) === n for 0..5999', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5999 }), (n) => {
        expect(parseMmSs(formatMmSs(n))).toBe(n)
      }),
    )
  })

  it('property: seconds 60 or more after the colon are rejected', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99 }), fc.integer({ min: 60, max: 99 }), (m, s) => {
        expect(parseMmSs(`${m}:${s}`)).toBeNull()
      }),
    )
  })
})

describe('formatMmSs', () => {
  it('pads minutes and seconds and lets minutes pass 59', () => {
    expect(formatMmSs(0)).toBe('00:00')
    expect(formatMmSs(5)).toBe('00:05')
    expect(formatMmSs(150)).toBe('02:30')
    expect(formatMmSs(1200)).toBe('20:00')
    expect(formatMmSs(3600)).toBe('60:00')
    expect(formatMmSs(59.9)).toBe('00:59')
  })

  it('refuses negative and non-finite input', () => {
    expect(() => formatMmSs(-1)).toThrow(RangeError)
    expect(() => formatMmSs(Number.NaN)).toThrow(RangeError)
    expect(() => formatMmSs(Number.POSITIVE_INFINITY)).toThrow(RangeError)
  })

  it('property: always mm:ss with seconds below 60', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5999 }), (n) => {
        expect(formatMmSs(n)).toMatch(/^\d{2}:[0-5]\d$/)
      }),
    )
  })
})

describe('timeEntrySecondsSchema', () => {
  it('accepts 5 to 1200 whole seconds', () => {
    expect(timeEntrySecondsSchema.parse(5)).toBe(5)
    expect(timeEntrySecondsSchema.parse(1200)).toBe(1200)
  })

  it('refuses values out of range with the pt-BR limits', () => {
    expect(messagesOf(timeEntrySecondsSchema, 4)).toEqual(['O tempo mínimo é 00:05.'])
    expect(messagesOf(timeEntrySecondsSchema, 1201)).toEqual(['O tempo máximo é 20:00.'])
    expect(messagesOf(timeEntrySecondsSchema, 10.5)).toEqual([timeEntryMessages.notWhole])
    expect(messagesOf(timeEntrySecondsSchema, '10')).toEqual([timeEntryMessages.notWhole])
  })

  it('property: accepted exactly when 5 ≤ n ≤ 1200', () => {
    fc.assert(
      fc.property(fc.integer({ min: -100, max: 2000 }), (n) => {
        expect(timeEntrySecondsSchema.safeParse(n).success).toBe(n >= 5 && n <= 1200)
      }),
    )
  })
})

describe('timeEntryTextSchema', () => {
  it('parses typed times to seconds', () => {
    expect(timeEntryTextSchema.parse('02:30')).toBe(150)
    expect(timeEntryTextSchema.parse('0:05')).toBe(5)
    expect(timeEntryTextSchema.parse('20:00')).toBe(1200)
  })

  it('refuses bad formats and out-of-range times', () => {
    expect(messagesOf(timeEntryTextSchema, '2m30')).toEqual([
      'Use o formato mm:ss, por exemplo 02:30.',
    ])
    expect(messagesOf(timeEntryTextSchema, '')).toEqual(['Use o formato mm:ss, por exemplo 02:30.'])
    expect(messagesOf(timeEntryTextSchema, 150)).toEqual([
      'Use o formato mm:ss, por exemplo 02:30.',
    ])
    expect(messagesOf(timeEntryTextSchema, '00:04')).toEqual(['O tempo mínimo é 00:05.'])
    expect(messagesOf(timeEntryTextSchema, '20:01')).toEqual(['O tempo máximo é 20:00.'])
  })

  it('property: every in-range time typed as mm:ss parses back to its seconds', () => {
    fc.assert(
      fc.property(fc.integer({ min: 5, max: 1200 }), (n) => {
        expect(timeEntryTextSchema.parse(formatMmSs(n))).toBe(n)
      }),
    )
  })
})
