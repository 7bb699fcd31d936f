/**
 * The visit store's React face: read the device's copy of a visit (draft, media, check-in,
 * outbox) and write to it. Every write lands in IndexedDB first, then queues what the server
 * must receive and wakes the sync loop. Tabs hear each other through a BroadcastChannel.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import type { Report, Task } from '@/api/entities'
import { runtimeConfig } from '@/app/runtime-config'
import { appDate } from '@/lib/clock'
import { currentSession } from '@/lib/session'
import { enqueue, enqueueReportSave, outboxSummary, type OutboxSummary } from './outbox'
import {
  mutateDraft,
  draftFromReport,
  openVisitDb,
  type LocalMedia,
  type LocalVisit,
  type ReportDraft,
  type VisitDb,
} from './visit-db'

// ------------------------------------------------------------------ change notifications

let version = 0
const listeners = new Set<() => void>()
const channel =
  typeof BroadcastChannel !== 'undefined' ? new BroadcastChannel('avaliador-visit-store') : null
channel?.addEventListener('message', () => bump(false))

function bump(broadcast = true) {
  version++
  listeners.forEach((l) => l())
  if (broadcast) channel?.postMessage(version)
}

export function subscribeVisitStore(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Re-renders on every store change (any tab). */
export function useVisitStoreVersion() {
  return useSyncExternalStore(subscribeVisitStore, () => version)
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

/** After a write: tell readers and wake the sync loop. */
export function visitStoreChanged() {
  bump()
  syncKick()
}

// ------------------------------------------------------------------ the database of the signed-in agent

export function agentVisitDb(): Promise<VisitDb> {
  const session = currentSession()
  if (!session) return Promise.reject(new Error('Sem sessão: entre novamente.'))
  // The demo's visits never mix with a real agent's on the same device.
  return openVisitDb(runtimeConfig().preview ? `demo-${session.agentId}` : session.agentId)
}

/**
 * Reads from the store and re-reads on change. `undefined` while loading. `key` names
 * what is read (the read function is taken from the render that changed the key).
 */
export function useVisitStoreRead<T>(
  read: (db: VisitDb) => Promise<T>,
  key: string,
): T | undefined {
  const storeVersion = useVisitStoreVersion()
  const [state, setState] = useState<{ key: string; value: T } | undefined>()
  const readRef = useRef(read)
  useEffect(() => {
    readRef.current = read
  })
  useEffect(() => {
    let cancelled = false
    void agentVisitDb()
      .then((db) => readRef.current(db))
      .then((value) => {
        if (!cancelled) setState({ key, value })
      })
    return () => {
      cancelled = true
    }
  }, [key, storeVersion])
  return state?.key === key ? state.value : undefined
}

// ------------------------------------------------------------------ reads

export function useReportDraft(reportId: string | undefined) {
  return useVisitStoreRead(
    (db) => (reportId ? db.get('drafts', reportId) : Promise.resolve(undefined)),
    `draft:${reportId}`,
  )
}

export function useLocalVisit(taskId: string | undefined) {
  return useVisitStoreRead(
    (db) => (taskId ? db.get('visits', taskId) : Promise.resolve(undefined)),
    `visit:${taskId}`,
  )
}

export function useTaskMedia(taskId: string | undefined) {
  return useVisitStoreRead(
    async (db) =>
      taskId
        ? (await db.getAllFromIndex('media', 'byTask', taskId)).sort((a, b) =>
            a.takenAt.localeCompare(b.takenAt),
          )
        : [],
    `media:${taskId}`,
  )
}

export function useOutboxSummary(taskId?: string): OutboxSummary | undefined {
  return useVisitStoreRead((db) => outboxSummary(db, taskId), `outbox:${taskId ?? '*'}`)
}

// ------------------------------------------------------------------ writes

/**
 * Makes sure the device has a draft for the report: a new one from the server's report, or
 * the server's newer one when nothing local is waiting; local edits are never overwritten.
 */
export async function ensureDraft(report: Report): Promise<ReportDraft> {
  const db = await agentVisitDb()
  const local = await db.get('drafts', report.id)
  if (local && (local.dirty || local.baseVersion >= report.version)) return local
  const fresh = draftFromReport(report)
  await db.put('drafts', fresh)
  bump()
  return fresh
}

export async function ensureLocalVisit(task: Task): Promise<LocalVisit> {
  const db = await agentVisitDb()
  const local = await db.get('visits', task.id)
  const fromServer: LocalVisit = {
    taskId: task.id,
    slug: task.slug,
    reportId: task.reportId,
    ...(task.steps.checkin ? { checkin: { ...task.steps.checkin, synced: true } } : {}),
    ...(task.steps.checkout ? { checkout: { ...task.steps.checkout, synced: true } } : {}),
  }
  if (!local) {
    await db.put('visits', fromServer)
    bump()
    return fromServer
  }
  // Keep what the device knows and the server does not have yet.
  const merged: LocalVisit = {
    ...local,
    checkin: local.checkin ?? fromServer.checkin,
    checkout: local.checkout ?? fromServer.checkout,
  }
  if (JSON.stringify(merged) !== JSON.stringify(local)) {
    await db.put('visits', merged)
    bump()
  }
  return merged
}

/** Applies a change to the draft, marks it unsaved and queues a save. */
export async function updateDraft(reportId: string, change: (draft: ReportDraft) => ReportDraft) {
  const db = await agentVisitDb()
  // Read, change and write in one transaction: the sync loop may be recording a save.
  const next = await mutateDraft(db, reportId, (draft) => ({
    ...change(draft),
    dirty: true,
    updatedAt: new Date().toISOString(),
  }))
  if (!next) throw new Error('Relatório não carregado neste aparelho.')
  await enqueueReportSave(db, next.taskId, reportId)
  visitStoreChanged()
  return next
}

export async function recordCheckin(
  task: Task,
  position: { lat: number; lng: number; accuracy: number },
  at = appDate().toISOString(),
) {
  // A visit is starting: ask the browser not to evict what the device keeps for it.
  if (typeof navigator !== 'undefined') void navigator.storage?.persist?.().catch(() => false)
  const db = await agentVisitDb()
  const visit = (await db.get('visits', task.id)) ?? {
    taskId: task.id,
    slug: task.slug,
    reportId: task.reportId,
  }
  await db.put('visits', { ...visit, checkin: { at, ...position, synced: false } })
  await enqueue(db, { kind: 'checkin', taskId: task.id, input: { ...position, at } })
  visitStoreChanged()
}

export async function recordCheckout(task: Task, offline: boolean, at = appDate().toISOString()) {
  const db = await agentVisitDb()
  const visit = (await db.get('visits', task.id)) ?? {
    taskId: task.id,
    slug: task.slug,
    reportId: task.reportId,
  }
  if (visit.checkout) return // Already checked out on this device: sent once.
  await db.put('visits', { ...visit, checkout: { at, offline, synced: false } })
  // Whatever the draft holds goes first, then the checkout.
  await enqueueReportSave(db, task.id, task.reportId)
  await enqueue(db, { kind: 'checkout', taskId: task.id, input: { at, offline } })
  visitStoreChanged()
}

export type NewMedia = Omit<
  LocalMedia,
  'id' | 'state' | 'progress' | 'bytes' | 'evidenceId' | 'error'
> & { id?: string }

/** Keeps a photo or recording on the device, lists it in the report draft and queues its upload. */
export async function addMedia(
  reportId: string,
  media: NewMedia,
  options: { listInReport?: boolean } = {},
): Promise<LocalMedia> {
  const db = await agentVisitDb()
  const record: LocalMedia = {
    ...media,
    id: media.id ?? crypto.randomUUID(),
    state: 'waiting',
    progress: 0,
    bytes: media.blob.size,
  }
  await db.put('media', record)
  if (options.listInReport !== false) {
    const draft = await db.get('drafts', reportId)
    if (draft)
      await db.put('drafts', {
        ...draft,
        evidenceRefs: [...draft.evidenceRefs, { mediaId: record.id }],
        dirty: true,
        updatedAt: new Date().toISOString(),
      })
  }
  await enqueue(db, { kind: 'upload', taskId: media.taskId, mediaId: record.id })
  visitStoreChanged()
  return record
}

/** Removes a photo from the report (and from the device when it was never sent). */
export async function removeMedia(
  reportId: string,
  ref: { mediaId?: string; evidenceId?: string },
) {
  const db = await agentVisitDb()
  const draft = await db.get('drafts', reportId)
  if (draft) {
    await db.put('drafts', {
      ...draft,
      evidenceRefs: draft.evidenceRefs.filter(
        (r) =>
          !(
            (ref.mediaId && r.mediaId === ref.mediaId) ||
            (ref.evidenceId && r.evidenceId === ref.evidenceId)
          ),
      ),
      dirty: true,
      updatedAt: new Date().toISOString(),
    })
    await enqueueReportSave(db, draft.taskId, reportId)
  }
  if (ref.mediaId) {
    const media = await db.get('media', ref.mediaId)
    if (media && media.state !== 'sent') await db.delete('media', ref.mediaId)
  }
  visitStoreChanged()
}

/** Queues a write that is not part of the draft (award, submit, pendency answers). */
export async function queueWrite(payload: Parameters<typeof enqueue>[1]) {
  const db = await agentVisitDb()
  const item = await enqueue(db, payload)
  visitStoreChanged()
  return item
}
