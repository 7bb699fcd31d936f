/** How tasks are shown: status tones, list groups, map links (links in the app: pathTo). */
import type { TaskLocation, TaskStatusCode } from '@/api/entities'
import type { Tone } from '@/components/status'
import { isApiError } from '@/api/api-error'

export const STATUS_TONE: Record<TaskStatusCode, Tone> = {
  started: 'info',
  visited: 'warning',
  validating: 'neutral',
  approved: 'success',
  contested: 'danger',
  canceled: 'neutral',
  rejected: 'danger',
}

/** The groups of /tasks, most urgent first; canceled tasks have their own page. */
export const TASK_LIST_GROUPS = [
  'contested',
  'started',
  'visited',
  'validating',
  'approved',
  'rejected',
] as const satisfies readonly TaskStatusCode[]

/** Google Maps search at the task's coordinates (opens the Maps app on Android). */
export function mapsUrl(location: Pick<TaskLocation, 'lat' | 'lng'>): string {
  return `https://www.google.com/maps/search/?api=1&query=${location.lat},${location.lng}`
}

export function isNotFound(error: unknown): boolean {
  return isApiError(error) && error.status === 404
}
