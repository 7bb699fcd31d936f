/** Opportunities: queryOptions factories and mutations, the feature's public API. */
import { queryOptions } from '@tanstack/react-query'
import { data } from '@/api/client'
import { api } from '@/lib/api'

export const opportunityKeys = {
  all: ['opportunities'] as const,
  list: () => [...opportunityKeys.all, 'list'] as const,
  detail: (taskId: string) => [...opportunityKeys.all, 'detail', taskId] as const,
}

export function opportunityListQueryOptions() {
  return queryOptions({
    queryKey: opportunityKeys.list(),
    queryFn: ({ signal }) =>
      data(api().GET('/opportunities', { params: { query: { limit: 100 } }, signal })),
  })
}
