/**
 * Every route of the app. Screens load lazily (one chunk per route); the same tree runs at
 * `/` and, in the demo, under `/preview`.
 */
import { createBrowserRouter, type RouteObject } from 'react-router-dom'
import { AgentShell } from './shell/agent-shell'
import { ErrorPage } from './routes/error-page'
import { NotFoundPage } from './routes/not-found-page'
import { RequireSession, RootRedirect } from './routes/require-session'

export const routes: RouteObject[] = [
  {
    errorElement: <ErrorPage />,
    children: [
      { index: true, element: <RootRedirect /> },
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
      {
        element: <RequireSession />,
        children: [
          {
            element: <AgentShell />,
            children: [
              {
                path: 'oppy',
                lazy: async () => ({
                  Component: (await import('@/features/opportunities/routes/opportunity-list-page'))
                    .OpportunityListPage,
                }),
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
