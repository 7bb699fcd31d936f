/**
 * CNPJ (Cadastro Nacional da Pessoa Jurídica), the company number printed on a tax receipt:
 * fourteen digits — an eight-digit root, a four-digit branch and two mod-11 check digits —
 * written 00.000.000/0000-00. The API stores it as the 14 digits (`^\d{14}$`).
 */
import * as z from 'zod/mini'

export const CNPJ_LENGTH = 14

export const cnpjMessages = {
  required: 'Informe o CNPJ do estabelecimento.',
  invalid: 'CNPJ inválido. Confira os 14 números.',
} as const

function digitsOf(input: string): string {
  return input.replace(/\D/g, '')
}

/**
 * The check digit of the leading digits given: weights 2…9 from the right, repeating;
 * a remainder (mod 11) below 2 gives 0, otherwise 11 minus the remainder.
 */
function checkDigit(digits: string): number {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    const weight = 2 + ((digits.length - 1 - i) % 8)
    sum += Number(digits[i]) * weight
  }
  const remainder = sum % 11
  return remainder < 2 ? 0 : 11 - remainder
}

/** The two check digits of the first twelve digits of a CNPJ. */
export function cnpjCheckDigits(firstTwelve: string): string {
  if (!/^\d{12}$/.test(firstTwelve)) throw new RangeError('A CNPJ base has exactly twelve digits.')
  const first = checkDigit(firstTwelve)
  const second = checkDigit(firstTwelve + String(first))
  return `${first}${second}`
}

/**
 * True for a CNPJ whose check digits match, typed as 14 digits or as 00.000.000/0000-00.
 * Fourteen equal digits pass the arithmetic but are not issued, so they are refused too.
 */
export function isValidCnpj(input: string): boolean {
  const trimmed = input.trim()
  if (!/^(?:\d{14}|\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2})$/.test(trimmed)) return false
  const digits = digitsOf(trimmed)
  if (/^(\d)\1{13}$/.test(digits)) return false
  return cnpjCheckDigits(digits.slice(0, 12)) === digits.slice(12)
}

/**
 * Formats the digits typed so far as 00.000.000/0000-00 (other characters and extra digits
 * are dropped), so it serves both to show a stored CNPJ and to mask an input while typing.
 */
export function formatCnpj(input: string): string {
  const d = digitsOf(input).slice(0, CNPJ_LENGTH)
  let out = d.slice(0, 2)
  if (d.length > 2) out += `.${d.slice(2, 5)}`
  if (d.length > 5) out += `.${d.slice(5, 8)}`
  if (d.length > 8) out += `/${d.slice(8, 12)}`
  if (d.length > 12) out += `-${d.slice(12)}`
  return out
}

/** The CNPJ as stored: digits only. */
export function normalizeCnpj(input: string): string {
  return digitsOf(input)
}

/** A CNPJ typed by the agent (with or without punctuation); parses to its 14 digits. */
export const cnpjSchema = z.pipe(
  z
    .string({ error: cnpjMessages.required })
    .check(
      z.trim(),
      z.minLength(1, { message: cnpjMessages.required }),
      z.refine(isValidCnpj, { message: cnpjMessages.invalid }),
    ),
  z.transform(normalizeCnpj),
)
