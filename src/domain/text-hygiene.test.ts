import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  bidiControlChar,
  controlChar,
  oddWhitespaceChar,
  zeroWidthChar,
} from '@/test/hostile-strings'
import {
  countVisibleChars,
  hasBrokenChars,
  hasVisibleText,
  withoutBrokenChars,
} from './text-hygiene'

describe('hasVisibleText', () => {
  it('is true for text with a letter, digit, mark, emoji or punctuation', () => {
    for (const text of ['a', ' 7 ', '😀', '\u200Bé', '.', 'محمد', '👨‍👩‍👧'])
      expect(hasVisibleText(text), text).toBe(true)
  })

  it('is false for text made only of spaces, controls, zero-width and bidi characters', () => {
    const invisible = fc
      .array(
        fc.oneof(zeroWidthChar, bidiControlChar, controlChar, oddWhitespaceChar, fc.constant(' ')),
        {
          maxLength: 20,
        },
      )
      .map((chars) => chars.join(''))
    fc.assert(
      fc.property(invisible, (text) => {
        expect(hasVisibleText(text)).toBe(false)
      }),
    )
  })
})

describe('broken characters', () => {
  it('finds and removes controls and lone surrogates, keeps tabs, line breaks and emoji', () => {
    expect(hasBrokenChars('Ana\u0000')).toBe(true)
    expect(hasBrokenChars('x\uD800y')).toBe(true)
    expect(hasBrokenChars('linha 1\nlinha 2\tfim 👨‍👩‍👧')).toBe(false)
    expect(withoutBrokenChars('a\u0000b\uDC00c\u007Fd\ne')).toBe('abcd\ne')
  })

  it('counts what the agent sees: code points without zero-width or bidi characters', () => {
    expect(countVisibleChars('\u200B'.repeat(60))).toBe(0)
    expect(countVisibleChars('São Paulo')).toBe(9)
    expect(countVisibleChars('\u202Eabc')).toBe(3)
  })
})
