import { describe, expect, it } from 'vitest'
import { audioExtensionOf, levelOf, pickAudioType } from './use-audio-capture'

describe('audio helpers', () => {
  it('prefers Opus in WebM, then WebM, then MP4', () => {
    expect(pickAudioType(() => true)).toBe('audio/webm;codecs=opus')
    expect(pickAudioType((t) => t === 'audio/webm')).toBe('audio/webm')
    expect(pickAudioType((t) => t === 'audio/mp4')).toBe('audio/mp4')
    expect(pickAudioType(() => false)).toBeUndefined()
    expect(
      pickAudioType(() => {
        throw new Error('old browser')
      }),
    ).toBeUndefined()
  })

  it('levelOf: silence is 0, a loud tone fills the meter', () => {
    expect(levelOf(new Uint8Array(64).fill(128))).toBe(0)
    expect(levelOf(new Uint8Array(64).map((_, i) => (i % 2 ? 255 : 0)))).toBe(100)
    expect(levelOf(new Uint8Array(0))).toBe(0)
  })

  it('names MP4 audio .m4a and everything else .webm', () => {
    expect(audioExtensionOf('audio/mp4;codecs=mp4a.40.2')).toBe('m4a')
    expect(audioExtensionOf('audio/webm;codecs=opus')).toBe('webm')
  })
})
