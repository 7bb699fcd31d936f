/**
 * Mounts the app: the router, the providers, and the first render.
 *
 * The start's first half — the query cache, the kept answers, the first screen's data — is
 * early-start.ts, begun by the boot before this code has even arrived. Here the router
 * matches the address and loads the screen's code (its loaders find their data requests under
 * way). The first render waits for it and, signed in, for the agent's last known answers
 * kept on the phone (lib/query-persistence), so the first thing React paints is the screen
 * with data — over the prerendered HTML the page arrived with (scripts/prerender.ts), which
 * it hydrates when nothing on the device changes it. The start runs as a few short tasks,
 * not one long one.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { startTransition, useEffect, type ReactNode } from 'react'
import { createRoot, hydrateRoot, type RootOptions } from 'react-dom/client'
import type { DataRouter } from 'react-router-dom'
import '@/styles/global.css'
import { setMaintenanceHandler, setResponseValidator, setSessionExpiredHandler } from '@/lib/api'
import { isAppPath } from '@/lib/app-path'
import { registerServiceWorker as registerAppServiceWorker } from '@/lib/app-update'
import { afterFirstScreen } from '@/lib/query-client'
import { keepTrying } from '@/lib/keep-trying'
import { redactSecrets } from '@/lib/redact-secrets'
import { OPEN_PATH_MESSAGE } from '@/lib/service-worker-messages'
import { currentSession, onSessionEndedElsewhere, sessionToken } from '@/lib/session'
import { readPendingSignIn } from '@/features/auth/api/pending-sign-in'
import { AppProviders } from './app-providers'
import { AppRouter } from './app-router'
import type { EarlyStart } from './early-start'
import { prefetchLikelyNextRoutes } from './likely-next-routes'
import { handleMaintenance } from './maintenance'
import { createAppRouter } from './router'
import { handleSessionExpired } from './session-expiry'
import { runtimeConfig } from '@/lib/runtime-config'
import { deviceStorage } from '@/lib/device-storage'
import { storageKey } from '@/lib/storage-keys'
import { yieldToMain } from '@/lib/idle'

export async function startApp(
  early: Promise<EarlyStart>,
  container: HTMLElement,
  frame?: ReactNode,
): Promise<{ router: DataRouter; queryClient: QueryClient }> {
  const { queryClient, restored } = await early
  const config = runtimeConfig()
  // The router matches the address and starts the screen's code and data (route loaders).
  const router = createAppRouter(config.basename)
  // A 401 or a maintenance answer that came back before now was kept for these (lib/api).
  setSessionExpiredHandler(() => handleSessionExpired(router))
  setMaintenanceHandler(() => handleMaintenance(router))
  if (import.meta.env.DEV) {
    // `npm run dev` checks every answer against openapi.yaml (the demo installs the same check
    // itself). A constant-false branch in production: the validator is not even a chunk there.
    void import('@/preview/response-validator').then(({ validateApiResponse }) =>
      setResponseValidator(validateApiResponse),
    )
  }
  // Signed out in another tab: this one stops showing the agent's data at once.
  onSessionEndedElsewhere(() => {
    queryClient.clear()
    void router.navigate('/login', { replace: true })
  })
  if (!config.preview && 'serviceWorker' in navigator) listenToServiceWorker(router, queryClient)
  // A sign-out made with no signal, still to reach the server (lib/pending-sign-out): it goes
  // once the first screen is in, and again when the connection returns, until it is through.
  // Its code is fetched only when one waits (the page's copy, restored from the mirror at the
  // start, says so): a phone with none fetches nothing more before it can sign in.
  if (!config.preview && deviceStorage.get(storageKey.pendingSignOuts()) !== null)
    void afterFirstScreen(queryClient)
      .then(() => import('@/lib/pending-sign-out'))
      .then(async (m) => {
        if (await m.hasPendingSignOut()) m.sendSignOutsWhenPossible()
      })
      .catch(() => undefined)
  await yieldToMain()
  await Promise.all([restored, initialized(router)])
  // The screen's code has just run (one task); hydrating starts in the next, so the phone
  // can paint and take a tap between the two (issue #14: no start task over 50 ms).
  await yieldToMain()
  // The app shell and every screen load offline after the first visit (scope `/`; the demo's
  // MSW worker has its own, narrower `/preview/` scope).
  const offlineReady =
    !config.preview && import.meta.env.PROD && 'serviceWorker' in navigator ? (
      <AfterFirstScreen task={registerServiceWorker} />
    ) : null
  // The route prefetch listens to the router only after RouterProvider does (app-router.tsx).
  const listen = () => prefetchLikelyNextRoutes(router, config.basename)
  const app = (
    <AppProviders queryClient={queryClient}>
      {frame}
      {offlineReady}
      <AppRouter router={router} onError={logRedacted('Erro ao mostrar a tela:')} listen={listen} />
    </AppProviders>
  )
  const options: RootOptions = {
    onCaughtError: logRedacted('Erro tratado pela tela de erro:'),
    onUncaughtError: logRedacted('Erro não tratado:'),
  }
  // A transition: React renders in slices and the phone stays responsive while it does.
  if (!frame && canHydrate(container, router)) {
    startTransition(() => {
      hydrateRoot(container, app, options)
    })
  } else {
    const root = createRoot(container, options)
    startTransition(() => root.render(app))
  }
  return { router, queryClient }
}

/**
 * Registers the service worker (offline start, Background Sync, push). Its files may not
 * arrive on a first visit in bad signal: tried again until the registration succeeds.
 */
function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return
  keepTrying(registerAppServiceWorker)
}

/**
 * Runs `task` once the first screen is on the glass with its answers (`afterFirstScreen`,
 * asked from an effect: after the first render is committed). On slow 4G, what it loads
 * would otherwise share the phone's connections with the screen's own code and data.
 */
function AfterFirstScreen({ task }: { task: () => void }) {
  const queryClient = useQueryClient()
  useEffect(() => {
    void afterFirstScreen(queryClient).then(task)
  }, [queryClient, task])
  return null
}

/** Resolves once the router has the first screen's code (and ran its loaders). */
function initialized(router: DataRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve()
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return
      unsubscribe()
      resolve()
    })
  })
}

/**
 * The service worker's side of the app (src/worker/sw.ts): a tapped notification takes this
 * window to its link; at start, a push subscription the browser renewed while the app was
 * closed is registered with the server.
 */
function listenToServiceWorker(router: DataRouter, queryClient: QueryClient) {
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<unknown>) => {
    const message = event.data as { type?: unknown; path?: unknown } | null
    if (message?.type === OPEN_PATH_MESSAGE && isAppPath(message.path as string))
      void router.navigate(message.path as string)
  })
  // After the first screen (push is not needed to paint /login or /oppy): reopened, the
  // worker is ready at once, and this would run in the middle of the start.
  if (currentSession())
    void afterFirstScreen(queryClient)
      .then(() => navigator.serviceWorker.ready)
      .then(async (registration) => {
        const { refreshDeviceSubscription } = await import('@/lib/push')
        await refreshDeviceSubscription(registration)
      })
      .catch(() => undefined)
}

/**
 * The prerendered HTML is this very screen as the browser would render it now: the page
 * kind, at this path, with no query string and nothing on the device that changes it (no
 * session, no sign-in under way). Otherwise React renders over it (same frame, no blank).
 */
function canHydrate(container: HTMLElement, router: DataRouter): boolean {
  const { pathname, search } = router.state.location
  return (
    container.dataset.document === 'page' &&
    container.dataset.path === pathname &&
    search === '' &&
    !currentSession() &&
    !readPendingSignIn()
  )
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
