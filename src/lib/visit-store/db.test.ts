import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import {
  closeVisitDbs,
  mutateDraft,
  openVisitDb,
  VISIT_DB_VERSION,
  visitDbName,
  type ReportDraft,
  type VisitDb,
} from './db'

const draft: ReportDraft = {
  reportId: 'rep_1',
  taskId: 'tsk_1',
  baseVersion: 3,
  answers: [],
  attendants: [],
  times: [],
  checklist: [],
  evidenceRefs: [],
  taxReceipts: [],
  testimony: '',
  notes: '',
  dirty: false,
  updatedAt: '2026-11-21T10:00:00.000Z',
}

/** The old way: read, then write in a second transaction. */
async function readThenWrite(db: VisitDb, change: (d: ReportDraft) => ReportDraft) {
  const current = await db.get('drafts', draft.reportId)
  await db.put('drafts', change(current!))
}

describe('mutateDraft', () => {
  it('never loses a change when the sync loop and an edit overlap', async () => {
    const db = await openVisitDb('mutate-draft-test')
    await db.put('drafts', draft)
    await Promise.all([
      // The sync loop records the server's new version…
      mutateDraft(db, draft.reportId, (d) => ({ ...d, baseVersion: 4 })),
      // …while the agent types notes.
      mutateDraft(db, draft.reportId, (d) => ({ ...d, notes: 'Fila de 5 pessoas', dirty: true })),
    ])
    const saved = await db.get('drafts', draft.reportId)
    expect(saved).toMatchObject({ baseVersion: 4, notes: 'Fila de 5 pessoas', dirty: true })
    db.close()
  })

  it('is what the race needed: a read and a write in two transactions loses one of them', async () => {
    const db = await openVisitDb('read-then-write-test')
    await db.put('drafts', draft)
    await Promise.all([
      readThenWrite(db, (d) => ({ ...d, baseVersion: 4 })),
      readThenWrite(db, (d) => ({ ...d, notes: 'Fila de 5 pessoas' })),
    ])
    const saved = await db.get('drafts', draft.reportId)
    expect(saved?.baseVersion === 4 && saved.notes === 'Fila de 5 pessoas').toBe(false)
    db.close()
  })

  it('writes nothing for a draft that is gone (sent, or signed out meanwhile)', async () => {
    const db = await openVisitDb('mutate-missing-test')
    expect(await mutateDraft(db, 'nao-existe', (d) => ({ ...d, dirty: true }))).toBeUndefined()
    expect(await db.count('drafts')).toBe(0)
    db.close()
  })
})

describe('the schema’s version 3 (photos chosen, the database’s own id)', () => {
  /** Version 2 as that version made it, with an unsent check-in queued. */
  function openVersion2(name: string): Promise<IDBDatabase> {
    return new Promise((resolve, reject) => {
      const request = indexedDB.open(name, 2)
      request.onupgradeneeded = () => {
        const database = request.result
        database.createObjectStore('drafts', { keyPath: 'reportId' })
        database.createObjectStore('media', { keyPath: 'id' }).createIndex('byTask', 'taskId')
        database.createObjectStore('visits', { keyPath: 'taskId' })
        database
          .createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true })
          .createIndex('byId', 'id', { unique: true })
        database.createObjectStore('mediaBytes', { keyPath: 'id' })
        request.transaction!.objectStore('outbox').put({
          id: 'v2-checkin',
          kind: 'checkin',
          taskId: 'tsk_1',
          input: { lat: 0, lng: 0, accuracy: 5, at: '2026-11-21T10:00:00.000Z' },
          createdAt: '2026-11-21T10:00:00.000Z',
          attempts: 0,
          nextAttemptAt: 0,
          state: 'pending',
        })
      }
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error ?? new Error('open failed'))
    })
  }

  it('upgrades a version-2 database with its outbox, and gives it an id of its own', async () => {
    ;(await openVersion2(visitDbName('upgrade-v2-test'))).close()
    const db = await openVisitDb('upgrade-v2-test')
    expect(db.version).toBe(VISIT_DB_VERSION)
    expect([...db.objectStoreNames]).toEqual(expect.arrayContaining(['chosen', 'meta']))
    expect((await db.getAll('outbox')).map((i) => i.id)).toEqual(['v2-checkin'])
    const meta = await db.get('meta', 'database')
    expect(meta?.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(await db.getAll('chosen')).toEqual([])
    db.close()
  })

  it('a database made anew (the browser deleted the old one) has another id', async () => {
    const first = await openVisitDb('made-anew-test')
    const before = (await first.get('meta', 'database'))?.id
    first.close()
    await closeVisitDbs()
    await new Promise<void>((resolve) => {
      const request = indexedDB.deleteDatabase(visitDbName('made-anew-test'))
      request.onsuccess = request.onerror = () => resolve()
    })
    const again = await openVisitDb('made-anew-test')
    expect((await again.get('meta', 'database'))?.id).not.toBe(before)
    again.close()
  })
})
