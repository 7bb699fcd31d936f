import { useQuery } from '@tanstack/react-query'
import { List, ListItem } from '@/components/list'
import { LoadError } from '@/components/load-error'
import { Page } from '@/components/page'
import { EmptyState } from '@/components/status'
import { Skeleton } from '@/components/skeleton'
import { formatDateTime } from '@/lib/format'
import { myTasksQueryOptions } from '../api/task-queries'
import { taskCopy as copy } from '../copy'
import styles from './tasks.module.css'
import { pathTo } from '@/lib/route-patterns'

export function CanceledTasksPage() {
  const tasks = useQuery(myTasksQueryOptions(['canceled']))
  const items = tasks.data?.items ?? []
  return (
    <Page title={copy.canceledTitle} backTo="/tasks">
      {tasks.isPending && <Skeleton count={3} label={copy.listLoading} />}
      {tasks.isError && (
        <LoadError
          title={copy.listLoadError}
          error={tasks.error}
          onRetry={() => void tasks.refetch()}
        />
      )}
      {tasks.isSuccess && items.length === 0 && (
        <EmptyState title={copy.canceledEmptyTitle}>
          <p>{copy.canceledEmptyBody}</p>
        </EmptyState>
      )}
      {items.length > 0 && (
        <List>
          {items.map((task) => (
            <ListItem
              key={task.id}
              to={pathTo('/tasks/:slug', { slug: task.slug })}
              title={task.title}
              subtitle={
                <span className={styles.rowLines}>
                  <span>{task.location.name}</span>
                  <span>{copy.canceledAt(formatDateTime(task.status.changedAt))}</span>
                  <span>
                    {task.status.reason ? copy.reason(task.status.reason) : copy.noReason}
                  </span>
                </span>
              }
            />
          ))}
        </List>
      )}
    </Page>
  )
}
