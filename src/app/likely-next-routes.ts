/**
 * Route prefetch: once a screen has settled and the phone is idle, the chunks of the screen
 * an agent most likely opens next are fetched, so the tap that follows does not wait on a
 * weak 4G round trip. Only code is prefetched (never data), and only what one tap away needs.
 */
import { matchRoutes, type DataRouter, type RouteObject } from 'react-router-dom'
import { whenIdle } from '@/lib/idle'

/** From a path pattern to the sample paths of the screens usually opened next from it. */
export const LIKELY_NEXT: ReadonlyArray<[from: string, next: string[]]> = [
  ['/login', ['/login/request', '/login/allow', '/oppy']],
  ['/login/request', ['/login/allow', '/oppy']],
  ['/login/allow', ['/oppy']],
  ['/oppy', ['/oppy/_', '/tasks']],
  ['/oppy/:taskId', ['/oppy/_/details', '/tasks/_']],
  ['/tasks', ['/tasks/_', '/oppy']],
  ['/tasks/:slug', ['/tasks/_/checkin', '/tasks/_/details', '/tasks/_/report']],
  ['/tasks/:slug/checkin', ['/tasks/_/checkin/attendants', '/tasks/_/checkin/evidences']],
  ['/tasks/:slug/form', ['/tasks/_/report']],
  ['/notifs', ['/notifs/_/read']],
]

type LazyRoute = RouteObject & { lazy?: unknown }

/** Loads the code of every lazy route on the way to `path` (React Router reuses the module). */
export async function prefetchRouteCode(routes: RouteObject[], path: string): Promise<void> {
  const matches = matchRoutes(routes, path) ?? []
  await Promise.all(
    matches.map(({ route }) => {
      const lazy = (route as LazyRoute).lazy
      return typeof lazy === 'function' ? (lazy as () => Promise<unknown>)() : undefined
    }),
  )
}

export function likelyNextPaths(routes: RouteObject[], pathname: string): string[] {
  const matches = matchRoutes(routes, pathname) ?? []
  const here = `/${matches
    .map((m) => m.route.path)
    .filter(Boolean)
    .join('/')}`
  return LIKELY_NEXT.find(([from]) => from === here)?.[1] ?? []
}

/** Prefetches the likely next screens after each navigation settles. Returns the unsubscribe. */
export function prefetchLikelyNextRoutes(router: DataRouter): () => void {
  let cancel = () => {}
  const schedule = (pathname: string) => {
    cancel()
    cancel = whenIdle(() => {
      for (const next of likelyNextPaths(router.routes, pathname))
        void prefetchRouteCode(router.routes, next).catch(() => {
          // A failed prefetch (offline) is retried by the real navigation.
        })
    })
  }
  schedule(router.state.location.pathname)
  const unsubscribe = router.subscribe((state) => {
    if (state.navigation.state === 'idle') schedule(state.location.pathname)
  })
  return () => {
    cancel()
    unsubscribe()
  }
}
