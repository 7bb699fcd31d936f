import { isAppPath } from '@/lib/app-path'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useRef, useState, type FormEvent } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { apiErrorMessage, isApiError } from '@/api/api-error'
import type { Wallet } from '@/api/entities'
import { formatCpf } from '@/domain/cpf'
import { PIX_KEY_MAX_CHARS } from '@/domain/pix-key'
import { Button } from '@/components/button'
import { useFocusFirstError } from '@/components/focus-first-error'
import { SelectField } from '@/components/form-fields'
import { LoadError } from '@/components/load-error'
import { Notice } from '@/components/notice'
import { Page } from '@/components/page'
import { useSnackbar } from '@/components/snackbar'
import { Skeleton } from '@/components/skeleton'
import { TextField } from '@/components/text-field'
import { profileQueryOptions } from '@/features/account/api/account-queries'
import { useIdempotencyKey } from '@/lib/use-idempotency-key'
import { updateBankInfo, walletKeys, walletQueryOptions } from '../api/wallet-queries'
import {
  bankFormFieldOf,
  bankFormValues,
  emptyBankForm,
  readBankForm,
  type BankFormField,
  type BankFormValues,
} from '../bank-info-form'
import { COMMON_BANKS, OTHER_BANK } from '../banks'
import { walletCopy as copy } from '../copy'
import styles from './wallet.module.css'

export function BankInfoPage() {
  const wallet = useQuery(walletQueryOptions())
  // Without bank data yet, the agent's own name and CPF are the likely holder.
  const profile = useQuery({
    ...profileQueryOptions(),
    enabled: wallet.isSuccess && !wallet.data.bank,
  })
  const waitingForProfile = wallet.isSuccess && !wallet.data.bank && profile.isPending
  return (
    <Page title={copy.bankTitle} backTo="/account">
      <p className={styles.muted}>{copy.bankLead}</p>
      {(wallet.isPending || waitingForProfile) && (
        <Skeleton label={copy.loadingBank} count={4} height={56} />
      )}
      {wallet.isError && !wallet.data && (
        <LoadError
          title={copy.bankError}
          error={wallet.error}
          onRetry={() => void wallet.refetch()}
        />
      )}
      {wallet.data && !waitingForProfile && (
        <BankForm
          initial={
            wallet.data.bank
              ? bankFormValues(wallet.data.bank)
              : emptyBankForm({ holderName: profile.data?.fullName, cpf: profile.data?.cpf })
          }
        />
      )}
    </Page>
  )
}

type Errors = Partial<Record<BankFormField, string>>

function BankForm({ initial }: { initial: BankFormValues }) {
  const queryClient = useQueryClient()
  const snackbar = useSnackbar()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<Errors>({})
  const form = useRef<HTMLFormElement>(null)
  // On each refused submit: focus to the first field marked invalid, its label in view.
  const focusFirstError = useFocusFirstError(form)
  const typeErrorId = useId()

  const idempotency = useIdempotencyKey()
  const save = useMutation({
    mutationFn: (bank: Parameters<typeof updateBankInfo>[0]) =>
      updateBankInfo(bank, idempotency.keyFor(bank)),
    onSuccess: (wallet: Wallet) => {
      queryClient.setQueryData(walletKeys.wallet, wallet)
      const next = params.get('next')
      snackbar(copy.bankSaved, { onNextScreen: isAppPath(next) })
      if (isAppPath(next)) void navigate(next)
    },
    onError: (error) => {
      idempotency.settle(error)
      if (!isApiError(error)) return
      const fromServer: Errors = {}
      for (const [path, message] of Object.entries(error.fieldErrors)) {
        const field = bankFormFieldOf(path)
        if (field) fromServer[field] ??= message
      }
      setErrors(fromServer)
      focusFirstError()
    },
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    const result = readBankForm(values)
    if (!result.ok) {
      setErrors(result.errors)
      focusFirstError()
      return
    }
    setErrors({})
    save.mutate(result.bank)
  }

  function set<K extends BankFormField>(name: K, value: BankFormValues[K]) {
    setValues((current) => ({ ...current, [name]: value }))
    if (errors[name]) setErrors(({ [name]: _gone, ...rest }) => rest)
  }

  const f = copy.fields
  const fieldErrorsFromServer =
    isApiError(save.error) && Object.keys(save.error.fieldErrors).some((p) => bankFormFieldOf(p))
  const hasErrors = Object.keys(errors).length > 0

  return (
    <form
      ref={form}
      className={styles.form}
      onSubmit={submit}
      noValidate
      aria-label={copy.bankTitle}
    >
      <TextField
        label={f.holderName}
        autoComplete="name"
        value={values.holderName}
        error={errors.holderName}
        onChange={(e) => set('holderName', e.target.value)}
      />
      <TextField
        label={f.cpf}
        hint={f.cpfHint}
        inputMode="numeric"
        maxLength={14}
        value={values.cpf}
        error={errors.cpf}
        onChange={(e) => set('cpf', formatCpf(e.target.value))}
      />
      <SelectField
        label={f.bank}
        value={values.bankChoice}
        error={errors.bankChoice}
        onChange={(e) => set('bankChoice', e.target.value)}
      >
        <option value="">{f.chooseBank}</option>
        {COMMON_BANKS.map((b) => (
          <option key={b.code} value={b.code}>
            {b.code} — {b.name}
          </option>
        ))}
        <option value={OTHER_BANK}>{f.otherBank}</option>
      </SelectField>
      {values.bankChoice === OTHER_BANK && (
        <TextField
          label={f.otherBankCode}
          hint={f.otherBankHint}
          inputMode="numeric"
          maxLength={3}
          value={values.otherBankCode}
          error={errors.otherBankCode}
          onChange={(e) => set('otherBankCode', e.target.value.replace(/\D/g, ''))}
        />
      )}
      <TextField
        label={f.branch}
        inputMode="numeric"
        maxLength={5}
        value={values.branch}
        error={errors.branch}
        onChange={(e) => set('branch', e.target.value)}
      />
      <TextField
        label={f.account}
        hint={f.accountHint}
        inputMode="text"
        autoCapitalize="characters"
        maxLength={14}
        value={values.account}
        error={errors.account}
        onChange={(e) => set('account', e.target.value)}
      />
      <fieldset
        className={styles.radios}
        aria-describedby={errors.accountType ? typeErrorId : undefined}
      >
        <legend>{f.accountType}</legend>
        {(['corrente', 'poupanca'] as const).map((type) => (
          <label key={type} className={styles.radio}>
            <input
              type="radio"
              name="accountType"
              value={type}
              checked={values.accountType === type}
              aria-invalid={errors.accountType ? true : undefined}
              onChange={() => set('accountType', type)}
            />
            {f[type]}
          </label>
        ))}
        {errors.accountType && (
          <span id={typeErrorId} className={styles.radioError} role="alert">
            {errors.accountType}
          </span>
        )}
      </fieldset>
      <TextField
        label={f.pixKey}
        hint={f.pixKeyHint}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={PIX_KEY_MAX_CHARS}
        value={values.pixKey}
        error={errors.pixKey}
        onChange={(e) => set('pixKey', e.target.value)}
      />
      {hasErrors && <Notice tone="error">{copy.checkFields}</Notice>}
      {save.isError && !fieldErrorsFromServer && (
        <Notice tone="error" title={copy.bankSaveFailed}>
          {apiErrorMessage(save.error)}
        </Notice>
      )}
      <Button type="submit" block busy={save.isPending}>
        {copy.save}
      </Button>
    </form>
  )
}
