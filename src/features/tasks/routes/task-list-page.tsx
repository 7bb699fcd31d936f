import { useInfiniteQuery } from '@tanstack/react-query'
import type { Task } from '@/api/entities'
import { Button, ButtonLink } from '@/components/button'
import { List, ListItem } from '@/components/list'
import { LoadError } from '@/components/load-error'
import { Page } from '@/components/page'
import { Badge, EmptyState } from '@/components/status'
import { Skeleton } from '@/components/skeleton'
import { machineStateOf, nextStep, STATUS_LABEL } from '@/domain/task-state-machine'
import { formatDateTime } from '@/lib/format'
import { myTaskPagesQueryOptions } from '../api/task-queries'
import { taskCopy as copy } from '../copy'
import { STATUS_TONE, TASK_LIST_GROUPS, taskPath } from '../task-presentation'
import styles from './tasks.module.css'

export function TaskListPage() {
  const tasks = useInfiniteQuery(myTaskPagesQueryOptions())
  const items = tasks.data?.pages.flatMap((page) => page.items) ?? []
  const total = tasks.data?.pages[0]?.total ?? 0
  // Canceled tasks have their own page; the rest are grouped here.
  const shown = items.length
  const groups = TASK_LIST_GROUPS.map((status) => ({
    status,
    tasks: items.filter((t) => t.status.code === status).sort(orderWithin(status)),
  })).filter((g) => g.tasks.length > 0)
  const hasPendencies = items.some((t) => t.status.code === 'contested')

  return (
    <Page title={copy.listTitle}>
      {tasks.isPending && <Skeleton count={4} label={copy.listLoading} />}
      {tasks.isError && (
        <LoadError
          title={copy.listLoadError}
          error={tasks.error}
          onRetry={() => void tasks.refetch()}
          stale={tasks.data !== undefined}
        />
      )}
      {tasks.isSuccess && groups.length === 0 && (
        <EmptyState
          title={copy.listEmptyTitle}
          action={<ButtonLink to="/oppy">{copy.seeOpportunities}</ButtonLink>}
        >
          <p>{copy.listEmptyBody}</p>
        </EmptyState>
      )}
      {groups.length > 0 && (
        <div className={styles.groups}>
          {groups.map((group) => (
            <section
              key={group.status}
              className={styles.section}
              aria-labelledby={`group-${group.status}`}
            >
              <h2 id={`group-${group.status}`}>
                {copy.groupHeading[group.status]}{' '}
                <span className={styles.count}>({group.tasks.length})</span>
              </h2>
              <List>
                {group.tasks.map((task) => (
                  <TaskRow key={task.id} task={task} />
                ))}
              </List>
            </section>
          ))}
        </div>
      )}
      {tasks.hasNextPage && (
        <div className={styles.groups}>
          <p role="status">{copy.showing(shown, total)}</p>
          <Button
            variant="secondary"
            block
            busy={tasks.isFetchingNextPage}
            onClick={() => void tasks.fetchNextPage()}
          >
            {copy.loadMore}
          </Button>
        </div>
      )}
      {tasks.isSuccess && (
        <nav aria-label={copy.moreLinks}>
          <List>
            {hasPendencies && <ListItem to="/tasks/validations" title={copy.validationsLink} />}
            <ListItem to="/tasks/canceled" title={copy.canceledLink} />
            <ListItem to="/tasks/policy" title={copy.policyLink} />
            <ListItem to="/tasks/permissions" title={copy.deviceCheckLink} />
          </List>
        </nav>
      )}
    </Page>
  )
}

/** Work still ahead: the soonest visit first. Finished work: the latest change first. */
function orderWithin(status: (typeof TASK_LIST_GROUPS)[number]) {
  if (status === 'started' || status === 'visited' || status === 'contested')
    return (a: Task, b: Task) => a.scheduledFor.localeCompare(b.scheduledFor)
  return (a: Task, b: Task) => b.status.changedAt.localeCompare(a.status.changedAt)
}

function TaskRow({ task }: { task: Task }) {
  return (
    <ListItem
      to={taskPath(task)}
      title={task.title}
      subtitle={
        <span className={styles.rowLines}>
          <span>{task.location.name}</span>
          <span>{copy.scheduledFor(formatDateTime(task.scheduledFor))}</span>
          {/* Status and next step under the title, so the title keeps the row's width at 360 px. */}
          <span className={styles.statusLine}>
            <Badge tone={STATUS_TONE[task.status.code]}>{STATUS_LABEL[task.status.code]}</Badge>
            <span className={styles.nextStep}>{copy.nextStep[nextStep(machineStateOf(task))]}</span>
          </span>
        </span>
      }
    />
  )
}
