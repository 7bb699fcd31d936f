/** The tax receipt form's rules against hostile text (issue #8). */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { cnpjMessages, isValidCnpj } from '@/domain/cnpj'
import {
  fastestRunMs,
  HOSTILE_SAMPLE_ENTRIES,
  hostileString,
  LONG_HOSTILE_SAMPLES,
} from '@/test/hostile-strings'
import {
  formatCentsInput,
  parseBrlCents,
  parseReceiptForm,
  RECEIPT_MAX_CENTS,
  RECEIPT_NUMBER_MAX,
  receiptMessages,
  type ReceiptFormValues,
} from './tax-receipt-input'
import { dateTextOf } from '@/lib/date-text'

const TODAY = '2026-03-10'
const VALID: ReceiptFormValues = {
  mediaId: 'med_1',
  cnpj: '11.222.333/0001-81',
  number: '000123',
  amount: '45,90',
  issuedAt: '09/03/2026',
}
const OWN_MESSAGES = new Set<string>([
  ...Object.values(receiptMessages),
  ...Object.values(cnpjMessages),
])
const TYPED_FIELDS = ['cnpj', 'number', 'amount', 'issuedAt'] as const

function checkField(field: (typeof TYPED_FIELDS)[number], text: string) {
  const result = parseReceiptForm({ ...VALID, [field]: text }, TODAY)
  if (!result.ok) {
    expect(Object.keys(result.errors)).toEqual([field])
    const message = result.errors[field]!
    expect(OWN_MESSAGES.has(message), `own pt-BR message, got “${message}”`).toBe(true)
    return
  }
  const { receipt } = result
  expect(receipt.cnpj).toMatch(/^\d{14}$/)
  expect(isValidCnpj(receipt.cnpj)).toBe(true)
  expect(receipt.number).toBe(receipt.number.trim())
  expect(receipt.number.length).toBeGreaterThan(0)
  expect([...receipt.number].length).toBeLessThanOrEqual(RECEIPT_NUMBER_MAX)
  expect(Number.isSafeInteger(receipt.amountCents)).toBe(true)
  expect(receipt.amountCents).toBeGreaterThan(0)
  expect(receipt.amountCents).toBeLessThanOrEqual(RECEIPT_MAX_CENTS)
  expect(receipt.issuedAt).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  expect(receipt.issuedAt <= TODAY).toBe(true)
  // What was accepted reads back the same when typed again.
  expect(
    parseReceiptForm(
      {
        ...VALID,
        ...receipt,
        amount: formatCentsInput(receipt.amountCents),
        issuedAt: dateTextOf(receipt.issuedAt),
      },
      TODAY,
    ),
  ).toEqual(result)
}

describe('parseReceiptForm against hostile text', () => {
  it.each(TYPED_FIELDS)(
    '%s: a valid receipt or the form’s own pt-BR message on that field',
    (field) => {
      fc.assert(
        fc.property(hostileString, (text) => checkField(field, text)),
        { numRuns: 150 },
      )
      for (const [, sample] of HOSTILE_SAMPLE_ENTRIES) checkField(field, sample)
    },
  )

  it('reads amounts as safe whole cents or nothing: never NaN, negative or exponential', () => {
    fc.assert(
      fc.property(hostileString, (text) => {
        const cents = parseBrlCents(text)
        if (cents === null) return
        expect(Number.isSafeInteger(cents)).toBe(true)
        expect(cents).toBeGreaterThanOrEqual(0)
      }),
    )
    for (const text of ['1e309', '-0', 'NaN', 'Infinity', '0x1F', '-45,90', '٤٥,٩٠', '４５,９０'])
      expect(parseBrlCents(text), text).toBeNull()
  })

  it('answers a 10 kB paste in every field quickly', () => {
    for (const paste of LONG_HOSTILE_SAMPLES) {
      const values = { ...VALID, cnpj: paste, number: paste, amount: paste, issuedAt: paste }
      expect(fastestRunMs(() => parseReceiptForm(values, TODAY))).toBeLessThan(50)
      expect(parseReceiptForm(values, TODAY).ok).toBe(false)
    }
  })
})
