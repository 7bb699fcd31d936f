/**
 * The demo (`/preview`): starts the fake backend in this tab behind MSW's service worker
 * (scoped to /preview/, so it never touches the agent app), restores or seeds it from
 * `?seed=` and `?scenario=`, signs the demo agent in and opens the opportunities.
 */
import { getResponse, http, HttpResponse } from 'msw'
import { setupWorker } from 'msw/browser'
import { useState } from 'react'
import { createFakeBackend, type FakeBackend } from '../../mocks/fake-backend'
import {
  DEFAULT_SCENARIO,
  DEFAULT_SEED,
  DEMO_AGENT_ID,
  DEMO_TOKEN,
  isScenarioName,
  scenarioLabel,
  type ScenarioName,
} from '../../mocks/seed/seed'
import { validateApiResponse } from './response-validator'
import { PREVIEW_BASENAME } from '@/lib/preview-path'
import { setRuntimeConfig } from '@/lib/runtime-config'
import { setResponseValidator } from '@/lib/api'
import { appNow, setClockOffset } from '@/lib/clock'
import { clearSession, currentSession, saveSession } from '@/lib/session'
import {
  clearDemoData,
  createSnapshotSaver,
  loadSnapshot,
  restoreSnapshot,
} from './demo-persistence'
import {
  installDemoNetwork,
  installFakeGeolocation,
  isDemoOffline,
  setDemoOffline,
  setDemoPosition,
} from './demo-device'
import { DemoPanel } from './demo-panel'
import { PreviewBanner } from './preview-banner'
import { storageKey } from '@/lib/storage-keys'

export const PREVIEW_API_BASE = '/preview/api'
const WORLD_KEY = storageKey.demoWorld()

type World = { seed: number; scenario: ScenarioName }

/** The world from the link (shareable), else the one this browser was showing, else the default. */
function worldFrom(url: URL): World {
  let stored: Partial<World> = {}
  try {
    stored = JSON.parse(localStorage.getItem(WORLD_KEY) ?? '{}') as Partial<World>
  } catch {
    // Ignore a damaged value.
  }
  const seedParam = Number(url.searchParams.get('seed'))
  const scenarioParam = url.searchParams.get('scenario')
  return {
    seed: Number.isInteger(seedParam) && seedParam > 0 ? seedParam : (stored.seed ?? DEFAULT_SEED),
    scenario: isScenarioName(scenarioParam)
      ? scenarioParam
      : isScenarioName(stored.scenario)
        ? stored.scenario
        : DEFAULT_SCENARIO,
  }
}

/** Resolves once a service worker controls this page (MSW's worker claims its clients). */
function controlled(): Promise<boolean> {
  if (navigator.serviceWorker.controller) return Promise.resolve(true)
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(Boolean(navigator.serviceWorker.controller)), 3000)
    navigator.serviceWorker.addEventListener(
      'controllerchange',
      () => {
        clearTimeout(timer)
        resolve(true)
      },
      { once: true },
    )
  })
}

async function startBackend(world: World): Promise<{ backend: FakeBackend; restored: boolean }> {
  const options = {
    seed: world.seed,
    scenario: world.scenario,
    baseUrl: PREVIEW_API_BASE,
    latencyMs: [120, 450] as const,
    controlApi: true,
    log: (message: string) => console.info(`[demo] ${message}`),
  }
  const snapshot = await loadSnapshot(world.seed, world.scenario).catch(() => undefined)
  if (snapshot) {
    const backend = await createFakeBackend({ ...options, skipSeed: true })
    await restoreSnapshot(backend, snapshot)
    return { backend, restored: true }
  }
  return { backend: await createFakeBackend(options), restored: false }
}

export async function startPreview(container: HTMLElement) {
  const url = new URL(window.location.href)
  // `/preview` itself is outside the worker's scope (`/preview/`): load the page again
  // inside it, so the worker controls it and answers its requests.
  if (url.pathname === PREVIEW_BASENAME) {
    window.location.replace(`${PREVIEW_BASENAME}/${url.search}`)
    return
  }
  const world = worldFrom(url)
  const previous = localStorage.getItem(WORLD_KEY)
  localStorage.setItem(WORLD_KEY, JSON.stringify(world))
  if (previous && previous !== JSON.stringify(world)) {
    // Another world: its own session and device state.
    await clearSession()
    setDemoPosition(null)
    setDemoOffline(false)
  }

  const config = { basename: PREVIEW_BASENAME, apiBaseUrl: PREVIEW_API_BASE, preview: true }
  setRuntimeConfig(config)
  // The demo checks every answer of its fake backend against openapi.yaml, so drift shows.
  setResponseValidator(validateApiResponse)
  installFakeGeolocation()
  installDemoNetwork()

  const { backend } = await startBackend(world)
  setClockOffset(backend.clock.offsetMs())
  const saver = createSnapshotSaver(backend)
  // One entry for every API call of the demo: the fake backend answers it, a write is kept
  // in the browser before the answer goes back (a reload right after loses nothing), and a
  // call nobody handles fails here, in the browser: it never reaches a network.
  const worker = setupWorker(
    http.all(`${PREVIEW_API_BASE}/*`, async ({ request }) => {
      if (isDemoOffline()) return HttpResponse.error()
      const response = await getResponse(backend.handlers, request)
      if (!response) {
        console.error(
          `[demo] Nenhum handler para ${request.method} ${new URL(request.url).pathname}: a demonstração não chama servidores.`,
        )
        return HttpResponse.error()
      }
      if (request.method !== 'GET') await saver.flush()
      return response
    }),
    http.all('/api/*', ({ request }) => {
      console.error(
        `[demo] Chamada à API real bloqueada: ${request.method} ${new URL(request.url).pathname}`,
      )
      return HttpResponse.error()
    }),
  )
  await worker.start({
    serviceWorker: {
      url: `${PREVIEW_BASENAME}/mockServiceWorker.js`,
      options: { scope: `${PREVIEW_BASENAME}/` },
    },
    quiet: true,
    onUnhandledRequest(request, print) {
      // The demo never talks to a real backend: an API call nobody handles is a bug.
      const path = new URL(request.url).pathname
      if (path.startsWith('/api/') || path.startsWith(PREVIEW_API_BASE)) print.error()
    },
  })
  if (!(await controlled())) {
    // Never run the demo uncontrolled: its requests would leave the browser.
    window.location.reload()
    return
  }
  await saver.flush()

  if (!currentSession())
    saveSession({
      token: DEMO_TOKEN,
      agentId: DEMO_AGENT_ID,
      expiresAt: new Date(appNow() + 365 * 86_400_000).toISOString(),
    })
  if (url.pathname === `${PREVIEW_BASENAME}/` || url.pathname === PREVIEW_BASENAME) {
    window.history.replaceState(null, '', `${PREVIEW_BASENAME}/oppy${url.search}`)
  }

  async function leave() {
    await worker.stop()
    const registrations = await navigator.serviceWorker.getRegistrations()
    await Promise.all(
      registrations
        .filter((r) => new URL(r.scope).pathname.startsWith(PREVIEW_BASENAME))
        .map((r) => r.unregister()),
    )
    await clearSession()
    await clearDemoData()
    window.location.replace('/')
  }

  async function reset() {
    await clearDemoData()
    await clearSession()
    window.location.replace(`${PREVIEW_BASENAME}/?seed=${world.seed}&scenario=${world.scenario}`)
  }

  function switchWorld(next: World) {
    window.location.replace(`${PREVIEW_BASENAME}/?seed=${next.seed}&scenario=${next.scenario}`)
  }

  function DemoFrame() {
    const [open, setOpen] = useState(false)
    return (
      <>
        <PreviewBanner
          seed={world.seed}
          scenario={scenarioLabel(world.scenario)}
          onOpenPanel={() => setOpen(true)}
        />
        <DemoPanel
          backend={backend}
          open={open}
          onClose={() => setOpen(false)}
          onChanged={() => saver.schedule()}
          onReset={() => void reset()}
          onLeave={() => void leave()}
          onSwitch={switchWorld}
        />
      </>
    )
  }

  const [{ startApp }, { startQueries }] = await Promise.all([
    import('@/app/start-app'),
    import('@/app/early-start'),
  ])
  void startApp(Promise.resolve(startQueries(config)), container, <DemoFrame />)
  // For e2e/photo-compression.spec.ts: the demo exposes the on-device photo compressor, so a
  // real browser compresses real pictures (EXIF-rotated, PNG, panorama, corrupt) without a camera.
  Object.assign(window, {
    __avaliadorCompressImage: async (file: Blob) =>
      (await import('@/lib/device-media/compress-image')).compressImage(file),
  })
}
