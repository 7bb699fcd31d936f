/** Mounts the app: providers, router, and where an expired session sends the agent. */
import { QueryClientProvider } from '@tanstack/react-query'
import { StrictMode, type ReactNode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router-dom'
import '@/styles/global.css'
import { SnackbarProvider } from '@/components/snackbar'
import { setMaintenanceHandler, setResponseValidator, setSessionExpiredHandler } from '@/lib/api'
import { createQueryClient } from '@/lib/query-client'
import { setRouteDataClient } from '@/lib/route-data'
import { redactSecrets } from '@/lib/redact-secrets'
import { currentSession, onSessionEndedElsewhere, sessionToken } from '@/lib/session'
import { meQueryOptions } from '@/features/account/api/me-query'
import { VisitSyncProvider } from '@/lib/visit-store/sync-provider'
import { prefetchLikelyNextRoutes } from './likely-next-routes'
import { createAppRouter } from './router'
import { handleMaintenance } from './maintenance'
import { handleSessionExpired } from './session-expiry'
import { setRuntimeConfig, type RuntimeConfig } from '@/lib/runtime-config'
import { isAppPath } from '@/lib/app-path'
import { OPEN_PATH_MESSAGE } from '@/lib/service-worker-messages'

export function startApp(config: RuntimeConfig, container: HTMLElement, frame?: ReactNode) {
  setRuntimeConfig(config)
  const queryClient = createQueryClient()
  setRouteDataClient(queryClient)
  const router = createAppRouter(config.basename)
  setSessionExpiredHandler(() => handleSessionExpired(router))
  setMaintenanceHandler(() => handleMaintenance(router))
  if (import.meta.env.DEV) {
    // `npm run dev` checks every answer against openapi.yaml (the demo installs the same check
    // itself). A constant-false branch in production: the validator is not even a chunk there.
    void import('@/preview/response-validator').then(({ validateApiResponse }) =>
      setResponseValidator(validateApiResponse),
    )
  }
  // The shell needs the agent (alerts, badges) on every signed-in screen: ask at once, in
  // parallel with the screen's code, instead of after it has loaded.
  if (currentSession()) void queryClient.prefetchQuery(meQueryOptions())
  prefetchLikelyNextRoutes(router)
  // Signed out in another tab: this one stops showing the agent's data at once.
  onSessionEndedElsewhere(() => {
    queryClient.clear()
    void router.navigate('/login', { replace: true })
  })
  if (!config.preview && 'serviceWorker' in navigator) listenToServiceWorker(router)
  if (!config.preview && import.meta.env.PROD && 'serviceWorker' in navigator) {
    // The app shell and every screen load offline after the first visit (scope `/`; the
    // demo's MSW worker has its own, narrower `/preview/` scope).
    void import('virtual:pwa-register').then(({ registerSW }) => registerSW({ immediate: true }))
  }
  createRoot(container, {
    onCaughtError: logRedacted('Erro tratado pela tela de erro:'),
    onUncaughtError: logRedacted('Erro não tratado:'),
  }).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <SnackbarProvider>
          <VisitSyncProvider>
            {frame}
            <RouterProvider router={router} onError={logRedacted('Erro ao mostrar a tela:')} />
          </VisitSyncProvider>
        </SnackbarProvider>
      </QueryClientProvider>
    </StrictMode>,
  )
  return { router, queryClient }
}

/**
 * The service worker's side of the app (src/worker/sw.ts): a tapped notification takes this
 * window to its link; at start, a push subscription the browser renewed while the app was
 * closed is registered with the server.
 */
function listenToServiceWorker(router: ReturnType<typeof createAppRouter>) {
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<unknown>) => {
    const message = event.data as { type?: unknown; path?: unknown } | null
    if (message?.type === OPEN_PATH_MESSAGE && isAppPath(message.path as string))
      void router.navigate(message.path as string)
  })
  // Loaded after the first screen: push is not needed to paint /login or /oppy.
  if (currentSession())
    void navigator.serviceWorker.ready
      .then(async (registration) => {
        const { refreshDeviceSubscription } = await import('@/lib/push')
        await refreshDeviceSubscription(registration)
      })
      .catch(() => undefined)
}

/** Errors reach the console without the session token or anything shaped like a secret. */
function logRedacted(label: string) {
  return (error: unknown) => {
    const text =
      error instanceof Error
        ? `${error.name}: ${error.message}\n${error.stack ?? ''}`
        : String(error)
    console.error(label, redactSecrets(text, [sessionToken()]))
  }
}
