/**
 * Mounts the app: providers, router, and where an expired session sends the agent.
 *
 * The first render waits for the screen's code (the router is initialized) and, signed in,
 * for the agent's last known answers kept on the phone (lib/query-persistence), both loaded
 * at once, so the first thing React paints is the screen with data — over the prerendered
 * HTML the page arrived with (scripts/prerender.ts), which it hydrates when nothing on the
 * device changes it. The start runs as a few short tasks, not one long one.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query'
import { startTransition, useEffect, type ReactNode } from 'react'
import { createRoot, hydrateRoot, type RootOptions } from 'react-dom/client'
import type { DataRouter } from 'react-router-dom'
import '@/styles/global.css'
import { setMaintenanceHandler, setResponseValidator, setSessionExpiredHandler } from '@/lib/api'
import { afterFirstScreen, createQueryClient } from '@/lib/query-client'
import { keepTrying } from '@/lib/keep-trying'
import { setRouteDataClient } from '@/lib/route-data'
import { redactSecrets } from '@/lib/redact-secrets'
import {
  currentSession,
  onSessionChange,
  onSessionEndedElsewhere,
  sessionToken,
} from '@/lib/session'
import { meQueryOptions } from '@/features/account/api/me-query'
import { readPendingSignIn } from '@/features/auth/api/pending-sign-in'
import { AppProviders } from './app-providers'
import { AppRouter } from './app-router'
import { prefetchLikelyNextRoutes } from './likely-next-routes'
import { createAppRouter } from './router'
import { handleMaintenance } from './maintenance'
import { handleSessionExpired } from './session-expiry'
import { setRuntimeConfig, type RuntimeConfig } from '@/lib/runtime-config'
import { isAppPath } from '@/lib/app-path'
import { OPEN_PATH_MESSAGE } from '@/lib/service-worker-messages'
import { yieldToMain } from '@/lib/idle'

export async function startApp(
  config: RuntimeConfig,
  container: HTMLElement,
  frame?: ReactNode,
): Promise<{ router: DataRouter; queryClient: QueryClient }> {
  setRuntimeConfig(config)
  const queryClient = createQueryClient()
  setRouteDataClient(queryClient)
  // The shell needs the agent (alerts, badges) on every signed-in screen: ask at once, in
  // parallel with the screen's code, instead of after it has loaded.
  if (currentSession()) void queryClient.prefetchQuery(meQueryOptions())
  // The agent's kept answers are read from IndexedDB while the router loads the screen's code
  // and its loaders ask for fresh data: neither waits for the other. A restored answer never
  // replaces a fresher one that arrived first (TanStack's hydrate compares their ages), and
  // one restored first is refreshed by the request already under way. The demo keeps
  // nothing: its fake backend answers from the browser.
  const restored = config.preview ? Promise.resolve() : keepAnswersOnDevice(queryClient)
  // The router matches the address and starts the screen's code and data at once.
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
  // Signed out in another tab: this one stops showing the agent's data at once.
  onSessionEndedElsewhere(() => {
    queryClient.clear()
    void router.navigate('/login', { replace: true })
  })
  if (!config.preview && 'serviceWorker' in navigator) listenToServiceWorker(router)
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
  keepTrying(async () => {
    const [{ registerSW }, update] = await Promise.all([
      import('virtual:pwa-register'),
      import('@/lib/app-update'),
    ])
    await new Promise<void>((resolve, reject) => {
      registerSW({
        immediate: true,
        // A new version is installed and waits: the agent is offered "Atualizar".
        onNeedRefresh: () => update.announceUpdateReady(update.activateWaitingWorker),
        // It took over (this tab's "Atualizar", or another tab's): this tab runs it too.
        onNeedReload: () => window.location.reload(),
        // The first install finished: every screen is on the phone.
        onOfflineReady: update.announceOfflineReady,
        onRegisteredSW: () => {
          // Installed on an earlier visit: it already holds every screen.
          if (navigator.serviceWorker.controller) update.announceOfflineReady()
          resolve()
        },
        onRegisterError: reject,
      })
    })
  })
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

/**
 * Signed in: the agent's last known answers go into the query cache before the first screen
 * renders, and are kept from then on; a later sign-in starts keeping that agent's. Resolves
 * once restored (at once when signed out).
 */
async function keepAnswersOnDevice(queryClient: QueryClient): Promise<void> {
  let agentId: string | null = null
  let stop: Promise<() => void> | undefined
  const follow = () => {
    const next = currentSession()?.agentId ?? null
    if (next === agentId) return stop
    agentId = next
    const previous = stop
    stop = (async () => {
      ;(await previous)?.()
      if (!next) return () => {}
      // Loaded only for a signed-in agent (the prerendered shells preload it): /login does
      // not carry it.
      const { restoreAndPersistQueries } = await import('@/lib/query-persistence')
      return restoreAndPersistQueries(queryClient, next)
    })()
    return stop
  }
  onSessionChange(() => void follow())
  await follow()
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
