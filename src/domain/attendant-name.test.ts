import { describe, it, expect } from 'vitest'
import fc from 'fast-check'
import {
  newAttendantCode,
  attendantNameMessages,
  attendantNameSchema,
  FORBIDDEN_ATTENDANT_WORDS,
  normalizeForComparison,
} from './attendant-name'

const LETTERS = [
  ...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ',
  ...'áàâãéêíóôõúüçÁÀÂÃÉÊÍÓÔÕÚÜÇñÑ',
  ...'ßøåЖжλ',
]

const forbidden = new Set(FORBIDDEN_ATTENDANT_WORDS.map(normalizeForComparison))

const letterWord = (maxLength: number) =>
  fc
    .string({ unit: fc.constantFrom(...LETTERS), minLength: 1, maxLength })
    .filter((word) => !forbidden.has(normalizeForComparison(word)))

const acceptableName = fc.array(letterWord(29), { minLength: 1, maxLength: 2 })

const whitespace = fc
  .array(fc.constantFrom(' ', '\t', '\n', '\u00a0'), { minLength: 1, maxLength: 3 })
  .map((chars) => chars.join(''))

function messagesOf(input: unknown): string[] {
  const result = attendantNameSchema.safeParse(input)
  return result.success ? [] : result.error.issues.map((issue) => issue.message)
}

/** Random casing, and for each letter maybe its accent stripped. */
const spellingVariant = (word: string) =>
  fc
    .array(fc.tuple(fc.boolean(), fc.boolean()), { minLength: word.length, maxLength: word.length })
    .map((choices) =>
      [...word]
        .map((char, i) => {
          const [upper, stripAccent] = choices[i] ?? [false, false]
          const base = stripAccent ? normalizeForComparison(char) : char
          return upper ? base.toUpperCase() : base.toLowerCase()
        })
        .join(''),
    )

const forbiddenVariant = fc
  .constantFrom(...FORBIDDEN_ATTENDANT_WORDS)
  .chain((word) => spellingVariant(word))

describe('normalizeForComparison', () => {
  it('lowercases and strips accents', () => {
    expect(normalizeForComparison('MOÇO')).toBe('moco')
    expect(normalizeForComparison('Funcionário')).toBe('funcionario')
    expect(normalizeForComparison('Não')).toBe('nao')
    expect(normalizeForComparison('ma\u0301rio')).toBe('mario')
  })

  it('keeps letters without accents as they are, only lowercased', () => {
    expect(normalizeForComparison('Ana')).toBe('ana')
    expect(normalizeForComparison('ana')).not.toBe('ANA')
  })
})

describe('attendantNameSchema', () => {
  it('accepts one or two real names', () => {
    expect(attendantNameSchema.parse('Maria')).toBe('Maria')
    expect(attendantNameSchema.parse('João Conceição')).toBe('João Conceição')
    expect(attendantNameSchema.parse('  Ana    Lúcia ')).toBe('Ana Lúcia')
  })

  it('composes decomposed accents (NFC) in the accepted name', () => {
    expect(attendantNameSchema.parse('Jose\u0301')).toBe('José')
  })

  it('does not refuse names that merely contain a forbidden word', () => {
    expect(attendantNameSchema.parse('Caixeta')).toBe('Caixeta')
    expect(attendantNameSchema.parse('Senhorinha Gerenteira')).toBe('Senhorinha Gerenteira')
  })

  it('asks for the name when empty, blank or not a string', () => {
    expect(messagesOf('')).toEqual([attendantNameMessages.required])
    expect(messagesOf('   \t ')).toEqual([attendantNameMessages.required])
    expect(messagesOf(undefined)).toEqual([attendantNameMessages.required])
    expect(messagesOf(42)).toEqual([attendantNameMessages.required])
  })

  it('refuses more than two words', () => {
    expect(messagesOf('Maria da Silva')).toEqual([attendantNameMessages.tooManyWords])
  })

  it('refuses digits, punctuation and symbols', () => {
    expect(messagesOf('Ana2')).toEqual([attendantNameMessages.lettersOnly])
    expect(messagesOf("D'Ávila")).toEqual([attendantNameMessages.lettersOnly])
    expect(messagesOf('Ana-Maria')).toEqual([attendantNameMessages.lettersOnly])
    expect(messagesOf('Ana 😀')).toEqual([attendantNameMessages.lettersOnly])
  })

  it('refuses a word that starts with a lone combining mark', () => {
    expect(messagesOf('\u0301Ana')).toEqual([attendantNameMessages.lettersOnly])
  })

  it('refuses names longer than 60 characters', () => {
    expect(messagesOf(`${'a'.repeat(30)} ${'b'.repeat(30)}`)).toEqual([
      attendantNameMessages.tooLong,
    ])
    expect(messagesOf(`${'a'.repeat(30)} ${'b'.repeat(29)}`)).toEqual([])
  })

  it('refuses roles and generic words in any casing and accentuation', () => {
    for (const input of ['Funcionario', 'MOÇO', 'moco', 'Não Sei', 'Ana Atendente', 'caixa']) {
      expect(messagesOf(input)).toEqual([attendantNameMessages.genericWord])
    }
  })

  it('refuses offensive words with their own message', () => {
    expect(messagesOf('Otario')).toEqual([attendantNameMessages.offensiveWord])
    expect(messagesOf('João PALHAÇO')).toEqual([attendantNameMessages.offensiveWord])
  })

  it('property: any one or two non-forbidden letter words pass, tidied', () => {
    fc.assert(
      fc.property(
        acceptableName,
        whitespace,
        whitespace,
        whitespace,
        (words, before, between, after) => {
          const input = before + words.join(between) + after
          expect(attendantNameSchema.parse(input)).toBe(words.join(' '))
        },
      ),
    )
  })

  it('property: a digit or punctuation anywhere makes the name fail', () => {
    fc.assert(
      fc.property(
        acceptableName,
        fc.constantFrom(...'0123456789.,;:!?-_\'"()/@#*+&%'),
        fc.nat(),
        (words, intruder, at) => {
          const name = words.join(' ')
          const position = at % (name.length + 1)
          const input = name.slice(0, position) + intruder + name.slice(position)
          expect(messagesOf(input)).toEqual([attendantNameMessages.lettersOnly])
        },
      ),
    )
  })

  it('property: three or more words fail', () => {
    fc.assert(
      fc.property(fc.array(letterWord(9), { minLength: 3, maxLength: 6 }), (words) => {
        expect(messagesOf(words.join(' '))).toEqual([attendantNameMessages.tooManyWords])
      }),
    )
  })

  it('property: a forbidden word in any casing or accent variant fails, alone or beside a name', () => {
    fc.assert(
      fc.property(
        forbiddenVariant,
        letterWord(20),
        fc.constantFrom('alone', 'first', 'second'),
        (variant, other, place) => {
          const input =
            place === 'alone'
              ? variant
              : place === 'first'
                ? `${variant} ${other}`
                : `${other} ${variant}`
          const messages = messagesOf(input)
          expect(messages).toHaveLength(1)
          expect([
            attendantNameMessages.genericWord,
            attendantNameMessages.offensiveWord,
          ]).toContain(messages[0])
        },
      ),
    )
  })

  it('property: a forbidden word typed decomposed (NFD) still fails', () => {
    fc.assert(
      fc.property(forbiddenVariant, (variant) => {
        expect(attendantNameSchema.safeParse(variant.normalize('NFD')).success).toBe(false)
      }),
    )
  })
})

describe('newAttendantCode', () => {
  it('is att_ and 8 hex characters, new on every call', () => {
    const codes = Array.from({ length: 50 }, () => newAttendantCode())
    for (const code of codes) expect(code).toMatch(/^att_[0-9a-f]{8}$/)
    expect(new Set(codes).size).toBe(codes.length)
  })
})
