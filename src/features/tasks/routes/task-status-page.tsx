import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from 'react-router-dom'
import type { Task } from '@/api/entities'
import { Notice } from '@/components/notice'
import { Page } from '@/components/page'
import { Badge } from '@/components/status'
import { STATUS_LABEL } from '@/domain/task-state-machine'
import { formatDateTime } from '@/lib/format'
import { taskQueryOptions } from '../api/task-queries'
import { taskCopy as copy } from '../copy'
import { STATUS_TONE, taskPath } from '../task-presentation'
import { TaskQueryState } from './task-query-state'
import styles from './tasks.module.css'
import { CheckIcon } from '@/components/icons'

type TimelineStep = { key: keyof typeof copy.steps; at: string | undefined; note?: string }

function timelineOf(task: Task): TimelineStep[] {
  const { steps } = task
  return [
    { key: 'accepted', at: steps.accepted },
    { key: 'checkin', at: steps.checkin?.at },
    {
      key: 'checkout',
      at: steps.checkout?.at,
      ...(steps.checkout?.offline ? { note: copy.checkoutOffline } : {}),
    },
    { key: 'submitted', at: steps.submitted },
    { key: 'validated', at: steps.validated },
  ]
}

export function TaskStatusPage() {
  const { slug = '' } = useParams()
  const query = useQuery(taskQueryOptions(slug))
  const task = query.data
  if (!task)
    return (
      <Page title={copy.statusTitle} backTo="/tasks">
        <TaskQueryState query={query} />
      </Page>
    )

  const code = task.status.code
  return (
    <Page title={copy.statusTitle} backTo={taskPath(task)}>
      <section className={styles.card} aria-labelledby="status-current">
        <h2 id="status-current">{copy.currentStatus}</h2>
        <p className={styles.headline}>
          <Badge tone={STATUS_TONE[code]}>{STATUS_LABEL[code]}</Badge>
          <span>{copy.since(formatDateTime(task.status.changedAt))}</span>
        </p>
        <p>
          {task.title} · {task.slug}
        </p>
      </section>
      {task.status.reason && (code === 'rejected' || code === 'canceled') && (
        <Notice
          tone={code === 'rejected' ? 'error' : 'info'}
          title={code === 'rejected' ? copy.rejectedReason : copy.canceledReason}
        >
          {task.status.reason}
        </Notice>
      )}
      <section className={styles.section} aria-labelledby="status-timeline">
        <h2 id="status-timeline">{copy.timeline}</h2>
        <ol className={styles.timeline}>
          {timelineOf(task).map((step) => (
            <li key={step.key} className={`${styles.step} ${step.at ? styles.stepDone : ''}`}>
              <span className={styles.marker} aria-hidden="true">
                {step.at ? <CheckIcon /> : null}
              </span>
              <span className={styles.stepBody}>
                <strong>{copy.steps[step.key]}</strong>
                <span className={styles.stepTime}>
                  {step.at ? formatDateTime(step.at) : copy.stepPending}
                </span>
                {step.note && <span className={styles.stepTime}>{step.note}</span>}
              </span>
            </li>
          ))}
        </ol>
      </section>
      {task.steps.submitted && (
        <Link to={taskPath(task, '/status/answers')}>{copy.seeAnswers}</Link>
      )}
    </Page>
  )
}
