import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { afterNextPaint } from './idle'

describe('afterNextPaint', () => {
  let frames: Array<() => void>
  beforeEach(() => {
    vi.useFakeTimers()
    frames = []
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback))
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.useRealTimers()
  })

  it('runs once the next frame is on the screen, not before, and once', () => {
    vi.stubGlobal('document', { visibilityState: 'visible' })
    const task = vi.fn()
    afterNextPaint(task)
    vi.advanceTimersByTime(0)
    expect(task).not.toHaveBeenCalled()
    // The next frame's callback runs before its paint; the one after, once it is presented.
    frames.shift()!()
    vi.advanceTimersByTime(0)
    expect(task).not.toHaveBeenCalled()
    frames.shift()!()
    expect(task).not.toHaveBeenCalled()
    vi.advanceTimersByTime(0)
    expect(task).toHaveBeenCalledTimes(1)
    // The fallback finds it done.
    vi.advanceTimersByTime(1000)
    expect(task).toHaveBeenCalledTimes(1)
  })

  it('runs at once in a hidden page, and within a second when no frame comes', () => {
    vi.stubGlobal('document', { visibilityState: 'hidden' })
    const hidden = vi.fn()
    afterNextPaint(hidden)
    vi.advanceTimersByTime(0)
    expect(hidden).toHaveBeenCalledTimes(1)

    vi.stubGlobal('document', { visibilityState: 'visible' })
    const noFrames = vi.fn()
    afterNextPaint(noFrames)
    vi.advanceTimersByTime(999)
    expect(noFrames).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(noFrames).toHaveBeenCalledTimes(1)
  })
})
