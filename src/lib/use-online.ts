/** Whether the app can reach its server (lib/connectivity), as React state. */
import { useSyncExternalStore } from 'react'
import { isOnline, subscribeConnectivity } from '@/lib/connectivity'

export function useOnline(): boolean {
  return useSyncExternalStore(subscribeConnectivity, isOnline, () => true)
}
