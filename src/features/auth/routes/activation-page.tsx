import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom'
import { apiErrorMessage, isApiError } from '@/api/api-error'
import type { Session } from '@/api/entities'
import { Button } from '@/components/button'
import { LoadError } from '@/components/load-error'
import { Notice } from '@/components/notice'
import { Page } from '@/components/page'
import { Skeleton } from '@/components/skeleton'
import { formatDate } from '@/lib/format'
import { currentSession } from '@/lib/session'
import { acceptTerms, termsQueryOptions } from '@/features/account/api/account-queries'
import { meQueryKey } from '@/features/account/api/me-query'
import { activateAccount } from '../api/sign-in'
import { startSession } from '../api/start-session'
import styles from './auth.module.css'
import { authCopy } from '../copy'
import { useIdempotencyKey } from '@/lib/use-idempotency-key'
import { pathTo } from '@/lib/route-patterns'

const copy = authCopy.activation

/** Errors that mean the link itself is bad; anything else (offline, 5xx) is retried here. */
const LINK_ERRORS = new Set([
  'activation_invalid',
  'activation_expired',
  'not_found',
  'validation_failed',
])

/**
 * `/activation?id=&token=` from the invitation: activates the account, signs the agent in
 * (as the code sign-in does), then asks for the current terms before the app opens.
 */
export function ActivationPage() {
  const [params] = useSearchParams()
  const id = params.get('id')?.trim() ?? ''
  const token = params.get('token')?.trim() ?? ''
  if (!id || !token) return <Navigate to="/activation/error?reason=activation_invalid" replace />
  return <Activation id={id} token={token} />
}

function Activation({ id, token }: { id: string; token: string }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const activate = useMutation({
    mutationFn: () => activateAccount(id, token),
    onSuccess: async (session: Session) => {
      // Another agent's cached data must not show for the new one.
      if (currentSession()?.agentId !== session.agent.id) queryClient.clear()
      // On disk before the screen says the account is ready.
      await startSession(session)
      queryClient.setQueryData(meQueryKey, session.agent)
    },
    onError: (error) => {
      if (isApiError(error) && !error.isTransient) {
        const reason = LINK_ERRORS.has(error.code) ? error.code : 'unknown'
        void navigate(pathTo('/activation/error', {}, { reason }), { replace: true })
      }
    },
  })
  // The invitation is single-use: send it once, even if the effect runs twice.
  const sent = useRef(false)
  const { mutate } = activate
  useEffect(() => {
    if (sent.current) return
    sent.current = true
    mutate()
  }, [mutate])

  const session = activate.data
  return (
    <Page title={copy.title}>
      {(activate.isPending || activate.isIdle) && <Skeleton label={copy.activating} count={2} />}
      {activate.isError && isApiError(activate.error) && activate.error.isTransient && (
        <LoadError
          title={copy.activationFailed}
          error={activate.error}
          onRetry={() => activate.mutate()}
        />
      )}
      {session && <TermsStep acceptedVersion={session.agent.termsVersionAccepted} />}
    </Page>
  )
}

function TermsStep({ acceptedVersion }: { acceptedVersion: string | null }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const terms = useQuery(termsQueryOptions())
  const idempotency = useIdempotencyKey()
  const accept = useMutation({
    mutationFn: (version: string) => acceptTerms(version, idempotency.keyFor(version)),
    onError: (error) => idempotency.settle(error),
    onSuccess: (agent) => {
      queryClient.setQueryData(meQueryKey, agent)
      void queryClient.invalidateQueries({ queryKey: termsQueryOptions().queryKey })
      void navigate('/oppy', { replace: true })
    },
  })
  const t = terms.data
  const alreadyAccepted = t !== undefined && acceptedVersion === t.version
  useEffect(() => {
    if (alreadyAccepted) void navigate('/oppy', { replace: true })
  }, [alreadyAccepted, navigate])

  if (terms.isPending) return <Skeleton label={copy.loadingTerms} count={3} height={64} />
  if (terms.isError && !t)
    return (
      <LoadError title={copy.termsError} error={terms.error} onRetry={() => void terms.refetch()} />
    )
  if (!t || alreadyAccepted) return null
  return (
    <>
      <Notice tone="success">{copy.activated}</Notice>
      <article className={styles.form} aria-labelledby="activation-terms">
        <h2 id="activation-terms">{t.title}</h2>
        <p className={styles.lead}>{copy.version(t.version, formatDate(t.publishedAt))}</p>
        {t.body
          .split(/\r?\n\s*\r?\n/)
          .map((p) => p.trim())
          .filter(Boolean)
          .map((paragraph, i) => (
            <p key={i}>{paragraph}</p>
          ))}
      </article>
      {accept.isError && (
        <Notice tone="error" title={copy.acceptFailed}>
          {apiErrorMessage(accept.error)}
        </Notice>
      )}
      <Button block busy={accept.isPending} onClick={() => accept.mutate(t.version)}>
        {copy.accept}
      </Button>
    </>
  )
}
