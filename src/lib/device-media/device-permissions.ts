/**
 * Whether the app may use the location, the camera and the microphone (the device check
 * before a visit). Reads each permission
 * through the Permissions API (when the browser has it) and asks for it the one way each
 * browser supports (a position reading, a camera or microphone stream stopped at once).
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
async function permissionStatus(capability: DeviceCapability): Promise<PermissionStatus | null> {
  const permissions = typeof navigator !== 'undefined' ? navigator.permissions : undefined
  if (!permissions?.query) return null
  try {
    return await permissions.query({ name: PERMISSION_NAME[capability] as PermissionName })
  } catch {
    // e.g. Firefox does not know "camera": the feature may still work.
    return null
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
