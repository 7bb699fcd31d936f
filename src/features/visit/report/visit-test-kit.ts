/**
 * Test helpers for the visit's screens (not imported by the app): a clean device store
 * (IndexedDB) per test, and the sync loop the app runs (VisitSyncProvider), so queued
 * writes reach the fake backend as they would in the app.
 */
import { deleteDB } from 'idb'
import { closeVisitDbs, openVisitDb, visitDbName, type ReportDraft } from '../offline/visit-db'
import { notifyVisitStoreReaders, setSyncKick } from '../offline/visit-store'
import { startVisitSync } from '../offline/visit-sync'

let stopSync: (() => void) | undefined

/** Empties the agent's visit database (drafts, media, outbox) and stops any sync loop. */
export async function resetVisitDevice(agentId: string) {
  stopSync?.()
  stopSync = undefined
  await closeVisitDbs()
  await deleteDB(visitDbName(agentId))
}

/** Runs the outbox against the server, as the app does while someone is signed in. */
export async function runVisitSync(agentId: string) {
  const db = await openVisitDb(agentId)
  const sync = startVisitSync(db, { onChange: notifyVisitStoreReaders })
  setSyncKick(sync.kick)
  stopSync = () => {
    sync.stop()
    setSyncKick(() => {})
  }
}

export async function readDraft(
  agentId: string,
  reportId: string,
): Promise<ReportDraft | undefined> {
  return (await openVisitDb(agentId)).get('drafts', reportId)
}

export async function readOutbox(agentId: string) {
  return (await openVisitDb(agentId)).getAll('outbox')
}
