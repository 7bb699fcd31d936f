import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  bidiControlChar,
  controlChar,
  oddWhitespaceChar,
  zeroWidthChar,
} from '@/test/hostile-strings'
import { hasVisibleText } from './visible-text'

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
