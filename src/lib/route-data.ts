/**
 * Route loaders that start a screen's data request beside its code download instead of
 * after it (React Router runs a static `loader` in parallel with `lazy`). They only warm the
 * app's query cache and return at once: the screen still renders its own loading and error
 * states from the same query.
 */
import type { QueryClient } from '@tanstack/react-query'
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
