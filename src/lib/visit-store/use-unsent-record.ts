/**
 * The screens' read of the unsent record (unsent-record.ts) of the signed-in agent's visit
 * database: re-renders when it changes, in this tab or another. No IndexedDB here: the record
 * is in localStorage, so the app's shell can say what a deleted database lost.
 */
import { useCallback, useSyncExternalStore } from 'react'
import { deviceStorage } from '@/lib/device-storage'
import { DATABASES, storageKey } from '@/lib/storage-keys'
import { currentSession } from '@/lib/session'
import { runtimeConfig } from '@/lib/runtime-config'
import {
  dismissLostVisit,
  readUnsentRecord,
  subscribeUnsentRecord,
  type LostVisit,
  type UnsentRecord,
} from './unsent-record'

/** The signed-in agent's visit database name (as `agentVisitDb` opens it), or undefined. */
export function signedInVisitDbName(): string | undefined {
  const session = currentSession()
  if (!session) return undefined
  return runtimeConfig().preview
    ? DATABASES.demoVisit(session.agentId)
    : DATABASES.visit(session.agentId)
}

let cached: { key: string; raw: string | null; record: UnsentRecord } | undefined
function snapshot(): UnsentRecord | undefined {
  const name = signedInVisitDbName()
  if (!name) return undefined
  const key = storageKey.unsentRecord(name)
  const raw = deviceStorage.get(key)
  if (cached?.key !== key || cached.raw !== raw)
    cached = { key, raw, record: readUnsentRecord(name) }
  return cached.record
}

/** The signed-in agent's unsent record (undefined when signed out). */
export function useUnsentRecord(): UnsentRecord | undefined {
  return useSyncExternalStore(subscribeUnsentRecord, snapshot, () => undefined)
}

/** What a deleted database lost of the visit `taskId` (or of every visit), and how to say "read". */
export function useLostVisits(taskId?: string): {
  lost: LostVisit[]
  dismiss: (taskId: string) => void
} {
  const record = useUnsentRecord()
  const dismiss = useCallback((id: string) => {
    const name = signedInVisitDbName()
    if (name) dismissLostVisit(name, id)
  }, [])
  const lost = (record?.lost ?? []).filter((l) => taskId === undefined || l.taskId === taskId)
  return { lost, dismiss }
}
