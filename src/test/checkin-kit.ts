/**
 * Test helpers for the check-in shell's component tests (no msw here: the test files own
 * the fake server). The app runs the sync loop in VisitSyncProvider around the router;
 * renderRoute does not mount it, so tests start the same loop themselves.
 */
import { configure } from '@testing-library/react'
import type { Task } from '@/api/entities'
import { renderRoute } from './render-route'
import { enqueue } from '@/lib/visit-store/outbox'
import { openVisitDb } from '@/lib/visit-store/db'
import { startTestSync } from './visit-kit'

// Writes reach the fake server through the outbox loop: give it time on a busy machine.
configure({ asyncUtilTimeout: 3000 })

/** Empties the agent's visit store (fake-indexeddb lives as long as the test file). */
export async function clearVisitStore(agentId: string) {
  const db = await openVisitDb(agentId)
  await Promise.all(
    (['drafts', 'media', 'mediaBytes', 'visits', 'outbox'] as const).map((store) =>
      db.clear(store),
    ),
  )
}

export async function readVisitStore(agentId: string) {
  return openVisitDb(agentId)
}

/** A check-in made earlier on this device (e.g. before a reload), queued like recordCheckin does. */
export async function seedDeviceCheckin(
  agentId: string,
  task: Pick<Task, 'id' | 'slug' | 'reportId' | 'location'>,
  minutesAgo: number,
  position: { lat: number; lng: number } = task.location,
) {
  const db = await openVisitDb(agentId)
  const at = new Date(Date.now() - minutesAgo * 60_000).toISOString()
  const reading = { lat: position.lat, lng: position.lng, accuracy: 12 }
  await db.put('visits', {
    taskId: task.id,
    slug: task.slug,
    reportId: task.reportId,
    checkin: { at, ...reading, synced: false, offline: true },
  })
  // Queued as a check-in made with no connection: the server keeps its time.
  await enqueue(db, { kind: 'checkin', taskId: task.id, input: { ...reading, at, offline: true } })
  return at
}

type GeolocationAnswer = { lat: number; lng: number; accuracy: number } | { errorCode: 1 | 2 | 3 }

/** navigator.geolocation answering every reading with `answer`; returns the calls' options. */
export function mockGeolocation(answer: GeolocationAnswer) {
  const calls: Array<PositionOptions | undefined> = []
  const geolocation = {
    getCurrentPosition(
      success: PositionCallback,
      failure?: PositionErrorCallback | null,
      options?: PositionOptions,
    ) {
      calls.push(options)
      setTimeout(() => {
        if ('errorCode' in answer)
          failure?.({
            code: answer.errorCode,
            message: 'mock',
            PERMISSION_DENIED: 1,
            POSITION_UNAVAILABLE: 2,
            TIMEOUT: 3,
          } as GeolocationPositionError)
        else
          success({
            coords: { latitude: answer.lat, longitude: answer.lng, accuracy: answer.accuracy },
            timestamp: Date.now(),
          } as GeolocationPosition)
      }, 0)
    },
    watchPosition: () => 0,
    clearWatch: () => {},
  }
  Object.defineProperty(navigator, 'geolocation', { configurable: true, value: geolocation })
  return calls
}

/** What navigator.onLine says, and the matching window event. */
export function setDeviceOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online })
  window.dispatchEvent(new Event(online ? 'online' : 'offline'))
}

/** renderRoute plus the sync loop (what the app's providers do). */
export async function openVisit(path: string, agentId: string) {
  const rendered = await renderRoute(path)
  await startTestSync(agentId, rendered.queryClient)
  return rendered
}
