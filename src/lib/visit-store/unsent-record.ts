/**
 * What of the agent's visits is unsent, recorded outside IndexedDB: a small record in
 * localStorage (through lib/device-storage), one per visit database, so that a database the
 * browser deleted is noticed at the next open and the agent told exactly what was lost and what
 * to redo — never "Tudo enviado" (docs/decisions/0022-storage-the-agent-can-trust.md).
 *
 * On a phone whose disk fills up, Chromium may find the origin's IndexedDB corrupt and delete
 * it; `navigator.storage.persist()` does not prevent that. The record holds names and times,
 * never the data itself (a few hundred bytes a visit): which visit, its check-in and check-out
 * times when unsent, each photo not sent (its file name and time), which parts of the report
 * have unsent edits, a submission or other writes waiting.
 *
 *  - `refreshUnsentRecord(db)` reads it from the database after every change (the keeper,
 *    `keepUnsentRecord`, runs while someone is signed in).
 *  - `reconcileUnsentRecord(db)` runs when the database is opened, before anything reads it
 *    (`agentVisitDb`): each database has an id of its own (`meta`, made when it is created);
 *    a record written from another id describes a database that is gone, and what it held
 *    unsent becomes `lost` — kept until the agent has read it ("Entendi").
 */
import { deviceStorage } from '@/lib/device-storage'
import { STORAGE_KEYS, storageKey } from '@/lib/storage-keys'
import { appDate } from '@/lib/clock'
import type { MediaKind, ReportDraft, VisitDb } from './db'

/** The parts of a draft whose unsent edits are named (photos are named one by one). */
export const DRAFT_FIELDS = [
  'answers',
  'attendants',
  'times',
  'checklist',
  'taxReceipts',
  'testimony',
  'notes',
] as const satisfies readonly (keyof ReportDraft)[]
export type DraftField = (typeof DRAFT_FIELDS)[number]

export type UnsentPhoto = { id: string; name: string; at: string; kind: MediaKind }

/** What one visit holds that the server does not have. */
export type UnsentVisit = {
  taskId: string
  slug?: string
  /** When the check-in or check-out was made, when the server does not have it. */
  checkin?: string
  checkout?: string
  /** Photos, receipts and recordings not sent (also those chosen and not prepared yet). */
  photos: UnsentPhoto[]
  /** Parts of the report with edits the server does not have. */
  edits: DraftField[]
  /** The report's submission is waiting. */
  submitted?: boolean
  /** Other writes waiting: award nominations, answers to pendencies. */
  other?: number
}

/** A visit whose unsent work was in a database the browser deleted. */
export type LostVisit = UnsentVisit & { noticedAt: string }

export type UnsentRecord = {
  v: 1
  /** The id of the database `unsent` was read from. */
  db?: string
  /** Per report, a hash of each part as the server last confirmed it (to name what changed). */
  clean: Record<string, Partial<Record<DraftField, string>>>
  unsent: UnsentVisit[]
  lost: LostVisit[]
}

const empty = (): UnsentRecord => ({ v: 1, clean: {}, unsent: [], lost: [] })

/** The record of the visit database `dbName`; an empty one when none (or unreadable). */
export function readUnsentRecord(dbName: string): UnsentRecord {
  const raw = deviceStorage.get(storageKey.unsentRecord(dbName))
  if (!raw) return empty()
  try {
    const parsed = JSON.parse(raw) as Partial<UnsentRecord>
    if (parsed.v !== 1) return empty()
    return {
      v: 1,
      ...(typeof parsed.db === 'string' ? { db: parsed.db } : {}),
      clean: parsed.clean ?? {},
      unsent: Array.isArray(parsed.unsent) ? parsed.unsent : [],
      lost: Array.isArray(parsed.lost) ? parsed.lost : [],
    }
  } catch {
    return empty()
  }
}

const listeners = new Set<() => void>()
/** Told when a record changes (in this tab; other tabs hear the `storage` event). */
export function subscribeUnsentRecord(listener: () => void) {
  listeners.add(listener)
  const onStorage = (event: StorageEvent) => {
    const { unsentRecord, demoUnsentRecord } = STORAGE_KEYS
    if (
      event.key === null ||
      event.key.startsWith(unsentRecord.prefix) ||
      event.key.startsWith(demoUnsentRecord.prefix)
    )
      listener()
  }
  if (typeof window !== 'undefined') window.addEventListener('storage', onStorage)
  return () => {
    listeners.delete(listener)
    if (typeof window !== 'undefined') window.removeEventListener('storage', onStorage)
  }
}

function writeUnsentRecord(dbName: string, record: UnsentRecord) {
  const raw = JSON.stringify(record)
  const key = storageKey.unsentRecord(dbName)
  if (deviceStorage.get(key) === raw) return
  void deviceStorage.set(key, raw)
  listeners.forEach((l) => l())
}

/** FNV-1a over the JSON of a value: enough to tell whether a part of the draft changed. */
function hashOf(value: unknown): string {
  const text = JSON.stringify(value ?? null)
  let hash = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i)
    hash = Math.imul(hash, 0x01000193)
  }
  return (hash >>> 0).toString(36)
}

const isEmptyValue = (value: unknown) =>
  value === undefined || value === '' || (Array.isArray(value) && value.length === 0)

/**
 * The record as the database says now: what it holds unsent (by visit, in task order), and the
 * hashes of each draft as last confirmed. `clean`: the hashes known so far (a dirty draft is
 * compared with them; one never seen clean names its parts that hold something).
 */
export async function unsentIn(
  db: VisitDb,
  clean: UnsentRecord['clean'],
): Promise<Pick<UnsentRecord, 'unsent' | 'clean'>> {
  const tx = db.transaction(['visits', 'media', 'chosen', 'drafts', 'outbox'])
  const [visits, media, chosen, drafts, outbox] = await Promise.all([
    tx.objectStore('visits').getAll(),
    tx.objectStore('media').getAll(),
    tx.objectStore('chosen').getAll(),
    tx.objectStore('drafts').getAll(),
    tx.objectStore('outbox').getAll(),
  ])
  const byTask = new Map<string, UnsentVisit>()
  const slugOf = new Map(visits.map((v) => [v.taskId, v.slug]))
  const visitOf = (taskId: string) => {
    let visit = byTask.get(taskId)
    if (!visit) {
      const slug = slugOf.get(taskId)
      visit = { taskId, ...(slug ? { slug } : {}), photos: [], edits: [] }
      byTask.set(taskId, visit)
    }
    return visit
  }
  for (const visit of visits) {
    if (visit.checkin && !visit.checkin.synced) visitOf(visit.taskId).checkin = visit.checkin.at
    if (visit.checkout && !visit.checkout.synced) visitOf(visit.taskId).checkout = visit.checkout.at
  }
  for (const m of media)
    if (m.state !== 'sent')
      visitOf(m.taskId).photos.push({ id: m.id, name: m.fileName, at: m.takenAt, kind: m.kind })
  for (const c of chosen)
    if (!media.some((m) => m.id === c.id))
      visitOf(c.taskId).photos.push({ id: c.id, name: c.fileName, at: c.chosenAt, kind: c.kind })
  const nextClean: UnsentRecord['clean'] = {}
  for (const draft of drafts) {
    const hashes = Object.fromEntries(DRAFT_FIELDS.map((f) => [f, hashOf(draft[f])])) as Record<
      DraftField,
      string
    >
    if (!draft.dirty) {
      nextClean[draft.reportId] = hashes
      continue
    }
    const known = clean[draft.reportId]
    if (known) nextClean[draft.reportId] = known
    const edits = DRAFT_FIELDS.filter((f) =>
      known ? known[f] !== hashes[f] : !isEmptyValue(draft[f]),
    )
    if (edits.length > 0) visitOf(draft.taskId).edits = edits
  }
  for (const item of outbox) {
    if (item.kind === 'submitReport') visitOf(item.taskId).submitted = true
    if (item.kind === 'award' || item.kind === 'answerRevision') {
      const visit = visitOf(item.taskId)
      visit.other = (visit.other ?? 0) + 1
    }
  }
  for (const visit of byTask.values())
    visit.photos.sort((a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id))
  const unsent = [...byTask.values()]
    .filter(
      (v) => v.checkin || v.checkout || v.photos.length || v.edits.length || v.submitted || v.other,
    )
    .sort((a, b) => a.taskId.localeCompare(b.taskId))
  return { unsent, clean: nextClean }
}

/** Writes what `db` holds unsent into its record (after every change of the store). */
export async function refreshUnsentRecord(db: VisitDb) {
  const meta = await db.get('meta', 'database')
  const record = readUnsentRecord(db.name)
  // Read from another database than the record's: reconcile first (it runs at every open).
  if (!meta || (record.db && record.db !== meta.id)) return
  const { unsent, clean } = await unsentIn(db, record.clean)
  writeUnsentRecord(db.name, { ...readUnsentRecord(db.name), db: meta.id, unsent, clean })
}

/**
 * At the open of a visit database, before anything reads it: when the record was written from
 * a database with another id, that database is gone (the browser deleted it) and what it held
 * unsent is lost: moved to `lost`, with when it was noticed.
 */
export async function reconcileUnsentRecord(db: VisitDb, now = appDate()) {
  const meta = await db.get('meta', 'database')
  if (!meta) return
  const record = readUnsentRecord(db.name)
  if (record.db === meta.id) return
  const noticedAt = now.toISOString()
  const lost = [...record.lost]
  if (record.db)
    for (const visit of record.unsent) {
      // Two tabs may notice it at once: a visit is lost once.
      const i = lost.findIndex((l) => l.taskId === visit.taskId)
      if (i >= 0) lost[i] = { ...mergeVisits(lost[i]!, visit), noticedAt }
      else lost.push({ ...visit, noticedAt })
    }
  writeUnsentRecord(db.name, { v: 1, db: meta.id, clean: {}, unsent: [], lost })
}

function mergeVisits(a: UnsentVisit, b: UnsentVisit): UnsentVisit {
  const photos = [...a.photos, ...b.photos.filter((p) => !a.photos.some((q) => q.id === p.id))]
  return {
    ...a,
    ...b,
    photos,
    edits: [...new Set([...a.edits, ...b.edits])],
  }
}

/** The agent has read what was lost of the visit `taskId`: it leaves the record. */
export function dismissLostVisit(dbName: string, taskId: string) {
  const record = readUnsentRecord(dbName)
  writeUnsentRecord(dbName, { ...record, lost: record.lost.filter((l) => l.taskId !== taskId) })
}

/**
 * Keeps the record of the signed-in agent's database up to date: now, and after every change
 * of the visit store (`subscribe`), one read at a time. Returns how to stop.
 */
export function keepUnsentRecord(
  open: () => Promise<VisitDb>,
  subscribe: (listener: () => void) => () => void,
) {
  let running = false
  let again = false
  let stopped = false
  const run = async () => {
    if (running) {
      again = true
      return
    }
    running = true
    do {
      again = false
      try {
        await refreshUnsentRecord(await open())
      } catch {
        // The database cannot be read now (closed under us, a full disk): the record keeps
        // what it said, and the next change reads again.
      }
    } while (again && !stopped)
    running = false
  }
  void run()
  const unsubscribe = subscribe(() => void run())
  return () => {
    stopped = true
    unsubscribe()
  }
}
