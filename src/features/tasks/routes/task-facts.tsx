import type { Task } from '@/api/entities'
import { formatDateTime, formatMoney } from '@/lib/format'
import { taskCopy as copy } from '../copy'
import { mapsUrl } from '../task-presentation'
import styles from './tasks.module.css'

/** Place (with a map link), date, deadline and pay. */
export function TaskFacts({ task, showDeadline }: { task: Task; showDeadline: boolean }) {
  return (
    <dl className={styles.facts}>
      <div>
        <dt>{copy.place}</dt>
        <dd>
          {task.location.name}
          <span className={styles.secondaryText}>{task.location.address}</span>
          <a
            className={styles.mapLink}
            href={mapsUrl(task.location)}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={copy.openMapLabel(task.location.name)}
          >
            {copy.openMap}
          </a>
        </dd>
      </div>
      <div>
        <dt>{copy.date}</dt>
        <dd>{formatDateTime(task.scheduledFor)}</dd>
      </div>
      {showDeadline && (
        <div>
          <dt>{copy.deadline}</dt>
          <dd>{formatDateTime(task.deadline)}</dd>
        </div>
      )}
      <div>
        <dt>{copy.pay}</dt>
        <dd className={styles.pay}>{formatMoney(task.payoutCents)}</dd>
      </div>
    </dl>
  )
}
