import { appPathOr } from '@/lib/app-path'
import {
  canReadPosition,
  LocationError,
  locationPermission,
  readPosition,
} from '@/lib/device-media/location'
/**
 * The two browser permissions the app asks for, behind one small interface:
 * what the browser says now, and asking (which shows the browser's own prompt).
 */
export type PermissionKind = 'notifications' | 'position'

/** Before asking: already granted, already refused, not asked yet, or not available here. */
export type PermissionState = 'granted' | 'denied' | 'prompt' | 'unsupported'

/**
 * After asking: granted; refused; the prompt closed without an answer (notifications);
 * allowed but no position could be read (GPS off, timeout); or not available here.
 */
export type PermissionOutcome = 'granted' | 'denied' | 'dismissed' | 'unavailable' | 'unsupported'

function notificationsSupported() {
  return (
    typeof window !== 'undefined' &&
    'Notification' in window &&
    typeof Notification.requestPermission === 'function'
  )
}

const positionSupported = canReadPosition

export async function permissionState(kind: PermissionKind): Promise<PermissionState> {
  if (kind === 'notifications') {
    if (!notificationsSupported()) return 'unsupported'
    return Notification.permission === 'default' ? 'prompt' : Notification.permission
  }
  if (!positionSupported()) return 'unsupported'
  try {
    const status = await navigator.permissions?.query({ name: 'geolocation' })
    return status?.state ?? 'prompt'
  } catch {
    return 'prompt'
  }
}

/**
 * The location's state as the Permissions API says it, or undefined where it cannot say (read
 * before asking: lib/device-media/location.ts says why).
 */
export const positionPermissionNow = locationPermission

export async function askPermission(kind: PermissionKind): Promise<PermissionOutcome> {
  if (kind === 'notifications') {
    if (!notificationsSupported()) return 'unsupported'
    // Older Safari only takes a callback; newer browsers return a promise.
    const answer = await new Promise<NotificationPermission>((resolve) => {
      const maybePromise = Notification.requestPermission(resolve)
      if (maybePromise) void maybePromise.then(resolve)
    })
    return answer === 'default' ? 'dismissed' : answer
  }
  if (!positionSupported()) return 'unsupported'
  try {
    await readPosition()
    return 'granted'
  } catch (error) {
    return error instanceof LocationError && error.problem === 'denied' ? 'denied' : 'unavailable'
  }
}

/** A `?next=` value the app may go to: a path of this app, never another origin. */
export function safeNextPath(value: string | null, fallback = '/oppy'): string {
  return appPathOr(value, fallback)
}
