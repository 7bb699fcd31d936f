import type { UseQueryResult } from '@tanstack/react-query'
import { isApiError } from '@/api/api-error'
import { ButtonLink } from '@/components/button'
import { LoadError } from '@/components/load-error'
import { EmptyState } from '@/components/status'
import { Skeleton } from '@/components/skeleton'
import { opportunityCopy as copy } from '../copy'

/** What an opportunity screen shows before it has the offer: loading, not found, or an error. */
export function OpportunityQueryState({ query }: { query: UseQueryResult<unknown> }) {
  if (query.isPending) return <Skeleton count={3} height={96} label={copy.loading} />
  if (query.isError && !query.data) {
    if (isApiError(query.error) && query.error.status === 404)
      return (
        <EmptyState
          title={copy.notFoundTitle}
          action={<ButtonLink to="/oppy">{copy.backToList}</ButtonLink>}
        >
          <p>{copy.notFoundBody}</p>
        </EmptyState>
      )
    return (
      <LoadError title={copy.loadError} error={query.error} onRetry={() => void query.refetch()} />
    )
  }
  return null
}
