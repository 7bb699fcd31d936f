/**
 * The outbox: writes of the visit queued on the device and sent in order, with backoff,
 * each with its own Idempotency-Key, so a write made offline (or retried after a lost
 * answer) reaches the server exactly once.
 *
 * - Order, in two lanes sent side by side (`nextDue`, decision 0023): photos and
 *   recordings (large bodies) one at a time, and every other write in the order it was
 *   written (a check-out never overtakes its check-in; while a write waits for its backoff,
 *   later writes wait too). A check-out or a report save never waits behind a photo; a
 *   submission or pendency answers wait for everything else of their task; a photo waits for
 *   its task's check-in.
 * - Transient failures (offline, timeout, 5xx, 429) retry with exponential backoff and
 *   jitter, capped at 5 minutes, and never before the server's `Retry-After`; a 503 or 429
 *   that says when holds back every write (./server-wait.ts). After the server failed or
 *   refused the session, a cheap request asks first before a large body goes again. The loop
 *   wakes on `online` too.
 * - Refusals (other 4xx) park the item as `failed` with the server's message, so one bad
 *   write does not hold the rest; the agent sees it and can retry or discard it. A 401 is no
 *   refusal: the session ended, the run stops at once (nothing more is sent with that token),
 *   and the write waits for the next sign-in.
 * - Every read-then-write is one transaction, and an item carries a revision: the agent's
 *   retry or discard, a running sender and a sender in another tab can interleave in any
 *   order and still agree on one item (a sender writes its outcome back only if the item is
 *   at the revision it sent). An upload's outcome and its photo's state change together.
 * - Only one sender runs per agent across tabs (`withSenderLock`, the Web Locks API).
 */
import { API_ERROR_MESSAGES, apiErrorMessage, isApiError } from '@/api/api-error'
import { newIdempotencyKey } from '@/api/client'
import type { Report } from '@/api/entities'
import {
  draftFromReport,
  inTransaction,
  patchMediaIn,
  type OutboxError,
  type OutboxItem,
  type OutboxPayload,
  type OutboxSummary,
  type VisitDb,
  type VisitTx,
} from './db'
import { deviceDate, deviceNow } from '@/lib/clock'
import { isServerTrouble, needsAskingFirst, serverHoldUntil } from './server-wait'
import { refusalOf } from './refusal'

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
  const outbox = tx.objectStore('outbox')
  const items = await outbox.getAll()
  // A save sends the whole draft: a refused one of this report is replaced by this one, which
  // carries what the agent changed since (a refusal of a stale version stays for the agent's
  // choice, `resolveConflict`).
  for (const refused of items)
    if (
      refused.kind === 'saveReport' &&
      refused.reportId === reportId &&
      refused.state === 'failed' &&
      refused.lastError?.code !== 'stale_version'
    )
      await outbox.delete(refused.seq!)
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
  const seq = await outbox.add(item)
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
        m.state === 'sent'
          ? undefined
          : { ...m, state: 'waiting', progress: 0, error: undefined, final: undefined },
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
      m.state === 'sent'
        ? undefined
        : { ...m, state: 'waiting', progress: 0, error: undefined, final: undefined },
    )
    if (queued) await outbox.put(goAgain(queued, now))
    else if (media) await enqueueIn(tx, { kind: 'upload', taskId, mediaId }, now)
  })
}

export function discard(db: VisitDb, seq: number) {
  return inTransaction(db, ['outbox'], 'strict', (tx) => tx.objectStore('outbox').delete(seq))
}

export type ProcessResult = {
  sent: number
  waitingUntil: number | null
  stoppedBy?: OutboxItem
  /** The run stopped at once: the server refused the session (401), or it is no longer ours. */
  sessionEnded?: true
}

function errorOf(error: unknown, at: number): OutboxError {
  if (!isApiError(error))
    return {
      code: 'unknown',
      message: error instanceof Error ? error.message : String(error),
      status: 0,
      at,
    }
  return {
    code: error.code,
    // A 422's own words per field (what to change), not "Confira os campos destacados": the
    // refused write is said away from any field.
    message: apiErrorMessage(error),
    status: error.status,
    at,
    ...(error.retryAfterMs !== undefined ? { retryAt: at + error.retryAfterMs } : {}),
  }
}

/**
 * When a failed write goes again: its backoff, and never before the server said
 * (`Retry-After`, already bounded when read).
 */
export function retryDelay(
  attempts: number,
  retryAfterMs: number | undefined,
  random: () => number = Math.random,
): number {
  return Math.max(backoffDelay(attempts, random), retryAfterMs ?? 0)
}

/**
 * What a waiting photo says of its last try: the maintenance message for a 503 (not the
 * server's own words); nothing for a try that found no connection — the screen says
 * "Aguardando conexão" while there is none, and once it is back the photo only waits for its
 * turn ("Sem conexão" then would be untrue).
 */
const waitingMessage = (error: unknown) =>
  isApiError(error) && error.status === 503
    ? API_ERROR_MESSAGES.maintenance
    : isApiError(error) && error.code === 'offline'
      ? undefined
      : isApiError(error)
        ? error.message
        : 'Falha no envio.'

/**
 * Two lanes, sent side by side by one sender (decision 0023, "what may overtake what"):
 * `files` (photos and recordings: large bodies, one at a time) and `writes` (everything else:
 * small, in order). A check-out or a report save never waits behind a photo on a slow link.
 */
export type Lane = 'files' | 'writes'
export const LANES: readonly Lane[] = ['writes', 'files']
export const laneOf = (item: Pick<OutboxItem, 'kind'>): Lane =>
  item.kind === 'upload' ? 'files' : 'writes'

/**
 * Writes that need everything else of their task on the server first (the photos they name,
 * the saves that list them): they go once nothing else of their task waits.
 */
const GOES_LAST: ReadonlySet<OutboxItem['kind']> = new Set(['submitReport', 'answerRevision'])

/**
 * The item `lane` sends now, or when it may next (null: nothing of it is pending, or what is
 * waits for the other lane). `sending`: the items being sent now (by seq). The rules (pure;
 * outbox.test.ts checks them as properties):
 *
 * - Nothing goes while the server asked every write to wait (`serverHoldUntil`).
 * - `writes`: in the order they were written; a write waiting for its retry holds back every
 *   later write. Passed over (holding nothing back): a submission or pendency answers while
 *   anything else of their task waits (its photos, the saves queued after them); and a report
 *   save while a photo of its task is being sent — fixed now, without that photo, and arriving
 *   after it, it would take the photo out of the server's report — after which only a
 *   check-out may go until the photo is through.
 * - `files`: the oldest upload that is due goes; a waiting upload holds back no other. An
 *   upload waits for its task's check-in (the server refuses media before it) and for a save
 *   of its task whose body is already fixed (or being sent): that save must arrive first.
 */
export function nextDue(
  items: readonly OutboxItem[],
  now: number,
  lane: Lane,
  sending: ReadonlySet<number> = new Set(),
): { due: OutboxItem } | { waitingUntil: number | null } {
  const pending = items.filter((i) => i.state === 'pending')
  const hold = serverHoldUntil(pending)
  let earliest: number | null = null
  const wait = (at: number) => (earliest = earliest === null ? at : Math.min(earliest, at))
  const dueAt = (item: OutboxItem) => Math.max(item.nextAttemptAt, hold)
  const isSending = (item: OutboxItem) => item.seq !== undefined && sending.has(item.seq)
  const ofTask = (taskId: string, kind: OutboxItem['kind']) =>
    pending.filter((i) => i.taskId === taskId && i.kind === kind)
  let saveHeld = false
  for (const item of pending) {
    if (laneOf(item) !== lane || isSending(item)) continue
    if (lane === 'files') {
      if (ofTask(item.taskId, 'checkin').length > 0) continue
      const fixedSave = (s: OutboxItem) => (s.kind === 'saveReport' && s.snapshot) || isSending(s)
      if (ofTask(item.taskId, 'saveReport').some(fixedSave)) continue
      if (dueAt(item) <= now) return { due: item }
      wait(dueAt(item))
      continue
    }
    if (
      GOES_LAST.has(item.kind) &&
      pending.some((i) => i !== item && i.taskId === item.taskId && !GOES_LAST.has(i.kind))
    )
      continue
    if (item.kind === 'saveReport' && ofTask(item.taskId, 'upload').some(isSending)) {
      saveHeld = true
      continue
    }
    if (saveHeld && item.kind !== 'checkout') continue
    if (dueAt(item) <= now) return { due: item }
    wait(dueAt(item))
    return { waitingUntil: earliest }
  }
  return { waitingUntil: earliest }
}

export type ProcessOptions = {
  now?: () => number
  random?: () => number
  /**
   * A cheap request (the app: `GET /me`) asked before a large body after the server failed or
   * refused the session: it rejects with the server's answer while the trouble lasts.
   */
  askServer?: () => Promise<unknown>
  /** Asked before each write goes: false once the session is over or no longer this outbox's. */
  canSend?: () => boolean | Promise<boolean>
  /**
   * The sender stopped (a sign-out, another agent, the app's loop ended): nothing more starts,
   * checked at the very moment a write would go (after every wait of this run).
   */
  signal?: AbortSignal
  /**
   * Resolves at the next change to the store (a write queued while a photo is on its way): an
   * idle lane looks again at once, instead of after the other lane's send.
   */
  changed?: () => Promise<void>
}

/**
 * Sends what is due in both lanes (`nextDue`), side by side, until nothing more may go now.
 * Returns when the next attempt is due (null when nothing is pending).
 */
export async function processOutbox(
  db: VisitDb,
  execute: OutboxExecutor,
  options: ProcessOptions = {},
): Promise<ProcessResult> {
  const now = options.now ?? Date.now
  let sent = 0
  // The first write that failed for now (it waits for its backoff): what this run stopped on.
  let stoppedBy: OutboxItem | undefined
  // The session is over (401) or no longer this outbox's: nothing more starts.
  let ended: OutboxItem | undefined
  // A large body waits for a cheap request to say the server is back: decided from the items
  // at the first one, then by what this run hears (any success clears it, trouble sets it).
  let askFirst: boolean | undefined
  const inFlight = new Map<Lane, Promise<void>>()

  /** Writes a failed attempt's outcome onto the item (unless it changed meanwhile). */
  const recordFailure = async (head: OutboxItem, error: unknown, countsAsAttempt: boolean) => {
    const at = now()
    const attempts = head.attempts + (countsAsAttempt ? 1 : 0)
    const transient = !isApiError(error) || error.isTransient
    const retryAfter = isApiError(error) ? error.retryAfterMs : undefined
    const updated: OutboxItem = {
      ...head,
      attempts,
      lastError: errorOf(error, at),
      state: transient ? 'pending' : 'failed',
      nextAttemptAt: transient
        ? at + retryDelay(Math.max(1, attempts), retryAfter, options.random)
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
      if (head.kind === 'upload') {
        // What the photo's row offers: "Tentar de novo" only when a retry can change the answer.
        const final = !transient && refusalOf(updated, await outbox.getAll()).final
        await patchMediaIn(tx, head.mediaId, (m) =>
          m.state === 'sent'
            ? undefined
            : {
                ...m,
                state: transient ? 'waiting' : 'failed',
                progress: 0,
                error: waitingMessage(error),
                final: final || undefined,
              },
        )
      }
      return true
    })
    // A transient failure now waits for its backoff: `nextDue` says what may go meanwhile.
    if (recorded && transient) stoppedBy ??= updated
  }

  /** The session ended (401): nothing was refused; the write waits as it is for the next sign-in. */
  const recordSessionEnd = (head: OutboxItem, error: unknown) =>
    inTransaction(db, ['outbox'], 'relaxed', async (tx) => {
      const outbox = tx.objectStore('outbox')
      const current = await outbox.get(head.seq!)
      if (!current || revOf(current) !== revOf(head)) return
      // Its trouble is noted (a large body asks first after the next sign-in), nothing else.
      await outbox.put({ ...current, lastError: errorOf(error, now()), rev: revOf(current) + 1 })
    })

  const attempt = async (head: OutboxItem, items: readonly OutboxItem[]) => {
    try {
      if (head.kind === 'upload' && options.askServer) {
        askFirst ??= needsAskingFirst(items)
        if (askFirst) {
          await options.askServer()
          askFirst = false
        }
      }
      await execute(head)
    } catch (error) {
      // The sender stopped under it (the request was aborted): nothing was refused or
      // failed; the write waits as it is for the next sender.
      if (options.signal?.aborted) return
      if (isApiError(error) && error.status === 401) {
        ended ??= head
        await recordSessionEnd(head, error)
        return
      }
      if (isApiError(error) && isServerTrouble(errorOf(error, 0))) askFirst = true
      await recordFailure(head, error, true)
      return
    }
    askFirst = false
    // Sent: the server has it (a retry of this key would be answered from its record). The
    // visit's state moved on the server: what it refused for its state goes again (a photo or
    // a save refused before the check-in landed), as a new request.
    await inTransaction(db, ['outbox', 'media'], 'relaxed', async (tx) => {
      const outbox = tx.objectStore('outbox')
      await outbox.delete(head.seq!)
      for (const item of await outbox.getAll()) {
        if (item.taskId !== head.taskId || item.state !== 'failed') continue
        if (item.lastError?.code !== 'transition_refused') continue
        await outbox.put(goAgain(item, now()))
        if (item.kind === 'upload')
          await patchMediaIn(tx, item.mediaId, (m) =>
            m.state === 'sent'
              ? undefined
              : { ...m, state: 'waiting', error: undefined, final: undefined },
          )
      }
    })
    sent++
  }

  const waits = new Map<Lane, number | null>()
  // What is being sent now (by seq): what the other lane must not send beside it.
  const sending = new Set<number>()
  // A lane whose outcome could not even be recorded (storage): the run ends once the other
  // lane is done, with that error (the sync loop shows it and runs again later).
  let failure: { error: unknown } | undefined
  for (;;) {
    // Stopped: what is on its way finishes (and is recorded) before the sender lets go.
    if (options.signal?.aborted && inFlight.size === 0) return { sent, waitingUntil: null }
    let lookAgain = false
    if (!ended && !failure && inFlight.size < LANES.length && !options.signal?.aborted) {
      const items = await db.getAll('outbox')
      for (const lane of LANES) {
        if (inFlight.has(lane) || ended) continue
        const next = nextDue(items, now(), lane, sending)
        if (!('due' in next)) {
          waits.set(lane, next.waitingUntil)
          continue
        }
        if (options.canSend && !(await options.canSend())) {
          ended = next.due
          break
        }
        // The question took a while: the write may have been discarded or changed meanwhile
        // (by the agent, another sender), and the sender stopped. What goes is what the store
        // holds now, and only while this run is still the sender.
        const seq = next.due.seq!
        const current = await db.get('outbox', seq)
        if (options.signal?.aborted) break
        if (!current || revOf(current) !== revOf(next.due) || sending.has(seq)) {
          lookAgain = true
          continue
        }
        waits.delete(lane)
        sending.add(seq)
        inFlight.set(
          lane,
          attempt(current, items)
            .catch((error: unknown) => void (failure ??= { error }))
            .finally(() => {
              sending.delete(seq)
              inFlight.delete(lane)
            }),
        )
      }
    }
    if (inFlight.size === 0) {
      if (failure) throw failure.error
      if (lookAgain && !ended) continue
      if (ended) return { sent, waitingUntil: null, stoppedBy: ended, sessionEnded: true }
      const times = [...waits.values()].filter((t): t is number => t !== null)
      const waitingUntil = times.length > 0 ? Math.min(...times) : null
      return { sent, waitingUntil, ...(stoppedBy ? { stoppedBy } : {}) }
    }
    await Promise.race([...inFlight.values(), ...(options.changed ? [options.changed()] : [])])
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
