/**
 * Sends the visit's outbox to the server and folds each answer back into the device's
 * store: what each queued write means as an API call, and the loop that runs it when
 * there is a connection (on start, on `online`, after each new write, and on backoff).
 */
import { isApiError } from '@/api/api-error'
import type { Report, ReportInput } from '@/api/entities'
import {
  answerRevision,
  checkInByPosition,
  checkOut,
  createAward,
  saveReport,
  submitReport,
} from '../api/visit-calls'
import { uploadWithProgress } from '../media/upload-with-progress'
import { enqueueReportSave, processOutbox, wakeAll } from './outbox'
import { notifyVisitStoreReaders } from './visit-store'
import { mutateDraft, type OutboxItem, type ReportDraft, type VisitDb } from './visit-db'

/** Prefix of a photo answer that still points at a local (not yet uploaded) photo. */
export const LOCAL_MEDIA_PREFIX = 'local:'

export type SyncEvents = {
  /** A write reached the server (the UI refreshes what it shows). */
  onSent?: (item: OutboxItem, result: unknown) => void
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

export function createExecutor(db: VisitDb) {
  return async function execute(item: OutboxItem): Promise<unknown> {
    switch (item.kind) {
      case 'checkin': {
        const task = await checkInByPosition(item.taskId, item.input, item.id).catch(
          (error: unknown) => {
            // Already checked in (another device, or a lost answer): the server has it.
            if (isApiError(error) && error.code === 'already_checked_in') return null
            throw error
          },
        )
        const visit = await db.get('visits', item.taskId)
        if (visit?.checkin)
          await db.put('visits', { ...visit, checkin: { ...visit.checkin, synced: true } })
        return task
      }
      case 'checkout': {
        const task = await checkOut(item.taskId, item.input, item.id)
        const visit = await db.get('visits', item.taskId)
        if (visit?.checkout)
          await db.put('visits', { ...visit, checkout: { ...visit.checkout, synced: true } })
        return task
      }
      case 'upload': {
        const media = await db.get('media', item.mediaId)
        if (!media) return null // Discarded by the agent meanwhile.
        if (media.state === 'sent' && media.evidenceId) return null
        await db.put('media', { ...media, state: 'sending', progress: 0, error: undefined })
        notifyVisitStoreReaders()
        try {
          const evidence = await uploadWithProgress(
            {
              file: media.blob,
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
            (progress) =>
              void db
                .put('media', { ...media, state: 'sending', progress, error: undefined })
                .then(notifyVisitStoreReaders),
          )
          await db.put('media', {
            ...media,
            state: 'sent',
            progress: 1,
            evidenceId: evidence.id,
            error: undefined,
          })
          // Only a photo listed in a draft needs a report save (a pendency photo is attached by the upload).
          if (await linkUploadedMedia(db, media.id, evidence.id)) {
            const visit = await db.get('visits', item.taskId)
            if (visit) await enqueueReportSave(db, item.taskId, visit.reportId)
          }
          return evidence
        } catch (error) {
          const transient = !isApiError(error) || error.isTransient
          await db.put('media', {
            ...media,
            state: transient ? 'waiting' : 'failed',
            progress: 0,
            error: isApiError(error) ? error.message : 'Falha no envio.',
          })
          throw error
        }
      }
      case 'saveReport': {
        const draft = await db.get('drafts', item.reportId)
        if (!draft) return null
        const sentAt = draft.updatedAt
        try {
          const report = await saveReport(item.reportId, reportInputFromDraft(draft), item.id)
          // One transaction: an edit made while the save was in flight is kept, and stays dirty.
          await mutateDraft(db, item.reportId, (latest) => ({
            ...latest,
            baseVersion: report.version,
            dirty: latest.updatedAt !== sentAt,
            conflict: undefined,
          }))
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
        return submitReport(item.reportId, draft?.baseVersion ?? 0, item.id)
      }
      case 'award':
        return createAward(item.input, item.id)
      case 'answerRevision':
        return answerRevision(item.revisionId, item.answers, item.id)
    }
  }
}

/** Records the server id of an uploaded photo wherever the draft pointed at the local one. */
async function linkUploadedMedia(
  db: VisitDb,
  mediaId: string,
  evidenceId: string,
): Promise<boolean> {
  let linked = false
  const tx = db.transaction('drafts', 'readwrite')
  for (const draft of await tx.store.getAll()) {
    if (!draft.evidenceRefs.some((r) => r.mediaId === mediaId)) continue
    linked = true
    await tx.store.put({
      ...draft,
      evidenceRefs: draft.evidenceRefs.map((r) =>
        r.mediaId === mediaId ? { ...r, evidenceId } : r,
      ),
      dirty: true,
    })
  }
  await tx.done
  return linked
}

/** Agent's choice after a stale-version conflict. */
export async function resolveConflict(
  db: VisitDb,
  reportId: string,
  choice: 'keep-mine' | 'take-theirs',
) {
  const draft = await db.get('drafts', reportId)
  if (!draft?.conflict) return
  const theirs: Report = draft.conflict
  if (choice === 'keep-mine') {
    await db.put('drafts', {
      ...draft,
      baseVersion: theirs.version,
      conflict: undefined,
      dirty: true,
      updatedAt: new Date().toISOString(),
    })
  } else {
    await db.put('drafts', {
      ...draft,
      baseVersion: theirs.version,
      answers: theirs.answers,
      attendants: theirs.attendants,
      times: theirs.times,
      checklist: theirs.checklist,
      evidenceRefs: theirs.evidences.map((e) => ({ evidenceId: e.id })),
      taxReceipts: theirs.taxReceipts,
      testimony: theirs.testimony ?? '',
      notes: theirs.notes,
      conflict: undefined,
      dirty: false,
      updatedAt: new Date().toISOString(),
    })
  }
  // The parked save can go again (keep mine) or is moot (take theirs).
  const tx = db.transaction('outbox', 'readwrite')
  for (const item of await tx.store.getAll()) {
    if (item.kind !== 'saveReport' || item.reportId !== reportId || item.state !== 'failed')
      continue
    if (choice === 'keep-mine')
      await tx.store.put({
        ...item,
        state: 'pending',
        nextAttemptAt: Date.now(),
        id: crypto.randomUUID(),
      })
    else await tx.store.delete(item.seq!)
  }
  await tx.done
}

/**
 * The loop: one per tab. `kick()` after each new write; it also runs on `online` and when
 * the head item's backoff ends. Returns a stop function.
 */
export function startVisitSync(db: VisitDb, events: SyncEvents = {}) {
  const execute = createExecutor(db)
  let timer: ReturnType<typeof setTimeout> | undefined
  let running: Promise<void> | null = null
  let again = false
  let stopped = false

  const run = async () => {
    do {
      again = false
      const result = await processOutbox(db, async (item) => {
        const value = await execute(item)
        events.onSent?.(item, value)
      })
      events.onChange?.()
      clearTimeout(timer)
      if (result.waitingUntil !== null && !stopped)
        timer = setTimeout(kick, Math.max(0, result.waitingUntil - Date.now()))
    } while (again && !stopped)
  }

  function kick() {
    if (stopped) return
    if (running) {
      again = true
      return
    }
    running = run()
      .catch(() => undefined)
      .finally(() => {
        running = null
      })
  }

  const onOnline = () => void wakeAll(db).then(kick)
  if (typeof window !== 'undefined') window.addEventListener('online', onOnline)
  kick()
  return {
    kick,
    stop() {
      stopped = true
      clearTimeout(timer)
      if (typeof window !== 'undefined') window.removeEventListener('online', onOnline)
    },
  }
}
