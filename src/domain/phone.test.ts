import { describe, it, expect } from 'vitest'
import fc from 'fast-check'
import { formatPhone, formatPhoneMask, parsePhone, phoneMessages, readPhone, toE164 } from './phone'
import { phoneSchema } from './phone-schema'

const digit = (chars: string) => fc.constantFrom(...chars)
const digitsOf = (s: string) => s.replace(/\D/g, '')

const validDdd = fc.tuple(digit('123456789'), digit('123456789')).map(([a, b]) => a + b)
const landline = fc
  .tuple(digit('2345'), fc.string({ unit: digit('0123456789'), minLength: 7, maxLength: 7 }))
  .map(([first, rest]) => first + rest)
const mobile = fc
  .string({ unit: digit('0123456789'), minLength: 8, maxLength: 8 })
  .map((rest) => `9${rest}`)
const validPhone = fc.record({ ddd: validDdd, number: fc.oneof(landline, mobile) })

const punctuation = fc.constantFrom(' ', '-', '.', '(', ')', '/', '  ')

/** Sprinkles punctuation between the characters of s. */
const punctuate = (s: string) =>
  fc
    .array(fc.option(punctuation, { nil: '' }), {
      minLength: s.length + 1,
      maxLength: s.length + 1,
    })
    .map(
      (gaps) => [...s].map((char, i) => (gaps[i] ?? '') + char).join('') + (gaps[s.length] ?? ''),
    )

describe('parsePhone', () => {
  it('reads mobiles and landlines with or without +55 and punctuation', () => {
    expect(parsePhone('+55 (11) 98765-4321')).toEqual({ ddd: '11', number: '987654321' })
    expect(parsePhone('11987654321')).toEqual({ ddd: '11', number: '987654321' })
    expect(parsePhone('5511987654321')).toEqual({ ddd: '11', number: '987654321' })
    expect(parsePhone('(21) 3456-7890')).toEqual({ ddd: '21', number: '34567890' })
    expect(parsePhone('+55 21 3456.7890')).toEqual({ ddd: '21', number: '34567890' })
  })

  it('reads DDD 55 without a country code by length', () => {
    expect(parsePhone('(55) 98765-4321')).toEqual({ ddd: '55', number: '987654321' })
    expect(parsePhone('+55 (55) 98765-4321')).toEqual({ ddd: '55', number: '987654321' })
  })

  it('rejects invalid DDDs', () => {
    expect(parsePhone('(01) 98765-4321')).toBeNull()
    expect(parsePhone('(10) 98765-4321')).toBeNull()
    expect(parsePhone('(20) 3456-7890')).toBeNull()
  })

  it('rejects wrong lengths and wrong leading digits', () => {
    expect(parsePhone('')).toBeNull()
    expect(parsePhone('(11) 8765-432')).toBeNull()
    expect(parsePhone('(11) 98765-43210')).toBeNull()
    expect(parsePhone('(11) 88765-4321')).toBeNull()
    expect(parsePhone('(11) 9876-5432')).toBeNull()
    expect(parsePhone('(11) 1234-5678')).toBeNull()
    expect(parsePhone('(11) 6234-5678')).toBeNull()
  })

  it('rejects other country codes, a misplaced plus, letters and foreign digits', () => {
    expect(parsePhone('+1 212 555 1234')).toBeNull()
    expect(parsePhone('+11 98765-4321')).toBeNull()
    expect(parsePhone('4411987654321')).toBeNull()
    expect(parsePhone('11 +987654321')).toBeNull()
    expect(parsePhone('tel 11987654321')).toBeNull()
    expect(parsePhone('1198765432١')).toBeNull()
  })
})

describe('toE164 and formatPhone', () => {
  it('writes E.164 and the display mask', () => {
    expect(toE164({ ddd: '11', number: '987654321' })).toBe('+5511987654321')
    expect(formatPhone('+5511987654321')).toBe('+55 (11) 98765-4321')
    expect(formatPhone('+552134567890')).toBe('+55 (21) 3456-7890')
  })

  it('returns unreadable input unchanged', () => {
    expect(formatPhone('desconhecido')).toBe('desconhecido')
    expect(formatPhone('+5501987654321')).toBe('+5501987654321')
  })

  it('property: format and parse round-trip every valid number', () => {
    fc.assert(
      fc.property(validPhone, (phone) => {
        const e164 = toE164(phone)
        expect(e164).toMatch(/^\+55\d{10,11}$/)
        expect(parsePhone(e164)).toEqual(phone)
        const shown = formatPhone(e164)
        expect(shown).toMatch(/^\+55 \(\d\d\) \d{4,5}-\d{4}$/)
        expect(parsePhone(shown)).toEqual(phone)
        expect(formatPhoneMask(shown)).toBe(shown)
        expect(formatPhoneMask(e164)).toBe(shown)
      }),
    )
  })

  it('property: any punctuation, with or without +55, reads the same number', () => {
    fc.assert(
      fc.property(
        validPhone.chain((phone) =>
          punctuate(phone.ddd + phone.number).map((input) => ({ phone, input })),
        ),
        fc.constantFrom('', '+55', '55', '+55 ', '+ 55'),
        ({ phone, input }, prefix) => {
          expect(parsePhone(prefix + input)).toEqual(phone)
        },
      ),
    )
  })

  it('property: a DDD with a zero digit is rejected', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          digit('0123456789').map((d) => `0${d}`),
          digit('123456789').map((d) => `${d}0`),
        ),
        fc.oneof(landline, mobile),
        (ddd, number) => {
          expect(parsePhone(ddd + number)).toBeNull()
          expect(parsePhone(`+55${ddd}${number}`)).toBeNull()
        },
      ),
    )
  })

  it('property: national numbers of any other length are rejected', () => {
    fc.assert(
      fc.property(
        fc
          .string({ unit: digit('0123456789'), maxLength: 16 })
          .filter(
            (s) => s.length !== 10 && s.length !== 11 && !(s.length >= 12 && s.startsWith('55')),
          ),
        (digits) => {
          expect(parsePhone(digits)).toBeNull()
        },
      ),
    )
  })
})

describe('formatPhoneMask', () => {
  it('formats progressively as the agent types', () => {
    expect(formatPhoneMask('')).toBe('')
    expect(formatPhoneMask('1')).toBe('+55 (1')
    expect(formatPhoneMask('11')).toBe('+55 (11')
    expect(formatPhoneMask('119')).toBe('+55 (11) 9')
    expect(formatPhoneMask('1198765')).toBe('+55 (11) 98765')
    expect(formatPhoneMask('11987654')).toBe('+55 (11) 98765-4')
    expect(formatPhoneMask('11987654321')).toBe('+55 (11) 98765-4321')
    expect(formatPhoneMask('213456')).toBe('+55 (21) 3456')
    expect(formatPhoneMask('2134567')).toBe('+55 (21) 3456-7')
    expect(formatPhoneMask('2134567890')).toBe('+55 (21) 3456-7890')
  })

  it('drops digits beyond a complete number', () => {
    expect(formatPhoneMask('21345678901')).toBe('+55 (21) 3456-7890')
    expect(formatPhoneMask('+55 (11) 98765-43210')).toBe('+55 (11) 98765-4321')
  })

  it('reads a leading +55 as the country code and keeps a partial one', () => {
    expect(formatPhoneMask('+55 (11) 9')).toBe('+55 (11) 9')
    expect(formatPhoneMask('+55 (')).toBe('+55')
    expect(formatPhoneMask('+5')).toBe('+5')
    expect(formatPhoneMask('+')).toBe('+')
    expect(formatPhoneMask('5511987654321')).toBe('+55 (11) 98765-4321')
  })

  it('property: only digits from the input appear, in order', () => {
    fc.assert(
      fc.property(fc.string({ unit: digit('0123456789'), maxLength: 16 }), (digits) => {
        const masked = formatPhoneMask(digits)
        if (digits === '') {
          expect(masked).toBe('')
          return
        }
        expect(masked.startsWith('+55 (')).toBe(true)
        const shown = digitsOf(masked.slice('+55'.length))
        const national = digits.length > 11 && digits.startsWith('55') ? digits.slice(2) : digits
        expect(national.startsWith(shown)).toBe(true)
        if (national.length <= 10) expect(shown).toBe(national)
      }),
    )
  })

  it('property: masking a masked value changes nothing', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'0123456789+() -'), maxLength: 20 }),
        (input) => {
          const masked = formatPhoneMask(input)
          expect(formatPhoneMask(masked)).toBe(masked)
        },
      ),
    )
  })

  it('property: typing digit by digit into the masked field equals pasting them', () => {
    fc.assert(
      fc.property(fc.string({ unit: digit('0123456789'), maxLength: 11 }), (digits) => {
        let field = ''
        for (const typed of digits) field = formatPhoneMask(field + typed)
        expect(field).toBe(formatPhoneMask(digits))
      }),
    )
  })
})

describe('phoneSchema', () => {
  it('parses to E.164', () => {
    expect(phoneSchema.parse('(11) 98765-4321')).toBe('+5511987654321')
  })

  it('reads the same without zod (the sign-in screen): the value, or the pt-BR message', () => {
    expect(readPhone('(11) 98765-4321')).toEqual({ ok: true, value: '+5511987654321' })
    expect(readPhone('1234')).toEqual({ ok: false, message: phoneMessages.invalid })
    fc.assert(
      fc.property(fc.string(), (input) => {
        const zod = phoneSchema.safeParse(input)
        expect(readPhone(input)).toEqual(
          zod.success
            ? { ok: true, value: zod.data }
            : { ok: false, message: phoneMessages.invalid },
        )
      }),
    )
  })

  it('rejects invalid phones with the pt-BR message', () => {
    for (const input of ['', '1234', '(00) 98765-4321', 42]) {
      const result = phoneSchema.safeParse(input)
      expect(result.success).toBe(false)
      expect(result.error?.issues.map((issue) => issue.message)).toEqual([phoneMessages.invalid])
    }
  })

  it('property: every valid punctuated phone parses to its E.164 form', () => {
    fc.assert(
      fc.property(
        validPhone.chain((phone) =>
          punctuate(phone.ddd + phone.number).map((input) => ({ phone, input })),
        ),
        ({ phone, input }) => {
          expect(phoneSchema.parse(input)).toBe(toE164(phone))
        },
      ),
    )
  })
})
