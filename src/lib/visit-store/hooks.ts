/**
 * The visit store's React face: hooks that read the device's copy of a visit (draft, media,
 * check-in, outbox) and re-render when any tab changes it.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { outboxSummary } from './outbox'
import { isClosedUnder, type OutboxSummary, type VisitDb } from './db'
import { agentVisitDb, currentSyncProblem, storeVersion, subscribeVisitStore } from './store'

/** Re-renders on every store change (any tab). */
export function useVisitStoreVersion() {
  return useSyncExternalStore(subscribeVisitStore, storeVersion)
}

/**
 * Reads from the store and re-reads on change. `undefined` while loading. `key` names
 * what is read (the read function is taken from the render that changed the key).
 */
export function useVisitStoreRead<T>(
  read: (db: VisitDb) => Promise<T>,
  key: string,
): T | undefined {
  const storeVersion = useVisitStoreVersion()
  const [state, setState] = useState<{ key: string; value: T } | undefined>()
  const readRef = useRef(read)
  useEffect(() => {
    readRef.current = read
  })
  useEffect(() => {
    let cancelled = false
    const readOnce = () => agentVisitDb().then((db) => readRef.current(db))
    readOnce()
      // The connection closed under the read (the page frozen, a newer version, sign-out):
      // the next read opens it again.
      .catch((error: unknown) => {
        if (cancelled || !isClosedUnder(error)) throw error
        return readOnce()
      })
      .then(
        (value) => {
          if (!cancelled) setState({ key, value })
        },
        (error: unknown) => {
          // Nothing to show from a screen already gone; otherwise the screen keeps
          // "loading" and the error reaches the console (and the tests).
          if (!cancelled) console.error(error)
        },
      )
    return () => {
      cancelled = true
    }
  }, [key, storeVersion])
  return state?.key === key ? state.value : undefined
}

// ------------------------------------------------------------------ reads

export function useReportDraft(reportId: string | undefined) {
  return useVisitStoreRead(
    (db) => (reportId ? db.get('drafts', reportId) : Promise.resolve(undefined)),
    `draft:${reportId}`,
  )
}

export function useLocalVisit(taskId: string | undefined) {
  return useVisitStoreRead(
    (db) => (taskId ? db.get('visits', taskId) : Promise.resolve(undefined)),
    `visit:${taskId}`,
  )
}

export function useTaskMedia(taskId: string | undefined) {
  return useVisitStoreRead(
    async (db) =>
      taskId
        ? (await db.getAllFromIndex('media', 'byTask', taskId)).sort((a, b) =>
            a.takenAt.localeCompare(b.takenAt),
          )
        : [],
    `media:${taskId}`,
  )
}

export function useOutboxSummary(taskId?: string): OutboxSummary | undefined {
  return useVisitStoreRead((db) => outboxSummary(db, taskId), `outbox:${taskId ?? '*'}`)
}

/**
 * Photos of the task chosen and not prepared yet (of one picker's `slot`, or all): a page was
 * killed while preparing them (visit-store/chosen-photos.ts), or this tab is preparing them.
 */
export function useChosenPhotos(taskId: string | undefined, slot?: string) {
  return useVisitStoreRead(
    async (db) => {
      if (!taskId) return []
      const all = await db.getAllFromIndex('chosen', 'byTask', taskId)
      return all
        .filter((c) => slot === undefined || c.slot === slot)
        .sort((a, b) => a.chosenAt.localeCompare(b.chosenAt))
    },
    `chosen:${taskId}:${slot ?? '*'}`,
  )
}

/** Why queued writes cannot go right now (the phone's storage), or null. */
export function useSyncProblem() {
  return useSyncExternalStore(subscribeVisitStore, currentSyncProblem, () => null)
}
