/**
 * The visit's bar at the bottom of the screen (the check-in shell, the chat): whether the
 * phone is online and what of the visit is still on its way to the server. It is the
 * screen's bottom bar: the page keeps its room free, focus never goes under it, and a short
 * confirmation takes its place for its moment (components/snackbar, decision 0021).
 */
import { useScreenRoom } from '@/components/screen-room'
import type { OutboxSummary } from '@/lib/visit-store/db'
import { outboxCopy as copy } from './outbox-copy'
import styles from './visit-status-bar.module.css'

export function VisitStatusBar({
  online,
  outbox,
}: {
  online: boolean
  outbox: OutboxSummary | undefined
}) {
  const room = useScreenRoom<HTMLElement>('bottom', { bar: true })
  return (
    <section ref={room} className={styles.bar} aria-label={copy.barLabel}>
      <p className={styles.status}>
        <span role="status" className={styles.offline}>
          {online ? '' : copy.offline}
        </span>
        <span>
          {outbox === undefined
            ? copy.checking
            : outbox.pending + outbox.failed === 0
              ? copy.allSent
              : [
                  outbox.pending > 0 ? copy.waiting(outbox.items) : null,
                  outbox.failed > 0 ? copy.refusedCount(outbox.failed) : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
        </span>
      </p>
    </section>
  )
}
