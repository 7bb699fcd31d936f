/** The signed-in agent with badge counts: read by the shell, the account menu and alerts. */
import { queryOptions } from '@tanstack/react-query'
import { data } from '@/api/client'
import { api } from '@/lib/api'
import { queryKeys } from '@/lib/query-keys'

export const meQueryKey = queryKeys.me

export function meQueryOptions() {
  return queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => data(api().GET('/me', { signal })),
    refetchInterval: 60_000,
  })
}
