/** Mounts the app: providers, router, and where an expired session sends the agent. */
import { QueryClientProvider } from '@tanstack/react-query'
import { StrictMode, type ReactNode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router-dom'
import '@/styles/global.css'
import { SnackbarProvider } from '@/components/snackbar'
import { setMaintenanceHandler, setResponseValidator, setSessionExpiredHandler } from '@/lib/api'
import { createQueryClient } from '@/lib/query-client'
import { VisitSyncProvider } from '@/features/visit/offline/visit-sync-provider'
import { createAppRouter } from './router'
import { handleMaintenance } from './maintenance'
import { handleSessionExpired } from './session-expiry'
import { setRuntimeConfig, type RuntimeConfig } from './runtime-config'

export function startApp(config: RuntimeConfig, container: HTMLElement, frame?: ReactNode) {
  setRuntimeConfig(config)
  const queryClient = createQueryClient()
  const router = createAppRouter(config.basename)
  setSessionExpiredHandler(() => handleSessionExpired(router))
  setMaintenanceHandler(() => handleMaintenance(router))
  if (import.meta.env.DEV) {
    // `npm run dev` checks every answer against openapi.yaml (the demo installs the same check
    // itself). A constant-false branch in production: the validator is not even a chunk there.
    void import('@/api/response-validator').then(({ validateApiResponse }) =>
      setResponseValidator(validateApiResponse),
    )
  }
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
