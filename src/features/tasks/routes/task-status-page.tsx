import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from 'react-router-dom'
import type { Revision, Task } from '@/api/entities'
import { Notice } from '@/components/notice'
import { Page } from '@/components/page'
import { Badge } from '@/components/status'
import { STATUS_LABEL } from '@/domain/task-state-machine'
import { formatDateTime } from '@/lib/format'
import { currentRevisionQueryOptions } from '@/lib/visit-store/api'
import { taskQueryOptions } from '../api/task-queries'
import { taskCopy as copy } from '../copy'
import { STATUS_TONE } from '../task-presentation'
import { TaskQueryState } from './task-query-state'
import styles from './tasks.module.css'
import { CheckIcon } from '@/components/icons'
import { pathTo } from '@/lib/route-patterns'

type TimelineStep = {
  key: string
  label: string
  at: string | undefined
  note?: string
}

/**
 * The task's steps, with the validator's latest round of pendencies (when there was one)
 * between the report and the validation: when it came, how many, and when it was answered.
 */
export function timelineOf(task: Task, revision?: Revision): TimelineStep[] {
  const { steps } = task
  const step = (key: keyof typeof copy.steps, at: string | undefined, note?: string) => ({
    key,
    label: copy.steps[key],
    at,
    ...(note ? { note } : {}),
  })
  const round: TimelineStep[] = []
  if (steps.contested) {
    // The round itself (how many, which round) comes with the revision, once it is read.
    const current = revision && revision.createdAt === steps.contested ? revision : undefined
    round.push({
      key: 'round',
      label: copy.pendencyRound(current?.round ?? 1),
      at: steps.contested,
      ...(current ? { note: copy.pendencyCount(current.pendencies.length) } : {}),
    })
    const answeredAt = current?.pendencies
      .map((p) => p.resolution?.at)
      .filter((at): at is string => Boolean(at))
      .sort()
      .at(-1)
    round.push({
      key: 'round-answered',
      label: copy.pendencyAnswered,
      at: current && current.status !== 'open' ? answeredAt : undefined,
    })
  }
  return [
    step('accepted', steps.accepted),
    step('checkin', steps.checkin?.at),
    step(
      'checkout',
      steps.checkout?.at,
      steps.checkout?.offline ? copy.checkoutOffline : undefined,
    ),
    step('submitted', steps.submitted),
    ...round,
    step('validated', steps.validated),
  ]
}

export function TaskStatusPage() {
  const { slug = '' } = useParams()
  const query = useQuery(taskQueryOptions(slug))
  const task = query.data
  // The latest round of pendencies, for the timeline: read only when the task had one.
  const revision = useQuery({
    ...currentRevisionQueryOptions(task?.reportId ?? ''),
    enabled: Boolean(task?.steps.contested),
  })
  if (!task)
    return (
      <Page title={copy.statusTitle} backTo="/tasks">
        <TaskQueryState query={query} />
      </Page>
    )

  const code = task.status.code
  return (
    <Page title={copy.statusTitle} backTo={pathTo('/tasks/:slug', { slug: task.slug })}>
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
          {timelineOf(task, revision.data).map((step) => (
            <li key={step.key} className={`${styles.step} ${step.at ? styles.stepDone : ''}`}>
              <span className={styles.marker} aria-hidden="true">
                {step.at ? <CheckIcon /> : null}
              </span>
              <span className={styles.stepBody}>
                <strong>{step.label}</strong>
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
        <Link
          to={pathTo('/tasks/:slug/status/:section', { slug: task.slug, section: 'answers' })}
          className={styles.aloneLink}
        >
          {copy.seeAnswers}
        </Link>
      )}
    </Page>
  )
}
