/** TanStack Query defaults for a field app on bad networks. */
import { QueryClient } from '@tanstack/react-query'
import { isApiError } from '@/api/api-error'

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        gcTime: 24 * 60 * 60_000,
        // Retry what may heal (offline, timeout, 5xx); a 4xx will not change by retrying.
        retry: (failureCount, error) =>
          failureCount < 2 && (!isApiError(error) || error.isTransient),
        refetchOnWindowFocus: true,
        networkMode: 'offlineFirst',
      },
      mutations: { networkMode: 'offlineFirst', retry: false },
    },
  })
}
