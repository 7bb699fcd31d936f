/**
 * Route loaders that start a screen's data request beside its code download instead of
 * after it (React Router runs a static `loader` in parallel with `lazy`). They only warm the
 * app's query cache and return at once: the screen still renders its own loading and error
 * states from the same query.
 *
 * The same loaders run once more, earlier, at the start (`prefetchScreenData`, from
 * app/early-start.ts): there the screen's data goes out while React Router's code, react-dom
 * and the screen's code still download; the router's own call then finds the request under
 * way (TanStack Query asks once per query).
 */
import type { QueryClient } from '@tanstack/react-query'
import type { RouteObject } from 'react-router-dom'
import { bestMatch, routePatterns, type RoutePattern } from './route-patterns'
import { currentSession } from './session'

let appClient: QueryClient | null = null

/** Called once by the app's start with its QueryClient (tests render without it: no-op). */
export function setRouteDataClient(client: QueryClient | null) {
  appClient = client
}

/**
 * For a route `loader`: `prefetchRouteData((client) => client.prefetchQuery(options))` asks
 * for the screen's data now when signed in; always returns null.
 */
export function prefetchRouteData(prefetch: (client: QueryClient) => Promise<void>): null {
  // Signed out, the screen sends the agent to sign in: no request that would only get a 401.
  if (appClient && currentSession()) void prefetch(appClient)
  return null
}

const patternsOf = new WeakMap<readonly RouteObject[], RoutePattern[]>()

/**
 * Runs, now, the loaders of the route `url` lands on among `routes` (routes whose paths are
 * the app's own: no base path, no parent path), as React Router would at that navigation.
 * Returns the pattern it ran them for, if any.
 */
export function prefetchScreenData(routes: readonly RouteObject[], url: URL): string | undefined {
  let patterns = patternsOf.get(routes)
  if (!patterns) patternsOf.set(routes, (patterns = routePatterns(routes)))
  const match = bestMatch(patterns, url.pathname)
  if (!match) return undefined
  const request = new Request(url)
  for (const route of match.chain)
    if (typeof route.loader === 'function')
      void route.loader({ request, url, pattern: match.pattern, params: match.params, context: {} })
  return match.pattern
}
