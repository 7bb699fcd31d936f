/**
 * What went wrong when asking for the camera or the microphone, from the DOMException name
 * getUserMedia (or MediaRecorder) rejects with — each case gets its own pt-BR message.
 */
import type { CameraProblem, MicrophoneProblem } from './media-copy'

/** One mapping of a camera or microphone failure, for every screen that asks for them. */
export type MediaProblem = CameraProblem & MicrophoneProblem

function errorName(error: unknown): string {
  if (
    typeof error === 'object' &&
    error !== null &&
    'name' in error &&
    typeof error.name === 'string'
  )
    return error.name
  return ''
}

export function deviceProblemOf(error: unknown): MediaProblem {
  switch (errorName(error)) {
    // Denied by the agent, by a policy, or (SecurityError) on a page without HTTPS.
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return 'denied'
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
    case 'ConstraintNotSatisfiedError':
      return 'not-found'
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'in-use'
    case 'NotSupportedError':
    case 'TypeError':
      return 'unsupported'
    default:
      return 'failed'
  }
}

/** The camera problem behind a getUserMedia rejection. */
export function cameraProblemOf(error: unknown): CameraProblem {
  return deviceProblemOf(error)
}

/** The microphone problem behind a getUserMedia or MediaRecorder rejection. */
export function microphoneProblemOf(error: unknown): MicrophoneProblem {
  return deviceProblemOf(error)
}

/** True when this browser can ask for a camera or microphone at all (HTTPS, API present). */
export function canAskForMedia(): boolean {
  return (
    typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function'
  )
}

/** Stops every track of a stream (the camera light goes off). */
export function stopStream(stream: MediaStream | null | undefined) {
  stream?.getTracks().forEach((track) => track.stop())
}
