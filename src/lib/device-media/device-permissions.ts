/**
 * The app's one permissions module: whether it may use the location, the camera, the
 * microphone and notifications, and asking for them. The only reader of the Permissions API
 * (`navigator.permissions`: an ESLint rule refuses a second one, eslint.config.js): the
 * device check before a visit (`useDevicePermission`), the permission screens
 * (`permissionState`, `askPermission`), the check-in and the offers' distances
 * (`locationPermission`). Asking goes the one way each browser supports (a position reading,
 * a camera or microphone stream stopped at once, `Notification.requestPermission`).
 */
import { useCallback, useEffect, useState } from 'react'
import { canAskForMedia, deviceProblemOf, type MediaProblem } from './device-errors'
import { canReadPosition, LocationError, readPosition, type LocationProblem } from './location'

export type DeviceCapability = 'location' | 'camera' | 'microphone'

/** unknown: the feature exists but the browser will not say whether it is allowed. */
export type DevicePermissionState = 'granted' | 'denied' | 'prompt' | 'unknown' | 'unsupported'

/** The media errors' mapping (device-errors.ts) and the location's (location.ts), as one set. */
export type DeviceProblem = MediaProblem | LocationProblem

const PERMISSION_NAME: Record<DeviceCapability, string> = {
  location: 'geolocation',
  camera: 'camera',
  microphone: 'microphone',
}

export function isCapabilitySupported(capability: DeviceCapability): boolean {
  if (typeof navigator === 'undefined') return false
  if (capability === 'location') return canReadPosition()
  return canAskForMedia()
}

/** The Permissions API's status object, or null when it cannot tell for this capability. */
export async function permissionStatus(
  capability: DeviceCapability,
): Promise<PermissionStatus | null> {
  const permissions = typeof navigator !== 'undefined' ? navigator.permissions : undefined
  if (!permissions?.query) return null
  try {
    return await permissions.query({ name: PERMISSION_NAME[capability] as PermissionName })
  } catch {
    // e.g. Firefox does not know "camera": the feature may still work.
    return null
  }
}

/**
 * What the Permissions API says of the location now, or undefined where it cannot say.
 * Read before asking: after a refusal WebKit says "denied" for the rest of the page's life
 * although it would ask a new page, so only the state before the request tells a refusal the
 * browser keeps (its settings: it will not ask again) from one at its prompt.
 */
export async function locationPermission(): Promise<PermissionState | undefined> {
  return (await permissionStatus('location'))?.state
}

/** The two permissions the app explains on a screen of its own before the browser asks. */
export type PermissionKind = 'notifications' | 'position'

/** Before asking: already granted, already refused, not asked yet, or not available here. */
export type PermissionBefore = 'granted' | 'denied' | 'prompt' | 'unsupported'

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

export async function permissionState(kind: PermissionKind): Promise<PermissionBefore> {
  if (kind === 'notifications') {
    if (!notificationsSupported()) return 'unsupported'
    return Notification.permission === 'default' ? 'prompt' : Notification.permission
  }
  if (!canReadPosition()) return 'unsupported'
  return (await locationPermission()) ?? 'prompt'
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
  if (!canReadPosition()) return 'unsupported'
  try {
    await readPosition()
    return 'granted'
  } catch (error) {
    return error instanceof LocationError && error.problem === 'denied' ? 'denied' : 'unavailable'
  }
}

class DeviceRequestError extends Error {
  constructor(readonly problem: DeviceProblem) {
    super(problem)
  }
}

/** Asks the browser for the capability; resolves when allowed, rejects with a DeviceRequestError. */
async function requestCapability(capability: DeviceCapability): Promise<void> {
  if (capability === 'location') {
    try {
      await readPosition()
    } catch (error) {
      throw new DeviceRequestError(error instanceof LocationError ? error.problem : 'failed')
    }
    return
  }
  let stream: MediaStream
  try {
    stream = await navigator.mediaDevices.getUserMedia(
      capability === 'camera' ? { video: true } : { audio: true },
    )
  } catch (error) {
    throw new DeviceRequestError(deviceProblemOf(error))
  }
  // Only the permission was wanted: release the camera or microphone right away.
  for (const track of stream.getTracks()) track.stop()
}

export function useDevicePermission(capability: DeviceCapability) {
  const supported = isCapabilitySupported(capability)
  const [state, setState] = useState<DevicePermissionState>(supported ? 'unknown' : 'unsupported')
  const [checked, setChecked] = useState(!supported)
  const [problem, setProblem] = useState<DeviceProblem | null>(null)
  const [requesting, setRequesting] = useState(false)
  const [generation, setGeneration] = useState(0)

  useEffect(() => {
    if (!supported) return
    let active = true
    let status: PermissionStatus | null = null
    const onChange = () => {
      if (active && status) setState(status.state)
    }
    void permissionStatus(capability).then((result) => {
      if (!active) return
      status = result
      setState(result ? result.state : 'unknown')
      setChecked(true)
      result?.addEventListener?.('change', onChange)
    })
    return () => {
      active = false
      status?.removeEventListener?.('change', onChange)
    }
  }, [capability, supported, generation])

  const request = useCallback(async () => {
    setRequesting(true)
    setProblem(null)
    try {
      await requestCapability(capability)
      setState('granted')
    } catch (error) {
      const found = error instanceof DeviceRequestError ? error.problem : 'failed'
      setProblem(found)
      if (found === 'denied') setState('denied')
    } finally {
      setRequesting(false)
    }
  }, [capability])

  /** Reads the state again (after the agent changed it in the browser settings). */
  const recheck = useCallback(() => {
    setProblem(null)
    setGeneration((g) => g + 1)
  }, [])

  return { state, checked, problem, requesting, request, recheck }
}
