/**
 * A page kept in the back/forward cache (or frozen in the background) must not hold the visit
 * database: in WebKit the app's next page waited behind a transaction the frozen page had open
 * (found by the private-tab engine test; issue #28). Writes under way are aborted and the
 * connections closed at `pagehide` (persisted); the next use opens them again.
 */
import 'fake-indexeddb/auto'
import { describe, expect, it } from 'vitest'
import { inTransaction, openVisitDb, visitDbName, type ReportDraft } from './db'

const draft: ReportDraft = {
  reportId: 'rep_freeze',
  taskId: 'tsk_freeze',
  baseVersion: 1,
  answers: [],
  attendants: [],
  times: [],
  checklist: [],
  evidenceRefs: [],
  taxReceipts: [],
  testimony: '',
  notes: 'antes',
  dirty: false,
  updatedAt: '2026-11-26T10:00:00.000Z',
}

/** Another page of the app writes to the same database, as the next page would. */
function nextPageWrites(name: string): Promise<'written'> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name)
    request.onsuccess = () => {
      const database = request.result
      const tx = database.transaction('drafts', 'readwrite')
      tx.objectStore('drafts').put({ ...draft, notes: 'da próxima página' })
      tx.oncomplete = () => {
        database.close()
        resolve('written')
      }
      tx.onerror = () => reject(tx.error ?? new Error('write failed'))
    }
    request.onerror = () => reject(request.error ?? new Error('open failed'))
  })
}

describe('a page frozen in the back/forward cache', () => {
  it('aborts its write under way, closes the database, and opens it again when shown', async () => {
    const agent = 'freeze-agent'
    const db = await openVisitDb(agent)
    const write = inTransaction(db, ['drafts'], 'relaxed', async (tx) => {
      await tx.objectStore('drafts').put(draft)
      // The page goes into the back/forward cache in the middle of the write.
      window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true }))
      await tx.objectStore('drafts').get(draft.reportId)
    })
    await expect(write).rejects.toThrow()

    // Nothing of the aborted write, and the next page is not held back.
    await expect(nextPageWrites(visitDbName(agent))).resolves.toBe('written')

    // Shown again: a new connection, which works.
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }))
    const again = await openVisitDb(agent)
    expect(again).not.toBe(db)
    expect((await again.get('drafts', draft.reportId))?.notes).toBe('da próxima página')
  })
})
