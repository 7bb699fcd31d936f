import { describe, expect, it, vi } from 'vitest'
import { fakeDeviceConnection } from '@/test/device-connection'
import {
  isOnline,
  PROBE_MS,
  reportReachability,
  setConnectivityProbe,
  subscribeConnectivity,
} from './connectivity'

const device = fakeDeviceConnection()

describe('connectivity', () => {
  it('is offline when the device says so', () => {
    device.online = false
    expect(isOnline()).toBe(false)
  })

  it('is offline after a request found no network, though the device says online', () => {
    const changes: boolean[] = []
    const stop = subscribeConnectivity(() => changes.push(isOnline()))
    reportReachability(false)
    expect(isOnline()).toBe(false)
    reportReachability(true)
    expect(isOnline()).toBe(true)
    expect(changes).toEqual([false, true])
    stop()
  })

  it('asks the server every few seconds until it answers, then stops', async () => {
    let serverUp = false
    const probe = vi.fn(async () => reportReachability(serverUp))
    setConnectivityProbe(probe)
    const stop = subscribeConnectivity(() => {})
    reportReachability(false)
    await vi.advanceTimersByTimeAsync(PROBE_MS)
    expect(probe).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(PROBE_MS)
    expect(probe).toHaveBeenCalledTimes(2)
    expect(isOnline()).toBe(false)
    serverUp = true
    await vi.advanceTimersByTimeAsync(PROBE_MS)
    expect(isOnline()).toBe(true)
    await vi.advanceTimersByTimeAsync(10 * PROBE_MS)
    expect(probe).toHaveBeenCalledTimes(3)
    stop()
  })

  it('does not probe while the device says offline, nor with no one listening', async () => {
    const probe = vi.fn(async () => reportReachability(false))
    setConnectivityProbe(probe)
    reportReachability(false)
    await vi.advanceTimersByTimeAsync(3 * PROBE_MS)
    expect(probe).not.toHaveBeenCalled()
    const stop = subscribeConnectivity(() => {})
    device.online = false
    await vi.advanceTimersByTimeAsync(3 * PROBE_MS)
    expect(probe).not.toHaveBeenCalled()
    stop()
  })

  it("takes the device's `online` event as news: the next request decides again", () => {
    const changes: boolean[] = []
    const stop = subscribeConnectivity(() => changes.push(isOnline()))
    device.online = false
    window.dispatchEvent(new Event('offline'))
    reportReachability(false)
    device.online = true
    window.dispatchEvent(new Event('online'))
    expect(isOnline()).toBe(true)
    expect(changes).toEqual([false, true])
    stop()
  })
})
