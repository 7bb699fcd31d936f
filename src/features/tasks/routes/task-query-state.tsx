import type { UseQueryResult } from '@tanstack/react-query'
import { ButtonLink } from '@/components/button'
import { LoadError } from '@/components/load-error'
import { EmptyState } from '@/components/status'
import { Skeleton } from '@/components/skeleton'
import { taskCopy as copy } from '../copy'
import { isNotFound } from '../task-presentation'

/** What a task screen shows before it has the task: loading, "Tarefa não encontrada", or an error. */
export function TaskQueryState({ query }: { query: UseQueryResult<unknown> }) {
  if (query.isPending) return <Skeleton count={3} height={88} label={copy.loading} />
  if (query.isError && !query.data) {
    if (isNotFound(query.error))
      return (
        <EmptyState
          title={copy.notFoundTitle}
          action={<ButtonLink to="/tasks">{copy.backToTasks}</ButtonLink>}
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
