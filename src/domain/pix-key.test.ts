import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { cpfCheckDigits } from './cpf'
import { guessPixKeyKind, parsePixKey, pixKeyError, pixKeyMessages, pixKeySchema } from './pix-key'

describe('parsePixKey', () => {
  it('reads e-mail keys in lower case', () => {
    expect(parsePixKey('Ana.Souza@Exemplo.com.br')).toEqual({
      kind: 'email',
      key: 'ana.souza@exemplo.com.br',
    })
    expect(parsePixKey('  ana@exemplo.com  ')).toEqual({ kind: 'email', key: 'ana@exemplo.com' })
  })

  it('refuses malformed or too long e-mails', () => {
    expect(parsePixKey('ana@exemplo')).toBeNull()
    expect(parsePixKey('ana@@exemplo.com')).toBeNull()
    expect(parsePixKey('ana souza@exemplo.com')).toBeNull()
    expect(parsePixKey(`${'a'.repeat(66)}@exemplo.com`)).toBeNull() // 78 characters
    expect(parsePixKey(`${'a'.repeat(65)}@exemplo.com`)).toEqual({
      kind: 'email',
      key: `${'a'.repeat(65)}@exemplo.com`,
    })
  })

  it('reads CPF keys, bare or formatted, as 11 digits', () => {
    expect(parsePixKey('52998224725')).toEqual({ kind: 'cpf', key: '52998224725' })
    expect(parsePixKey('529.982.247-25')).toEqual({ kind: 'cpf', key: '52998224725' })
    expect(parsePixKey('529.982.247-26')).toBeNull()
    expect(parsePixKey('11111111111')).toBeNull()
  })

  it('reads +55 mobile keys as E.164 and refuses landlines and numbers without +55', () => {
    expect(parsePixKey('+55 (11) 98765-4321')).toEqual({ kind: 'phone', key: '+5511987654321' })
    expect(parsePixKey('+5521912345678')).toEqual({ kind: 'phone', key: '+5521912345678' })
    expect(parsePixKey('+55 11 3456-7890')).toBeNull()
    expect(parsePixKey('+1 415 555 0100')).toBeNull()
    // Eleven bare digits are a CPF (and this one is not a valid CPF).
    expect(parsePixKey('11987654321')).toBeNull()
  })

  it('reads random keys (EVP) in lower case', () => {
    expect(parsePixKey('123E4567-E89B-12D3-A456-426614174000')).toEqual({
      kind: 'evp',
      key: '123e4567-e89b-12d3-a456-426614174000',
    })
    expect(parsePixKey('12345678-1234-1234-1234-123456789012')).toEqual({
      kind: 'evp',
      key: '12345678-1234-1234-1234-123456789012',
    })
    expect(parsePixKey('123e4567-e89b-12d3-a456-42661417400')).toBeNull()
    expect(parsePixKey('123e4567e89b12d3a456426614174000')).toBeNull()
    expect(parsePixKey('g23e4567-e89b-12d3-a456-426614174000')).toBeNull()
  })

  it('refuses empty and unrecognisable input', () => {
    expect(parsePixKey('')).toBeNull()
    expect(parsePixKey('   ')).toBeNull()
    expect(parsePixKey('minha chave')).toBeNull()
  })

  it('accepts every generated valid key and returns it already normalised', () => {
    const hex = (n: number) =>
      fc.string({ unit: fc.constantFrom(...'0123456789abcdefABCDEF'), minLength: n, maxLength: n })
    const uuid = fc.tuple(hex(8), hex(4), hex(4), hex(4), hex(12)).map((parts) => parts.join('-'))
    const nine = fc
      .string({ unit: fc.constantFrom(...'0123456789'), minLength: 9, maxLength: 9 })
      .filter((s) => new Set(s).size > 1)
    const cpf = nine.map((n) => n + cpfCheckDigits(n))
    const mobile = fc
      .tuple(
        fc.constantFrom(...'123456789'),
        fc.constantFrom(...'123456789'),
        fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 8, maxLength: 8 }),
      )
      .map(([a, b, rest]) => `+55${a}${b}9${rest}`)
    const email = fc
      .tuple(fc.stringMatching(/^[a-z0-9._]{1,20}$/), fc.stringMatching(/^[a-z0-9]{1,15}$/))
      .map(([u, d]) => `${u}@${d}.com.br`)
    fc.assert(
      fc.property(fc.oneof(uuid, cpf, mobile, email), (key) => {
        const parsed = parsePixKey(key)
        expect(parsed).not.toBeNull()
        expect(parsePixKey(parsed!.key)).toEqual(parsed)
      }),
    )
  })
})

describe('pixKeyError', () => {
  it('names the kind of key the input seems to be', () => {
    expect(guessPixKeyKind('ana@')).toBe('email')
    expect(pixKeyError('ana@')).toBe(pixKeyMessages.email)
    expect(pixKeyError('+55 11 3456-7890')).toBe(pixKeyMessages.phone)
    expect(pixKeyError('123.456.789-00')).toBe(pixKeyMessages.cpf)
    expect(pixKeyError('123e4567-e89b')).toBe(pixKeyMessages.evp)
    expect(pixKeyError('minha chave')).toBe(pixKeyMessages.invalid)
  })
})

describe('pixKeySchema', () => {
  it('parses to the stored form and refuses with a pt-BR message', () => {
    expect(pixKeySchema.parse('529.982.247-25')).toBe('52998224725')
    const result = pixKeySchema.safeParse('+55 11 3456-7890')
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toBe(pixKeyMessages.phone)
  })
})
