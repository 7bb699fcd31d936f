/** Service health, polled by the unavailable screen. */
import { queryOptions } from '@tanstack/react-query'
import { data } from '@/api/client'
import { api } from '@/lib/api'

export function healthQueryOptions() {
  return queryOptions({
    queryKey: ['health'],
    queryFn: ({ signal }) => data(api().GET('/health', { signal })),
    retry: false,
  })
}
