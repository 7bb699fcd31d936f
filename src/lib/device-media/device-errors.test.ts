import { describe, expect, it } from 'vitest'
import { cameraProblemOf, microphoneProblemOf } from './device-errors'
import { mediaCopy } from './media-copy'

const domError = (name: string) => new DOMException('x', name)

describe('camera and microphone problems', () => {
  it.each([
    ['NotAllowedError', 'denied'],
    ['PermissionDeniedError', 'denied'],
    ['SecurityError', 'denied'],
    ['NotFoundError', 'not-found'],
    ['DevicesNotFoundError', 'not-found'],
    ['OverconstrainedError', 'not-found'],
    ['NotReadableError', 'in-use'],
    ['TrackStartError', 'in-use'],
    ['AbortError', 'in-use'],
    ['NotSupportedError', 'unsupported'],
    ['TypeError', 'unsupported'],
    ['SomethingElse', 'failed'],
  ] as const)('%s → %s', (name, problem) => {
    expect(cameraProblemOf(domError(name))).toBe(problem)
    expect(microphoneProblemOf({ name })).toBe(problem)
  })

  it('anything without a name is a plain failure', () => {
    expect(cameraProblemOf('boom')).toBe('failed')
    expect(cameraProblemOf(null)).toBe('failed')
  })

  it('every problem has its own message, for the camera and for the microphone', () => {
    const camera = Object.values(mediaCopy.camera.problems)
    const microphone = Object.values(mediaCopy.microphone.problems)
    expect(new Set(camera).size).toBe(camera.length)
    expect(new Set(microphone).size).toBe(microphone.length)
  })
})
