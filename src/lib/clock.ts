/**
 * The app's clock. Production: the device's time. The demo moves it forward together with
 * the fake backend's clock (visit timeouts, offer expiries), so every "now" in the app
 * comes from here rather than from Date.now().
 */
let offsetMs = 0
const listeners = new Set<() => void>()

export function appNow(): number {
  return Date.now() + offsetMs
}

export function appDate(): Date {
  return new Date(appNow())
}

/** Demo only: the same offset the fake backend's clock has. */
export function setClockOffset(ms: number) {
  offsetMs = ms
  listeners.forEach((l) => l())
}

export function onClockChange(listener: () => void) {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}
