/**
 * The device's position, read the one way the app reads it: GPS precision, 20 s at most, and
 * never a cached reading. A check-in proves presence only with a fix precise to 100 m or better
 * (decision 0017), which a network or cached position is not, so every reading (the check-in,
 * the device check, the permission screen, the offers' distances) asks for the same fresh fix.
 */
import type { PositionReading } from '@/domain/geo'

/** Reading options of every position read. */
export const POSITION_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  timeout: 20_000,
  maximumAge: 0,
}

/** Why no position came: refused, too slow, none to be had, or no Geolocation API at all. */
export type LocationProblem = 'denied' | 'timeout' | 'unavailable' | 'unsupported'

export class LocationError extends Error {
  constructor(readonly problem: LocationProblem) {
    super(problem)
    this.name = 'LocationError'
  }
}

/** GeolocationPositionError codes (the constants are not on every implementation's instances). */
const PERMISSION_DENIED = 1
const TIMEOUT = 3

export function canReadPosition(): boolean {
  return (
    typeof navigator !== 'undefined' &&
    'geolocation' in navigator &&
    typeof navigator.geolocation?.getCurrentPosition === 'function'
  )
}

/** Reads the position once (the browser asks for the permission if it must); rejects with a LocationError. */
export function readPosition(): Promise<PositionReading> {
  if (!canReadPosition()) return Promise.reject(new LocationError('unsupported'))
  return new Promise((resolve, reject) => {
    navigator.geolocation.getCurrentPosition(
      (position) =>
        resolve({
          lat: position.coords.latitude,
          lng: position.coords.longitude,
          accuracy: position.coords.accuracy,
        }),
      (error) =>
        reject(
          new LocationError(
            error?.code === PERMISSION_DENIED
              ? 'denied'
              : error?.code === TIMEOUT
                ? 'timeout'
                : 'unavailable',
          ),
        ),
      POSITION_OPTIONS,
    )
  })
}
