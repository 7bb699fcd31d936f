/**
 * The visit store's write side and change notifications (no React here; the screens read
 * through ./hooks). Every write lands in IndexedDB first, then queues what the server must
 * receive and wakes the sync loop. Tabs hear each other through a BroadcastChannel.
 */
import type { Report, Task } from '@/api/entities'
import { runtimeConfig } from '@/lib/runtime-config'
import { appDate, deviceDate } from '@/lib/clock'
import { isOnline } from '@/lib/connectivity'
import { askToKeepStorage } from '@/lib/device-space'
import { currentSession } from '@/lib/session'
import {
  enqueueIn,
  enqueueReportSaveIn,
  discard,
  outboxSummary,
  resolveConflict,
  retryFailed,
  REPORT_SAVE_SETTLE_MS,
  retryUpload,
  wakeAll,
} from './outbox'
import {
  ChosenPhotoGone,
  draftFromReport,
  inTransaction,
  mutateDraftIn,
  openVisitDb,
  type OutboxItem,
  type OutboxPayload,
  type LocalMedia,
  type LocalVisit,
  type ReportDraft,
  type VisitDb,
  type VisitTx,
} from './db'
import { VISIT_STORE_CHANNEL } from '@/lib/storage-keys'
import { requestBackgroundSync } from './background-sync-request'
import { reconcileUnsentRecord } from './unsent-record'

// ------------------------------------------------------------------ change notifications

let version = 0
const listeners = new Set<() => void>()
const sentListeners = new Set<(kinds: OutboxItem['kind'][]) => void>()
const channel =
  typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel(VISIT_STORE_CHANNEL) : null
channel?.addEventListener('message', (event: MessageEvent<unknown>) => {
  bump(false)
  const message = event.data as { sent?: OutboxItem['kind'][] } | null
  if (Array.isArray(message?.sent)) sentListeners.forEach((l) => l(message.sent!))
})

function bump(broadcast = true) {
  version++
  listeners.forEach((l) => l())
  if (broadcast) channel?.postMessage(version)
}

export function subscribeVisitStore(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Grows by one on every change (any tab): a snapshot for useSyncExternalStore. */
export const storeVersion = () => version

// ------------------------------------------------------------------ what stops sending

/**
 * Why queued writes cannot go right now, for the screens (null while nothing stops them):
 * the phone's storage is full (`freeMegabytes`: how much to free, when the browser says), or
 * the device's database failed otherwise. Set by the sync loop, which keeps trying.
 */
export type SyncProblem =
  { kind: 'storage-full'; freeMegabytes: number | undefined } | { kind: 'storage'; message: string }

let syncProblem: SyncProblem | null = null

export const currentSyncProblem = () => syncProblem

export function setSyncProblem(problem: SyncProblem | null) {
  if (JSON.stringify(problem) === JSON.stringify(syncProblem)) return
  syncProblem = problem
  version++
  listeners.forEach((l) => l())
}

let syncKick: () => void = () => {}
/** The sync loop registers how to wake it. */
export function setSyncKick(kick: () => void) {
  syncKick = kick
}

/** The sync loop changed the store (a write went out): tell readers only. */
export function notifyVisitStoreReaders() {
  bump()
}

/** After a write: tell readers, wake the sync loop, and ask for a send when the app is closed. */
export function visitStoreChanged() {
  bump()
  syncKick()
  void requestBackgroundSync()
}

/**
 * The service worker sent queued writes (the app's tabs did not): every tab refreshes what it
 * shows, as after its own sends.
 */
export function announceSentElsewhere(kinds: OutboxItem['kind'][]) {
  version++
  listeners.forEach((l) => l())
  channel?.postMessage({ v: version, sent: kinds })
}

/**
 * This tab's sync loop got writes to the server: the other tabs of the app refresh what they
 * show (their own loop does not send while this one holds the sender's lock).
 */
export function announceSentToOtherTabs(kinds: OutboxItem['kind'][]) {
  channel?.postMessage({ v: version, sent: kinds })
}

/** A tab hears the writes another sender (another tab, the service worker) got to the server. */
export function onSentElsewhere(listener: (kinds: OutboxItem['kind'][]) => void) {
  sentListeners.add(listener)
  return () => void sentListeners.delete(listener)
}

// ------------------------------------------------------------------ the database of the signed-in agent

/** Each connection, once its unsent record was reconciled (unsent-record.ts). */
const reconciled = new WeakMap<VisitDb, Promise<VisitDb>>()

export function agentVisitDb(): Promise<VisitDb> {
  const session = currentSession()
  if (!session) return Promise.reject(new Error('Sem sessão: entre novamente.'))
  // The demo's visits never mix with a real agent's on the same device.
  return openVisitDb(runtimeConfig().preview ? `demo-${session.agentId}` : session.agentId).then(
    (db) => {
      // A database the browser deleted and the app made anew is noticed before anything
      // reads it (and says "Tudo enviado").
      let ready = reconciled.get(db)
      if (!ready) {
        ready = reconcileUnsentRecord(db).then(
          () => db,
          () => db,
        )
        reconciled.set(db, ready)
      }
      return ready
    },
  )
}

// ------------------------------------------------------------------ writes
//
// One user action = one IndexedDB transaction holding its record *and* its outbox entry, so
// a crash leaves either both or neither; each function resolves only after that transaction
// committed, and only then may a screen say the thing is kept ("guardado").

/**
 * Makes sure the device has a draft for the report: a new one from the server's report, or
 * the server's newer one when nothing local is waiting; local edits are never overwritten.
 */
export async function ensureDraft(report: Report): Promise<ReportDraft> {
  const db = await agentVisitDb()
  const result = await inTransaction(db, ['drafts'], 'relaxed', async (tx) => {
    const drafts = tx.objectStore('drafts')
    const local = await drafts.get(report.id)
    if (local && (local.dirty || local.baseVersion >= report.version))
      return { draft: local, changed: false }
    const fresh = draftFromReport(report)
    await drafts.put(fresh)
    return { draft: fresh, changed: true }
  })
  if (result.changed) bump()
  return result.draft
}

export async function ensureLocalVisit(task: Task): Promise<LocalVisit> {
  const db = await agentVisitDb()
  const fromServer: LocalVisit = {
    taskId: task.id,
    slug: task.slug,
    reportId: task.reportId,
    ...(task.steps.checkin ? { checkin: { ...task.steps.checkin, synced: true } } : {}),
    ...(task.steps.checkout ? { checkout: { ...task.steps.checkout, synced: true } } : {}),
  }
  const result = await inTransaction(db, ['visits'], 'relaxed', async (tx) => {
    const visits = tx.objectStore('visits')
    const local = await visits.get(task.id)
    // Keep what the device knows and the server does not have yet.
    const merged: LocalVisit = local
      ? {
          ...local,
          checkin: local.checkin ?? fromServer.checkin,
          checkout: local.checkout ?? fromServer.checkout,
        }
      : fromServer
    const changed = !local || JSON.stringify(merged) !== JSON.stringify(local)
    if (changed) await visits.put(merged)
    return { visit: merged, changed }
  })
  if (result.changed) bump()
  return result.visit
}

/**
 * Applies a change to the draft, marks it unsaved and queues a save — in one transaction.
 * `typing`: the change comes from a text being typed; its save waits a moment
 * (REPORT_SAVE_SETTLE_MS) so a sentence is one request, while the text is already kept.
 */
export async function updateDraft(
  reportId: string,
  change: (draft: ReportDraft) => ReportDraft,
  { typing = false }: { typing?: boolean } = {},
) {
  const db = await agentVisitDb()
  const next = await inTransaction(db, ['drafts', 'outbox'], 'relaxed', async (tx) => {
    const written = await mutateDraftIn(tx, reportId, (draft) => ({
      ...change(draft),
      dirty: true,
      updatedAt: deviceDate().toISOString(),
    }))
    if (written)
      await enqueueReportSaveIn(tx, written.taskId, reportId, {
        settleMs: typing ? REPORT_SAVE_SETTLE_MS : 0,
      })
    return written
  })
  if (!next) throw new Error('Relatório não carregado neste aparelho.')
  visitStoreChanged()
  return next
}

const visitOf = (task: Task, local: LocalVisit | undefined): LocalVisit =>
  local ?? { taskId: task.id, slug: task.slug, reportId: task.reportId }

export async function recordCheckin(
  task: Task,
  position: { lat: number; lng: number; accuracy: number },
  at = appDate().toISOString(),
  offline = !isOnline(),
) {
  // A visit is starting: ask the browser not to evict what the device keeps for it.
  askToKeepStorage()
  const db = await agentVisitDb()
  await inTransaction(db, ['visits', 'outbox'], 'strict', async (tx) => {
    const visits = tx.objectStore('visits')
    const visit = visitOf(task, await visits.get(task.id))
    const flag = offline ? { offline } : {}
    await visits.put({ ...visit, checkin: { at, ...position, synced: false, ...flag } })
    await enqueueIn(tx, { kind: 'checkin', taskId: task.id, input: { ...position, at, ...flag } })
  })
  visitStoreChanged()
}

/**
 * "Fazer check-in de novo": the server refused the check-in's position (outside the radius, or
 * too imprecise to prove presence). The refused check-in leaves the phone with the visit's
 * start, in one step, and the visit asks for a check-in again (the check-in step); the rest of
 * the visit (draft, photos, what waits) stays. Not after a check-out: the agent left the place.
 */
export async function checkInAgain(taskId: string) {
  const db = await agentVisitDb()
  await inTransaction(db, ['visits', 'outbox'], 'strict', async (tx) => {
    const visits = tx.objectStore('visits')
    const visit = await visits.get(taskId)
    if (!visit?.checkin || visit.checkin.synced || visit.checkout) return
    await dropRefused(tx, (i) => i.kind === 'checkin' && i.taskId === taskId)
    await visits.put({ ...visit, checkin: undefined })
  })
  visitStoreChanged()
}

export async function recordCheckout(task: Task, offline: boolean, at = appDate().toISOString()) {
  const db = await agentVisitDb()
  const recorded = await inTransaction(db, ['visits', 'outbox'], 'strict', async (tx) => {
    const visits = tx.objectStore('visits')
    const visit = visitOf(task, await visits.get(task.id))
    if (visit.checkout) return false // Already checked out on this device: sent once.
    await visits.put({ ...visit, checkout: { at, offline, synced: false } })
    // Whatever the draft holds goes first, then the checkout.
    await enqueueReportSaveIn(tx, task.id, task.reportId)
    await enqueueIn(tx, { kind: 'checkout', taskId: task.id, input: { at, offline } })
    return true
  })
  if (recorded) visitStoreChanged()
}

export type NewMedia = Omit<
  LocalMedia,
  'id' | 'state' | 'progress' | 'bytes' | 'evidenceId' | 'error' | 'bytesRemoved'
> & { id?: string; blob: Blob }

/**
 * Keeps a photo or recording on the device, lists it in the report draft and queues its upload.
 * `chosenId`: the photo was kept as chosen (visit-store/chosen-photos.ts) under that id, which
 * it takes; the chosen record leaves in the same transaction, and when it is gone already
 * (another tab prepared it) nothing is written and `ChosenPhotoGone` is thrown.
 */
export async function addMedia(
  reportId: string,
  media: NewMedia,
  options: { listInReport?: boolean; chosenId?: string } = {},
): Promise<LocalMedia> {
  const db = await agentVisitDb()
  const { blob, ...fields } = media
  const record: LocalMedia = {
    ...fields,
    id: options.chosenId ?? media.id ?? crypto.randomUUID(),
    state: 'waiting',
    progress: 0,
    bytes: blob.size,
  }
  // Read before the transaction: it may only wait on its own requests.
  const data = await blob.arrayBuffer()
  const stores = ['media', 'mediaBytes', 'drafts', 'outbox', 'chosen'] as const
  await inTransaction(db, [...stores], 'strict', async (tx) => {
    if (options.chosenId) {
      if (!(await tx.objectStore('chosen').get(options.chosenId))) throw new ChosenPhotoGone()
      await tx.objectStore('chosen').delete(options.chosenId)
    }
    await tx.objectStore('mediaBytes').put({ id: record.id, data, type: blob.type })
    await tx.objectStore('media').put(record)
    if (options.listInReport !== false)
      await mutateDraftIn(tx, reportId, (draft) => ({
        ...draft,
        evidenceRefs: [...draft.evidenceRefs, { mediaId: record.id }],
        dirty: true,
        updatedAt: deviceDate().toISOString(),
      }))
    await enqueueIn(tx, { kind: 'upload', taskId: media.taskId, mediaId: record.id })
  })
  visitStoreChanged()
  return record
}

/**
 * Removes a photo from the report, and from the device with its queued upload when it was
 * never sent. An upload already on its way cannot bring it back (media writes check it exists).
 */
export async function removeMedia(
  reportId: string,
  ref: { mediaId?: string; evidenceId?: string },
) {
  const db = await agentVisitDb()
  await inTransaction(db, ['drafts', 'media', 'mediaBytes', 'outbox'], 'strict', async (tx) => {
    const draft = await mutateDraftIn(tx, reportId, (d) => ({
      ...d,
      evidenceRefs: d.evidenceRefs.filter(
        (r) =>
          !(
            (ref.mediaId && r.mediaId === ref.mediaId) ||
            (ref.evidenceId && r.evidenceId === ref.evidenceId)
          ),
      ),
      dirty: true,
      updatedAt: deviceDate().toISOString(),
    }))
    if (draft) await enqueueReportSaveIn(tx, draft.taskId, reportId)
    if (!ref.mediaId) return
    const media = await tx.objectStore('media').get(ref.mediaId)
    if (media && media.state !== 'sent') {
      await tx.objectStore('media').delete(ref.mediaId)
      await tx.objectStore('mediaBytes').delete(ref.mediaId)
      const outbox = tx.objectStore('outbox')
      for (const item of await outbox.getAll())
        if (item.kind === 'upload' && item.mediaId === ref.mediaId) await outbox.delete(item.seq!)
    }
  })
  visitStoreChanged()
}

/**
 * "Remover" on a photo or recording the server will never take (refusal.ts): off the report
 * and the phone, as the photo's own "Remover" does; with no visit on the phone, its upload only.
 */
export async function removeRefusedUpload(item: Extract<OutboxItem, { kind: 'upload' }>) {
  const visit = await (await agentVisitDb()).get('visits', item.taskId)
  if (visit) await removeMedia(visit.reportId, { mediaId: item.mediaId })
  else await discardOutboxItem(item)
}

/** "Tentar de novo" on a photo or recording: its upload goes again (never a second one). */
export async function retryMediaUpload(media: Pick<LocalMedia, 'id' | 'taskId'>) {
  await retryUpload(await agentVisitDb(), media.taskId, media.id)
  visitStoreChanged()
}

/** "Tentar de novo" on a write the server refused: it goes again, as a new request (outbox `goAgain`). */
export async function retryOutboxItem(item: Pick<OutboxItem, 'seq'>) {
  if (item.seq === undefined) return
  await retryFailed(await agentVisitDb(), item.seq)
  visitStoreChanged()
}

/** "Descartar" on a write the server refused: it leaves the outbox for good. */
export async function discardOutboxItem(item: Pick<OutboxItem, 'seq'>) {
  if (item.seq === undefined) return
  await discard(await agentVisitDb(), item.seq)
  visitStoreChanged()
}

/**
 * Queues a write that is not part of the draft (award, pendency answers). Pendency answers
 * the server refused for what they said are replaced by these (the agent changed them).
 */
export async function queueWrite(payload: OutboxPayload) {
  const db = await agentVisitDb()
  const item = await inTransaction(db, ['outbox'], 'strict', async (tx) => {
    if (payload.kind === 'answerRevision')
      await dropRefused(
        tx,
        (i) => i.kind === 'answerRevision' && i.revisionId === payload.revisionId,
      )
    return enqueueIn(tx, payload)
  })
  visitStoreChanged()
  return item
}

/** Deletes the refused writes `which` picks, in the caller's transaction. */
async function dropRefused(tx: VisitTx, which: (item: OutboxItem) => boolean) {
  const outbox = tx.objectStore('outbox')
  for (const item of await outbox.getAll())
    if (item.state === 'failed' && which(item)) await outbox.delete(item.seq!)
}

/**
 * Sends the report for validation: the draft's last edits (when unsaved) and the submission,
 * queued together so the submission never goes without them. A submission the server refused
 * (the report incomplete to it) is replaced: the agent completed the report since.
 */
export async function queueReportSubmission(taskId: string, reportId: string) {
  const db = await agentVisitDb()
  const item = await inTransaction(db, ['drafts', 'outbox'], 'strict', async (tx) => {
    await dropRefused(tx, (i) => i.kind === 'submitReport' && i.reportId === reportId)
    const draft = await tx.objectStore('drafts').get(reportId)
    if (draft?.dirty) await enqueueReportSaveIn(tx, taskId, reportId)
    return enqueueIn(tx, { kind: 'submitReport', taskId, reportId })
  })
  visitStoreChanged()
  return item
}

/** "Enviar agora": every waiting write is due now, and the sync loop wakes. */
export async function sendQueuedNow() {
  await wakeAll(await agentVisitDb())
  visitStoreChanged()
}

/** The agent's choice after a stale-version conflict on a report. */
export async function resolveReportConflict(reportId: string, choice: 'keep-mine' | 'take-theirs') {
  await resolveConflict(await agentVisitDb(), reportId, choice)
  visitStoreChanged()
}

/** Writes of visits still waiting on this device (pending or refused), for the signed-in agent. */
export async function unsentVisitWrites(): Promise<number> {
  try {
    const summary = await outboxSummary(await agentVisitDb())
    return summary.pending + summary.failed
  } catch {
    return 0
  }
}

/**
 * Visits (tasks) of the signed-in agent with writes still waiting on this device: what a
 * session that ends leaves for the agent's next sign-in (lib/kept-work).
 */
export async function visitsWithUnsentWrites(): Promise<number> {
  try {
    const { items } = await outboxSummary(await agentVisitDb())
    return new Set(items.map((i) => i.taskId)).size
  } catch {
    return 0
  }
}

/** The bytes of a photo or recording kept on this device, or undefined once removed. */
export async function readMediaBlob(mediaId: string): Promise<Blob | undefined> {
  const stored = await (await agentVisitDb()).get('mediaBytes', mediaId)
  return stored ? new Blob([stored.data], { type: stored.type }) : undefined
}
