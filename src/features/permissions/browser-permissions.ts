import { appPathOr } from '@/lib/app-path'
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

const POSITION_TIMEOUT_MS = 15_000

function notificationsSupported() {
  return (
    typeof window !== 'undefined' &&
    'Notification' in window &&
    typeof Notification.requestPermission === 'function'
  )
}

function positionSupported() {
  return (
    typeof navigator !== 'undefined' && 'geolocation' in navigator && navigator.geolocation != null
  )
}

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
 * The location's state as the Permissions API says it, or undefined where it cannot say.
 * Read before asking: after a refusal at its prompt WebKit says "denied" for the rest of the
 * page's life, although a new page would ask again.
 */
export async function positionPermissionNow(): Promise<PermissionState | undefined> {
  try {
    return (await navigator.permissions?.query({ name: 'geolocation' }))?.state
  } catch {
    return undefined
  }
}

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
  return new Promise<PermissionOutcome>((resolve) => {
    navigator.geolocation.getCurrentPosition(
      () => resolve('granted'),
      (error) =>
        resolve(
          error.code === error.PERMISSION_DENIED || error.code === 1 ? 'denied' : 'unavailable',
        ),
      { enableHighAccuracy: true, timeout: POSITION_TIMEOUT_MS, maximumAge: 60_000 },
    )
  })
}

/** A `?next=` value the app may go to: a path of this app, never another origin. */
export function safeNextPath(value: string | null, fallback = '/oppy'): string {
  return appPathOr(value, fallback)
}
