/**
 * Test helpers for the visit's screens (not imported by the app): a clean device store
 * (IndexedDB) per test, and the sync loop the app runs (VisitSyncProvider), so queued
 * writes reach the fake backend as they would in the app.
 */
import { deleteDB } from 'idb'
import { closeVisitDbs, openVisitDb, visitDbName, type ReportDraft } from '@/lib/visit-store/db'
import type { QueryClient } from '@tanstack/react-query'
import { runVisitSync } from '@/lib/visit-store/sync'

let stopSync: (() => Promise<void>) | undefined
/** The loops stopped so far, until each is over (what it had under way finished). */
let stopped: Promise<void> = Promise.resolve()

/** Empties the agent's visit database (drafts, media, outbox) and stops any sync loop. */
export async function resetVisitDevice(agentId: string) {
  await stopTestSync()
  await closeVisitDbs()
  await deleteDB(visitDbName(agentId))
}

/**
 * Runs the outbox against the server as the app does while someone is signed in (the app's
 * own starter, with the same query refreshes when a `queryClient` is given).
 */
export async function startTestSync(agentId: string, queryClient?: QueryClient) {
  await stopTestSync()
  const db = await openVisitDb(agentId)
  stopSync = runVisitSync(db, queryClient)
}

/**
 * Stops the loop: nothing more starts at once. Resolves once what it had under way is over;
 * `freshBackend` waits for that too, so a write of this test never lands in the next one's world.
 */
export function stopTestSync(): Promise<void> {
  const stop = stopSync
  stopSync = undefined
  if (stop) stopped = Promise.all([stopped, stop()]).then(() => undefined)
  return stopped
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

/** Resolves once every loop stopped so far is over (`freshBackend` waits for it). */
export function testSyncStopped(): Promise<void> {
  return stopped
}
