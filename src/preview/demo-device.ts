/**
 * The demo's device: where the phone "is" (a fake Geolocation the presenter moves) and
 * whether it has a connection (the app sees `navigator.onLine`, the events, and failing
 * requests). Preview only; remembered across reloads.
 */
import { storageKey } from '@/lib/storage-keys'
import { deviceNow } from '@/lib/clock'
const POSITION_KEY = storageKey.demoPosition()
const OFFLINE_KEY = storageKey.demoOffline()

export type DemoPosition = { lat: number; lng: number; accuracy: number; label: string }

export function demoPosition(): DemoPosition | null {
  try {
    return JSON.parse(localStorage.getItem(POSITION_KEY) ?? 'null') as DemoPosition | null
  } catch {
    return null
  }
}

export function setDemoPosition(position: DemoPosition | null) {
  if (position) localStorage.setItem(POSITION_KEY, JSON.stringify(position))
  else localStorage.removeItem(POSITION_KEY)
}

/** A point `meters` north of a place (1° of latitude ≈ 111,320 m). */
export function northOf(place: { lat: number; lng: number }, meters: number) {
  return { lat: place.lat + meters / 111_320, lng: place.lng }
}

export function installFakeGeolocation() {
  const real = navigator.geolocation
  const fakePosition = (p: DemoPosition): GeolocationPosition =>
    ({
      coords: {
        latitude: p.lat,
        longitude: p.lng,
        accuracy: p.accuracy,
        altitude: null,
        altitudeAccuracy: null,
        heading: null,
        speed: null,
        toJSON: () => p,
      },
      timestamp: deviceNow(),
      toJSON: () => p,
    }) as GeolocationPosition
  const geolocation: Geolocation = {
    getCurrentPosition(success, error, options) {
      const p = demoPosition()
      if (!p) return real?.getCurrentPosition(success, error, options)
      setTimeout(() => success(fakePosition(p)), 400)
    },
    watchPosition(success, error, options) {
      const p = demoPosition()
      if (!p) return real?.watchPosition(success, error, options) ?? 0
      setTimeout(() => success(fakePosition(p)), 400)
      return 0
    },
    clearWatch(id) {
      real?.clearWatch(id)
    },
  }
  Object.defineProperty(navigator, 'geolocation', { configurable: true, get: () => geolocation })
}

export function isDemoOffline() {
  return localStorage.getItem(OFFLINE_KEY) === 'true'
}

export function installDemoNetwork() {
  const realOnLine = Object.getOwnPropertyDescriptor(Navigator.prototype, 'onLine')
  Object.defineProperty(navigator, 'onLine', {
    configurable: true,
    get: () => !isDemoOffline() && (realOnLine?.get?.call(navigator) ?? true),
  })
}

export function setDemoOffline(offline: boolean) {
  if (offline) localStorage.setItem(OFFLINE_KEY, 'true')
  else localStorage.removeItem(OFFLINE_KEY)
  window.dispatchEvent(new Event(offline ? 'offline' : 'online'))
}
