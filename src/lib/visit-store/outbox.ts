/**
 * The outbox: writes of the visit queued on the device and sent in order, with backoff,
 * each with its own Idempotency-Key, so a write made offline (or retried after a lost
 * answer) reaches the server exactly once.
 *
 * - Order: the oldest pending item goes first; while it waits for its backoff, later items
 *   wait too (a checkout never overtakes its check-in). One exception: a photo or recording
 *   waiting to be sent again does not hold back the check-out or other photos; everything
 *   else of that task waits for it (`nextDue`).
 * - Transient failures (offline, timeout, 5xx, 429) retry with exponential backoff and
 *   jitter, capped at 5 minutes; the loop wakes on `online` too.
 * - Refusals (other 4xx) park the item as `failed` with the server's message, so one bad
 *   write does not hold the rest; the agent sees it and can retry or discard it. A 401 is no
 *   refusal: the session ended, and the write waits for the next sign-in.
 * - Every read-then-write is one transaction, and an item carries a revision: the agent's
 *   retry or discard, a running sender and a sender in another tab can interleave in any
 *   order and still agree on one item (a sender writes its outcome back only if the item is
 *   at the revision it sent). An upload's outcome and its photo's state change together.
 * - Only one sender runs per agent across tabs (`withSenderLock`, the Web Locks API).
 */
import { isApiError } from '@/api/api-error'
import { newIdempotencyKey } from '@/api/client'
import type { Report } from '@/api/entities'
import {
  draftFromReport,
  inTransaction,
  patchMediaIn,
  type OutboxItem,
  type OutboxPayload,
  type OutboxSummary,
  type VisitDb,
  type VisitTx,
} from './db'
import { deviceDate, deviceNow } from '@/lib/clock'

export const BACKOFF_BASE_MS = 2_000
export const BACKOFF_MAX_MS = 5 * 60_000
/**
 * A report save queued by typing waits this long before it is sent, so a sentence becomes one
 * request rather than one per key. The text is already on the device when it is queued.
 */
export const REPORT_SAVE_SETTLE_MS = 600

/** Delay before attempt n+1 (n ≥ 1), with ±20 % jitter from `random`. */
export function backoffDelay(attempts: number, random: () => number = Math.random): number {
  const exp = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1))
  return Math.round(exp * (0.8 + 0.4 * random()))
}

export type OutboxExecutor = (item: OutboxItem) => Promise<unknown>

const revOf = (item: OutboxItem) => item.rev ?? 0

function newItem(payload: OutboxPayload, now: number): OutboxItem {
  return {
    ...payload,
    id: newIdempotencyKey(),
    createdAt: new Date(now).toISOString(),
    attempts: 0,
    nextAttemptAt: now,
    state: 'pending',
    rev: 0,
  }
}

/** Queues a write inside the caller's transaction (with `outbox` in its scope). */
export async function enqueueIn(
  tx: VisitTx,
  payload: OutboxPayload,
  now = deviceNow(),
): Promise<OutboxItem> {
  const item = newItem(payload, now)
  const seq = await tx.objectStore('outbox').add(item)
  return { ...item, seq }
}

/** Queues a write in a transaction of its own, flushed to disk before it resolves. */
export function enqueue(db: VisitDb, payload: OutboxPayload, now = deviceNow()) {
  return inTransaction(db, ['outbox'], 'strict', (tx) => enqueueIn(tx, payload, now))
}

/**
 * Queues a report save unless one is already waiting for that report (the save always
 * sends the latest draft, so one pending save is enough). `settleMs` delays a new one.
 */
export async function enqueueReportSaveIn(
  tx: VisitTx,
  taskId: string,
  reportId: string,
  { now = deviceNow(), settleMs = 0 }: { now?: number; settleMs?: number } = {},
): Promise<OutboxItem> {
  const items = await tx.objectStore('outbox').getAll()
  // Only a save that has not started: one that has (its body fixed) cannot carry newer edits.
  const waiting = items.find(
    (i) =>
      i.kind === 'saveReport' &&
      i.reportId === reportId &&
      i.state === 'pending' &&
      i.attempts === 0 &&
      !i.snapshot,
  )
  if (waiting) return waiting
  const item = { ...newItem({ kind: 'saveReport', taskId, reportId }, now) }
  item.nextAttemptAt = now + settleMs
  const seq = await tx.objectStore('outbox').add(item)
  return { ...item, seq }
}

export function enqueueReportSave(
  db: VisitDb,
  taskId: string,
  reportId: string,
  now = deviceNow(),
) {
  return inTransaction(db, ['outbox'], 'relaxed', (tx) =>
    enqueueReportSaveIn(tx, taskId, reportId, { now }),
  )
}

export async function outboxSummary(db: VisitDb, taskId?: string): Promise<OutboxSummary> {
  const items = (await db.getAll('outbox')).filter((i) => !taskId || i.taskId === taskId)
  return {
    items,
    pending: items.filter((i) => i.state === 'pending').length,
    failed: items.filter((i) => i.state === 'failed').length,
  }
}

/**
 * The item as it goes again now, as a new revision (a failing attempt still running will not
 * overwrite it). A write the server refused (`failed`) changed nothing there, so it goes as a
 * new request with a new Idempotency-Key — a backend that stored its refusal under the old key
 * would answer the retry with that refusal forever — and a report save takes the draft as it
 * is now. A write still waiting on a transient failure keeps its key: its first attempt may
 * have reached the server.
 */
function goAgain(item: OutboxItem, now: number): OutboxItem {
  const again: OutboxItem = { ...item, state: 'pending', nextAttemptAt: now, rev: revOf(item) + 1 }
  if (item.state !== 'failed') return again
  return {
    ...again,
    id: newIdempotencyKey(),
    attempts: 0,
    ...(again.kind === 'saveReport' ? { snapshot: undefined } : {}),
  }
}

/**
 * The agent's "Tentar de novo": the item goes now (`goAgain`); an upload's photo shows
 * "waiting" again in the same step.
 */
export function retryFailed(db: VisitDb, seq: number, now = deviceNow()) {
  return inTransaction(db, ['outbox', 'media'], 'strict', async (tx) => {
    const outbox = tx.objectStore('outbox')
    const item = await outbox.get(seq)
    if (!item) return
    await outbox.put(goAgain(item, now))
    if (item.kind === 'upload')
      await patchMediaIn(tx, item.mediaId, (m) =>
        m.state === 'sent' ? undefined : { ...m, state: 'waiting', progress: 0, error: undefined },
      )
  })
}

/**
 * The agent's retry of one photo or recording: its queued upload goes now (whatever state it
 * is in), or a new one is queued when none is left. One transaction: no second upload of
 * the same photo, whatever a running sender is doing.
 */
export function retryUpload(db: VisitDb, taskId: string, mediaId: string, now = deviceNow()) {
  return inTransaction(db, ['outbox', 'media'], 'strict', async (tx) => {
    const outbox = tx.objectStore('outbox')
    const queued = (await outbox.getAll()).find((i) => i.kind === 'upload' && i.mediaId === mediaId)
    const media = await patchMediaIn(tx, mediaId, (m) =>
      m.state === 'sent' ? undefined : { ...m, state: 'waiting', progress: 0, error: undefined },
    )
    if (queued) await outbox.put(goAgain(queued, now))
    else if (media) await enqueueIn(tx, { kind: 'upload', taskId, mediaId }, now)
  })
}

export function discard(db: VisitDb, seq: number) {
  return inTransaction(db, ['outbox'], 'strict', (tx) => tx.objectStore('outbox').delete(seq))
}

export type ProcessResult = { sent: number; waitingUntil: number | null; stoppedBy?: OutboxItem }

function errorOf(error: unknown): NonNullable<OutboxItem['lastError']> {
  return isApiError(error)
    ? { code: error.code, message: error.message, status: error.status }
    : {
        code: 'unknown',
        message: error instanceof Error ? error.message : String(error),
        status: 0,
      }
}

/** Writes that need every photo of their task on the server first. */
/**
 * What may go past a photo or recording waiting for its retry: the check-out (it needs no
 * photo) and other uploads. Nothing else: a report save fixed before the photo arrived and
 * sent after it would drop the photo from the server's report, and the submission and
 * pendency answers need every photo there.
 */
const PASSES_WAITING_UPLOADS: ReadonlySet<OutboxItem['kind']> = new Set(['checkout', 'upload'])

/**
 * The item to send now, or when the next one is due: pending items in order, where an upload
 * waiting for its retry is passed over by the writes that do not need it.
 */
export function nextDue(
  items: readonly OutboxItem[],
  now: number,
): { due: OutboxItem } | { waitingUntil: number | null } {
  const waitingUploads = new Map<string, number>()
  let earliest: number | null = null
  const wait = (at: number) => (earliest = earliest === null ? at : Math.min(earliest, at))
  for (const item of items) {
    if (item.state !== 'pending') continue
    const uploadBefore = waitingUploads.get(item.taskId)
    if (!PASSES_WAITING_UPLOADS.has(item.kind) && uploadBefore !== undefined) {
      wait(Math.max(uploadBefore, item.nextAttemptAt))
      return { waitingUntil: earliest }
    }
    if (item.nextAttemptAt <= now) return { due: item }
    wait(item.nextAttemptAt)
    if (item.kind !== 'upload') return { waitingUntil: earliest }
    waitingUploads.set(
      item.taskId,
      Math.min(waitingUploads.get(item.taskId) ?? Infinity, item.nextAttemptAt),
    )
  }
  return { waitingUntil: earliest }
}

/**
 * Sends pending items in order (`nextDue`) until the queue is empty or what is left must wait.
 * Returns when the next attempt is due (null when nothing is pending).
 */
export async function processOutbox(
  db: VisitDb,
  execute: OutboxExecutor,
  options: { now?: () => number; random?: () => number } = {},
): Promise<ProcessResult> {
  const now = options.now ?? Date.now
  let sent = 0
  // The first write that failed for now (it waits for its backoff): what this run stopped on.
  let stoppedBy: OutboxItem | undefined
  for (;;) {
    const next = nextDue(await db.getAll('outbox'), now())
    if (!('due' in next))
      return { sent, waitingUntil: next.waitingUntil, ...(stoppedBy ? { stoppedBy } : {}) }
    const head = next.due
    try {
      await execute(head)
    } catch (error) {
      // The session ended (401): nothing was refused. The write waits as it is, and goes when
      // the agent signs in again (that session's loop sends it); this run stops here.
      if (isApiError(error) && error.status === 401)
        return { sent, waitingUntil: null, stoppedBy: head }
      const attempts = head.attempts + 1
      const transient = !isApiError(error) || error.isTransient
      const updated: OutboxItem = {
        ...head,
        attempts,
        lastError: errorOf(error),
        state: transient ? 'pending' : 'failed',
        nextAttemptAt: transient
          ? now() + backoffDelay(attempts, options.random)
          : head.nextAttemptAt,
        rev: revOf(head) + 1,
      }
      // Only if nobody touched the item meanwhile: the agent may have tapped "Tentar de novo"
      // (or discarded it) while this attempt was failing, and another sender may even have
      // sent and deleted it — writing it back would resurrect a sent item as failed.
      const recorded = await inTransaction(db, ['outbox', 'media'], 'relaxed', async (tx) => {
        const outbox = tx.objectStore('outbox')
        const current = await outbox.get(head.seq!)
        if (!current || revOf(current) !== revOf(head)) return false
        // Onto the stored item: what the attempt recorded on it (a save's fixed body) stays.
        const { attempts, lastError, state, nextAttemptAt, rev } = updated
        await outbox.put({ ...current, attempts, lastError, state, nextAttemptAt, rev })
        if (head.kind === 'upload')
          await patchMediaIn(tx, head.mediaId, (m) =>
            m.state === 'sent'
              ? undefined
              : {
                  ...m,
                  state: transient ? 'waiting' : 'failed',
                  progress: 0,
                  error: isApiError(error) ? error.message : 'Falha no envio.',
                },
          )
        return true
      })
      // A transient failure now waits for its backoff: `nextDue` says what may go meanwhile.
      if (recorded && transient) stoppedBy ??= updated
      continue
    }
    // Sent: the server has it (a retry of this key would be answered from its record).
    await inTransaction(db, ['outbox'], 'relaxed', (tx) =>
      tx.objectStore('outbox').delete(head.seq!),
    )
    sent++
  }
}

/**
 * Connection is back: everything pending may go now, without waiting out its backoff.
 * `retries`: only what already failed (a report save still settling after typing keeps its
 * short wait).
 */
export function wakeAll(db: VisitDb, now = deviceNow(), which: 'all' | 'retries' = 'all') {
  return inTransaction(db, ['outbox'], 'relaxed', async (tx) => {
    const outbox = tx.objectStore('outbox')
    for (const item of await outbox.getAll()) {
      if (which === 'retries' && item.attempts === 0) continue
      if (item.state === 'pending' && item.nextAttemptAt > now)
        await outbox.put({ ...item, nextAttemptAt: now })
    }
  })
}

/**
 * Runs `send` while holding this agent's sender lock: one sender at a time across the app's
 * tabs (and, later, its service worker). Where the Web Locks API is missing (old browsers,
 * tests) it runs directly; the revision checks above still keep the items consistent.
 */
export function withSenderLock<T>(dbName: string, send: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined
  if (!locks?.request) return send()
  return locks.request(`${dbName}:outbox-sender`, send) as Promise<T>
}

/** Agent's choice after a stale-version conflict: the draft and its parked save change together. */
export async function resolveConflict(
  db: VisitDb,
  reportId: string,
  choice: 'keep-mine' | 'take-theirs',
) {
  await inTransaction(db, ['drafts', 'outbox'], 'relaxed', async (tx) => {
    const drafts = tx.objectStore('drafts')
    const draft = await drafts.get(reportId)
    if (!draft?.conflict) return
    const theirs: Report = draft.conflict
    if (choice === 'keep-mine') {
      await drafts.put({
        ...draft,
        baseVersion: theirs.version,
        conflict: undefined,
        dirty: true,
        updatedAt: deviceDate().toISOString(),
      })
    } else {
      // The server's report, as a fresh draft (nothing local left to send).
      await drafts.put(draftFromReport(theirs))
    }
    // The parked save can go again (keep mine) or is moot (take theirs).
    const outbox = tx.objectStore('outbox')
    for (const item of await outbox.getAll()) {
      if (item.kind !== 'saveReport' || item.reportId !== reportId || item.state !== 'failed')
        continue
      if (choice === 'keep-mine')
        await outbox.put({
          ...item,
          state: 'pending',
          nextAttemptAt: deviceNow(),
          id: newIdempotencyKey(),
          rev: (item.rev ?? 0) + 1,
          // A new request: the body is fixed again from the draft as it is now.
          snapshot: undefined,
        })
      else await outbox.delete(item.seq!)
    }
  })
}
