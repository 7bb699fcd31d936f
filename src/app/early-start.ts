/**
 * The start's first half: the query cache, the agent's kept answers and the first screen's
 * data requests — everything that needs neither React, React Router nor the screens' code.
 *
 * It is a build entry of its own (vite.config.ts), a file of a few kilobytes that the
 * generated boot (scripts/prerender.ts) imports first; as soon as it has run, the boot calls
 * `startAgentApp()`: `/api/me` and the screen's own data (its route loader, read from the
 * feature's route list) go out with the token on the phone, and the kept answers are read,
 * while React, React Router, react-dom and the screen's code still download. main.tsx then
 * finds the start under way (the same promise) and hands it to the render (start-app.tsx),
 * which creates the router: its loaders find the requests under way.
 * docs/decisions/0019-the-start-in-pieces.md.
 *
 * Each step ends its task (issue #33: no start task over 50 ms on a 4× slower CPU).
 */
import type { QueryClient } from '@tanstack/react-query'
import { restoreDeviceStorage } from '@/lib/device-storage'
import { yieldToMain } from '@/lib/idle'
import { createQueryClient } from '@/lib/query-client'
import { prefetchScreenData, setRouteDataClient } from '@/lib/route-data'
import { setRuntimeConfig, type RuntimeConfig } from '@/lib/runtime-config'
import { currentSession, hasStoredSession, onSessionChange } from '@/lib/session'
import { isUnownedWork } from '@/lib/storage-keys'
import { meQueryOptions } from '@/features/account/api/me-query'
import { agentFrameRoutes, visitRoutes } from './signed-in-routes'
import { deviceNow } from '@/lib/clock'

/** What the render needs from the start's first half. */
export type EarlyStart = {
  queryClient: QueryClient
  /** The agent's kept answers are in the cache (or their read gave up; at once signed out). */
  restored: Promise<void>
}

/** The agent app's runtime config (the demo makes its own: src/preview/start-preview.tsx). */
export function agentAppConfig(): RuntimeConfig {
  return { basename: '', apiBaseUrl: import.meta.env.VITE_API_BASE_URL ?? '/api', preview: false }
}

let agentApp: Promise<EarlyStart> | undefined

/**
 * The agent app's start, once per page: the boot calls it as soon as this entry has run, and
 * main.tsx gets the same promise. What localStorage lost when the app was last killed comes
 * back from its mirror first (lib/device-storage): the session read below is the device's.
 * (`config`: for tests, whose API is elsewhere.)
 */
export function startAgentApp(config: RuntimeConfig = agentAppConfig()): Promise<EarlyStart> {
  agentApp ??= (async () => {
    // Signed in (as the page found it), the kept answers' code loads beside the mirror's read.
    // (Not currentSession(): it would remember the session from before the mirror's restore.)
    if (hasStoredSession()) void import('@/lib/query-persistence').catch(() => undefined)
    await restoreDeviceStorage().catch(() => 0)
    await adoptUnownedWorkOnce()
    // The screen's own data, through its route loader (which asks only when signed in).
    return startQueries(config, () =>
      prefetchScreenData([...visitRoutes, ...agentFrameRoutes], new URL(window.location.href)),
    )
  })()
  return agentApp
}

/**
 * The first start of a version where an agent's work has an owner (decision 0023): work
 * kept before, under no agent, moves under the signed-in agent's (or, signed out, waits for the
 * next sign-in). Only then is its code fetched; any other start costs a look at the keys.
 */
async function adoptUnownedWorkOnce() {
  let unowned = false
  try {
    unowned = Object.keys(localStorage).some(isUnownedWork)
  } catch {
    return
  }
  const agentId = unowned ? currentSession()?.agentId : undefined
  if (!agentId) return
  await import('@/lib/agent-data')
    .then(({ adoptUnownedWork }) => adoptUnownedWork(agentId))
    .catch(() => undefined)
}

/**
 * The query cache for `config` (the agent app through `startAgentApp()`, the demo with its
 * own config), with the agent's kept answers on their way into it. Returns at once: `/api/me`
 * (when signed in), then `screenData`, are asked for in tasks of their own while the start
 * goes on (the render's code creates the router meanwhile; its loaders find them under way).
 */
export function startQueries(config: RuntimeConfig, screenData?: () => void): EarlyStart {
  // Every answer from now on is this page's own, never one kept on the phone.
  const startedAt = deviceNow()
  setRuntimeConfig(config)
  const queryClient = createQueryClient()
  setRouteDataClient(queryClient)
  // The agent's kept answers are read from IndexedDB while the code downloads and the router
  // loads the screen's code, and the screen's data is asked for: none waits for the others. A
  // restored answer never replaces a fresher one that arrived first (TanStack's hydrate
  // compares their ages), and one restored first is refreshed by the request already under
  // way. The demo keeps nothing: its fake backend answers from the browser.
  const restored = config.preview ? Promise.resolve() : keepAnswersOnDevice(queryClient, startedAt)
  void (async () => {
    await yieldToMain()
    // The shell needs the agent (alerts, badges) on every signed-in screen: ask at once.
    if (currentSession()) void queryClient.prefetchQuery(meQueryOptions())
    await yieldToMain()
    screenData?.()
  })()
  return { queryClient, restored }
}

/**
 * Signed in: the agent's last known answers go into the query cache before the first screen
 * renders, and are kept from then on; a later sign-in starts keeping that agent's. Resolves
 * once restored (at once when signed out). The answers since `startedAt` are this page's.
 */
async function keepAnswersOnDevice(queryClient: QueryClient, startedAt: number): Promise<void> {
  let first = true
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
      const { RESTORE_DEADLINE_MS, restoreAndPersistQueries } =
        await import('@/lib/query-persistence')
      // The first agent's answers since the start are this page's; a later sign-in's, since then.
      const freshSince = first ? startedAt : deviceNow()
      first = false
      return restoreAndPersistQueries(queryClient, next, RESTORE_DEADLINE_MS, freshSince)
    })()
    return stop
  }
  onSessionChange(() => void follow())
  await follow()
}
