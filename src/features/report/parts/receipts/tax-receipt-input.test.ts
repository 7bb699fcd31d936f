import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { cnpjMessages } from '@/domain/cnpj'
import {
  formatCentsInput,
  formatIsoDate,
  localIsoDate,
  parseBrlCents,
  parseReceiptForm,
  receiptMessages,
} from './tax-receipt-input'

describe('parseBrlCents', () => {
  it.each([
    ['45,90', 4590],
    ['45,9', 4590],
    ['45', 4500],
    ['0,01', 1],
    ['1.234,56', 123456],
    ['1.234', 123400],
    ['12.345.678,00', 1234567800],
    ['R$ 45,90', 4590],
    [' 45,90 ', 4590],
    ['45.90', 4590],
    ['45.9', 4590],
  ])('%s → %i cents', (text, cents) => {
    expect(parseBrlCents(text)).toBe(cents)
  })

  it.each(['', 'abc', '45,901', '4,5,6', '1.23,45', '-5', '45,', ',50', '1.2345'])(
    '%j is not an amount',
    (text) => {
      expect(parseBrlCents(text)).toBeNull()
    },
  )

  it('reads back what formatCentsInput writes, for any amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000_000 }), (cents) => {
        expect(parseBrlCents(formatCentsInput(cents))).toBe(cents)
      }),
    )
  })
})

describe('dates', () => {
  it('localIsoDate is the device calendar day; formatIsoDate shows it without shifting it', () => {
    expect(localIsoDate(new Date(2024, 4, 3, 23, 59))).toBe('2024-05-03')
    expect(localIsoDate(new Date(2024, 0, 1, 0, 0))).toBe('2024-01-01')
    expect(formatIsoDate('2024-05-03')).toBe('03/05/2024')
  })
})

describe('parseReceiptForm', () => {
  const today = '2024-05-03'
  const good = {
    mediaId: 'm1',
    cnpj: '11.222.333/0001-81',
    number: ' 000123 ',
    amount: '45,90',
    issuedAt: '03/05/2024',
  }

  it('gives the receipt as the report keeps it', () => {
    expect(parseReceiptForm(good, today)).toEqual({
      ok: true,
      receipt: {
        mediaId: 'm1',
        cnpj: '11222333000181',
        number: '000123',
        amountCents: 4590,
        issuedAt: '2024-05-03',
      },
    })
  })

  it('names what is missing, field by field', () => {
    const result = parseReceiptForm(
      { mediaId: '', cnpj: '', number: '', amount: '', issuedAt: '' },
      today,
    )
    expect(result).toEqual({
      ok: false,
      errors: {
        mediaId: receiptMessages.photo,
        cnpj: cnpjMessages.required,
        number: receiptMessages.numberRequired,
        amount: receiptMessages.amountRequired,
        issuedAt: receiptMessages.dateRequired,
      },
    })
  })

  it('refuses a wrong CNPJ, an unreadable or zero amount, a long number, a future or impossible date', () => {
    const errors = (patch: Partial<typeof good>) => {
      const result = parseReceiptForm({ ...good, ...patch }, today)
      return result.ok ? {} : result.errors
    }
    expect(errors({ cnpj: '11.222.333/0001-82' }).cnpj).toBe(
      'CNPJ inválido. Confira os 14 números.',
    )
    expect(errors({ amount: 'quarenta' }).amount).toBe(receiptMessages.amountInvalid)
    expect(errors({ amount: '0,00' }).amount).toBe(receiptMessages.amountZero)
    expect(errors({ amount: '1.000.000,01' }).amount).toBe(receiptMessages.amountTooHigh)
    expect(errors({ number: '1'.repeat(21) }).number).toBe(receiptMessages.numberTooLong)
    expect(errors({ issuedAt: '04/05/2024' }).issuedAt).toBe(
      'A data de emissão não pode ser no futuro.',
    )
    expect(errors({ issuedAt: '30/02/2024' }).issuedAt).toBe(receiptMessages.dateInvalid)
    // Typed as dd/mm/aaaa: the native field's yyyy-mm-dd is not what an agent writes.
    expect(errors({ issuedAt: '2024-05-03' }).issuedAt).toBe(receiptMessages.dateInvalid)
    expect(errors({ issuedAt: '3/5/24' }).issuedAt).toBe(receiptMessages.dateInvalid)
  })
})
