/**
 * Writes of the visit the server refused (parked `failed` in the outbox): what was refused,
 * the server's pt-BR reason, and retry / discard. A refused check-in or check-out cannot be
 * discarded: without it the visit does not exist on the server.
 */
import { useState } from 'react'
import { Button } from '@/components/button'
import { Notice } from '@/components/notice'
import { discard, retryFailed, type OutboxSummary } from '../offline/outbox'
import type { OutboxItem } from '../offline/visit-db'
import { agentVisitDb, visitStoreChanged } from '../offline/visit-store'
import { checkinCopy as copy } from './checkin-copy'
import styles from './checkin.module.css'

export async function retryOutboxItem(item: OutboxItem) {
  if (item.seq === undefined) return
  await retryFailed(await agentVisitDb(), item.seq)
  visitStoreChanged()
}

export async function discardOutboxItem(item: OutboxItem) {
  if (item.seq === undefined) return
  await discard(await agentVisitDb(), item.seq)
  visitStoreChanged()
}

export function FailedWrites({
  outbox,
  kinds,
}: {
  outbox: OutboxSummary | undefined
  kinds?: readonly OutboxItem['kind'][]
}) {
  const failed = (outbox?.items ?? []).filter(
    (i) => i.state === 'failed' && (!kinds || kinds.includes(i.kind)),
  )
  if (failed.length === 0) return null
  return (
    <div className={styles.stack}>
      {failed.map((item) => (
        <FailedWrite key={item.seq ?? item.id} item={item} />
      ))}
    </div>
  )
}

function FailedWrite({ item }: { item: OutboxItem }) {
  const [busy, setBusy] = useState(false)
  const essential = item.kind === 'checkin' || item.kind === 'checkout'
  const title =
    item.kind === 'checkin'
      ? copy.checkinRefusedTitle
      : copy.failedTitle(copy.outboxKind(item.kind))
  async function run(action: (item: OutboxItem) => Promise<void>) {
    setBusy(true)
    try {
      await action(item)
    } finally {
      setBusy(false)
    }
  }
  return (
    <Notice
      tone="error"
      title={title}
      action={
        <div className={styles.itemActions}>
          <Button variant="secondary" busy={busy} onClick={() => void run(retryOutboxItem)}>
            {copy.retrySend}
          </Button>
          {!essential && (
            <Button variant="ghost" disabled={busy} onClick={() => void run(discardOutboxItem)}>
              {copy.discard}
            </Button>
          )}
        </div>
      }
    >
      {item.lastError?.message}
    </Notice>
  )
}
