/**
 * The outbox: writes of the visit queued on the device and sent in order, with backoff,
 * each with its own Idempotency-Key, so a write made offline (or retried after a lost
 * answer) reaches the server exactly once.
 *
 * - Strict order: the oldest pending item goes first; while it waits for its backoff, later
 *   items wait too (a checkout never overtakes its check-in, a report save never overtakes
 *   the photo it lists).
 * - Transient failures (offline, timeout, 5xx, 429) retry with exponential backoff and
 *   jitter, capped at 5 minutes; the loop wakes on `online` too.
 * - Refusals (other 4xx) park the item as `failed` with the server's message, so one bad
 *   write does not hold the rest; the agent sees it and can retry or discard it.
 */
import { isApiError } from '@/api/api-error'
import type { OutboxItem, OutboxPayload, VisitDb } from './visit-db'

export const BACKOFF_BASE_MS = 2_000
export const BACKOFF_MAX_MS = 5 * 60_000

/** Delay before attempt n+1 (n ≥ 1), with ±20 % jitter from `random`. */
export function backoffDelay(attempts: number, random: () => number = Math.random): number {
  const exp = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1))
  return Math.round(exp * (0.8 + 0.4 * random()))
}

export type OutboxExecutor = (item: OutboxItem) => Promise<unknown>

export type OutboxSummary = { pending: number; failed: number; items: OutboxItem[] }

export async function enqueue(
  db: VisitDb,
  payload: OutboxPayload,
  now = Date.now(),
): Promise<OutboxItem> {
  const item: OutboxItem = {
    ...payload,
    id: crypto.randomUUID(),
    createdAt: new Date(now).toISOString(),
    attempts: 0,
    nextAttemptAt: now,
    state: 'pending',
  }
  const seq = await db.add('outbox', item)
  return { ...item, seq }
}

/**
 * Queues a report save unless one is already waiting for that report (the save always
 * sends the latest draft, so one pending save is enough).
 */
export async function enqueueReportSave(
  db: VisitDb,
  taskId: string,
  reportId: string,
  now = Date.now(),
) {
  const items = await db.getAll('outbox')
  const waiting = items.find(
    (i) =>
      i.kind === 'saveReport' &&
      i.reportId === reportId &&
      i.state === 'pending' &&
      i.attempts === 0,
  )
  if (waiting) return waiting
  return enqueue(db, { kind: 'saveReport', taskId, reportId }, now)
}

export async function outboxSummary(db: VisitDb, taskId?: string): Promise<OutboxSummary> {
  const items = (await db.getAll('outbox')).filter((i) => !taskId || i.taskId === taskId)
  return {
    items,
    pending: items.filter((i) => i.state === 'pending').length,
    failed: items.filter((i) => i.state === 'failed').length,
  }
}

export async function retryFailed(db: VisitDb, seq: number, now = Date.now()) {
  const item = await db.get('outbox', seq)
  if (!item) return
  await db.put('outbox', { ...item, state: 'pending', nextAttemptAt: now })
}

export async function discard(db: VisitDb, seq: number) {
  await db.delete('outbox', seq)
}

export type ProcessResult = { sent: number; waitingUntil: number | null; stoppedBy?: OutboxItem }

/**
 * Sends pending items in order until the queue is empty or the head must wait.
 * Returns when the next attempt is due (null when nothing is pending).
 */
export async function processOutbox(
  db: VisitDb,
  execute: OutboxExecutor,
  options: { now?: () => number; random?: () => number } = {},
): Promise<ProcessResult> {
  const now = options.now ?? Date.now
  let sent = 0
  for (;;) {
    const head = (await db.getAll('outbox')).find((i) => i.state === 'pending')
    if (!head) return { sent, waitingUntil: null }
    if (head.nextAttemptAt > now()) return { sent, waitingUntil: head.nextAttemptAt }
    try {
      await execute(head)
      await db.delete('outbox', head.seq!)
      sent++
    } catch (error) {
      const attempts = head.attempts + 1
      const lastError = isApiError(error)
        ? { code: error.code, message: error.message, status: error.status }
        : {
            code: 'unknown',
            message: error instanceof Error ? error.message : String(error),
            status: 0,
          }
      const transient = !isApiError(error) || error.isTransient
      const updated: OutboxItem = {
        ...head,
        attempts,
        lastError,
        state: transient ? 'pending' : 'failed',
        nextAttemptAt: transient
          ? now() + backoffDelay(attempts, options.random)
          : head.nextAttemptAt,
      }
      // Only if nobody touched the item meanwhile: the agent may have tapped "Tentar de novo"
      // (or discarded it) while this attempt was failing, and another run may even have sent
      // and deleted it — writing it back would resurrect a sent item as failed.
      const tx = db.transaction('outbox', 'readwrite')
      const current = await tx.store.get(head.seq!)
      const untouched =
        current !== undefined &&
        current.state === head.state &&
        current.attempts === head.attempts &&
        current.nextAttemptAt === head.nextAttemptAt
      if (untouched) await tx.store.put(updated)
      await tx.done
      if (!untouched) continue
      if (transient) return { sent, waitingUntil: updated.nextAttemptAt, stoppedBy: updated }
    }
  }
}

/** Connection is back: everything pending may go now, without waiting out its backoff. */
export async function wakeAll(db: VisitDb, now = Date.now()) {
  const tx = db.transaction('outbox', 'readwrite')
  for (const item of await tx.store.getAll()) {
    if (item.state === 'pending' && item.nextAttemptAt > now)
      await tx.store.put({ ...item, nextAttemptAt: now })
  }
  await tx.done
}
