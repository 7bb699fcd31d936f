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
import { STATUS_TONE, TASK_LIST_GROUPS } from '../task-presentation'
import styles from './tasks.module.css'
import { pathTo } from '@/lib/route-patterns'

type Group = (typeof TASK_LIST_GROUPS)[number]

/**
 * The agent's tasks by status, most urgent first. Every heading counts what the server has
 * (`totalsByStatus`), and every status with tasks shows, loaded or not: when all of them fit
 * in one answer they are listed from it; otherwise each group loads its own, a page at a time.
 */
export function TaskListPage() {
  const tasks = useInfiniteQuery(myTaskPagesQueryOptions())
  const first = tasks.data?.pages[0]
  const totals = first?.totalsByStatus
  const allHere = first !== undefined && !first.nextCursor
  // Canceled tasks have their own page; the rest are grouped here.
  const groups = TASK_LIST_GROUPS.filter((status) => (totals?.[status] ?? 0) > 0)

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
      {totals && groups.length > 0 && (
        <div className={styles.groups}>
          {groups.map((status) => (
            <section key={status} className={styles.section} aria-labelledby={`group-${status}`}>
              <h2 id={`group-${status}`}>
                {copy.groupHeading[status]} <span className={styles.count}>({totals[status]})</span>
              </h2>
              {allHere ? (
                <TaskRows tasks={first.items.filter((t) => t.status.code === status)} />
              ) : (
                <GroupPages status={status} />
              )}
            </section>
          ))}
        </div>
      )}
      {tasks.isSuccess && (
        <nav aria-label={copy.moreLinks}>
          <List>
            {(totals?.contested ?? 0) > 0 && (
              <ListItem to="/tasks/validations" title={copy.validationsLink} />
            )}
            <ListItem to="/tasks/canceled" title={copy.canceledLink} />
            <ListItem to="/tasks/policy" title={copy.policyLink} />
            <ListItem to="/tasks/permissions" title={copy.deviceCheckLink} />
          </List>
        </nav>
      )}
    </Page>
  )
}

/** One status of a large account: its own pages, with how many of its tasks are shown. */
function GroupPages({ status }: { status: Group }) {
  const pages = useInfiniteQuery(myTaskPagesQueryOptions(status))
  const items = pages.data?.pages.flatMap((page) => page.items) ?? []
  const total = pages.data?.pages[0]?.total ?? 0
  return (
    <>
      {pages.isPending && (
        <Skeleton count={2} label={copy.groupLoading(copy.groupHeading[status])} />
      )}
      {pages.isError && (
        <LoadError
          title={copy.groupLoadError(copy.groupHeading[status])}
          error={pages.error}
          onRetry={() => void pages.refetch()}
          stale={pages.data !== undefined}
        />
      )}
      {items.length > 0 && <TaskRows tasks={items} />}
      {pages.hasNextPage && (
        <>
          <p role="status">{copy.showing(items.length, total)}</p>
          <Button
            variant="secondary"
            block
            busy={pages.isFetchingNextPage}
            aria-label={`${copy.loadMore}: ${copy.groupHeading[status]}`}
            onClick={() => void pages.fetchNextPage()}
          >
            {copy.loadMore}
          </Button>
        </>
      )}
    </>
  )
}

function TaskRows({ tasks }: { tasks: Task[] }) {
  const status = tasks[0]?.status.code
  const sorted = status ? [...tasks].sort(orderWithin(status as Group)) : tasks
  return (
    <List>
      {sorted.map((task) => (
        <TaskRow key={task.id} task={task} />
      ))}
    </List>
  )
}

/** Work still ahead: the soonest visit first. Finished work: the latest change first. */
function orderWithin(status: Group) {
  if (status === 'started' || status === 'visited' || status === 'contested')
    return (a: Task, b: Task) => a.scheduledFor.localeCompare(b.scheduledFor)
  return (a: Task, b: Task) => b.status.changedAt.localeCompare(a.status.changedAt)
}

function TaskRow({ task }: { task: Task }) {
  return (
    <ListItem
      to={pathTo('/tasks/:slug', { slug: task.slug })}
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
