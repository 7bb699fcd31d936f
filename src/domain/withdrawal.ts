/**
 * How much may be withdrawn: at least WITHDRAWAL_MIN_CENTS (R$ 1,00), at most what is
 * available. The app checks it before sending and the fake backend refuses with the same
 * words, each naming what to type instead.
 */
import { WITHDRAWAL_MIN_CENTS } from './constants'

let reais: Intl.NumberFormat | undefined

/** Cents as pt-BR writes money: "R$ 1,00" (the formatter is made on first use). */
export function formatReais(cents: number): string {
  reais ??= new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' })
  return reais.format(cents / 100)
}

export const withdrawalMessages = {
  notWhole: 'Informe o valor do saque em reais e centavos, por exemplo 45,50.',
  belowMinimum: () => `O valor mínimo do saque é ${formatReais(WITHDRAWAL_MIN_CENTS)}.`,
  overBalance: (balanceCents: number) =>
    `O valor passa do seu saldo disponível (${formatReais(balanceCents)}).`,
  balanceBelowMinimum: (balanceCents: number) =>
    `Seu saldo disponível (${formatReais(balanceCents)}) é menor que o valor mínimo do saque (${formatReais(WITHDRAWAL_MIN_CENTS)}).`,
} as const

/**
 * What is wrong with withdrawing `amountCents`, or null when it may be asked for. The
 * balance is checked when it is known (the app knows it; the server answers 409 for it).
 */
export function withdrawalAmountError(amountCents: number, balanceCents?: number): string | null {
  if (!Number.isSafeInteger(amountCents)) return withdrawalMessages.notWhole
  if (amountCents < WITHDRAWAL_MIN_CENTS) return withdrawalMessages.belowMinimum()
  if (balanceCents !== undefined && amountCents > balanceCents)
    return withdrawalMessages.overBalance(balanceCents)
  return null
}

/** Whether a balance is enough for any withdrawal at all. */
export const canWithdrawFrom = (balanceCents: number) => balanceCents >= WITHDRAWAL_MIN_CENTS
