import { useMutation } from '@tanstack/react-query'
import { useLayoutEffect, useRef, useState, type FormEvent } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { isApiError, apiErrorMessage } from '@/api/api-error'
import { formatPhoneMask, readPhone } from '@/domain/phone'
import { OTP_RESEND_LOCK_SECONDS, OTP_TTL_SECONDS } from '@/domain/constants'
import { Button } from '@/components/button'
import { Notice } from '@/components/notice'
import { Page } from '@/components/page'
import { MaskedField } from '@/components/masked-field'
import { requestSignInCode, type SignInConnection } from '../api/sign-in'
import { savePendingSignIn, readPendingSignIn } from '../api/pending-sign-in'
import styles from './auth.module.css'
import { authCopy } from '../copy'
import { useIdempotencyKey } from '@/lib/use-idempotency-key'
import { useHydrated } from '@/lib/use-hydrated'
import { appNow } from '@/lib/clock'
import { keptWorkOnDevice } from '@/lib/kept-work'
import { pathTo } from '@/lib/route-patterns'

export function LoginPage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const pending = readPendingSignIn()
  const [phone, setPhone] = useState(pending ? formatPhoneMask(pending.phone) : '')
  const [connection, setConnection] = useState<SignInConnection>(pending?.connection ?? 'sms')
  const [fieldError, setFieldError] = useState<string>()
  // The screen arrives as prerendered HTML: what the agent typed or chose before the app took
  // over is in the fields, not yet in the state. The phone field takes its own (MaskedField);
  // the channel is taken here, at the same commit. "Receber código" stays off until then (a
  // form sent before would put the phone number in the URL).
  const hydrated = useHydrated()
  const form = useRef<HTMLFormElement>(null)
  useLayoutEffect(() => {
    const chosen = (form.current?.elements.namedItem('connection') as RadioNodeList | null)?.value
    if (chosen === 'sms' || chosen === 'whatsapp') setConnection(chosen)
  }, [])

  const idempotency = useIdempotencyKey()
  const request = useMutation({
    mutationFn: (vars: { phone: string; connection: SignInConnection }) =>
      requestSignInCode(vars.phone, vars.connection, idempotency.keyFor(vars)),
    onSuccess: (ticket) => {
      // A code was sent: asking again later is a new request (a new code), not a replay.
      idempotency.forget()
      savePendingSignIn(ticket)
      navigate(pathTo('/login/request', {}, { connection: ticket.connection }))
    },
    onError: (error, vars) => {
      idempotency.settle(error)
      if (isApiError(error) && error.code === 'otp_resend_locked') {
        // A code was sent moments ago: go on waiting for it.
        const wait = error.problem?.retryAfterSeconds ?? OTP_RESEND_LOCK_SECONDS
        savePendingSignIn({
          phone: vars.phone,
          connection: vars.connection,
          resendAvailableAt: new Date(appNow() + wait * 1000).toISOString(),
          expiresAt: new Date(appNow() + OTP_TTL_SECONDS * 1000).toISOString(),
        })
        navigate(pathTo('/login/request', {}, { connection: vars.connection }))
        return
      }
      if (isApiError(error) && error.fieldErrors.phone) setFieldError(error.fieldErrors.phone)
    },
  })

  function submit(event: FormEvent) {
    event.preventDefault()
    const read = readPhone(phone)
    if (!read.ok) {
      setFieldError(read.message)
      return
    }
    setFieldError(undefined)
    request.mutate({ phone: read.value, connection })
  }

  const message = params.get('message')
  const generalError =
    request.isError && !(isApiError(request.error) && request.error.fieldErrors.phone)
      ? apiErrorMessage(request.error)
      : undefined

  return (
    <Page title={authCopy.login.title}>
      <p className={styles.brand} aria-hidden="true">
        Avaliador
      </p>
      <p className={styles.lead}>{authCopy.login.lead}</p>
      {message && <Notice>{message}</Notice>}
      <form ref={form} className={styles.form} onSubmit={submit} noValidate>
        <MaskedField
          name="phone"
          label={authCopy.login.phoneLabel}
          hint={authCopy.login.phoneHint}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          mask={formatPhoneMask}
          value={phone}
          error={fieldError}
          onChange={(masked) => {
            setPhone(masked)
            if (fieldError) setFieldError(undefined)
          }}
        />
        <fieldset className={styles.channels}>
          <legend>{authCopy.login.channelLegend}</legend>
          {(['sms', 'whatsapp'] as const).map((value) => (
            <label key={value} className={styles.channel}>
              <input
                type="radio"
                name="connection"
                value={value}
                checked={connection === value}
                onChange={() => setConnection(value)}
              />
              {value === 'sms' ? 'SMS' : 'WhatsApp'}
            </label>
          ))}
        </fieldset>
        {generalError && <Notice tone="error">{generalError}</Notice>}
        <Button type="submit" block busy={request.isPending} disabled={!hydrated}>
          {authCopy.login.submit}
        </Button>
      </form>
      {hydrated && <KeptWorkNotice />}
    </Page>
  )
}

/**
 * Whose visits wait on this phone for their agent to sign in again (lib/kept-work), below the
 * form: read from the device once the page is the app's (the prerendered page has none), it
 * moves nothing the agent may already be touching.
 */
function KeptWorkNotice() {
  const [kept] = useState(() => keptWorkOnDevice())
  if (kept.length === 0) return null
  return (
    <div className={styles.keptWork}>
      {kept.map(({ agentId, firstName, visits }) => (
        <Notice key={agentId} title={authCopy.login.keptWorkTitle(firstName, visits)}>
          {authCopy.login.keptWorkBody(firstName, visits)}
        </Notice>
      ))}
    </div>
  )
}
