/** TanStack Query defaults for a field app on bad networks. */
import { onlineManager, QueryClient } from '@tanstack/react-query'
import { isApiError } from '@/api/api-error'

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

export function createQueryClient() {
  // TanStack assumes "online" until an `offline` event; an app opened with no connection
  // would never hear it, nor the `online` that should refetch what failed.
  if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false)
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
