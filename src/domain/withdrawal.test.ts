import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { WITHDRAWAL_MIN_CENTS } from './constants'
import { canWithdrawFrom, formatReais, withdrawalAmountError } from './withdrawal'

/** As a reader sees it: the no-break space after R$ is a space. */
const plain = (text: string | null) => text?.replace(/\s/g, ' ') ?? null

describe('withdrawal amount', () => {
  it('refuses R$ 0,50 naming the R$ 1,00 minimum', () => {
    expect(WITHDRAWAL_MIN_CENTS).toBe(100)
    expect(plain(withdrawalAmountError(50, 10_000))).toBe('O valor mínimo do saque é R$ 1,00.')
    expect(plain(withdrawalAmountError(0))).toBe('O valor mínimo do saque é R$ 1,00.')
    expect(withdrawalAmountError(WITHDRAWAL_MIN_CENTS, 10_000)).toBeNull()
  })

  it('refuses more than the balance, naming the balance', () => {
    expect(plain(withdrawalAmountError(2_001, 2_000))).toBe(
      'O valor passa do seu saldo disponível (R$ 20,00).',
    )
    expect(withdrawalAmountError(2_000, 2_000)).toBeNull()
    // The server answers the balance itself (409 insufficient_balance).
    expect(withdrawalAmountError(2_001)).toBeNull()
  })

  it('refuses what is not a whole number of cents', () => {
    expect(withdrawalAmountError(1.5)).toMatch(/^Informe o valor do saque/)
    expect(withdrawalAmountError(Number.NaN)).toMatch(/^Informe o valor do saque/)
  })

  it('accepts exactly the amounts from the minimum to the balance', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000, max: 1_000_000 }), fc.nat(1_000_000), (a, b) => {
        const ok = a >= WITHDRAWAL_MIN_CENTS && a <= b
        expect(withdrawalAmountError(a, b) === null).toBe(ok)
      }),
    )
  })

  it('knows a balance below the minimum allows no withdrawal', () => {
    expect(canWithdrawFrom(99)).toBe(false)
    expect(canWithdrawFrom(100)).toBe(true)
    expect(plain(formatReais(123_456))).toBe('R$ 1.234,56')
  })
})
