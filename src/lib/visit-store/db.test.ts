import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { mutateDraft, openVisitDb, type ReportDraft, type VisitDb } from './db'

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
