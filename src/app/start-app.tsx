/** Mounts the app: providers, router, and where an expired session sends the agent. */
import { QueryClientProvider } from '@tanstack/react-query'
import { StrictMode, type ReactNode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router-dom'
import '@/styles/global.css'
import { SnackbarProvider } from '@/components/snackbar'
import { setSessionExpiredHandler } from '@/lib/api'
import { createQueryClient } from '@/lib/query-client'
import { setRouteDataClient } from '@/lib/route-data'
import { currentSession } from '@/lib/session'
import { meQueryOptions } from '@/features/account/api/me-query'
import { VisitSyncProvider } from '@/features/visit/offline/visit-sync-provider'
import { prefetchLikelyNextRoutes } from './likely-next-routes'
import { createAppRouter } from './router'
import { handleSessionExpired } from './session-expiry'
import { setRuntimeConfig, type RuntimeConfig } from './runtime-config'

export function startApp(config: RuntimeConfig, container: HTMLElement, frame?: ReactNode) {
  setRuntimeConfig(config)
  const queryClient = createQueryClient()
  setRouteDataClient(queryClient)
  const router = createAppRouter(config.basename)
  setSessionExpiredHandler(() => handleSessionExpired(router))
  // The shell needs the agent (alerts, badges) on every signed-in screen: ask at once, in
  // parallel with the screen's code, instead of after it has loaded.
  if (currentSession()) void queryClient.prefetchQuery(meQueryOptions())
  prefetchLikelyNextRoutes(router)
  if (!config.preview && import.meta.env.PROD && 'serviceWorker' in navigator) {
    // The app shell and every screen load offline after the first visit (scope `/`; the
    // demo's MSW worker has its own, narrower `/preview/` scope).
    void import('virtual:pwa-register').then(({ registerSW }) => registerSW({ immediate: true }))
  }
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <SnackbarProvider>
          <VisitSyncProvider>
            {frame}
            <RouterProvider router={router} />
          </VisitSyncProvider>
        </SnackbarProvider>
      </QueryClientProvider>
    </StrictMode>,
  )
  return { router, queryClient }
}
