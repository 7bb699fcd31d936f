/**
 * The agent's position, only when location access was already granted: the opportunities
 * list never prompts for it (that is /permissions/position's job). Null otherwise.
 */
import { useEffect, useState } from 'react'
import type { LatLng } from '@/domain/geo'
import { canReadPosition, readPosition } from '@/lib/device-media/location'
import { locationPermission } from '@/lib/device-media/device-permissions'

export function useKnownPosition(): LatLng | null {
  const [position, setPosition] = useState<LatLng | null>(null)
  useEffect(() => {
    let active = true
    if (!canReadPosition()) return
    // Where the browser cannot tell (undefined), do not ask here either.
    void locationPermission().then((state) => {
      if (!active || state !== 'granted') return
      readPosition().then(
        (reading) => {
          if (active) setPosition({ lat: reading.lat, lng: reading.lng })
        },
        () => {
          // No reading now: the list simply shows no distances.
        },
      )
    })
    return () => {
      active = false
    }
  }, [])
  return position
}
