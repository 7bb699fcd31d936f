/**
 * Every route of the app. Screens load lazily (one chunk per route); the same tree runs at
 * `/` and, in the demo, under `/preview`. Each feature exports its own route list.
 */
import { createBrowserRouter, Outlet, ScrollRestoration, type RouteObject } from 'react-router-dom'
import { activationRoutes } from '@/features/auth/routes/activation-routes'
import { systemPublicRoutes } from '@/features/system/routes/system-routes'
import { storageKey } from '@/lib/storage-keys'
import { ErrorPage } from './routes/error-page'
import { NotFoundPage } from './routes/not-found-page'
import { requireSession, rootRedirect } from './routes/require-session'
import { agentFrameRoutes, visitRoutes } from './signed-in-routes'

/**
 * Every screen opens at its top; back and forward return to where the agent was
 * (React Router keeps the position per history entry, in sessionStorage).
 */
function RootLayout() {
  return (
    <>
      <ScrollRestoration storageKey={storageKey.scrollPositions()} />
      <Outlet />
    </>
  )
}

/** The layout routes the prerender tells apart (scripts/prerender.ts, app/prerender.tsx). */
export const SIGNED_IN_ROUTE_ID = 'signed-in'
export const AGENT_SHELL_ROUTE_ID = 'agent-shell'

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    errorElement: <ErrorPage />,
    // Never shown: the app renders only once the first screen's code has loaded
    // (start-app.tsx waits for the router to be initialized).
    HydrateFallback: () => null,
    children: [
      { index: true, loader: rootRedirect },
      {
        path: 'login',
        lazy: async () => ({
          Component: (await import('@/features/auth/routes/login-page')).LoginPage,
        }),
      },
      {
        path: 'login/request',
        lazy: async () => ({
          Component: (await import('@/features/auth/routes/request-page')).RequestPage,
        }),
      },
      {
        path: 'login/allow',
        lazy: async () => ({
          Component: (await import('@/features/auth/routes/allow-page')).AllowPage,
        }),
      },
      {
        path: 'logout',
        lazy: async () => ({
          Component: (await import('@/features/auth/routes/logout-page')).LogoutPage,
        }),
      },
      ...activationRoutes,
      ...systemPublicRoutes,
      {
        id: SIGNED_IN_ROUTE_ID,
        // No session: on to the sign-in, at every navigation here (a session can end between two).
        loader: requireSession,
        shouldRevalidate: () => true,
        children: [
          ...visitRoutes,
          {
            id: AGENT_SHELL_ROUTE_ID,
            // Its own chunk: /login does not load the signed-in frame (the prerendered
            // shells preload it).
            lazy: async () => ({ Component: (await import('./shell/agent-shell')).AgentShell }),
            children: [
              {
                // A screen that fails (its code not on the phone yet, with no connection)
                // fails inside the tabs: the navigation stays.
                errorElement: <ErrorPage />,
                children: agentFrameRoutes,
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]

export function createAppRouter(basename: string) {
  return createBrowserRouter(routes, { basename: basename || undefined })
}
