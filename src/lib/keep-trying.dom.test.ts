import { describe, expect, it, vi } from 'vitest'
import { fakeDeviceConnection } from '@/test/device-connection'
import { reportReachability } from './connectivity'
import { KEEP_TRYING_FIRST_MS, KEEP_TRYING_MAX_MS, keepTrying } from './keep-trying'

const device = fakeDeviceConnection()

/** A task that fails its first `failures` runs (a chunk that could not be fetched). */
function flaky(failures: number) {
  return vi.fn(async () => {
    if (failures-- > 0) throw new TypeError('Failed to fetch dynamically imported module')
  })
}

describe('keepTrying', () => {
  it('runs once when the task succeeds', async () => {
    const task = flaky(0)
    keepTrying(task)
    await vi.advanceTimersByTimeAsync(10 * KEEP_TRYING_MAX_MS)
    expect(task).toHaveBeenCalledTimes(1)
  })

  it('tries again after a wait that doubles, up to a minute, until it succeeds', async () => {
    const task = flaky(6)
    keepTrying(task)
    await vi.advanceTimersByTimeAsync(0)
    expect(task).toHaveBeenCalledTimes(1)
    let expected = 1
    const waits = [1, 2, 4, 8, 16, 32].map((n) =>
      Math.min(n * KEEP_TRYING_FIRST_MS, KEEP_TRYING_MAX_MS),
    )
    expect(waits.at(-1)).toBe(KEEP_TRYING_MAX_MS)
    for (const wait of waits) {
      await vi.advanceTimersByTimeAsync(wait - 1)
      expect(task).toHaveBeenCalledTimes(expected)
      await vi.advanceTimersByTimeAsync(1)
      expect(task).toHaveBeenCalledTimes(++expected)
    }
    await vi.advanceTimersByTimeAsync(10 * KEEP_TRYING_MAX_MS)
    expect(task).toHaveBeenCalledTimes(7)
  })

  it('tries again at once when the connection comes back', async () => {
    const task = flaky(1)
    device.online = false
    window.dispatchEvent(new Event('offline'))
    keepTrying(task)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(task).toHaveBeenCalledTimes(1)
    device.online = true
    window.dispatchEvent(new Event('online'))
    await vi.advanceTimersByTimeAsync(0)
    expect(task).toHaveBeenCalledTimes(2)
    // It succeeded: neither the timer nor the next reconnection runs it again.
    reportReachability(false)
    reportReachability(true)
    await vi.advanceTimersByTimeAsync(10 * KEEP_TRYING_MAX_MS)
    expect(task).toHaveBeenCalledTimes(2)
  })

  it('stops trying when told to', async () => {
    const task = flaky(Infinity)
    const stop = keepTrying(task)
    await vi.advanceTimersByTimeAsync(KEEP_TRYING_FIRST_MS)
    expect(task).toHaveBeenCalledTimes(2)
    stop()
    reportReachability(false)
    reportReachability(true)
    await vi.advanceTimersByTimeAsync(10 * KEEP_TRYING_MAX_MS)
    expect(task).toHaveBeenCalledTimes(2)
  })
})
