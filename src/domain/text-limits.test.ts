import { describe, it, expect } from 'vitest'
import fc from 'fast-check'
import { countChars, justificationSchema, testimonySchema } from './text-limits'

const EMOJI = '😀'
const FAMILY = '👨‍👩‍👧' // three people joined by two zero-width joiners: 5 code points

// Astral code points that show something: format characters (the tags U+E0001–E007F among
// them) are invisible and do not count towards the minimum, by rule.
const astral = fc
  .integer({ min: 0x10000, max: 0x10ffff })
  .map((cp) => String.fromCodePoint(cp))
  .filter((c) => !/\p{Cf}/u.test(c))
const visible = fc.constantFrom('a', 'ç', 'é', '中', EMOJI, '𝄞', '!', '7')

/** Text of exactly n code points that starts and ends with a non-space character. */
const textOfLength = (n: number) =>
  n <= 1
    ? fc.constant('x'.repeat(n))
    : fc
        .string({
          unit: fc.oneof(visible, astral, fc.constant(' ')),
          minLength: n - 2,
          maxLength: n - 2,
        })
        .map((middle) => `x${middle}y`)

function messagesOf(schema: typeof justificationSchema, input: unknown): string[] {
  const result = schema.safeParse(input)
  return result.success ? [] : result.error.issues.map((issue) => issue.message)
}

describe('countChars', () => {
  it('counts code points, not UTF-16 units', () => {
    expect(countChars('')).toBe(0)
    expect(countChars('ação')).toBe(4)
    expect(countChars(EMOJI)).toBe(1)
    expect(EMOJI.length).toBe(2)
    expect(countChars(FAMILY)).toBe(5)
  })

  it('property: length of a concatenation is the sum of the lengths', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), (a, b) => {
        expect(countChars(a + b)).toBe(countChars(a) + countChars(b))
      }),
    )
  })

  it('property: astral characters count once though they take two UTF-16 units', () => {
    fc.assert(
      fc.property(fc.array(astral, { maxLength: 50 }), (chars) => {
        const text = chars.join('')
        expect(countChars(text)).toBe(chars.length)
        expect(text.length).toBe(chars.length * 2)
      }),
    )
  })
})

describe.each([
  ['justificationSchema', justificationSchema],
  ['testimonySchema', testimonySchema],
] as const)('%s', (_name, schema) => {
  it('accepts 50 and 1000 characters and returns the trimmed text', () => {
    expect(schema.parse('a'.repeat(50))).toBe('a'.repeat(50))
    expect(schema.parse(`  ${'b'.repeat(1000)}\n`)).toBe('b'.repeat(1000))
  })

  it('says how many characters are missing', () => {
    expect(messagesOf(schema, 'a'.repeat(49))).toEqual([
      'Escreva pelo menos 50 caracteres (falta 1).',
    ])
    expect(messagesOf(schema, 'a'.repeat(10))).toEqual([
      'Escreva pelo menos 50 caracteres (faltam 40).',
    ])
    expect(messagesOf(schema, '   ')).toEqual(['Escreva pelo menos 50 caracteres (faltam 50).'])
    expect(messagesOf(schema, undefined)).toEqual(['Escreva pelo menos 50 caracteres (faltam 50).'])
  })

  it('does not count surrounding spaces', () => {
    expect(messagesOf(schema, `${' '.repeat(10)}${'a'.repeat(45)}${' '.repeat(10)}`)).toEqual([
      'Escreva pelo menos 50 caracteres (faltam 5).',
    ])
  })

  it('says how many characters are too many', () => {
    expect(messagesOf(schema, 'a'.repeat(1001))).toEqual([
      'Use no máximo 1000 caracteres (1 a mais).',
    ])
    expect(messagesOf(schema, 'a'.repeat(1250))).toEqual([
      'Use no máximo 1000 caracteres (250 a mais).',
    ])
  })

  it('counts emoji as one character each', () => {
    expect(schema.parse(EMOJI.repeat(50))).toBe(EMOJI.repeat(50))
    expect(schema.parse(EMOJI.repeat(1000))).toBe(EMOJI.repeat(1000))
    expect(messagesOf(schema, EMOJI.repeat(25))).toEqual([
      'Escreva pelo menos 50 caracteres (faltam 25).',
    ])
    expect(messagesOf(schema, EMOJI.repeat(1001))).toEqual([
      'Use no máximo 1000 caracteres (1 a mais).',
    ])
  })

  it('property: random text of n code points is accepted exactly when 50 ≤ n ≤ 1000', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 0, max: 1100 })
          .chain((n) => textOfLength(n).map((text) => ({ n, text }))),
        fc.constantFrom('', ' ', '\n\t', '\u00a0 '),
        ({ n, text }, padding) => {
          expect(countChars(text)).toBe(n)
          const result = schema.safeParse(padding + text + padding)
          if (n >= 50 && n <= 1000) {
            expect(result.success).toBe(true)
            expect(result.data).toBe(text)
          } else {
            expect(result.success).toBe(false)
            const expected =
              n < 50
                ? `Escreva pelo menos 50 caracteres (${n === 49 ? 'falta' : 'faltam'} ${50 - n}).`
                : `Use no máximo 1000 caracteres (${n - 1000} a mais).`
            expect(result.error?.issues.map((issue) => issue.message)).toEqual([expected])
          }
        },
      ),
    )
  })

  it('property: any unicode string gets at most one message and passes iff its trimmed length fits', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 1200 }), (input) => {
        const result = schema.safeParse(input)
        const length = countChars(input.trim())
        expect(result.success).toBe(length >= 50 && length <= 1000)
        if (!result.success) expect(result.error.issues).toHaveLength(1)
      }),
    )
  })
})
