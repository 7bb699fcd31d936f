import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useRef, useState, type FormEvent, type ReactNode } from 'react'
import { apiErrorMessage, isApiError } from '@/api/api-error'
import type { Profile } from '@/api/entities'
import { formatCpf } from '@/domain/cpf'
import { formatPhone } from '@/domain/phone'
import { Button } from '@/components/button'
import { useFocusFirstError } from '@/components/focus-first-error'
import { SelectField } from '@/components/form-fields'
import { LoadError } from '@/components/load-error'
import { Notice } from '@/components/notice'
import { Page } from '@/components/page'
import { useSnackbar } from '@/components/snackbar'
import { Skeleton } from '@/components/skeleton'
import { DateField } from '@/components/date-field'
import { TextField } from '@/components/text-field'
import { useIdempotencyKey } from '@/lib/use-idempotency-key'
import { accountKeys, profileQueryOptions, updateProfile } from '../api/account-queries'
import { meQueryKey } from '../api/me-query'
import { accountCopy as copy } from '../copy'
import {
  BRAZIL_UFS,
  formatCep,
  isProfileFormField,
  profileFormValues,
  readProfileForm,
  type ProfileFormField,
  type ProfileFormValues,
} from '../profile-form'
import styles from './account.module.css'

const showDate = (iso: string) => iso.split('-').reverse().join('/')

export function ProfilePage() {
  const profile = useQuery(profileQueryOptions())
  const [editing, setEditing] = useState(false)
  return (
    <Page title={copy.profileTitle} backTo="/account">
      {profile.isPending && <Skeleton label={copy.loadingProfile} count={4} height={48} />}
      {profile.isError && !profile.data && (
        <LoadError
          title={copy.profileError}
          error={profile.error}
          onRetry={() => void profile.refetch()}
        />
      )}
      {profile.data &&
        (editing ? (
          <ProfileForm profile={profile.data} onDone={() => setEditing(false)} />
        ) : (
          <ProfileView profile={profile.data} onEdit={() => setEditing(true)} />
        ))}
    </Page>
  )
}

function ProfileView({ profile, onEdit }: { profile: Profile; onEdit: () => void }) {
  const a = profile.address
  const f = copy.fields
  const rows: Array<[string, ReactNode]> = [
    [f.fullName, profile.fullName],
    [f.displayName, profile.displayName],
    [f.email, profile.email],
    [f.birthDate, showDate(profile.birthDate)],
    [f.phone, formatPhone(profile.phone)],
    [f.cpf, formatCpf(profile.cpf)],
    [
      copy.addressLegend,
      <>
        {a.street}, {a.number}
        {a.complement ? ` — ${a.complement}` : ''}
        <br />
        {a.district} — {a.city}/{a.state}
        <br />
        {f.zip} {formatCep(a.zip)}
      </>,
    ],
  ]
  return (
    <>
      <dl className={styles.details}>
        {rows.map(([label, value]) => (
          <div key={label} className={styles.detailRow}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <Button block onClick={onEdit}>
        {copy.edit}
      </Button>
    </>
  )
}

type Errors = Partial<Record<ProfileFormField, string>>

function ProfileForm({ profile, onDone }: { profile: Profile; onDone: () => void }) {
  const queryClient = useQueryClient()
  const snackbar = useSnackbar()
  const [values, setValues] = useState<ProfileFormValues>(() => profileFormValues(profile))
  const [errors, setErrors] = useState<Errors>({})
  const form = useRef<HTMLFormElement>(null)
  // On each refused submit: focus to the first field marked invalid, its label in view.
  const focusFirstError = useFocusFirstError(form)

  const idempotency = useIdempotencyKey()
  const save = useMutation({
    mutationFn: (input: Parameters<typeof updateProfile>[0]) =>
      updateProfile(input, idempotency.keyFor(input)),
    onSuccess: (updated) => {
      queryClient.setQueryData(accountKeys.profile, updated)
      void queryClient.invalidateQueries({ queryKey: meQueryKey })
      snackbar(copy.saved)
      onDone()
    },
    onError: (error) => {
      idempotency.settle(error)
      if (!isApiError(error)) return
      const fromServer: Errors = {}
      for (const [path, message] of Object.entries(error.fieldErrors))
        if (isProfileFormField(path)) fromServer[path] ??= message
      setErrors(fromServer)
      focusFirstError()
    },
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    const result = readProfileForm(values)
    if (!result.ok) {
      setErrors(result.errors)
      focusFirstError()
      return
    }
    setErrors({})
    save.mutate(result.input)
  }

  /** The props every field shares: its value, its error, and keeping what is typed. */
  const field = (name: ProfileFormField, format: (v: string) => string = (v) => v) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (e: { target: { value: string } }) => {
      const value = format(e.target.value)
      setValues((current) => ({ ...current, [name]: value }))
      if (errors[name]) setErrors(({ [name]: _gone, ...rest }) => rest)
    },
  })

  const f = copy.fields
  const unmappedServerError =
    save.isError &&
    !(isApiError(save.error) && Object.keys(save.error.fieldErrors).some(isProfileFormField))
  const hasErrors = Object.keys(errors).length > 0

  return (
    <form ref={form} className={styles.form} onSubmit={submit} noValidate aria-label={copy.edit}>
      <TextField label={f.fullName} autoComplete="name" {...field('fullName')} />
      <TextField
        label={f.displayName}
        hint={f.displayNameHint}
        autoComplete="nickname"
        {...field('displayName')}
      />
      <TextField
        label={f.email}
        type="email"
        inputMode="email"
        autoComplete="email"
        {...field('email')}
      />
      <DateField
        label={f.birthDate}
        name="birthDate"
        value={values.birthDate}
        error={errors.birthDate}
        onChange={(text) => field('birthDate').onChange({ target: { value: text } })}
      />
      <fieldset className={styles.fieldset}>
        <legend>{copy.addressLegend}</legend>
        <TextField
          label={f.zip}
          hint={f.zipHint}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={9}
          {...field('address.zip', formatCep)}
        />
        <TextField label={f.street} autoComplete="address-line1" {...field('address.street')} />
        <div className={styles.twoColumns}>
          <TextField label={f.number} inputMode="text" {...field('address.number')} />
          <TextField
            label={f.complement}
            autoComplete="address-line2"
            {...field('address.complement')}
          />
        </div>
        <TextField label={f.district} {...field('address.district')} />
        <TextField label={f.city} autoComplete="address-level2" {...field('address.city')} />
        <SelectField label={f.state} autoComplete="address-level1" {...field('address.state')}>
          <option value="">{f.chooseState}</option>
          {BRAZIL_UFS.map(([uf, name]) => (
            <option key={uf} value={uf}>
              {uf} — {name}
            </option>
          ))}
        </SelectField>
      </fieldset>
      <p className={styles.muted}>{copy.notEditable}</p>
      {hasErrors && <Notice tone="error">{copy.checkFields}</Notice>}
      {unmappedServerError && (
        <Notice tone="error" title={copy.saveFailed}>
          {apiErrorMessage(save.error)}
        </Notice>
      )}
      <div className={styles.actions}>
        <Button type="submit" block busy={save.isPending}>
          {copy.save}
        </Button>
        <Button variant="ghost" block onClick={onDone} disabled={save.isPending}>
          {copy.cancel}
        </Button>
      </div>
    </form>
  )
}
