import type { RouteObject } from 'react-router-dom'

/** Inside the signed-in shell: the deep-link dispatcher. */
export const systemShellRoutes: RouteObject[] = [
  {
    path: 'event/:domain',
    lazy: async () => ({
      Component: (await import('./event-dispatcher-page')).EventDispatcherPage,
    }),
  },
]

/** Routes outside the signed-in shell (service unavailable, start-up failure). */
export const systemPublicRoutes: RouteObject[] = [
  {
    path: 'unavailable',
    lazy: async () => ({ Component: (await import('./unavailable-page')).UnavailablePage }),
  },
]
