/**
 * The agent's position, only when location access was already granted: the opportunities
 * list never prompts for it (that is /permissions/position's job). Null otherwise.
 */
import { useEffect, useState } from 'react'
import type { LatLng } from '@/domain/geo'
import { readPosition } from '@/lib/device-media/location'

export function useKnownPosition(): LatLng | null {
  const [position, setPosition] = useState<LatLng | null>(null)
  useEffect(() => {
    let active = true
    const permissions = typeof navigator !== 'undefined' ? navigator.permissions : undefined
    const geolocation = typeof navigator !== 'undefined' ? navigator.geolocation : undefined
    if (!permissions?.query || !geolocation) return
    permissions
      .query({ name: 'geolocation' })
      .then((status) => {
        if (!active || status.state !== 'granted') return
        readPosition().then(
          (reading) => {
            if (active) setPosition({ lat: reading.lat, lng: reading.lng })
          },
          () => {
            // No reading now: the list simply shows no distances.
          },
        )
      })
      .catch(() => {
        // The browser cannot tell: do not ask here.
      })
    return () => {
      active = false
    }
  }, [])
  return position
}
