/**
 * The tax receipt form's rules: what the agent types (masked CNPJ, "45,90", a date as
 * dd/mm/aaaa) and what the report keeps (14-digit CNPJ, cents, yyyy-mm-dd). Messages in pt-BR, next to each field.
 */
import * as z from 'zod/mini'
import { cnpjSchema } from '@/domain/cnpj'
import { readDateText } from '@/lib/date-text'
import { appDate } from '@/lib/clock'

export const receiptMessages = {
  photo: 'Fotografe o cupom fiscal.',
  numberRequired: 'Informe o número do cupom.',
  numberTooLong: 'O número do cupom tem no máximo 20 caracteres.',
  amountRequired: 'Informe o valor do cupom.',
  amountInvalid: 'Valor inválido. Use reais e centavos, por exemplo 45,90.',
  amountZero: 'O valor deve ser maior que zero.',
  amountTooHigh: 'Confira o valor: acima de R$ 1.000.000,00.',
  dateRequired: 'Informe a data de emissão.',
  dateInvalid: 'Data inválida. Use dd/mm/aaaa, por exemplo 03/05/2024.',
  dateFuture: 'A data de emissão não pode ser no futuro.',
} as const

/** R$ 1.000.000,00: a larger receipt is almost surely a typo. */
export const RECEIPT_MAX_CENTS = 100_000_000
export const RECEIPT_NUMBER_MAX = 20

/**
 * Cents from an amount typed in pt-BR: "45,90", "45", "1.234,56", "R$ 45,9" — and "45.90"
 * (a dot with one or two decimals is read as the decimal separator). Null when unreadable.
 */
export function parseBrlCents(input: string): number | null {
  const text = input.replace(/\s/g, '').replace(/^R\$/i, '')
  if (text === '') return null
  let whole: string
  let fraction = ''
  if (/^\d{1,3}(\.\d{3})+(,\d{1,2})?$/.test(text) || /^\d+(,\d{1,2})?$/.test(text)) {
    const [w, f = ''] = text.split(',')
    whole = w!.replace(/\./g, '')
    fraction = f
  } else if (/^\d+\.\d{1,2}$/.test(text)) {
    const [w, f = ''] = text.split('.')
    whole = w!
    fraction = f
  } else return null
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
  return Number.isSafeInteger(cents) ? cents : null
}

/** Cents as the agent types them back: 4590 → "45,90". */
export function formatCentsInput(cents: number): string {
  return `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`
}

/** yyyy-mm-dd of the device's own calendar day. */
export function localIsoDate(now = appDate()): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

/** dd/mm/aaaa of a yyyy-mm-dd date, without time zones shifting the day. */
export function formatIsoDate(date: string): string {
  const [y, m, d] = date.split('-')
  return y && m && d ? `${d}/${m}/${y}` : date
}

export type ReceiptFormValues = {
  mediaId: string
  cnpj: string
  number: string
  amount: string
  issuedAt: string
}

/** The form's schema; `today` (yyyy-mm-dd, the device's day) bounds the issue date. */
export function receiptFormSchema(today: string) {
  return z.object({
    mediaId: z.string().check(z.minLength(1, { message: receiptMessages.photo })),
    cnpj: cnpjSchema,
    number: z
      .string()
      .check(
        z.trim(),
        z.minLength(1, { message: receiptMessages.numberRequired }),
        z.maxLength(RECEIPT_NUMBER_MAX, { message: receiptMessages.numberTooLong }),
      ),
    amount: z.pipe(
      z.string().check(z.trim(), z.minLength(1, { message: receiptMessages.amountRequired })),
      z.transform((text: string, ctx) => {
        const cents = parseBrlCents(text)
        const fail = (message: string) => ctx.issues.push({ code: 'custom', message, input: text })
        if (cents === null) fail(receiptMessages.amountInvalid)
        else if (cents < 1) fail(receiptMessages.amountZero)
        else if (cents > RECEIPT_MAX_CENTS) fail(receiptMessages.amountTooHigh)
        return cents ?? 0
      }),
    ),
    // Typed as dd/mm/aaaa; kept as yyyy-mm-dd.
    issuedAt: z.pipe(
      z.pipe(
        z.string().check(z.trim(), z.minLength(1, { message: receiptMessages.dateRequired })),
        z.transform((text: string, ctx) => {
          const date = readDateText(text)
          if (date === null) {
            ctx.issues.push({ code: 'custom', message: receiptMessages.dateInvalid, input: text })
            return z.NEVER
          }
          return date
        }),
      ),
      z.string().check(z.refine((date) => date <= today, { message: receiptMessages.dateFuture })),
    ),
  })
}

export type ReceiptFormErrors = Partial<Record<keyof ReceiptFormValues, string>>

/** Parses the form: the receipt's fields, or the first message of each field in error. */
export function parseReceiptForm(values: ReceiptFormValues, today = localIsoDate()) {
  const parsed = receiptFormSchema(today).safeParse(values)
  if (parsed.success)
    return {
      ok: true as const,
      receipt: {
        mediaId: parsed.data.mediaId,
        cnpj: parsed.data.cnpj,
        number: parsed.data.number,
        amountCents: parsed.data.amount,
        issuedAt: parsed.data.issuedAt,
      },
    }
  const errors: ReceiptFormErrors = {}
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof ReceiptFormValues | undefined
    if (field && !errors[field]) errors[field] = issue.message
  }
  return { ok: false as const, errors }
}
