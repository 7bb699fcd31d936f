/** CPF (Cadastro de Pessoas Físicas): eleven digits, the last two are mod-11 check digits. */
import * as z from 'zod/mini'

export const CPF_LENGTH = 11

export const cpfMessages = {
  invalid: 'CPF inválido. Confira os 11 números.',
} as const

function digitsOf(input: string): string {
  return input.replace(/\D/g, '')
}

/**
 * The check digit for the leading digits given: weights run down from length + 1 to 2,
 * a remainder (mod 11) below 2 gives 0, otherwise 11 minus the remainder.
 */
function checkDigit(digits: string): number {
  let sum = 0
  for (let i = 0; i < digits.length; i++) sum += Number(digits[i]) * (digits.length + 1 - i)
  const remainder = sum % 11
  return remainder < 2 ? 0 : 11 - remainder
}

/** The two check digits of the first nine digits of a CPF. */
export function cpfCheckDigits(firstNine: string): string {
  if (!/^\d{9}$/.test(firstNine)) throw new RangeError('A CPF base has exactly nine digits.')
  const first = checkDigit(firstNine)
  const second = checkDigit(firstNine + String(first))
  return `${first}${second}`
}

/**
 * True for a CPF whose check digits match, typed as 11 digits or as 000.000.000-00.
 * Eleven equal digits (000.000.000-00, 111.111.111-11, …) pass the arithmetic but are not
 * issued, so they are refused too.
 */
export function isValidCpf(input: string): boolean {
  const trimmed = input.trim()
  if (!/^(?:\d{11}|\d{3}\.\d{3}\.\d{3}-\d{2})$/.test(trimmed)) return false
  const digits = digitsOf(trimmed)
  if (/^(\d)\1{10}$/.test(digits)) return false
  return cpfCheckDigits(digits.slice(0, 9)) === digits.slice(9)
}

/**
 * Formats the digits typed so far as 000.000.000-00 (extra digits are dropped), so it
 * serves both to show a stored CPF and to mask an input while typing.
 */
export function formatCpf(input: string): string {
  const d = digitsOf(input).slice(0, CPF_LENGTH)
  const groups = [d.slice(0, 3), d.slice(3, 6), d.slice(6, 9)].filter((g) => g !== '')
  const head = groups.join('.')
  return d.length > 9 ? `${head}-${d.slice(9)}` : head
}

/** The CPF as stored: digits only. */
export function normalizeCpf(input: string): string {
  return digitsOf(input)
}

/** A CPF typed by the agent (with or without punctuation); parses to its 11 digits. */
export const cpfSchema = z.pipe(
  z
    .string({ error: cpfMessages.invalid })
    .check(z.refine(isValidCpf, { message: cpfMessages.invalid })),
  z.transform(normalizeCpf),
)
