import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { cpfCheckDigits, cpfMessages, cpfSchema, formatCpf, isValidCpf, normalizeCpf } from './cpf'

/**
 * Reference check digits written the other way round (Receita Federal's "(sum × 10) mod 11,
 * 10 → 0" form), so the module is not checked against itself.
 */
function referenceCheckDigits(nine: number[]): [number, number] {
  const digits = [...nine]
  for (let n = 9; n < 11; n++) {
    const sum = digits.reduce((acc, d, i) => acc + d * (n + 1 - i), 0)
    const check = (sum * 10) % 11
    digits.push(check === 10 ? 0 : check)
  }
  return [digits[9]!, digits[10]!]
}

const digit = fc.integer({ min: 0, max: 9 })
const nineDigits = fc
  .array(digit, { minLength: 9, maxLength: 9 })
  .filter((d) => new Set(d).size > 1)
const validCpf = nineDigits.map((nine) => nine.join('') + referenceCheckDigits(nine).join(''))

describe('isValidCpf', () => {
  it('accepts known valid CPFs, bare or formatted', () => {
    expect(isValidCpf('52998224725')).toBe(true)
    expect(isValidCpf('529.982.247-25')).toBe(true)
    expect(isValidCpf('111.444.777-35')).toBe(true)
    expect(isValidCpf(' 11144477735 ')).toBe(true)
  })

  it('refuses wrong check digits, wrong lengths, odd punctuation and letters', () => {
    expect(isValidCpf('52998224724')).toBe(false)
    expect(isValidCpf('52998224735')).toBe(false)
    expect(isValidCpf('5299822472')).toBe(false)
    expect(isValidCpf('529982247250')).toBe(false)
    expect(isValidCpf('529.982.247.25')).toBe(false)
    expect(isValidCpf('52998224a25')).toBe(false)
    expect(isValidCpf('')).toBe(false)
  })

  it('refuses the eleven-equal-digit numbers that pass the arithmetic', () => {
    for (let d = 0; d <= 9; d++) expect(isValidCpf(String(d).repeat(11))).toBe(false)
  })

  it('agrees with the reference formula on every generated CPF, bare and formatted', () => {
    fc.assert(
      fc.property(validCpf, (cpf) => {
        expect(isValidCpf(cpf)).toBe(true)
        expect(isValidCpf(formatCpf(cpf))).toBe(true)
      }),
    )
  })

  it('refuses any CPF whose last check digit is changed', () => {
    fc.assert(
      fc.property(validCpf, fc.integer({ min: 1, max: 9 }), (cpf, delta) => {
        const last = (Number(cpf[10]) + delta) % 10
        expect(isValidCpf(cpf.slice(0, 10) + String(last))).toBe(false)
      }),
    )
  })

  it('refuses a change of any single one of the first nine digits unless the check digits collapse', () => {
    fc.assert(
      fc.property(
        validCpf,
        fc.integer({ min: 0, max: 8 }),
        fc.integer({ min: 1, max: 9 }),
        (cpf, position, delta) => {
          const digits = [...cpf].map(Number)
          digits[position] = (digits[position]! + delta) % 10
          const changed = digits.join('')
          const expected = referenceCheckDigits(digits.slice(0, 9)).join('') === changed.slice(9)
          expect(isValidCpf(changed)).toBe(expected && new Set(digits).size > 1)
        },
      ),
    )
  })

  it('is valid exactly when the reference formula says so, for any 11 digits', () => {
    fc.assert(
      fc.property(fc.array(digit, { minLength: 11, maxLength: 11 }), (digits) => {
        const [a, b] = referenceCheckDigits(digits.slice(0, 9))
        const expected = digits[9] === a && digits[10] === b && new Set(digits).size > 1
        expect(isValidCpf(digits.join(''))).toBe(expected)
      }),
    )
  })
})

describe('cpfCheckDigits', () => {
  it('computes both check digits', () => {
    expect(cpfCheckDigits('529982247')).toBe('25')
    expect(cpfCheckDigits('111444777')).toBe('35')
  })

  it('refuses anything but nine digits', () => {
    expect(() => cpfCheckDigits('12345678')).toThrow(RangeError)
  })
})

describe('formatCpf', () => {
  it('formats a full CPF and masks a partial one', () => {
    expect(formatCpf('52998224725')).toBe('529.982.247-25')
    expect(formatCpf('')).toBe('')
    expect(formatCpf('529')).toBe('529')
    expect(formatCpf('5299')).toBe('529.9')
    expect(formatCpf('5299822')).toBe('529.982.2')
    expect(formatCpf('5299822472')).toBe('529.982.247-2')
    expect(formatCpf('529.982.247-25999')).toBe('529.982.247-25')
  })

  it('keeps the digits in order and is idempotent', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'0123456789.- '), maxLength: 20 }),
        (input) => {
          const formatted = formatCpf(input)
          expect(normalizeCpf(formatted)).toBe(normalizeCpf(input).slice(0, 11))
          expect(formatCpf(formatted)).toBe(formatted)
        },
      ),
    )
  })
})

describe('cpfSchema', () => {
  it('parses to digits and refuses with the pt-BR message', () => {
    expect(cpfSchema.parse('529.982.247-25')).toBe('52998224725')
    const result = cpfSchema.safeParse('529.982.247-26')
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toBe(cpfMessages.invalid)
  })
})
