import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState, type FormEvent } from 'react'
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom'
import { apiErrorMessage, isApiError } from '@/api/api-error'
import { OTP_LENGTH, OTP_MAX_ATTEMPTS } from '@/domain/constants'
import { formatPhone } from '@/domain/phone'
import { Button, ButtonLink } from '@/components/button'
import { Notice } from '@/components/notice'
import { Page } from '@/components/page'
import { TextField } from '@/components/text-field'
import { meQueryKey } from '@/features/account/api/me-query'
import { takeReturnPath, verifySignInCode } from '../api/sign-in'
import { startSession } from '../api/start-session'
import { clearPendingSignIn, readPendingSignIn } from '../api/pending-sign-in'
import { isoAfterSeconds, useCountdown } from '../use-countdown'
import styles from './auth.module.css'
import { authCopy } from '../copy'

const clock = new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit' })

const onlyDigits = (s: string) => s.replace(/\D/g, '').slice(0, OTP_LENGTH)

function codeErrorMessage(error: unknown): string {
  if (!isApiError(error)) return apiErrorMessage(error)
  switch (error.code) {
    case 'otp_invalid': {
      const left = error.problem?.attemptsLeft
      return left === undefined ? authCopy.allow.wrongCode : authCopy.allow.wrongCodeLeft(left)
    }
    case 'otp_expired':
      return authCopy.allow.expired
    case 'otp_locked':
      return authCopy.allow.locked
    default:
      return error.message
  }
}

export function AllowPage() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [params] = useSearchParams()
  const pending = readPendingSignIn()
  const [code, setCode] = useState(() => onlyDigits(params.get('otp') ?? ''))
  const [fieldError, setFieldError] = useState<string>()
  // When a locked code lets the agent ask for a new one (the server's resend lock).
  const [newCodeAt, setNewCodeAt] = useState<string>()
  const newCodeIn = useCountdown(newCodeAt)

  const verify = useMutation({
    // The session is on disk before the app moves on: killed right after, it opens signed in.
    mutationFn: async (value: string) => {
      const session = await verifySignInCode(pending!.phone, value)
      await startSession(session)
      return session
    },
    onSuccess: (session) => {
      queryClient.setQueryData(meQueryKey, session.agent)
      clearPendingSignIn()
      // A way back another agent's session left is dropped: this agent starts at home.
      navigate(takeReturnPath(session.agent.id) ?? '/', { replace: true })
    },
    onError: (error) => {
      if (isApiError(error) && error.code === 'otp_locked')
        setNewCodeAt(isoAfterSeconds(error.problem?.retryAfterSeconds ?? 0))
    },
  })

  // After success the pending sign-in is gone but we are already on our way in.
  if (!pending) return verify.isSuccess ? null : <Navigate to="/login" replace />

  function submit(event: FormEvent) {
    event.preventDefault()
    if (code.length !== OTP_LENGTH) {
      setFieldError(authCopy.allow.codeLength(OTP_LENGTH))
      return
    }
    setFieldError(undefined)
    verify.mutate(code)
  }

  const mustRequestAgain =
    isApiError(verify.error) &&
    (verify.error.code === 'otp_expired' || verify.error.code === 'otp_locked')

  return (
    <Page title={authCopy.allow.title} backTo="/login/request">
      <p className={styles.lead}>
        {authCopy.allow.lead(OTP_LENGTH)} <strong>{formatPhone(pending.phone)}</strong>.
      </p>
      <p className={styles.lead}>
        {authCopy.allow.validUntil(clock.format(new Date(pending.expiresAt)))}{' '}
        {authCopy.allow.attempts(OTP_MAX_ATTEMPTS)}
      </p>
      <form className={styles.form} onSubmit={submit} noValidate>
        <TextField
          label={authCopy.allow.codeLabel}
          className={styles.code}
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9]*"
          maxLength={OTP_LENGTH}
          value={code}
          error={fieldError}
          onChange={(e) => {
            setCode(onlyDigits(e.target.value))
            if (fieldError) setFieldError(undefined)
          }}
        />
        {verify.isError && (
          <Notice tone="error">
            {codeErrorMessage(verify.error)}
            {isApiError(verify.error) && verify.error.code === 'otp_locked' && (
              <>
                {' '}
                <span role="timer" aria-live="off">
                  {newCodeIn > 0
                    ? authCopy.allow.lockedWait(newCodeIn)
                    : authCopy.allow.lockedReady}
                </span>
              </>
            )}
          </Notice>
        )}
        {mustRequestAgain ? (
          <ButtonLink to="/login" block>
            {authCopy.allow.requestAgain}
          </ButtonLink>
        ) : (
          <Button type="submit" block busy={verify.isPending}>
            {authCopy.allow.submit}
          </Button>
        )}
      </form>
    </Page>
  )
}
