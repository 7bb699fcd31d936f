/** Service health, polled by the unavailable screen. */
import { queryOptions } from '@tanstack/react-query'
import { data } from '@/api/client'
import { api } from '@/lib/api'
import { queryKeys } from '@/lib/query-keys'

export function healthQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.health,
    queryFn: ({ signal }) => data(api().GET('/health', { signal })),
    retry: false,
  })
}
