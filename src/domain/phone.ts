/** A Brazilian phone number split into area code (DDD) and subscriber number. */
export interface ParsedPhone {
  /** Two-digit area code, 11–99 with no zero digit. */
  ddd: string
  /** Eight digits for a landline (first digit 2–5) or nine for a mobile (first digit 9). */
  number: string
}

const COUNTRY_CODE = '55'
const NATIONAL_MAX_DIGITS = 11

export const phoneMessages = {
  invalid: 'Informe um celular válido com DDD, por exemplo +55 (11) 98765-4321.',
} as const

const VALID_DDD = /^[1-9][1-9]$/
const VALID_NUMBER = /^(?:[2-5]\d{7}|9\d{8})$/

function digitsOf(input: string): string {
  return input.replace(/\D/g, '')
}

/**
 * Reads a Brazilian phone number typed with any punctuation, with or without +55.
 * Ten or eleven digits are a national number; twelve or thirteen must start with 55.
 * Letters, non-ASCII digits, or a "+" anywhere but at the start make the input unreadable.
 * Returns null when the digits are not a valid DDD plus landline or mobile number.
 */
export function parsePhone(input: string): ParsedPhone | null {
  const trimmed = input.trim()
  if (/[\p{L}\p{N}]/u.test(trimmed.replace(/[0-9]/g, ''))) return null
  const hasPlus = trimmed.includes('+')
  if (hasPlus && (trimmed.indexOf('+') !== 0 || trimmed.lastIndexOf('+') !== 0)) return null

  let digits = digitsOf(trimmed)
  if (digits.length === 12 || digits.length === 13) {
    if (!digits.startsWith(COUNTRY_CODE)) return null
    digits = digits.slice(COUNTRY_CODE.length)
  } else if (hasPlus) {
    return null
  }
  if (digits.length !== 10 && digits.length !== 11) return null

  const ddd = digits.slice(0, 2)
  const number = digits.slice(2)
  if (!VALID_DDD.test(ddd) || !VALID_NUMBER.test(number)) return null
  return { ddd, number }
}

/** The phone in E.164 form: +55 followed by the DDD and the number, digits only. */
export function toE164(phone: ParsedPhone): string {
  return `+${COUNTRY_CODE}${phone.ddd}${phone.number}`
}

/** Splits a (possibly partial) subscriber number as NNNNN-NNNN for mobiles, NNNN-NNNN otherwise. */
function maskNumber(number: string): string {
  const headLength = number.startsWith('9') ? 5 : 4
  const head = number.slice(0, headLength)
  const tail = number.slice(headLength, headLength + 4)
  return tail === '' ? head : `${head}-${tail}`
}

/**
 * Formats what the agent has typed so far as +55 (DD) NNNNN-NNNN or +55 (DD) NNNN-NNNN.
 * Only digits from the input are shown, in order; digits beyond a complete number are dropped.
 * A leading "+55" (or 55 in front of a full 12–13 digit number) is read as the country code.
 * Returns "" (or the "+", "+5", "+55" typed so far) while no DDD digit has been typed.
 */
export function formatPhoneMask(partialInput: string): string {
  const trimmed = partialInput.trim()
  const digits = digitsOf(trimmed)
  let national: string
  if (trimmed.startsWith('+')) {
    const countryTyped = digits.startsWith(COUNTRY_CODE)
      ? COUNTRY_CODE
      : digits.startsWith(COUNTRY_CODE.charAt(0))
        ? COUNTRY_CODE.charAt(0)
        : ''
    national = digits.slice(countryTyped.length)
    if (national === '') return `+${countryTyped}`
  } else {
    national =
      digits.length > NATIONAL_MAX_DIGITS && digits.startsWith(COUNTRY_CODE)
        ? digits.slice(COUNTRY_CODE.length)
        : digits
    if (national === '') return ''
  }

  const ddd = national.slice(0, 2)
  const number = national.slice(2)
  if (number === '') return `+${COUNTRY_CODE} (${ddd}`
  const maxNumberLength = number.startsWith('9') ? 9 : 8
  return `+${COUNTRY_CODE} (${ddd}) ${maskNumber(number.slice(0, maxNumberLength))}`
}

/** Shows a stored phone (E.164 or any accepted form) as +55 (DD) NNNNN-NNNN; unreadable input is returned unchanged. */
export function formatPhone(e164: string): string {
  const phone = parsePhone(e164)
  if (phone === null) return e164
  return `+${COUNTRY_CODE} (${phone.ddd}) ${maskNumber(phone.number)}`
}

/**
 * A Brazilian phone typed by the agent, read: its E.164 form (+55DDNNNNNNNNN), or the pt-BR
 * message. Without zod: the sign-in screen's first load has no room for it (its zod schema is
 * phone-schema.ts).
 */
export function readPhone(
  input: string,
): { ok: true; value: string } | { ok: false; message: string } {
  const phone = parsePhone(input)
  return phone === null
    ? { ok: false, message: phoneMessages.invalid }
    : { ok: true, value: toE164(phone) }
}
