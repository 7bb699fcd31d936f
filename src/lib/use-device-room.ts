/**
 * The room left on the phone while a visit is under way, as React state: measured by writing
 * (lib/device-space) when the screen opens and every `ROOM_CHECK_EVERY_MS` while it is shown,
 * and after every photo or recording kept. `short`: the megabytes to free so the device store
 * keeps its margin (`DEVICE_SPACE_MARGIN_BYTES`), or undefined while there is room (or
 * nothing is known).
 */
import { useCallback, useEffect, useSyncExternalStore } from 'react'
import { DEVICE_SPACE_MARGIN_BYTES } from '@/domain/constants'
import { deviceNow } from './clock'
import {
  measureRoom,
  megabytesShort,
  ROOM_FRESH_MS,
  roomSnapshot,
  subscribeRoom,
} from '@/lib/device-space'

/** How often the room is measured again while a visit's screens are shown. */
export const ROOM_CHECK_EVERY_MS = 3 * 60_000

export function useDeviceRoom(active = true) {
  const room = useSyncExternalStore(subscribeRoom, roomSnapshot, () => undefined)
  const check = useCallback(() => measureRoom(DEVICE_SPACE_MARGIN_BYTES), [])
  useEffect(() => {
    if (!active) return
    const measureIfStale = () => {
      if (document.visibilityState === 'hidden') return
      const known = roomSnapshot()
      if (!known || deviceNow() - known.at >= ROOM_FRESH_MS) void check()
    }
    measureIfStale()
    const timer = setInterval(measureIfStale, ROOM_CHECK_EVERY_MS)
    document.addEventListener('visibilitychange', measureIfStale)
    return () => {
      clearInterval(timer)
      document.removeEventListener('visibilitychange', measureIfStale)
    }
  }, [active, check])
  return { short: megabytesShort(room, DEVICE_SPACE_MARGIN_BYTES), check }
}
