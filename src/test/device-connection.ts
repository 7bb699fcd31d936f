/**
 * For tests of the app's connectivity (src/lib/connectivity.ts) and what follows it: fake
 * timers, a device whose `navigator.onLine` the test sets (`device.online = false`), and the
 * connectivity state forgotten before each test. Call once at the top of a test file.
 */
import { afterEach, beforeEach, vi } from 'vitest'
import { resetConnectivity } from '@/lib/connectivity'

export function fakeDeviceConnection() {
  const device = { online: true }
  beforeEach(() => {
    vi.useFakeTimers()
    device.online = true
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => device.online)
    resetConnectivity()
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.restoreAllMocks()
  })
  return device
}
