/** Opportunities: queryOptions factories and calls, the feature's public API. */
import { queryOptions } from '@tanstack/react-query'
import { data } from '@/api/client'
import { api } from '@/lib/api'
import { queryKeys } from '@/lib/query-keys'

export const opportunityKeys = {
  all: queryKeys.opportunities,
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

export function opportunityQueryOptions(taskId: string) {
  return queryOptions({
    queryKey: opportunityKeys.detail(taskId),
    queryFn: ({ signal }) =>
      data(api().GET('/opportunities/{taskId}', { params: { path: { taskId } }, signal })),
  })
}

export function acceptOpportunity(taskId: string, scheduledFor: string, idempotencyKey: string) {
  return data(
    api().POST('/opportunities/{taskId}/accept', {
      params: { path: { taskId }, header: { 'Idempotency-Key': idempotencyKey } },
      body: { scheduledFor },
    }),
  )
}

export function declineOpportunity(taskId: string, reason: string, idempotencyKey: string) {
  return data(
    api().POST('/opportunities/{taskId}/decline', {
      params: { path: { taskId }, header: { 'Idempotency-Key': idempotencyKey } },
      body: { reason },
    }),
  )
}
