import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { apiErrorMessage } from '@/api/api-error'
import { Button } from '@/components/button'
import { LoadError } from '@/components/load-error'
import { Notice } from '@/components/notice'
import { Page } from '@/components/page'
import { useSnackbar } from '@/components/snackbar'
import { Skeleton } from '@/components/skeleton'
import { formatDate, formatDateTime } from '@/lib/format'
import { acceptTerms, accountKeys, termsQueryOptions } from '../api/account-queries'
import { meQueryKey, meQueryOptions } from '../api/me-query'
import { accountCopy as copy } from '../copy'
import styles from './account.module.css'
import { useIdempotencyKey } from '@/lib/use-idempotency-key'

/** Paragraphs separated by blank lines, shown as text. */
function termsParagraphs(body: string): string[] {
  return body
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter(Boolean)
}

export function TermsPage() {
  const queryClient = useQueryClient()
  const snackbar = useSnackbar()
  const terms = useQuery(termsQueryOptions())
  const me = useQuery(meQueryOptions())
  const idempotency = useIdempotencyKey()
  const accept = useMutation({
    mutationFn: (version: string) => acceptTerms(version, idempotency.keyFor(version)),
    onError: (error) => idempotency.settle(error),
    onSuccess: (agent) => {
      queryClient.setQueryData(meQueryKey, agent)
      void queryClient.invalidateQueries({ queryKey: meQueryKey })
      void queryClient.invalidateQueries({ queryKey: accountKeys.terms })
      snackbar(copy.termsAccepted)
    },
  })

  const t = terms.data
  const accepted = t && me.data ? me.data.termsVersionAccepted === t.version : undefined

  return (
    <Page title={copy.termsTitle} backTo="/account">
      {(terms.isPending || me.isPending) && (
        <Skeleton label={copy.loadingTerms} count={3} height={64} />
      )}
      {terms.isError && !t && (
        <LoadError
          title={copy.termsError}
          error={terms.error}
          onRetry={() => void terms.refetch()}
        />
      )}
      {!terms.isError && me.isError && !me.data && (
        <LoadError title={copy.termsError} error={me.error} onRetry={() => void me.refetch()} />
      )}
      {t && (
        <article className={styles.terms} aria-labelledby="terms-heading">
          <h2 id="terms-heading" className={styles.sectionTitle}>
            {t.title}
          </h2>
          <p className={styles.muted}>{copy.termsVersion(t.version, formatDate(t.publishedAt))}</p>
          {accepted === false && <Notice tone="warning">{copy.mustAccept}</Notice>}
          {termsParagraphs(t.body).map((paragraph, i) => (
            <p key={i} className={styles.paragraph}>
              {paragraph}
            </p>
          ))}
        </article>
      )}
      {t && accepted === true && (
        <Notice tone="success">
          {copy.acceptedAt(t.acceptedAt ? formatDateTime(t.acceptedAt) : formatDate(t.publishedAt))}
        </Notice>
      )}
      {t && accepted === false && (
        <>
          {accept.isError && (
            <Notice tone="error" title={copy.acceptFailed}>
              {apiErrorMessage(accept.error)}
            </Notice>
          )}
          <Button block busy={accept.isPending} onClick={() => accept.mutate(t.version)}>
            {copy.acceptTerms}
          </Button>
        </>
      )}
    </Page>
  )
}
