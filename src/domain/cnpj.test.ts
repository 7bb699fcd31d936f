import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  cnpjCheckDigits,
  cnpjMessages,
  cnpjSchema,
  formatCnpj,
  isValidCnpj,
  normalizeCnpj,
} from './cnpj'

/**
 * Reference check digits computed the way the Receita Federal writes them out (fixed weight
 * tables 5,4,3,2,9,8,7,6,5,4,3,2 and 6,5,4,3,2,9,8,7,6,5,4,3,2), so the module is not checked
 * against itself.
 */
function referenceCheckDigits(twelve: number[]): [number, number] {
  const w1 = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]
  const w2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]
  const dv = (digits: number[], weights: number[]) => {
    const r = digits.reduce((acc, d, i) => acc + d * weights[i]!, 0) % 11
    return r < 2 ? 0 : 11 - r
  }
  const first = dv(twelve, w1)
  const second = dv([...twelve, first], w2)
  return [first, second]
}

const digit = fc.integer({ min: 0, max: 9 })
const twelveDigits = fc
  .array(digit, { minLength: 12, maxLength: 12 })
  .filter((d) => new Set(d).size > 1)
const validCnpj = twelveDigits.map(
  (twelve) => twelve.join('') + referenceCheckDigits(twelve).join(''),
)

describe('isValidCnpj', () => {
  it('accepts known valid CNPJs, bare or formatted', () => {
    expect(isValidCnpj('11222333000181')).toBe(true)
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true)
    // Banco do Brasil, Petrobras.
    expect(isValidCnpj('00.000.000/0001-91')).toBe(true)
    expect(isValidCnpj('33.000.167/0001-01')).toBe(true)
    expect(isValidCnpj(' 11222333000181 ')).toBe(true)
  })

  it('refuses wrong check digits, wrong lengths, odd punctuation and letters', () => {
    expect(isValidCnpj('11222333000182')).toBe(false)
    expect(isValidCnpj('11222333000191')).toBe(false)
    expect(isValidCnpj('1122233300018')).toBe(false)
    expect(isValidCnpj('112223330001810')).toBe(false)
    expect(isValidCnpj('11.222.333.0001-81')).toBe(false)
    expect(isValidCnpj('11.222.333/0001/81')).toBe(false)
    expect(isValidCnpj('1122233300018A')).toBe(false)
    expect(isValidCnpj('')).toBe(false)
  })

  it('refuses the fourteen-equal-digit numbers that pass the arithmetic', () => {
    for (let d = 0; d <= 9; d++) expect(isValidCnpj(String(d).repeat(14))).toBe(false)
  })

  it('agrees with the reference weight tables on every generated CNPJ, bare and formatted', () => {
    fc.assert(
      fc.property(validCnpj, (cnpj) => {
        expect(cnpjCheckDigits(cnpj.slice(0, 12))).toBe(cnpj.slice(12))
        expect(isValidCnpj(cnpj)).toBe(true)
        expect(isValidCnpj(formatCnpj(cnpj))).toBe(true)
      }),
    )
  })

  it('refuses any CNPJ whose last check digit is changed', () => {
    fc.assert(
      fc.property(validCnpj, fc.integer({ min: 1, max: 9 }), (cnpj, delta) => {
        const last = (Number(cnpj[13]) + delta) % 10
        expect(isValidCnpj(cnpj.slice(0, 13) + String(last))).toBe(false)
      }),
    )
  })

  it('catches every change of a single one of the first twelve digits', () => {
    fc.assert(
      fc.property(
        validCnpj,
        fc.integer({ min: 0, max: 11 }),
        fc.integer({ min: 1, max: 9 }),
        (cnpj, position, delta) => {
          const digits = [...cnpj].map(Number)
          digits[position] = (digits[position]! + delta) % 10
          const changed = digits.join('')
          const expected =
            referenceCheckDigits(digits.slice(0, 12)).join('') === changed.slice(12) &&
            new Set(digits).size > 1
          expect(isValidCnpj(changed)).toBe(expected)
        },
      ),
    )
  })

  it('catches swapping two different adjacent digits of the base', () => {
    fc.assert(
      fc.property(validCnpj, fc.integer({ min: 0, max: 10 }), (cnpj, position) => {
        const digits = [...cnpj]
        fc.pre(digits[position] !== digits[position + 1])
        ;[digits[position], digits[position + 1]] = [digits[position + 1]!, digits[position]!]
        const swapped = digits.join('')
        const expected =
          referenceCheckDigits(digits.slice(0, 12).map(Number)).join('') === swapped.slice(12)
        expect(isValidCnpj(swapped)).toBe(expected)
      }),
    )
  })

  it('cnpjCheckDigits refuses a base that is not twelve digits', () => {
    expect(() => cnpjCheckDigits('11222333000')).toThrow(RangeError)
    expect(() => cnpjCheckDigits('11222333000a')).toThrow(RangeError)
  })
})

describe('formatCnpj', () => {
  it('masks while typing, digit by digit', () => {
    expect(formatCnpj('')).toBe('')
    expect(formatCnpj('1')).toBe('1')
    expect(formatCnpj('11')).toBe('11')
    expect(formatCnpj('112')).toBe('11.2')
    expect(formatCnpj('11222')).toBe('11.222')
    expect(formatCnpj('112223')).toBe('11.222.3')
    expect(formatCnpj('11222333')).toBe('11.222.333')
    expect(formatCnpj('112223330')).toBe('11.222.333/0')
    expect(formatCnpj('112223330001')).toBe('11.222.333/0001')
    expect(formatCnpj('1122233300018')).toBe('11.222.333/0001-8')
    expect(formatCnpj('11222333000181')).toBe('11.222.333/0001-81')
  })

  it('drops other characters and extra digits', () => {
    expect(formatCnpj('11.222.333/0001-8199')).toBe('11.222.333/0001-81')
    expect(formatCnpj('ab11 222x333')).toBe('11.222.333')
  })

  it('is idempotent and keeps the digits, for any input', () => {
    fc.assert(
      fc.property(fc.string(), (input) => {
        const once = formatCnpj(input)
        expect(formatCnpj(once)).toBe(once)
        expect(normalizeCnpj(once)).toBe(normalizeCnpj(input).slice(0, 14))
        expect(once).toMatch(
          /^(?:\d{0,2}|\d{2}\.\d{1,3}|\d{2}\.\d{3}\.\d{1,3}|\d{2}\.\d{3}\.\d{3}\/\d{1,4}|\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{1,2})$/,
        )
      }),
    )
  })
})

describe('cnpjSchema', () => {
  it('parses a typed CNPJ to its 14 digits', () => {
    expect(cnpjSchema.parse('11.222.333/0001-81')).toBe('11222333000181')
    expect(cnpjSchema.parse(' 11222333000181 ')).toBe('11222333000181')
  })

  it('says what is wrong in pt-BR', () => {
    const empty = cnpjSchema.safeParse('')
    expect(empty.success).toBe(false)
    expect(empty.error?.issues[0]?.message).toBe(cnpjMessages.required)
    const wrong = cnpjSchema.safeParse('11.222.333/0001-82')
    expect(wrong.error?.issues[0]?.message).toBe(cnpjMessages.invalid)
    const partial = cnpjSchema.safeParse('11.222.333/0001')
    expect(partial.error?.issues[0]?.message).toBe(cnpjMessages.invalid)
  })

  it('accepts every generated valid CNPJ and outputs the API pattern', () => {
    fc.assert(
      fc.property(validCnpj, (cnpj) => {
        expect(cnpjSchema.parse(formatCnpj(cnpj))).toMatch(/^\d{14}$/)
      }),
    )
  })
})
