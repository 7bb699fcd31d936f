/**
 * The unsent record (visit-store/unsent-record.ts): what a visit database holds unsent, kept in
 * localStorage, and its reconciliation when the database was deleted by the browser and made
 * anew — what it held becomes "lost", named, until the agent has read it.
 */
import 'fake-indexeddb/auto'
import { deleteDB } from 'idb'
import { beforeEach, describe, expect, it } from 'vitest'
import { storageKey } from '@/lib/storage-keys'
import { closeVisitDbs, openVisitDb, visitDbName, type ReportDraft, type VisitDb } from './db'
import {
  dismissLostVisit,
  readUnsentRecord,
  reconcileUnsentRecord,
  refreshUnsentRecord,
} from './unsent-record'

const AGENT = 'agt_record'
const NAME = visitDbName(AGENT)
const T = (minute: number) => `2026-03-02T13:${String(minute).padStart(2, '0')}:00.000Z`

const draft = (changes: Partial<ReportDraft> = {}): ReportDraft => ({
  reportId: 'rep_1',
  taskId: 'tsk_1',
  baseVersion: 1,
  answers: [],
  attendants: [],
  times: [],
  // Ticked earlier and already on the server: not an unsent edit.
  checklist: [{ itemId: 'chk-fachada', checked: true }],
  evidenceRefs: [],
  taxReceipts: [],
  testimony: '',
  notes: '',
  dirty: false,
  updatedAt: T(0),
  ...changes,
})

/** A database opened as the app opens it: reconciled first. */
async function open(): Promise<VisitDb> {
  const db = await openVisitDb(AGENT)
  await reconcileUnsentRecord(db, new Date(T(59)))
  return db
}

/** An offline visit under way: check-in and check-out unsent, a photo kept, one being prepared, notes and an attendant typed. */
async function anOfflineVisit(db: VisitDb) {
  await db.put('drafts', draft())
  await refreshUnsentRecord(db) // the server's copy, as the device last saw it
  await db.put('visits', {
    taskId: 'tsk_1',
    slug: 'T-4826',
    reportId: 'rep_1',
    checkin: { at: T(2), lat: 0, lng: 0, accuracy: 9, synced: false, offline: true },
    checkout: { at: T(40), offline: true, synced: false },
  })
  await db.put('media', {
    id: 'm1',
    taskId: 'tsk_1',
    kind: 'photo',
    fileName: 'IMG_0042.jpg',
    mimeType: 'image/jpeg',
    bytes: 300_000,
    takenAt: T(12),
    state: 'waiting',
    progress: 0,
  })
  await db.put('chosen', {
    id: 'c1',
    taskId: 'tsk_1',
    reportId: 'rep_1',
    slot: 'evidences',
    kind: 'photo',
    listInReport: true,
    fileName: 'IMG_0043.jpg',
    size: 9_800_000,
    type: 'image/jpeg',
    lastModified: 0,
    chosenAt: T(15),
    bytesKept: true,
  })
  await db.put(
    'drafts',
    draft({
      notes: 'Fila grande no caixa.',
      attendants: [{ code: 'att-1', name: 'Joana Prado', traits: [] }],
      dirty: true,
      updatedAt: T(30),
    }),
  )
  await refreshUnsentRecord(db)
}

beforeEach(async () => {
  await closeVisitDbs()
  await deleteDB(NAME)
  localStorage.clear()
})

describe('the unsent record', () => {
  it('names what a visit holds that the server does not have — and nothing once it has it', async () => {
    const db = await open()
    await anOfflineVisit(db)
    const record = readUnsentRecord(NAME)
    expect(record.unsent).toEqual([
      {
        taskId: 'tsk_1',
        slug: 'T-4826',
        checkin: T(2),
        checkout: T(40),
        photos: [
          { id: 'm1', name: 'IMG_0042.jpg', at: T(12), kind: 'photo' },
          { id: 'c1', name: 'IMG_0043.jpg', at: T(15), kind: 'photo' },
        ],
        edits: ['attendants', 'notes'],
      },
    ])
    expect(record.lost).toEqual([])
    expect(JSON.stringify(record).length, 'small: names and times, never the data').toBeLessThan(
      1000,
    )

    // The server got it all.
    const visit = (await db.get('visits', 'tsk_1'))!
    await db.put('visits', {
      ...visit,
      checkin: { ...visit.checkin!, synced: true },
      checkout: { ...visit.checkout!, synced: true },
    })
    await db.put('media', { ...(await db.get('media', 'm1'))!, state: 'sent', evidenceId: 'e1' })
    await db.delete('chosen', 'c1')
    await db.put('drafts', { ...(await db.get('drafts', 'rep_1'))!, dirty: false })
    await refreshUnsentRecord(db)
    expect(readUnsentRecord(NAME).unsent).toEqual([])
  })

  it('a database the browser deleted is noticed at the next open: what it held unsent is lost, named, until “Entendi”', async () => {
    await anOfflineVisit(await open())
    // The browser deletes the origin's IndexedDB (a full disk found corrupt).
    await closeVisitDbs()
    await deleteDB(NAME)

    const made = await open()
    const { lost, unsent } = readUnsentRecord(NAME)
    expect(unsent).toEqual([])
    expect(lost).toEqual([
      expect.objectContaining({
        taskId: 'tsk_1',
        slug: 'T-4826',
        checkin: T(2),
        checkout: T(40),
        photos: [
          expect.objectContaining({ name: 'IMG_0042.jpg' }),
          expect.objectContaining({ name: 'IMG_0043.jpg' }),
        ],
        edits: ['attendants', 'notes'],
        noticedAt: T(59),
      }),
    ])
    // The empty database made anew does not wipe it.
    await refreshUnsentRecord(made)
    expect(readUnsentRecord(NAME).lost).toHaveLength(1)

    dismissLostVisit(NAME, 'tsk_1')
    expect(readUnsentRecord(NAME).lost).toEqual([])
  })

  it('a reload (the same database opened again) loses nothing', async () => {
    await anOfflineVisit(await open())
    await closeVisitDbs()
    await open()
    expect(readUnsentRecord(NAME).lost).toEqual([])
    expect(readUnsentRecord(NAME).unsent).toHaveLength(1)
  })

  it('two tabs noticing it at once list the visit once', async () => {
    await anOfflineVisit(await open())
    const before = localStorage.getItem(storageKey.unsentRecord(NAME))!
    await closeVisitDbs()
    await deleteDB(NAME)
    const made = await open()
    // The other tab read the record before this one wrote it.
    const after = readUnsentRecord(NAME)
    localStorage.setItem(
      storageKey.unsentRecord(NAME),
      JSON.stringify({ ...(JSON.parse(before) as object), lost: after.lost }),
    )
    await reconcileUnsentRecord(made)
    expect(readUnsentRecord(NAME).lost).toHaveLength(1)
  })

  it('a database with nothing unsent, deleted, loses nothing', async () => {
    const db = await open()
    await db.put('drafts', draft())
    await refreshUnsentRecord(db)
    await closeVisitDbs()
    await deleteDB(NAME)
    await open()
    expect(readUnsentRecord(NAME).lost).toEqual([])
  })
})
