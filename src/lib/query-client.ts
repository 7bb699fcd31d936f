/** TanStack Query defaults for a field app on bad networks. */
import { onlineManager, QueryClient } from '@tanstack/react-query'
import { isApiError } from '@/api/api-error'
import { isOnline, subscribeConnectivity } from './connectivity'

/**
 * Retry what may heal (timeout, 5xx, an answer that could not be read), twice with a growing
 * wait; a 4xx will not change by retrying. With no connection at all there is nothing to
 * wait for: the screen says so at once (with its retry) instead of a paused skeleton, and
 * the query runs again by itself when the connection returns (refetchOnReconnect).
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false
  if (!isApiError(error)) return true
  if (error.code === 'offline' && !onlineManager.isOnline()) return false
  return error.isTransient
}

/**
 * TanStack's idea of "online" is the app's (lib/connectivity): the device's signal and what
 * the last requests met. So a screen that failed for lack of network loads by itself once the
 * server answers again, even when the device never said it was offline.
 */
export function followConnectivity() {
  onlineManager.setEventListener((setOnline) => {
    setOnline(isOnline())
    return subscribeConnectivity(() => setOnline(isOnline()))
  })
}

export function createQueryClient() {
  followConnectivity()
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 24 * 60 * 60_000,
        retry: shouldRetryQuery,
        refetchOnWindowFocus: true,
        networkMode: 'offlineFirst',
      },
      mutations: { networkMode: 'offlineFirst', retry: false },
    },
  })
}
