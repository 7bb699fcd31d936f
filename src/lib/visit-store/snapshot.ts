/**
 * The server's view of a visit (task, mission, form) kept on the device, so that a reload
 * with no connection still opens the check-in shell. The API is not cached by the service
 * worker; the visit's own inputs live in IndexedDB (visit-store), this only holds what
 * the server sent. Under the `avaliador` prefix: wiped with the agent's data on sign-out.
 */
import type { EvaluationForm, Mission, Task } from '@/api/entities'
import { deviceStorage } from '@/lib/device-storage'
import { storageKey } from '@/lib/storage-keys'
import { appDate } from '@/lib/clock'

export type VisitSnapshot = { task: Task; mission: Mission; form?: EvaluationForm; savedAt: string }

const key = storageKey.visitSnapshot

export function readVisitSnapshot(slug: string): VisitSnapshot | undefined {
  try {
    const raw = deviceStorage.get(key(slug))
    return raw ? (JSON.parse(raw) as VisitSnapshot) : undefined
  } catch {
    return undefined
  }
}

export function saveVisitSnapshot(slug: string, snapshot: Omit<VisitSnapshot, 'savedAt'>) {
  // Storage full or blocked: the visit still works online.
  void deviceStorage.set(
    key(slug),
    JSON.stringify({ ...snapshot, savedAt: appDate().toISOString() }),
  )
}
