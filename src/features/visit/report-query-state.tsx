import type { UseQueryResult } from '@tanstack/react-query'
import { isApiError } from '@/api/api-error'
import { ButtonLink } from '@/components/button'
import { LoadError } from '@/components/load-error'
import { EmptyState } from '@/components/status'
import { Skeleton } from '@/components/skeleton'
import { visitCopy as copy } from './visit-copy'

/** Before the report can show: loading, "Tarefa não encontrada", or the error with a retry. */
export function ReportQueryState({
  query,
  loadingLabel = copy.loading,
  errorTitle = copy.loadError,
}: {
  query: UseQueryResult<unknown> | undefined
  loadingLabel?: string
  errorTitle?: string
}) {
  if (!query) return <Skeleton count={4} height={64} label={loadingLabel} />
  if (isApiError(query.error) && query.error.status === 404)
    return (
      <EmptyState
        title={copy.notFoundTitle}
        action={<ButtonLink to="/tasks">{copy.backToTasks}</ButtonLink>}
      >
        <p>{copy.notFoundBody}</p>
      </EmptyState>
    )
  return <LoadError title={errorTitle} error={query.error} onRetry={() => void query.refetch()} />
}
