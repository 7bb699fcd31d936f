import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { apiErrorMessage, isApiError } from '@/api/api-error'
import type { Wallet } from '@/api/entities'
import { Button, ButtonLink } from '@/components/button'
import { Notice } from '@/components/notice'
import { Sheet } from '@/components/sheet'
import { useSnackbar } from '@/components/snackbar'
import { TextField } from '@/components/text-field'
import { canWithdrawFrom, withdrawalAmountError } from '@/domain/withdrawal'
import { formatMoney } from '@/lib/format'
import { useIdempotencyKey } from '@/lib/use-idempotency-key'
import { meQueryKey } from '@/features/account/api/me-query'
import { requestWithdrawal, walletKeys } from '../api/wallet-queries'
import { bankLabel } from '../banks'
import { walletCopy as copy } from '../copy'
import { formatMoneyInput, parseMoneyInput } from '../money-input'
import styles from './wallet.module.css'

/**
 * The withdrawal: an amount up to the balance, to the registered account. One Idempotency-Key
 * per intent (this amount): a retry after a lost answer reuses it, so the money moves once;
 * a definitive answer from the server or another amount starts a new intent.
 */
export function WithdrawSheet({
  wallet,
  open,
  onClose,
}: {
  wallet: Wallet
  open: boolean
  onClose: () => void
}) {
  return (
    <Sheet open={open} title={copy.withdrawTitle} onClose={onClose}>
      {open && <WithdrawForm wallet={wallet} onDone={onClose} />}
    </Sheet>
  )
}

function WithdrawForm({ wallet, onDone }: { wallet: Wallet; onDone: () => void }) {
  const queryClient = useQueryClient()
  const snackbar = useSnackbar()
  const [amount, setAmount] = useState('')
  const [fieldError, setFieldError] = useState<string>()
  const idempotency = useIdempotencyKey()
  const balance = formatMoney(wallet.balanceCents)

  const withdraw = useMutation({
    mutationFn: (amountCents: number) =>
      requestWithdrawal(amountCents, idempotency.keyFor(amountCents)),
    onSuccess: (transaction) => {
      // The money moved: withdrawing the same amount again is a new intent.
      idempotency.forget()
      void queryClient.invalidateQueries({ queryKey: walletKeys.wallet })
      void queryClient.invalidateQueries({ queryKey: meQueryKey })
      snackbar(copy.withdrawn(formatMoney(Math.abs(transaction.amountCents))))
      onDone()
    },
    onError: (error) => {
      idempotency.settle(error)
      if (isApiError(error) && error.code === 'insufficient_balance') {
        setFieldError(error.message)
        void queryClient.invalidateQueries({ queryKey: walletKeys.wallet })
      }
      // The server's refusal of the amount (its minimum): next to the field, in its words.
      const refused = isApiError(error) ? error.fieldErrors.amountCents : undefined
      if (refused) setFieldError(refused)
      if (isApiError(error) && error.code === 'bank_info_missing')
        void queryClient.invalidateQueries({ queryKey: walletKeys.wallet })
    },
  })

  if (!wallet.bank)
    return (
      <div className={styles.sheetBody}>
        <Notice tone="warning">{copy.needBank}</Notice>
        <ButtonLink to="/account/bank-info?next=%2Faccount%2Fwallet" block>
          {copy.goToBank}
        </ButtonLink>
      </div>
    )

  if (!canWithdrawFrom(wallet.balanceCents))
    return (
      <div className={styles.sheetBody}>
        <Notice>
          {wallet.balanceCents <= 0
            ? copy.noBalance
            : copy.amountErrors.balanceBelowMinimum(wallet.balanceCents)}
        </Notice>
        <Button variant="secondary" block onClick={onDone}>
          {copy.close}
        </Button>
      </div>
    )

  function validate(text: string): number | string {
    if (text.trim() === '') return copy.amountErrors.empty
    const cents = parseMoneyInput(text)
    if (cents === null) return copy.amountErrors.invalid
    return withdrawalAmountError(cents, wallet.balanceCents) ?? cents
  }

  function submit(event: FormEvent) {
    event.preventDefault()
    const result = validate(amount)
    if (typeof result === 'string') {
      setFieldError(result)
      return
    }
    setFieldError(undefined)
    withdraw.mutate(result)
  }

  const parsed = parseMoneyInput(amount)
  const bankMissingAnswer =
    isApiError(withdraw.error) && withdraw.error.code === 'bank_info_missing'
  const answeredAtField =
    isApiError(withdraw.error) &&
    (withdraw.error.code === 'insufficient_balance' ||
      withdraw.error.fieldErrors.amountCents !== undefined)
  const generalError =
    withdraw.isError && !answeredAtField ? apiErrorMessage(withdraw.error) : undefined

  return (
    <form className={styles.sheetBody} onSubmit={submit} noValidate>
      <TextField
        label={copy.amountLabel}
        hint={copy.amountHint(balance)}
        inputMode="decimal"
        autoComplete="off"
        placeholder="0,00"
        value={amount}
        error={fieldError}
        onChange={(e) => {
          setAmount(e.target.value)
          if (fieldError) setFieldError(undefined)
        }}
      />
      <Button
        variant="ghost"
        onClick={() => {
          setAmount(formatMoneyInput(wallet.balanceCents))
          setFieldError(undefined)
        }}
      >
        {copy.withdrawAll} ({balance})
      </Button>
      <p className={styles.muted}>
        {copy.withdrawTo(bankLabel(wallet.bank.bankCode), wallet.bank.account)}
      </p>
      {generalError && (
        <Notice tone="error" title={copy.withdrawFailed}>
          {generalError}
        </Notice>
      )}
      {bankMissingAnswer && (
        <ButtonLink to="/account/bank-info?next=%2Faccount%2Fwallet" variant="secondary" block>
          {copy.goToBank}
        </ButtonLink>
      )}
      <Button type="submit" block busy={withdraw.isPending}>
        {parsed !== null && parsed > 0
          ? copy.confirmWithdraw(formatMoney(parsed))
          : copy.confirmWithdrawPlain}
      </Button>
    </form>
  )
}
