import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { fastestRunMs, hostileString, LONG_HOSTILE_SAMPLES } from '@/test/hostile-strings'
import { parseNumberAnswer } from './number-answer'

describe('parseNumberAnswer', () => {
  it.each([
    ['7', 7],
    [' 7 ', 7],
    ['-2', -2],
    ['7,5', 7.5],
    ['0.25', 0.25],
    [',5', 0.5],
    ['5,', 5],
    ['+3', 3],
  ])('%s → %d', (text, n) => {
    expect(parseNumberAnswer(text)).toBe(n)
  })

  it.each([
    '',
    ' ',
    '0x1F',
    '1e3',
    '1e309',
    'Infinity',
    'NaN',
    '٣',
    '３',
    '1,5,0',
    '1.000,50',
    '😀',
    '7 7',
    '-',
  ])('refuses %j', (text) => {
    expect(parseNumberAnswer(text)).toBeNull()
  })

  it('property: any hostile text gives a finite number written in decimal digits, or nothing', () => {
    fc.assert(
      fc.property(hostileString, (text) => {
        const n = parseNumberAnswer(text)
        if (n === null) return
        expect(Number.isFinite(n)).toBe(true)
        expect(text.trim()).toMatch(/^[+-]?[\d.,]+$/)
      }),
    )
    for (const paste of LONG_HOSTILE_SAMPLES)
      expect(fastestRunMs(() => parseNumberAnswer(paste))).toBeLessThan(50)
  })
})
