/**
 * `offline-checkout`: the check-out was recorded without a connection. It is kept on the
 * device and the outbox sends it by itself, once, when the connection returns; this page
 * follows it live and then leads on to the questionnaire.
 */
import { useState } from 'react'
import { Navigate, useLocation } from 'react-router-dom'
import { Button, ButtonLink } from '@/components/button'
import { Notice } from '@/components/notice'
import { Page } from '@/components/page'
import { formatTime } from '@/lib/format'
import { formatWhen } from '@/lib/format-when'
import type { OutboxItem } from '@/lib/visit-store/db'
import { serverWait } from '@/lib/visit-store/server-wait'
import { sendQueuedNow } from '@/lib/visit-store/store'
import { outboxCopy } from '@/features/visit/outbox-copy'
import { checkinCopy as copy } from './checkin-copy'
import { useCheckinVisit } from './checkin-context'
import { FailedWrites } from '@/features/visit/outbox-status'
import { useOutboxItem } from '@/features/visit/use-outbox-item'
import { checkedOutAtOf } from '@/features/visit/checked-out'
import styles from './checkin.module.css'
import { pathTo } from '@/lib/route-patterns'

export function OfflineCheckoutPage() {
  const visit = useCheckinVisit()
  const checkout = visit.localVisit.checkout
  // Right after the check-out button, before the device's record is read again with it.
  const opened = checkedOutAtOf(useLocation().state)
  const at = checkout?.at ?? opened
  const write = useOutboxItem(visit.task.id, (i) => i.kind === 'checkout')
  const sent =
    write.status === 'sent' || checkout?.synced === true || visit.task.status.code !== 'started'
  const [waking, setWaking] = useState(false)
  if (!at && !sent) return <Navigate to={visit.basePath} replace />

  async function sendNow() {
    setWaking(true)
    try {
      await sendQueuedNow()
    } finally {
      setWaking(false)
    }
  }

  const items = visit.outbox?.items ?? []
  // Refused by the server: the page says so, not that it will be sent.
  const refused = !sent && write.status === 'failed'
  // Waiting for the server (in maintenance, failing), not for a connection.
  const server = visit.online ? serverWait(items) : null
  return (
    <Page
      title={
        sent
          ? copy.offlineCheckoutSentTitle
          : refused
            ? copy.offlineCheckoutRefusedTitle
            : copy.offlineCheckoutTitle
      }
    >
      {sent ? (
        // The page's title already says it: the notice only explains.
        <Notice tone="success">{copy.offlineCheckoutSentBody}</Notice>
      ) : refused ? (
        <Notice tone="error">
          {copy.offlineCheckoutRefusedBody(formatWhen(at!), write.refusal.final)}
        </Notice>
      ) : server ? (
        <Notice tone="warning">
          {copy.offlineCheckoutServerBody(
            formatWhen(at!),
            server.maintenance,
            // On the phone's own clock, as its status bar shows it (the wait was measured there).
            server.retryAt === undefined
              ? undefined
              : formatTime(new Date(server.retryAt).toISOString()),
          )}
        </Notice>
      ) : (
        <Notice tone="info">{copy.offlineCheckoutBody(formatWhen(at!))}</Notice>
      )}
      <FailedWrites outbox={visit.outbox} />
      {items.length > 0 && (
        <section className={styles.card} aria-labelledby="outbox-items">
          <h2 id="outbox-items" className={styles.cardTitle}>
            {copy.outboxListLabel}
          </h2>
          <ul className={styles.bullets}>
            {items.map((item) => (
              <li key={item.seq ?? item.id}>
                {outboxCopy.kind(item.kind)}: {itemState(item)}
              </li>
            ))}
          </ul>
          {/* Not while the server named a time to wait: it would send nothing before then. */}
          {!sent && visit.online && server?.retryAt === undefined && (
            <Button variant="secondary" busy={waking} onClick={() => void sendNow()}>
              {copy.sendNow}
            </Button>
          )}
        </section>
      )}
      {sent && (
        <ButtonLink to={pathTo('/tasks/:slug/form', { slug: visit.task.slug })} block>
          {copy.goToQuestionnaire}
        </ButtonLink>
      )}
    </Page>
  )
}

function itemState(item: OutboxItem) {
  if (item.state === 'failed') return copy.itemFailed(item.lastError?.message ?? '')
  return item.attempts > 0 ? copy.itemRetrying(item.attempts) : copy.itemWaiting
}
