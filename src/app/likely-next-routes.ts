/**
 * Route prefetch, so the tap that follows does not wait on a weak 4G round trip — without
 * costing the start: nothing is fetched before the agent first touches the screen.
 * - A link the agent is about to tap (pointer over it, a finger down on it, keyboard focus):
 *   its screen's code at once.
 * - After the first interaction, and after each navigation from then on: the screens most
 *   likely opened next, one per idle period (each is a network request and a module to run).
 * Only code is prefetched (never data), and only what one tap away needs.
 */
import type { DataRouter, RouteObject } from 'react-router-dom'
import { whenIdle } from '@/lib/idle'
import {
  bestMatch,
  routePatterns,
  type RouteCodeHandle,
  type RoutePattern,
} from '@/lib/route-patterns'

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

const patternsOf = new WeakMap<RouteObject[], RoutePattern[]>()

/**
 * The routes on the way to `path`. Read from the patterns, worked out once per route tree
 * (React Router's own matching flattens and ranks the whole tree at every call: 11 ms on a 4×
 * slower CPU, in the very event handler of a tap).
 */
function routesTo(
  routes: RouteObject[],
  path: string,
): (RoutePattern & { params: Record<string, string> }) | undefined {
  let patterns = patternsOf.get(routes)
  if (!patterns) patternsOf.set(routes, (patterns = routePatterns(routes)))
  return bestMatch(patterns, path)
}

/**
 * Loads the code of every lazy route on the way to `path` (React Router reuses the module),
 * and what a route's `handle.prefetchCode` says it loads for this path's parameters.
 */
export async function prefetchRouteCode(routes: RouteObject[], path: string): Promise<void> {
  const match = routesTo(routes, path)
  await Promise.all(
    (match?.chain ?? []).map(async (route) => {
      const lazy = (route as LazyRoute).lazy
      if (typeof lazy !== 'function') return
      const loaded = (await (lazy as () => Promise<unknown>)()) as
        { handle?: RouteCodeHandle } | undefined
      await loaded?.handle?.prefetchCode?.(match!.params)
    }),
  )
}

export function likelyNextPaths(routes: RouteObject[], pathname: string): string[] {
  const here = routesTo(routes, pathname)?.pattern
  return LIKELY_NEXT.find(([from]) => from === here)?.[1] ?? []
}

/** The app's path of a link, or null for a link that leaves the app. */
function appPathOf(anchor: HTMLAnchorElement, basename: string): string | null {
  if (anchor.origin !== window.location.origin || anchor.target === '_blank') return null
  const path = anchor.pathname
  if (!basename) return path
  return path === basename || path.startsWith(`${basename}/`)
    ? path.slice(basename.length) || '/'
    : null
}

/**
 * Prefetches as described above. Returns a function that stops it (listeners, idle work).
 */
export function prefetchLikelyNextRoutes(router: DataRouter, basename = ''): () => void {
  const done = new Set<string>()
  const prefetch = (path: string) => {
    if (done.has(path)) return
    done.add(path)
    void prefetchRouteCode(router.routes, path).catch(() => {
      // A failed prefetch (offline) is retried by the real navigation.
      done.delete(path)
    })
  }

  let cancelIdle = () => {}
  const queueLikelyNext = (pathname: string) => {
    cancelIdle()
    const queue = likelyNextPaths(router.routes, pathname).filter((p) => !done.has(p))
    const next = () => {
      const path = queue.shift()
      if (!path) return
      prefetch(path)
      cancelIdle = whenIdle(next)
    }
    cancelIdle = whenIdle(next)
  }

  let interacted = false
  const onFirstInteraction = () => {
    if (interacted) return
    interacted = true
    queueLikelyNext(router.state.location.pathname)
  }
  const onIntent = (event: Event) => {
    const anchor = (event.target as Element | null)?.closest?.('a[href]')
    if (!(anchor instanceof HTMLAnchorElement)) return
    const path = appPathOf(anchor, basename)
    if (path) prefetch(path)
  }
  const firstInteraction = ['pointerdown', 'keydown', 'touchstart', 'scroll'] as const
  const intent = ['pointerover', 'touchstart', 'focusin'] as const
  const passive = { passive: true, capture: true }
  for (const type of firstInteraction) window.addEventListener(type, onFirstInteraction, passive)
  for (const type of intent) document.addEventListener(type, onIntent, passive)

  const unsubscribe = router.subscribe((state) => {
    if (interacted && state.navigation.state === 'idle') queueLikelyNext(state.location.pathname)
  })
  return () => {
    cancelIdle()
    unsubscribe()
    for (const type of firstInteraction)
      window.removeEventListener(type, onFirstInteraction, passive)
    for (const type of intent) document.removeEventListener(type, onIntent, passive)
  }
}
