/** Notifications and bulletins. */
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query'
import { data } from '@/api/client'
import { api } from '@/lib/api'
import { queryKeys } from '@/lib/query-keys'

export const notificationKeys = {
  all: queryKeys.notifications,
  list: () => [...notificationKeys.all, 'list'] as const,
  pages: () => [...notificationKeys.all, 'pages'] as const,
  detail: (slug: string) => [...notificationKeys.all, 'detail', slug] as const,
  bulletins: queryKeys.bulletins,
}

export function notificationListQueryOptions() {
  return queryOptions({
    queryKey: notificationKeys.list(),
    queryFn: ({ signal }) =>
      data(api().GET('/notifications/mine', { params: { query: { limit: 100 } }, signal })),
  })
}

export const NOTIFICATION_PAGE_SIZE = 50

/** The list screen's pages (unread first, then newest), fetched on demand with the cursor. */
export function notificationPagesQueryOptions() {
  return infiniteQueryOptions({
    queryKey: notificationKeys.pages(),
    queryFn: ({ signal, pageParam }) =>
      data(
        api().GET('/notifications/mine', {
          params: {
            query: { limit: NOTIFICATION_PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) },
          },
          signal,
        }),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? null,
  })
}

export function notificationQueryOptions(slug: string) {
  return queryOptions({
    queryKey: notificationKeys.detail(slug),
    queryFn: ({ signal }) =>
      data(api().GET('/notifications/{slug}', { params: { path: { slug } }, signal })),
  })
}

export function markNotificationRead(slug: string) {
  return data(api().PUT('/notifications/{slug}/read', { params: { path: { slug } } }))
}

export function bulletinsQueryOptions() {
  return queryOptions({
    queryKey: notificationKeys.bulletins,
    queryFn: ({ signal }) => data(api().GET('/bulletins', { signal })),
  })
}

export function markBulletinRead(id: string) {
  return data(api().PUT('/bulletins/{id}/read', { params: { path: { id } } }))
}
