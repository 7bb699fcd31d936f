/**
 * The visit's bar at the bottom of the screen (the check-in shell, the chat): whether the
 * phone is online and what of the visit is still on its way to the server. It is the
 * screen's bottom bar: the page keeps its room free, focus never goes under it, and a short
 * confirmation takes its place for its moment (components/snackbar, decision 0021).
 */
import { useScreenRoom } from '@/components/screen-room'
import type { OutboxSummary } from '@/lib/visit-store/db'
import { serverWait } from '@/lib/visit-store/server-wait'
import { useLostVisits } from '@/lib/visit-store/use-unsent-record'
import { outboxCopy as copy } from './outbox-copy'
import { useChosenLine } from './outbox-status'
import styles from './visit-status-bar.module.css'

export function VisitStatusBar({
  online,
  outbox,
  taskId,
}: {
  online: boolean
  outbox: OutboxSummary | undefined
  taskId: string | undefined
}) {
  const room = useScreenRoom<HTMLElement>('bottom', { bar: true })
  // "Tudo enviado" only when it is true: not while a photo chosen is still being prepared, nor
  // when the unsent record says the browser deleted what this visit had not sent.
  const lost = useLostVisits(taskId ?? '-').lost.length > 0
  const chosen = useChosenLine(taskId)
  // Writes waiting on the server (a 503, a 5xx) say so: the connection is fine.
  const server = online && outbox ? serverWait(outbox.items) : null
  return (
    <section ref={room} className={styles.bar} aria-label={copy.barLabel}>
      <p className={styles.status}>
        <span role="status" className={styles.offline}>
          {!online
            ? copy.offline
            : server
              ? server.maintenance
                ? copy.maintenanceBar
                : copy.serverTroubleBar
              : ''}
        </span>
        <span>
          {lost
            ? copy.lostHeader
            : outbox === undefined
              ? copy.checking
              : outbox.pending + outbox.failed === 0
                ? (chosen ?? copy.allSent)
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
