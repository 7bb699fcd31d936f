/** Wallet: balance and transactions, bank data, withdrawals, awards given. */
import { queryOptions } from '@tanstack/react-query'
import type { BankInfo } from '@/api/entities'
import { data } from '@/api/client'
import { api } from '@/lib/api'
import { queryKeys } from '@/lib/query-keys'

export const walletKeys = {
  wallet: queryKeys.wallet,
  awards: [...queryKeys.wallet, 'awards'] as const,
}

export function walletQueryOptions() {
  return queryOptions({
    queryKey: walletKeys.wallet,
    queryFn: ({ signal }) => data(api().GET('/wallet', { signal })),
  })
}

/** A retry of the same save passes the same key (useIdempotencyKey), so it applies once. */
export function updateBankInfo(bank: BankInfo, idempotencyKey: string) {
  return data(
    api().PUT('/wallet/bank', {
      params: { header: { 'Idempotency-Key': idempotencyKey } },
      body: bank,
    }),
  )
}

/** The key is the caller's, so a retried withdrawal is applied once. */
export function requestWithdrawal(amountCents: number, idempotencyKey: string) {
  return data(
    api().POST('/wallet/withdrawals', {
      params: { header: { 'Idempotency-Key': idempotencyKey } },
      body: { amountCents },
    }),
  )
}

export function myAwardsQueryOptions() {
  return queryOptions({
    queryKey: walletKeys.awards,
    queryFn: ({ signal }) => data(api().GET('/awards/mine', { signal })),
  })
}
