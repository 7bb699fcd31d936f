/**
 * Sends the visit's outbox to the server and folds each answer back into the device's
 * store: what each queued write means as an API call, and the loop that runs it when
 * there is a connection (on start, on `online`, after each new write, and on backoff).
 */
import { isApiError } from '@/api/api-error'
import type { QueryClient, QueryKey } from '@tanstack/react-query'
import type { ReportInput } from '@/api/entities'
import {
  answerRevision,
  askServerBeforeLargeBody,
  checkInByPosition,
  checkOut,
  createAward,
  saveReport,
  submitReport,
} from './api'
import { isOnline, subscribeConnectivity } from '@/lib/connectivity'
import { notifySessionRefusedElsewhere } from '@/lib/api'
import { currentSession, sessionStateOf, sessionToken } from '@/lib/session'
import { uploadWithProgress } from './upload'
import { isQuotaError, storageFullness } from '@/lib/device-space'
import {
  backoffDelay,
  enqueueIn,
  enqueueReportSaveIn,
  processOutbox,
  wakeAll,
  withSenderLock,
  type OutboxExecutor,
} from './outbox'
import {
  announceSentToOtherTabs,
  notifyVisitStoreReaders,
  onSentElsewhere,
  setSyncKick,
  setSyncProblem,
  subscribeVisitStore,
  type SyncProblem,
} from './store'
import {
  inTransaction,
  isClosedUnder,
  LOCAL_MEDIA_PREFIX,
  mutateDraft,
  mutateDraftIn,
  patchMediaIn,
  type LocalMedia,
  type OutboxItem,
  type OutboxPayload,
  type ReportDraft,
  type VisitDb,
  type VisitTx,
} from './db'
import { queryKeys } from '@/lib/query-keys'
import { deviceNow } from '@/lib/clock'

export type SyncEvents = {
  /** A write reached the server (the UI refreshes what it shows). */
  onSent?: (item: OutboxItem, result: unknown) => void
  /** The server refused `item` (not for its session): what the screens show of it is asked again. */
  onRefused?: (item: OutboxItem) => void
  /** The queue changed (counts in the UI). */
  onChange?: () => void
}

/** The report body to send: only what the server can already resolve (uploaded media). */
export function reportInputFromDraft(draft: ReportDraft): ReportInput {
  const evidenceIds = draft.evidenceRefs.flatMap((r) => (r.evidenceId ? [r.evidenceId] : []))
  const answers = draft.answers.flatMap((a) => {
    if (typeof a.value === 'string' && a.value.startsWith(LOCAL_MEDIA_PREFIX)) {
      const mediaId = a.value.slice(LOCAL_MEDIA_PREFIX.length)
      const ref = draft.evidenceRefs.find((r) => r.mediaId === mediaId)
      return ref?.evidenceId ? [{ ...a, value: ref.evidenceId }] : []
    }
    return [a]
  })
  const taxReceipts = draft.taxReceipts.flatMap(({ mediaId, ...receipt }) => {
    if (receipt.evidenceId) return [receipt]
    const ref = draft.evidenceRefs.find((r) => r.mediaId === mediaId)
    return ref?.evidenceId ? [{ ...receipt, evidenceId: ref.evidenceId }] : []
  })
  return {
    version: draft.baseVersion,
    answers,
    attendants: draft.attendants,
    times: draft.times,
    checklist: draft.checklist,
    evidenceIds,
    taxReceipts,
    ...(draft.testimony ? { testimony: draft.testimony } : {}),
    notes: draft.notes,
  }
}

/**
 * Sends one outbox item. `signal`: the sender stopped (sign-out, another agent): an upload in
 * flight is cancelled rather than left writing progress into a database being closed.
 */
export function createExecutor(db: VisitDb, signal?: AbortSignal) {
  return async function execute(item: OutboxItem): Promise<unknown> {
    switch (item.kind) {
      case 'checkin': {
        const task = await checkInByPosition(item.taskId, item.input, item.id, { signal }).catch(
          (error: unknown) => {
            // Already checked in (another device, or a lost answer): the server has it.
            if (isApiError(error) && error.code === 'already_checked_in') return null
            throw error
          },
        )
        await markVisitStep(db, item.taskId, 'checkin')
        return task
      }
      case 'checkout': {
        const task = await checkOut(item.taskId, item.input, item.id, { signal })
        await markVisitStep(db, item.taskId, 'checkout')
        return task
      }
      case 'upload': {
        const media = await db.get('media', item.mediaId)
        if (!media) return null // Discarded by the agent meanwhile.
        if (media.state === 'sent' && media.evidenceId) return null
        const stored = await db.get('mediaBytes', media.id)
        if (!stored) return null // Removed with its photo meanwhile.
        const patch = (change: (m: LocalMedia) => LocalMedia | undefined) =>
          inTransaction(db, ['media'], 'relaxed', (tx) => patchMediaIn(tx, media.id, change))
        // Where the upload stands, for every tab: a small record (the bytes live apart). Only
        // the bar: a write that cannot land (a full disk, the database closed as the sender
        // stopped) is dropped and the upload goes on; its outcome is recorded below (or by
        // processOutbox, with the item's).
        const showProgress = (progress: number) =>
          void patch((m) =>
            m.state === 'sent'
              ? undefined
              : { ...m, state: 'sending', progress, error: undefined, final: undefined },
          ).then(notifyVisitStoreReaders, () => undefined)
        showProgress(0)
        const evidence = await uploadWithProgress(
          {
            file: new Blob([stored.data], { type: stored.type }),
            fileName: media.fileName,
            kind: media.kind,
            taskId: media.taskId,
            takenAt: media.takenAt,
            ...(media.width ? { width: media.width } : {}),
            ...(media.height ? { height: media.height } : {}),
            ...(media.durationSecs ? { durationSecs: media.durationSecs } : {}),
            ...(media.caption ? { caption: media.caption } : {}),
          },
          item.id,
          showProgress,
          { signal },
        )
        // The photo is sent, the draft points at the server's copy and (when the photo is
        // listed in a draft) a report save is queued: one step.
        await inTransaction(db, ['media', 'drafts', 'outbox', 'visits'], 'relaxed', async (tx) => {
          await patchMediaIn(tx, media.id, (m) => ({
            ...m,
            state: 'sent',
            progress: 1,
            evidenceId: evidence.id,
            error: undefined,
          }))
          // Only a photo listed in a draft needs a report save (a pendency photo is attached by
          // the upload): the save of each draft that lists it, which may have gone while the
          // photo was on its way (a save never waits behind a photo) without it.
          for (const draft of await linkUploadedMedia(tx, media.id, evidence.id))
            await enqueueReportSaveIn(tx, draft.taskId, draft.reportId)
        })
        return evidence
      }
      case 'saveReport': {
        const snapshot = item.snapshot ?? (await fixSaveBody(db, item))
        if (!snapshot) return null
        try {
          const report = await saveReport(item.reportId, snapshot.input, item.id, { signal })
          // One transaction: an edit made after this body was fixed is kept, stays dirty and
          // gets a save of its own.
          await inTransaction(db, ['drafts', 'outbox'], 'relaxed', async (tx) => {
            const latest = await mutateDraftIn(tx, item.reportId, (d) => ({
              ...d,
              baseVersion: report.version,
              dirty: d.updatedAt !== snapshot.draftUpdatedAt,
              conflict: undefined,
            }))
            if (latest?.dirty) await enqueueReportSaveIn(tx, item.taskId, item.reportId)
          })
          return report
        } catch (error) {
          if (isApiError(error) && error.code === 'stale_version' && error.problem?.current) {
            const current = error.problem.current
            await mutateDraft(db, item.reportId, (latest) => ({ ...latest, conflict: current }))
          }
          throw error
        }
      }
      case 'submitReport': {
        const draft = await db.get('drafts', item.reportId)
        const report = await submitReport(item.reportId, draft?.baseVersion ?? 0, item.id, {
          signal,
        })
        // The report went for validation with its photos: the device needs them no more.
        await releaseSentMediaBytes(db, item.taskId).catch(() => 0)
        return report
      }
      case 'award':
        return createAward(item.input, item.id, { signal })
      case 'answerRevision': {
        const revision = await answerRevision(item.revisionId, item.answers, item.id, { signal })
        await releaseSentMediaBytes(db, item.taskId).catch(() => 0)
        return revision
      }
    }
  }
}

/**
 * Fixes a report save's body at its first attempt (stored on the item, so a retry after a
 * lost answer or a crash sends the same request with the same key). Undefined: no draft.
 */
function fixSaveBody(db: VisitDb, item: OutboxItem & { kind: 'saveReport' }) {
  return inTransaction(db, ['drafts', 'outbox'], 'relaxed', async (tx) => {
    const draft = await tx.objectStore('drafts').get(item.reportId)
    if (!draft) return undefined
    const snapshot = { input: reportInputFromDraft(draft), draftUpdatedAt: draft.updatedAt }
    const outbox = tx.objectStore('outbox')
    const current = await outbox.get(item.seq!)
    if (current?.kind === 'saveReport') await outbox.put({ ...current, snapshot })
    return snapshot
  })
}

/**
 * Removes from the device the bytes of photos and recordings the server already has — of one
 * task (its report was sent) or of every task (the phone is full) — keeping their records, so
 * the screens show the server's copy. Resolves to the bytes freed.
 */
export async function releaseSentMediaBytes(db: VisitDb, taskId?: string): Promise<number> {
  const release = (markRecords: boolean) =>
    inTransaction(db, ['media', 'mediaBytes'], 'relaxed', async (tx) => {
      const media = tx.objectStore('media')
      const records = taskId ? await media.index('byTask').getAll(taskId) : await media.getAll()
      let freed = 0
      for (const record of records) {
        if (record.state !== 'sent' || !record.evidenceId || record.bytesRemoved) continue
        if (!(await tx.objectStore('mediaBytes').getKey(record.id))) continue
        await tx.objectStore('mediaBytes').delete(record.id)
        if (markRecords) await media.put({ ...record, bytesRemoved: true })
        freed += record.bytes
      }
      return freed
    })
  // On a full disk even the small record writes may be refused: then the bytes alone go (the
  // screens fall back to the server's copy when a photo's bytes are missing).
  return release(true).catch((error: unknown) => {
    if (isQuotaError(error)) return release(false)
    throw error
  })
}

/** The server has the visit's check-in or check-out. */
function markVisitStep(db: VisitDb, taskId: string, step: 'checkin' | 'checkout') {
  return inTransaction(db, ['visits'], 'relaxed', async (tx) => {
    const visits = tx.objectStore('visits')
    const visit = await visits.get(taskId)
    if (step === 'checkin' && visit?.checkin)
      await visits.put({ ...visit, checkin: { ...visit.checkin, synced: true } })
    if (step === 'checkout' && visit?.checkout)
      await visits.put({ ...visit, checkout: { ...visit.checkout, synced: true } })
  })
}

/**
 * Records the server id of an uploaded photo wherever the draft pointed at the local one;
 * resolves with the drafts that list it.
 */
async function linkUploadedMedia(
  tx: VisitTx,
  mediaId: string,
  evidenceId: string,
): Promise<ReportDraft[]> {
  const linked: ReportDraft[] = []
  const drafts = tx.objectStore('drafts')
  for (const draft of await drafts.getAll()) {
    if (!draft.evidenceRefs.some((r) => r.mediaId === mediaId)) continue
    linked.push(draft)
    await drafts.put({
      ...draft,
      evidenceRefs: draft.evidenceRefs.map((r) =>
        r.mediaId === mediaId ? { ...r, evidenceId } : r,
      ),
      dirty: true,
    })
  }
  return linked
}

/**
 * Repairs what an older version (which wrote a record and its outbox entry in separate
 * transactions) may have left half-written by a crash: a check-in or check-out recorded
 * but never queued, a photo kept but never queued, unsaved draft edits with no save queued.
 * Each gets its outbox entry now, so it is sent; nothing is dropped. Returns what was queued.
 */
export function repairVisitStore(db: VisitDb): Promise<OutboxPayload[]> {
  return inTransaction(db, ['visits', 'media', 'drafts', 'outbox'], 'strict', async (tx) => {
    const items = await tx.objectStore('outbox').getAll()
    const queued = (kind: OutboxItem['kind'], match: (i: OutboxItem) => boolean) =>
      items.some((i) => i.kind === kind && match(i))
    const repairs: OutboxPayload[] = []
    for (const visit of await tx.objectStore('visits').getAll()) {
      const { taskId } = visit
      if (
        visit.checkin &&
        !visit.checkin.synced &&
        !queued('checkin', (i) => i.taskId === taskId)
      ) {
        const { at, lat, lng, accuracy, offline } = visit.checkin
        repairs.push({
          kind: 'checkin',
          taskId,
          input: { at, lat, lng, accuracy, ...(offline ? { offline } : {}) },
        })
      }
      if (
        visit.checkout &&
        !visit.checkout.synced &&
        !queued('checkout', (i) => i.taskId === taskId)
      ) {
        const { at, offline } = visit.checkout
        // Its draft's edits go first, as when the check-out was made.
        repairs.push({ kind: 'saveReport', taskId, reportId: visit.reportId })
        repairs.push({ kind: 'checkout', taskId, input: { at, offline } })
      }
    }
    for (const media of await tx.objectStore('media').getAll()) {
      // A refused upload the agent discarded stays as it is (the photo shows "Falhou").
      if (media.state === 'sent' || media.state === 'failed') continue
      if (!queued('upload', (i) => i.kind === 'upload' && i.mediaId === media.id))
        repairs.push({ kind: 'upload', taskId: media.taskId, mediaId: media.id })
      // A photo shown as "sending" when the app died is waiting again.
      if (media.state === 'sending')
        await tx.objectStore('media').put({ ...media, state: 'waiting', progress: 0 })
    }
    for (const draft of await tx.objectStore('drafts').getAll()) {
      const { reportId, taskId } = draft
      const repairedSave = repairs.some((r) => r.kind === 'saveReport' && r.reportId === reportId)
      if (
        draft.dirty &&
        !draft.conflict &&
        !repairedSave &&
        !queued('saveReport', (i) => i.kind === 'saveReport' && i.reportId === reportId)
      )
        repairs.push({ kind: 'saveReport', taskId, reportId })
    }
    for (const payload of repairs)
      if (payload.kind === 'saveReport')
        await enqueueReportSaveIn(tx, payload.taskId, payload.reportId)
      else await enqueueIn(tx, payload)
    return repairs
  })
}

/** Resolves at the store's next change (a write queued in this tab or another). */
function nextStoreChange(): Promise<void> {
  return new Promise((resolve) => {
    const unsubscribe = subscribeVisitStore(() => {
      unsubscribe()
      resolve()
    })
  })
}

/** The longest wait after a run that could not even record its outcome (storage). */
const STUCK_RETRY_MAX_MS = 30_000

/**
 * What the screens are told when a run stops on the device's storage: full (a quota error, or
 * Chromium's I/O error on a full disk, confirmed by measuring the room) with how much to free.
 */
async function problemOf(error: unknown): Promise<SyncProblem> {
  const fullness = await storageFullness(error)
  if (fullness.full) return { kind: 'storage-full', freeMegabytes: fullness.freeMegabytes }
  return { kind: 'storage', message: error instanceof Error ? error.message : String(error) }
}

/**
 * The loop: one per tab. `kick()` after each new write; it also runs on `online` and when
 * the head item's backoff ends. It first repairs what an older version left half-written.
 * Sending happens under the agent's sender lock, so two tabs never send at once.
 *
 * It never ends on an error: a run that fails where nothing can record why (the phone's
 * storage full, the database closed under it by a newer version) tells the screens
 * (`setSyncProblem`) and runs again in a while, opening the database anew (`open`), until
 * it goes through. Returns a stop function.
 */
function startVisitSync(open: () => Promise<VisitDb>, events: SyncEvents = {}) {
  const stopping = new AbortController()
  const executors = new WeakMap<VisitDb, OutboxExecutor>()
  const executorOf = (db: VisitDb) => {
    let execute = executors.get(db)
    if (!execute) executors.set(db, (execute = createExecutor(db, stopping.signal)))
    return execute
  }
  let timer: ReturnType<typeof setTimeout> | undefined
  let running: Promise<void> | null = null
  let again = false
  let stopped = false
  let stuck = 0

  const run = async () => {
    do {
      again = false
      let waitingUntil: number | null
      try {
        // The outbox opened is the signed-in agent's, sent with that session's token only: a
        // session that ends (a 401 here, in another tab or in the service worker) or another
        // agent's sign-in stops it before the next write.
        const agentId = currentSession()?.agentId
        const token = sessionToken()
        const db = await open()
        const execute = executorOf(db)
        const result = await withSenderLock(db.name, () =>
          stopped || !token
            ? Promise.resolve({ sent: 0, waitingUntil: null })
            : processOutbox(
                db,
                async (item) => {
                  let value: unknown
                  try {
                    value = await execute(item)
                  } catch (error) {
                    // Refused: what the phone showed of the server is not what the server has
                    // (a nomination made elsewhere, a task that moved on).
                    if (isApiError(error) && !error.isTransient && error.status !== 401)
                      events.onRefused?.(item)
                    throw error
                  }
                  events.onSent?.(item, value)
                },
                {
                  askServer: askServerBeforeLargeBody,
                  changed: nextStoreChange,
                  signal: stopping.signal,
                  canSend: async () => {
                    if (stopped || currentSession()?.agentId !== agentId) return false
                    const state = await sessionStateOf(token)
                    // Refused where this tab did not hear it (the service worker, another
                    // tab): this tab ends the session the same way, and the agent is told.
                    if (state === 'refused') notifySessionRefusedElsewhere(token)
                    return state === 'valid'
                  },
                },
              ),
        )
        waitingUntil = result.waitingUntil
        stuck = 0
        setSyncProblem(null)
      } catch (error) {
        if (stopped) return
        stuck++
        // A full phone: first make room with what the server already has.
        if (isQuotaError(error))
          await open()
            .then((db) => releaseSentMediaBytes(db))
            .catch(() => 0)
        // The database closed under the run (the page frozen in the back/forward cache, a
        // newer version upgrading it): nothing to tell; the next run opens it again.
        if (!isClosedUnder(error)) setSyncProblem(await problemOf(error))
        waitingUntil = deviceNow() + Math.min(STUCK_RETRY_MAX_MS, backoffDelay(stuck))
      }
      events.onChange?.()
      clearTimeout(timer)
      if (waitingUntil !== null && !stopped)
        timer = setTimeout(kick, Math.max(0, waitingUntil - deviceNow()))
    } while (again && !stopped)
  }

  function kick() {
    if (stopped) return
    if (running) {
      again = true
      return
    }
    running = run().finally(() => {
      running = null
    })
  }

  // Back online (the device says so, or the server answered again): everything waiting goes.
  const stopFollowing = subscribeConnectivity(() => {
    if (isOnline())
      void open()
        .then((db) => wakeAll(db))
        .catch(() => undefined)
        .then(kick)
  })
  void open()
    .then((db) => repairVisitStore(db))
    .catch(() => [])
    .then((repaired) => {
      if (repaired.length > 0) events.onChange?.()
      kick()
    })
  return {
    kick,
    /** Nothing more starts; resolves once what was under way is over (and recorded). */
    stop(): Promise<void> {
      stopped = true
      stopping.abort()
      clearTimeout(timer)
      stopFollowing()
      return running ?? Promise.resolve()
    },
  }
}

/** The queries (screens' data) a write changes once the server has it. */
export function queriesChangedBy(item: Pick<OutboxItem, 'kind'>): QueryKey[] {
  const keys: QueryKey[] = [queryKeys.tasks, queryKeys.me]
  if (item.kind !== 'checkin' && item.kind !== 'checkout') keys.push(queryKeys.reports)
  if (item.kind === 'submitReport' || item.kind === 'award') keys.push(queryKeys.wallet)
  return keys
}

/**
 * The one way to run the visit's sync loop — the app (VisitSyncProvider) and every test use
 * it: sends the outbox of the database `open` gives (asked again at every run: a database
 * closed under the loop is opened anew), wakes on every store write, tells the screens'
 * readers when a write went out and refreshes the queries it changed. Returns how to stop it.
 */
export function runVisitSync(
  open: VisitDb | (() => Promise<VisitDb>),
  queryClient?: Pick<QueryClient, 'invalidateQueries'>,
): () => Promise<void> {
  const sync = startVisitSync(typeof open === 'function' ? open : () => Promise.resolve(open), {
    // The one refresh after a sent write: the screens that wait on one read its effect here
    // (a task's new status), in this tab and, told, in the others.
    onSent: (item) => {
      for (const queryKey of queriesChangedBy(item))
        void queryClient?.invalidateQueries({ queryKey })
      announceSentToOtherTabs([item.kind])
    },
    // A refusal says the server holds something else than the screen (a duplicate nomination:
    // the nomination made elsewhere): the same queries are asked again, and the screen says it.
    onRefused: (item) => {
      for (const queryKey of queriesChangedBy(item))
        void queryClient?.invalidateQueries({ queryKey })
    },
    onChange: notifyVisitStoreReaders,
  })
  setSyncKick(sync.kick)
  // Another tab or the service worker (the app in the background) sent some: the same queries.
  const stopHearing = onSentElsewhere((kinds) => {
    const keys = new Map(
      kinds.flatMap((kind) => queriesChangedBy({ kind })).map((k) => [JSON.stringify(k), k]),
    )
    for (const queryKey of keys.values()) void queryClient?.invalidateQueries({ queryKey })
  })
  return () => {
    setSyncProblem(null)
    setSyncKick(() => {})
    stopHearing()
    return sync.stop()
  }
}
