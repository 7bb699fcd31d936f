import { useMutation } from '@tanstack/react-query'
import { useState } from 'react'
import { Navigate, useNavigate } from 'react-router-dom'
import { apiErrorMessage, isApiError } from '@/api/api-error'
import { OTP_RESEND_LOCK_SECONDS, OTP_TTL_SECONDS } from '@/domain/constants'
import { formatPhone } from '@/domain/phone'
import { Button, ButtonLink } from '@/components/button'
import { Notice } from '@/components/notice'
import { Page } from '@/components/page'
import { requestSignInCode } from '../api/sign-in'
import { readPendingSignIn, savePendingSignIn } from '../api/pending-sign-in'
import { useCountdown } from '../use-countdown'
import styles from './auth.module.css'
import { authCopy } from '../copy'
import { useIdempotencyKey } from '@/lib/use-idempotency-key'
import { appNow } from '@/lib/clock'

const CHANNEL_LABEL = { sms: 'SMS', whatsapp: 'WhatsApp' } as const

export function RequestPage() {
  const navigate = useNavigate()
  const [pending, setPending] = useState(readPendingSignIn)
  const secondsLeft = useCountdown(pending?.resendAvailableAt)
  const idempotency = useIdempotencyKey()
  const resend = useMutation({
    mutationFn: () =>
      requestSignInCode(
        pending!.phone,
        pending!.connection,
        idempotency.keyFor({ phone: pending!.phone, connection: pending!.connection }),
      ),
    onSuccess: (ticket) => {
      // Sent: the next "Reenviar" asks for another code, so it needs its own key.
      idempotency.forget()
      savePendingSignIn(ticket)
      setPending(ticket)
    },
    onError: (error) => {
      idempotency.settle(error)
      if (isApiError(error) && error.code === 'otp_resend_locked' && pending) {
        const next = {
          ...pending,
          resendAvailableAt: new Date(
            appNow() + (error.problem?.retryAfterSeconds ?? OTP_RESEND_LOCK_SECONDS) * 1000,
          ).toISOString(),
        }
        savePendingSignIn(next)
        setPending(next)
      }
    },
  })

  if (!pending) return <Navigate to="/login" replace />

  return (
    <Page title={authCopy.request.title} backTo="/login">
      <p className={styles.lead}>
        {authCopy.request.sentTo} <strong>{formatPhone(pending.phone)}</strong> por{' '}
        {CHANNEL_LABEL[pending.connection]}. {authCopy.request.validity(OTP_TTL_SECONDS / 60)}
      </p>
      {resend.isSuccess && <Notice tone="success">{authCopy.request.resent}</Notice>}
      {resend.isError &&
        !(isApiError(resend.error) && resend.error.code === 'otp_resend_locked') && (
          <Notice tone="error">{apiErrorMessage(resend.error)}</Notice>
        )}
      <div className={styles.actions}>
        <Button block onClick={() => navigate('/login/allow')}>
          {authCopy.request.typeCode}
        </Button>
        <Button
          block
          variant="secondary"
          disabled={secondsLeft > 0}
          busy={resend.isPending}
          onClick={() => resend.mutate()}
          aria-describedby="resend-wait"
        >
          {secondsLeft > 0 ? authCopy.request.resendIn(secondsLeft) : authCopy.request.resend}
        </Button>
        <span id="resend-wait" className="visually-hidden">
          {secondsLeft > 0
            ? authCopy.request.resendWait(secondsLeft)
            : authCopy.request.resendReady}
        </span>
        <ButtonLink to="/login" variant="ghost" block>
          {authCopy.request.changeNumber}
        </ButtonLink>
      </div>
    </Page>
  )
}
