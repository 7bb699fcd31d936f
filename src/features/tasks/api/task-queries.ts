/** Tasks and their catalogue (project, mission, form): queries and the calls outside the visit. */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import type { TaskStatusCode } from '@/api/entities'
import { data } from '@/api/client'
import { api } from '@/lib/api'
import { queryKeys } from '@/lib/query-keys'

export const taskKeys = {
  all: queryKeys.tasks,
  mine: (statuses: readonly TaskStatusCode[] = []) =>
    [...taskKeys.all, 'mine', [...statuses].sort().join(',')] as const,
  detail: (ref: string) => [...taskKeys.all, 'detail', ref] as const,
  project: (id: string) => [...queryKeys.catalogue, 'project', id] as const,
  mission: (id: string) => [...queryKeys.catalogue, 'mission', id] as const,
  form: (id: string) => [...queryKeys.catalogue, 'form', id] as const,
}

export function myTasksQueryOptions(statuses: readonly TaskStatusCode[] = []) {
  return queryOptions({
    queryKey: taskKeys.mine(statuses),
    queryFn: ({ signal }) =>
      data(
        api().GET('/tasks/mine', {
          params: { query: { limit: 200, ...(statuses.length ? { status: [...statuses] } : {}) } },
          signal,
        }),
      ),
  })
}

/** My tasks at once, when they fit: anything larger is listed status by status. */
export const TASK_PAGE_SIZE = 100
/** Tasks of one status a page at a time (accounts with thousands of tasks). */
export const TASK_GROUP_PAGE_SIZE = 20

/**
 * My tasks a page at a time, newest change first, with how many there are of each status;
 * of one status only when given.
 */
export function myTaskPagesQueryOptions(status?: TaskStatusCode) {
  const limit = status ? TASK_GROUP_PAGE_SIZE : TASK_PAGE_SIZE
  return infiniteQueryOptions({
    queryKey: [...taskKeys.all, 'pages', status ?? ''] as const,
    queryFn: ({ signal, pageParam }) =>
      data(
        api().GET('/tasks/mine', {
          params: {
            query: {
              limit,
              ...(status ? { status: [status] } : {}),
              ...(pageParam ? { cursor: pageParam } : {}),
            },
          },
          signal,
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? null,
  })
}

/** By id or slug. */
export function taskQueryOptions(ref: string) {
  return queryOptions({
    queryKey: taskKeys.detail(ref),
    queryFn: ({ signal }) =>
      data(api().GET('/tasks/{id}', { params: { path: { id: ref } }, signal })),
  })
}

export function projectQueryOptions(id: string) {
  return queryOptions({
    queryKey: taskKeys.project(id),
    queryFn: ({ signal }) =>
      data(api().GET('/projects/{id}', { params: { path: { id } }, signal })),
    staleTime: 60 * 60_000,
  })
}

export function missionQueryOptions(id: string) {
  return queryOptions({
    queryKey: taskKeys.mission(id),
    queryFn: ({ signal }) =>
      data(api().GET('/missions/{id}', { params: { path: { id } }, signal })),
    staleTime: 60 * 60_000,
  })
}

export function formQueryOptions(id: string) {
  return queryOptions({
    queryKey: taskKeys.form(id),
    queryFn: ({ signal }) => data(api().GET('/forms/{id}', { params: { path: { id } }, signal })),
    staleTime: 60 * 60_000,
  })
}

export function rescheduleTask(id: string, scheduledFor: string, idempotencyKey: string) {
  return data(
    api().PUT('/tasks/{id}/schedule', {
      params: { path: { id }, header: { 'Idempotency-Key': idempotencyKey } },
      body: { scheduledFor },
    }),
  )
}

export function cancelTask(id: string, justification: string, idempotencyKey: string) {
  return data(
    api().POST('/tasks/{id}/cancel', {
      params: { path: { id }, header: { 'Idempotency-Key': idempotencyKey } },
      body: { justification },
    }),
  )
}
