import { useQuery, useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useEffect, useState } from 'react'
import { Link, useParams } from 'react-router-dom'
import type { Task } from '@/api/entities'
import { ButtonLink } from '@/components/button'
import { List, ListItem } from '@/components/list'
import { Notice } from '@/components/notice'
import { Page } from '@/components/page'
import { Badge } from '@/components/status'
import { allowedEvents, machineStateOf, nextStep, STATUS_LABEL } from '@/domain/task-state-machine'
import { appNow } from '@/lib/clock'
import { whenIdle } from '@/lib/idle'
import { afterFirstScreen } from '@/lib/query-client'
import { taskQueryOptions } from '../api/task-queries'
import { taskCopy as copy } from '../copy'
import { STATUS_TONE } from '../task-presentation'
import { TaskFacts } from './task-facts'
import { TaskQueryState } from './task-query-state'
import styles from './tasks.module.css'
import { pathTo } from '@/lib/route-patterns'

// The cancel form (and its validator) loads once the hub has its answers and is idle.
const loadCancelSheet = () => import('./cancel-task-sheet')
const CancelTaskSheet = lazy(async () => ({ default: (await loadCancelSheet()).CancelTaskSheet }))

/** One task: where and when, and the one next step the state machine allows as the main button. */
export function TaskHubPage() {
  const { slug = '' } = useParams()
  const query = useQuery(taskQueryOptions(slug))
  const [canceling, setCanceling] = useState(false)
  // Mounted from the first tap on (its chunk is usually prefetched by then), kept afterwards.
  const [cancelOpened, setCancelOpened] = useState(false)
  const task = query.data

  if (!task)
    return (
      <Page title={copy.hubTitle} backTo="/tasks">
        <TaskQueryState query={query} />
      </Page>
    )

  const state = machineStateOf(task)
  const allowed = allowedEvents(state, 'agent', appNow())
  return (
    <Page title={task.title} backTo="/tasks">
      <p className={styles.headline}>
        <span>{task.slug}</span>
        <Badge tone={STATUS_TONE[task.status.code]}>{STATUS_LABEL[task.status.code]}</Badge>
      </p>
      <section className={styles.card} aria-label={copy.hubTitle}>
        <TaskFacts task={task} showDeadline={task.status.code === 'started'} />
      </section>
      {task.status.reason &&
        (task.status.code === 'rejected' || task.status.code === 'canceled') && (
          <Notice
            tone={task.status.code === 'rejected' ? 'error' : 'info'}
            title={task.status.code === 'rejected' ? copy.rejectedReason : copy.canceledReason}
          >
            {task.status.reason}
          </Notice>
        )}
      <MainStep task={task} />
      <nav aria-label={copy.otherActions}>
        <List>
          <ListItem to={pathTo('/tasks/:slug/details', { slug: task.slug })} title={copy.details} />
          <ListItem
            to={pathTo('/tasks/:slug/status', { slug: task.slug })}
            title={copy.seeStatus}
          />
          {allowed.includes('reschedule') && (
            <ListItem
              to={pathTo('/tasks/:slug/reschedule', { slug: task.slug })}
              title={copy.reschedule}
            />
          )}
          {allowed.includes('cancel') && (
            <ListItem
              onClick={() => {
                setCancelOpened(true)
                setCanceling(true)
              }}
              title={copy.cancelTask}
            />
          )}
        </List>
      </nav>
      {allowed.includes('cancel') && <PrefetchWhenIdle load={loadCancelSheet} />}
      {cancelOpened && (
        <Suspense fallback={null}>
          <CancelTaskSheet task={task} open={canceling} onClose={() => setCanceling(false)} />
        </Suspense>
      )}
    </Page>
  )
}

function MainStep({ task }: { task: Task }) {
  const step = nextStep(machineStateOf(task))
  switch (step) {
    case 'checkin':
    case 'continue-visit':
      return (
        <ButtonLink to={pathTo('/tasks/:slug/checkin', { slug: task.slug })} block>
          {copy.nextStep[step]}
        </ButtonLink>
      )
    case 'fill-report':
      return (
        <ButtonLink to={pathTo('/tasks/:slug/report', { slug: task.slug })} block>
          {copy.nextStep[step]}
        </ButtonLink>
      )
    case 'resolve-pendencies':
      return (
        <ButtonLink to={pathTo('/tasks/:slug/validation', { slug: task.slug })} block>
          {copy.nextStep[step]}
        </ButtonLink>
      )
    case 'await-validation':
      return (
        <div className={styles.mainStep}>
          <p className={styles.waiting}>{copy.awaitingValidation}</p>
          <Link to={pathTo('/tasks/:slug/status', { slug: task.slug })}>{copy.seeStatus}</Link>
        </div>
      )
    case 'done':
      return task.steps.submitted ? (
        <ButtonLink
          to={pathTo('/tasks/:slug/status', { slug: task.slug })}
          variant="secondary"
          block
        >
          {copy.seeReport}
        </ButtonLink>
      ) : null
  }
}

/**
 * Loads `load` in an idle moment once the first screen has its answers (lib/query-client): a
 * hub opened first paints before its cancel form's code and styles are asked for.
 */
function PrefetchWhenIdle({ load }: { load: () => Promise<unknown> }) {
  const queryClient = useQueryClient()
  useEffect(() => {
    let cancel: (() => void) | undefined
    let stopped = false
    void afterFirstScreen(queryClient).then(() => {
      if (!stopped) cancel = whenIdle(() => void load())
    })
    return () => {
      stopped = true
      cancel?.()
    }
  }, [queryClient, load])
  return null
}
