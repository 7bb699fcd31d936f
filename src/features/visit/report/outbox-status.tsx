/**
 * What of this visit is still on its way to the server: a count of waiting writes, and each
 * write the server refused with its pt-BR reason, to retry or discard.
 */
import { useState } from 'react'
import { Button } from '@/components/button'
import { Notice } from '@/components/notice'
import { discard, retryFailed } from '../offline/outbox'
import type { OutboxItem } from '../offline/visit-db'
import { agentVisitDb, useOutboxSummary, visitStoreChanged } from '../offline/visit-store'
import { reportCopy as copy } from './report-copy'
import styles from './report.module.css'

export function OutboxStatus({
  taskId,
  hideKinds = [],
}: {
  taskId: string
  hideKinds?: OutboxItem['kind'][]
}) {
  const summary = useOutboxSummary(taskId)
  if (!summary) return null
  const failed = summary.items.filter((i) => i.state === 'failed' && !hideKinds.includes(i.kind))
  return (
    <section className={styles.outbox} aria-label={copy.outboxTitle}>
      <p className={styles.outboxLine} role="status">
        {summary.pending > 0
          ? copy.outboxWaiting(summary.pending)
          : summary.failed === 0
            ? copy.outboxAllSent
            : copy.outboxFailed(summary.failed)}
      </p>
      {failed.map((item) => (
        <FailedWrite key={item.id} item={item} />
      ))}
    </section>
  )
}

export function FailedWrite({ item, title }: { item: OutboxItem; title?: string | undefined }) {
  const [confirming, setConfirming] = useState(false)
  const retry = async () => {
    await retryFailed(await agentVisitDb(), item.seq!)
    visitStoreChanged()
  }
  const drop = async () => {
    if (!confirming) return setConfirming(true)
    await discard(await agentVisitDb(), item.seq!)
    visitStoreChanged()
  }
  return (
    <Notice
      tone="error"
      title={title ?? `${copy.outboxItem[item.kind]}: ${copy.submitRefused.toLowerCase()}`}
      action={
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => void retry()}>
            {copy.retry}
          </Button>
          <Button variant="ghost" onClick={() => void drop()}>
            {confirming ? copy.discardYes : copy.discard}
          </Button>
        </div>
      }
    >
      {item.lastError?.message}
      {confirming && <p>{copy.discardConfirm}</p>}
    </Notice>
  )
}
