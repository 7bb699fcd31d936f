/**
 * The visit's on-device store (IndexedDB, one database per agent): everything typed,
 * photographed or recorded during a visit is written here first, before any request, and
 * stays until the server has it. Sign-out deletes the database (prefix `avaliador-agent`).
 */
import {
  openDB,
  type DBSchema,
  type IDBPDatabase,
  type IDBPTransaction,
  type StoreNames,
} from 'idb'
import type { components } from '@/api/schema.gen'
import type { Answer, Attendant, Report, ReportInput, TaxReceipt, TimeRecord } from '@/api/entities'
import { DATABASES } from '@/lib/storage-keys'
import { onFreeze } from '@/lib/page-lifecycle'
import { deviceDate } from '@/lib/clock'

type Schemas = components['schemas']

/** The agent's working copy of a report: what the server last confirmed plus local edits. */
export type ReportDraft = {
  reportId: string
  taskId: string
  /** The server version the local edits are based on (sent as `version`). */
  baseVersion: number
  answers: Answer[]
  attendants: Attendant[]
  times: TimeRecord[]
  checklist: Schemas['ChecklistMark'][]
  /**
   * Evidences in report order: uploaded ones by server id, pending ones by local media id.
   * `kind` is kept from the server's report, so a list filtered by kind (photos, receipts)
   * knows each one before the report is read again; drafts from older versions lack it.
   */
  evidenceRefs: Array<{ evidenceId?: string; mediaId?: string; kind?: MediaKind }>
  taxReceipts: Array<TaxReceipt & { mediaId?: string }>
  testimony: string
  notes: string
  /** Local edits not yet confirmed by the server. */
  dirty: boolean
  updatedAt: string
  /** The server's report when a save hit a stale version (shown to the agent to choose). */
  conflict?: Report
}

/** A draft's answer or evidence that points at a photo still on this device: `local:<mediaId>`. */
export const LOCAL_MEDIA_PREFIX = 'local:'

export type MediaKind = Schemas['EvidenceKind']
export type MediaUploadState = 'waiting' | 'sending' | 'sent' | 'failed'

/**
 * A photo or recording on the device: what it is and where its upload stands. Its bytes live
 * apart, in `mediaBytes` (`MediaBytes`), so the many small writes of an upload (state,
 * progress) never rewrite the file — on a nearly full phone that rewrite is what fails — and
 * the bytes can go once the server has them while the record stays.
 */
export type LocalMedia = {
  id: string
  taskId: string
  kind: MediaKind
  fileName: string
  mimeType: string
  bytes: number
  width?: number
  height?: number
  durationSecs?: number
  caption?: string
  takenAt: string
  state: MediaUploadState
  /** 0..1 while sending. */
  progress: number
  evidenceId?: string
  error?: string
  /** Refused for good (refusal.ts): sending it again gets the same answer; removing it is the way. */
  final?: boolean
  /**
   * Its bytes were removed from the device (the server has them and the report no longer
   * needs them here): shown from the server's copy.
   */
  bytesRemoved?: boolean
}

/**
 * The bytes of a LocalMedia, by its id — or of a photo chosen and not prepared yet (its
 * original, under the `ChosenPhoto`'s id, replaced by the prepared photo's bytes in the
 * transaction that keeps it). Kept as an ArrayBuffer: WebKit in a private tab refuses a Blob
 * in IndexedDB ("Error preparing Blob/File data"), bytes it stores. Records moved by the
 * version-2 upgrade hold the Blob they had.
 */
export type MediaBytes = { id: string; data: ArrayBuffer | Blob; type: string }

/**
 * A photo the agent chose (camera, gallery) and the app has not prepared yet (compressed and
 * kept as a LocalMedia of the same id): written before the preparation starts, so a page
 * killed meanwhile finds it at the next open — with its original in `mediaBytes` when it fit
 * on the device (the work is finished then), without it when it did not (the photo is named
 * to take again). The picker of its `slot` finishes it (visit-store/chosen-photos.ts).
 */
export type ChosenPhoto = {
  id: string
  taskId: string
  reportId: string
  /** Which picker took it: `evidences`, `answer:<questionId>`, `receipt:<reportId>`, `pendency:<id>`. */
  slot: string
  kind: MediaKind
  listInReport: boolean
  caption?: string
  /** The picked file's name, size, type and date (the phone's clock). */
  fileName: string
  size: number
  type: string
  lastModified: number
  chosenAt: string
  /** Its original is in `mediaBytes`. */
  bytesKept: boolean
}

/** The chosen photo was prepared and kept by another tab meanwhile (or forgotten). */
export class ChosenPhotoGone extends Error {
  override readonly name = 'ChosenPhotoGone'
}

/**
 * Facts about the database itself: `database` holds the id it was created with (a new id when
 * the browser deleted it and the app made it again: visit-store/unsent-record.ts).
 */
export type VisitDbMeta = { key: 'database'; id: string; createdAt: string }

/** The visit's local facts (check-in and check-out as the device saw them). */
export type LocalVisit = {
  taskId: string
  slug: string
  reportId: string
  /** `offline`: recorded with no connection (the server keeps `at` only then). */
  checkin?: {
    at: string
    lat: number
    lng: number
    accuracy: number
    synced: boolean
    offline?: boolean
  }
  checkout?: { at: string; offline: boolean; synced: boolean }
}

export type OutboxPayload =
  | { kind: 'checkin'; taskId: string; input: Schemas['CheckinInput'] }
  | { kind: 'checkout'; taskId: string; input: Schemas['CheckoutInput'] }
  | { kind: 'upload'; taskId: string; mediaId: string }
  | {
      kind: 'saveReport'
      taskId: string
      reportId: string
      /**
       * The body this save sends, fixed at its first attempt: a retry with the same
       * Idempotency-Key must be the same request (the server answers a repeated key from its
       * record and would ignore a newer body). Edits made after it go in the next save.
       */
      snapshot?: { input: ReportInput; draftUpdatedAt: string }
    }
  | { kind: 'submitReport'; taskId: string; reportId: string }
  | { kind: 'award'; taskId: string; input: Schemas['AwardInput'] }
  | {
      kind: 'answerRevision'
      taskId: string
      revisionId: string
      answers: Schemas['PendencyAnswer'][]
    }

/** Why an item's last attempt failed (items written by older versions have no `at`/`retryAt`). */
export type OutboxError = {
  code: string
  message: string
  status: number
  /** When it failed (epoch ms). */
  at?: number
  /**
   * The server asked not to be called before this (epoch ms: its `Retry-After`, bounded): with
   * a 503 or a 429 it holds back every write to that server, not only this one.
   */
  retryAt?: number
}

export type OutboxItem = OutboxPayload & {
  /** Auto-increment: the order writes are sent in. */
  seq?: number
  /** Also the Idempotency-Key: a retry of this item is applied once by the server. */
  id: string
  createdAt: string
  attempts: number
  /** Epoch ms before which the item is not retried (backoff). */
  nextAttemptAt: number
  /** `failed`: refused by the server (4xx); parked for the agent to retry or discard. */
  state: 'pending' | 'failed'
  lastError?: OutboxError
  /**
   * Bumped by every change to the item (retry, failure recorded): a sender that saw
   * revision n writes its outcome back only if the item is still at n. Items written by
   * older versions have none (read as 0).
   */
  rev?: number
}

/** What of the outbox is still to go: counts and the items, oldest first. */
export type OutboxSummary = { pending: number; failed: number; items: OutboxItem[] }

export interface VisitDbSchema extends DBSchema {
  drafts: { key: string; value: ReportDraft }
  media: { key: string; value: LocalMedia; indexes: { byTask: string } }
  mediaBytes: { key: string; value: MediaBytes }
  visits: { key: string; value: LocalVisit }
  outbox: { key: number; value: OutboxItem; indexes: { byId: string } }
  chosen: { key: string; value: ChosenPhoto; indexes: { byTask: string } }
  meta: { key: string; value: VisitDbMeta }
}

export type VisitDb = IDBPDatabase<VisitDbSchema>
export type VisitStoreName = StoreNames<VisitDbSchema>
/** A read-write transaction over some of the visit stores (one user action = one of these). */
export type VisitTx = IDBPTransaction<VisitDbSchema, ArrayLike<VisitStoreName>, 'readwrite'>

/**
 * How a write must reach the disk. `strict` (the browser flushes to disk before saying the
 * transaction completed) for what costs the agent money if lost: check-in, check-out,
 * photos and recordings, the report's submission. `relaxed` for draft edits: they survive
 * the app being killed (the data is handed to the OS before completion), not a power cut.
 */
export type Durability = 'strict' | 'relaxed'

/**
 * Runs `work` in one read-write transaction over `stores` and resolves with its result only
 * once the transaction has completed (committed): a screen may say "guardado" after this.
 * `work` must only await requests of `tx` (awaiting anything else lets IndexedDB auto-commit).
 */
export async function inTransaction<T>(
  db: VisitDb,
  stores: VisitStoreName[],
  durability: Durability,
  work: (tx: VisitTx) => Promise<T>,
): Promise<T> {
  const tx = db.transaction(stores, 'readwrite', { durability }) as unknown as VisitTx
  writing.add(tx)
  void tx.done.catch(() => undefined).finally(() => writing.delete(tx))
  let result: T
  try {
    result = await work(tx)
  } catch (error) {
    try {
      tx.abort()
    } catch {
      // Already finished.
    }
    await tx.done.catch(() => undefined)
    throw error
  }
  await tx.done
  return result
}

/**
 * The schema, as the steps that built it: step n takes a database from version n-1 to n.
 * A step that shipped is never edited — a phone may hold a database of any earlier version,
 * with unsent work in it — a change is a new step (and a test that upgrades a database of
 * the version before, outbox and all: db.test.ts).
 */
type UpgradeStep = (
  db: IDBPDatabase<VisitDbSchema>,
  tx: IDBPTransaction<VisitDbSchema, VisitStoreName[], 'versionchange'>,
) => Promise<void> | void

const UPGRADE_STEPS: readonly UpgradeStep[] = [
  // 1: drafts, media (with its Blob), the visits' facts, the outbox.
  (db) => {
    db.createObjectStore('drafts', { keyPath: 'reportId' })
    db.createObjectStore('media', { keyPath: 'id' }).createIndex('byTask', 'taskId')
    db.createObjectStore('visits', { keyPath: 'taskId' })
    db.createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true }).createIndex(
      'byId',
      'id',
      { unique: true },
    )
  },
  // 2: a media record's bytes move to `mediaBytes`; the record keeps the rest.
  async (db, tx) => {
    db.createObjectStore('mediaBytes', { keyPath: 'id' })
    const bytes = tx.objectStore('mediaBytes')
    let cursor = await tx.objectStore('media').openCursor()
    while (cursor) {
      const { blob, ...record } = cursor.value as LocalMedia & { blob?: Blob }
      if (blob) await bytes.put({ id: record.id, data: blob, type: blob.type })
      await cursor.update(record)
      cursor = await cursor.continue()
    }
  },
  // 3: photos chosen and not prepared yet; the database's own id.
  async (db, tx) => {
    db.createObjectStore('chosen', { keyPath: 'id' }).createIndex('byTask', 'taskId')
    db.createObjectStore('meta', { keyPath: 'key' })
    await tx
      .objectStore('meta')
      .put({ key: 'database', id: crypto.randomUUID(), createdAt: deviceDate().toISOString() })
  },
]

export const VISIT_DB_VERSION = UPGRADE_STEPS.length

/**
 * An IndexedDB error of a connection or transaction ended under the caller (the page frozen,
 * a newer version upgrading the database, the agent signing out): the next use opens the
 * database again, so it is no failure to report.
 */
export function isClosedUnder(error: unknown): boolean {
  const name = error instanceof Error || error instanceof DOMException ? error.name : ''
  return (
    name === 'AbortError' || name === 'InvalidStateError' || name === 'TransactionInactiveError'
  )
}

const opened = new Map<string, Promise<VisitDb>>()
/** The connections that opened, by name (for what must run synchronously: `pagehide`). */
const connections = new Map<string, VisitDb>()
/** Read-write transactions under way (`inTransaction`). */
const writing = new Set<VisitTx>()

/**
 * The page may be frozen whole (kept in the back/forward cache, or frozen in the background):
 * a transaction left open would stay open, and in WebKit the next page of the app waits behind
 * it (issue #28). So, synchronously, writes under way are aborted — their callers see the
 * error: the sync loop tries again, a screen's write is redone by the agent's next action —
 * and the connections closed; the next use opens them again.
 */
onFreeze(() => {
  for (const tx of writing) {
    try {
      tx.abort()
    } catch {
      // Already finished.
    }
  }
  writing.clear()
  for (const db of connections.values()) db.close()
  connections.clear()
  opened.clear()
})
const closedListeners = new Set<(reason: 'newer-version' | 'closed') => void>()

/**
 * Told when a visit database this tab had open was closed under it: `newer-version` when a
 * newer version of the app (another tab, or after an update) needs to upgrade it — this tab's
 * code is then outdated — `closed` when the browser closed it (storage cleared, a crash).
 * The next `openVisitDb` opens it again; the sync loop does so on its next run.
 */
export function onVisitDbClosed(listener: (reason: 'newer-version' | 'closed') => void) {
  closedListeners.add(listener)
  return () => void closedListeners.delete(listener)
}

export const visitDbName = DATABASES.visit

export function openVisitDb(agentId: string): Promise<VisitDb> {
  const name = visitDbName(agentId)
  let db = opened.get(name)
  if (!db) {
    const forget = (opening: Promise<VisitDb>) => {
      if (opened.get(name) !== opening) return
      opened.delete(name)
      connections.delete(name)
    }
    const opening: Promise<VisitDb> = openDB<VisitDbSchema>(name, VISIT_DB_VERSION, {
      async upgrade(database, oldVersion, _newVersion, tx) {
        for (let version = oldVersion + 1; version <= VISIT_DB_VERSION; version++)
          await UPGRADE_STEPS[version - 1]!(database, tx)
      },
      blocking() {
        // A newer version (or sign-out) wants to upgrade or delete it: let it, at once.
        forget(opening)
        void opening.then((d) => d.close())
        closedListeners.forEach((l) => l('newer-version'))
      },
      terminated() {
        forget(opening)
        closedListeners.forEach((l) => l('closed'))
      },
    })
    // A failed open (a newer version's database, a full disk) is not kept: the next call tries again.
    opening.then(
      (connection) => {
        if (opened.get(name) === opening) connections.set(name, connection)
        else connection.close() // Frozen (or closed) while it opened.
      },
      () => forget(opening),
    )
    opened.set(name, opening)
    db = opening
  }
  return db
}

/** Closes every open visit database (before sign-out deletes them). */
export async function closeVisitDbs() {
  const all = [...opened.values()]
  opened.clear()
  connections.clear()
  await Promise.all(all.map((p) => p.then((d) => d.close()).catch(() => undefined)))
}

/** A fresh draft from the server's report. */
export function draftFromReport(report: Report): ReportDraft {
  return {
    reportId: report.id,
    taskId: report.taskId,
    baseVersion: report.version,
    answers: report.answers,
    attendants: report.attendants,
    times: report.times,
    checklist: report.checklist,
    evidenceRefs: report.evidences.map((e) => ({ evidenceId: e.id, kind: e.kind })),
    taxReceipts: report.taxReceipts,
    testimony: report.testimony ?? '',
    notes: report.notes,
    dirty: false,
    updatedAt: deviceDate().toISOString(),
  }
}

/**
 * Reads a draft and writes back `change(draft)` in one IndexedDB transaction, so a save that
 * lands meanwhile (the sync loop recording the server's version) and an edit by the agent
 * can never overwrite each other. `change` must be synchronous; returning undefined writes
 * nothing. Resolves to what was written (or undefined).
 */
export async function mutateDraft(
  db: VisitDb,
  reportId: string,
  change: (draft: ReportDraft) => ReportDraft | undefined,
): Promise<ReportDraft | undefined> {
  return inTransaction(db, ['drafts'], 'relaxed', (tx) => mutateDraftIn(tx, reportId, change))
}

/** `mutateDraft` inside a transaction the caller owns (with `drafts` in its scope). */
export async function mutateDraftIn(
  tx: VisitTx,
  reportId: string,
  change: (draft: ReportDraft) => ReportDraft | undefined,
): Promise<ReportDraft | undefined> {
  const drafts = tx.objectStore('drafts')
  const draft = await drafts.get(reportId)
  const next = draft ? change(draft) : undefined
  if (next) await drafts.put(next)
  return next
}

/**
 * Changes a media record in one transaction, only if it still exists: an upload finishing
 * (or failing) after the agent removed the photo must not bring it back.
 */
export async function patchMediaIn(
  tx: VisitTx,
  mediaId: string,
  change: (media: LocalMedia) => LocalMedia | undefined,
): Promise<LocalMedia | undefined> {
  const store = tx.objectStore('media')
  const media = await store.get(mediaId)
  const next = media ? change(media) : undefined
  if (next) await store.put(next)
  return next
}
