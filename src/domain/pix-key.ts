/**
 * Pix keys an agent may receive payments at: e-mail, CPF, mobile phone (+55) or the random
 * key (EVP, a UUID). CNPJ keys exist in Pix but belong to companies, not to agents.
 */
import * as z from 'zod/mini'
import { isValidCpf, normalizeCpf } from './cpf'
import { parsePhone, toE164 } from './phone'

export type PixKeyKind = 'email' | 'cpf' | 'phone' | 'evp'

export type PixKey = { kind: PixKeyKind; key: string }

/** The Pix directory's limit for e-mail keys (and the field's maxLength in openapi.yaml). */
export const PIX_KEY_MAX_CHARS = 77

export const pixKeyMessages = {
  invalid: 'Chave Pix inválida. Use seu e-mail, CPF, celular com +55 ou a chave aleatória.',
  email: 'E-mail inválido para chave Pix.',
  cpf: 'CPF inválido para chave Pix. Confira os 11 números.',
  phone:
    'Celular inválido para chave Pix. Use +55, DDD e os 9 dígitos, por exemplo +55 11 98765-4321.',
  evp: 'Chave aleatória inválida. Copie a chave completa, com os hifens.',
} as const

// No white space, controls, invisible format characters or broken surrogates anywhere.
const EMAIL =
  /^[^\s@\p{Cc}\p{Cf}\p{Cs}]+@[^\s@.\p{Cc}\p{Cf}\p{Cs}]+(?:\.[^\s@.\p{Cc}\p{Cf}\p{Cs}]+)+$/u
const EVP = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const LOOKS_LIKE_EVP = /^[0-9a-f]{8}-/i
const CPF_CHARS = /^[\d.\-\s]+$/

/** Which kind of key the input was meant to be, from its shape alone (before validating it). */
export function guessPixKeyKind(input: string): PixKeyKind | null {
  const s = input.trim()
  if (s === '') return null
  if (s.includes('@')) return 'email'
  if (s.startsWith('+')) return 'phone'
  // A CPF never has eight digits before a hyphen; a UUID's first group may be all digits.
  if (LOOKS_LIKE_EVP.test(s) && (/[a-f]/i.test(s) || s.length > 14)) return 'evp'
  if (CPF_CHARS.test(s)) return 'cpf'
  return null
}

/**
 * Reads a Pix key and returns it as the Pix directory stores it (e-mail and random key in
 * lower case, CPF as 11 digits, phone as +55DDNNNNNNNNN), or null when it is not valid.
 * A phone key must carry +55: eleven bare digits are read as a CPF.
 */
export function parsePixKey(input: string): PixKey | null {
  const s = input.trim()
  switch (guessPixKeyKind(s)) {
    case 'email': {
      // The limit applies to the key as stored: lower-casing may lengthen it ("İ" → "i̇").
      const key = s.toLowerCase()
      return [...key].length <= PIX_KEY_MAX_CHARS && EMAIL.test(s) ? { kind: 'email', key } : null
    }
    case 'phone': {
      const phone = parsePhone(s)
      // Pix phone keys are mobiles (the key is confirmed by SMS).
      return phone && phone.number.length === 9 ? { kind: 'phone', key: toE164(phone) } : null
    }
    case 'evp':
      return EVP.test(s) ? { kind: 'evp', key: s.toLowerCase() } : null
    case 'cpf':
      return isValidCpf(s) ? { kind: 'cpf', key: normalizeCpf(s) } : null
    default:
      return null
  }
}

/** The pt-BR message for an invalid key, specific to the kind it seems to be. */
export function pixKeyError(input: string): string {
  const kind = guessPixKeyKind(input)
  return kind ? pixKeyMessages[kind] : pixKeyMessages.invalid
}

/** A Pix key typed by the agent; parses to the stored form of the key. */
export const pixKeySchema = z.pipe(
  z.string({ error: pixKeyMessages.invalid }),
  z.transform((input: string, ctx) => {
    const parsed = parsePixKey(input)
    if (!parsed) {
      ctx.issues.push({ code: 'custom', message: pixKeyError(input), input })
      return z.NEVER
    }
    return parsed.key
  }),
)
