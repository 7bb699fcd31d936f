/**
 * The demo (`/preview`): starts the fake backend in this tab behind MSW's service worker
 * (scoped to /preview/, so it never touches the agent app), seeds it from `?seed=` and
 * `?scenario=`, signs the demo agent in and opens the opportunities.
 */
import { setupWorker } from 'msw/browser'
import { createFakeBackend } from '../../mocks/fake-backend'
import {
  DEFAULT_SCENARIO,
  DEFAULT_SEED,
  DEMO_AGENT_ID,
  DEMO_TOKEN,
  isScenarioName,
} from '../../mocks/seed/seed'
import { setRuntimeConfig } from '@/app/runtime-config'
import { saveSession, currentSession } from '@/lib/session'
import { PreviewBanner } from './preview-banner'

export const PREVIEW_BASENAME = '/preview'
export const PREVIEW_API_BASE = '/preview/api'

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

export async function startPreview(container: HTMLElement) {
  const url = new URL(window.location.href)
  // `/preview` itself is outside the worker's scope (`/preview/`): load the page again
  // inside it, so the worker controls it and answers its requests.
  if (url.pathname === PREVIEW_BASENAME) {
    window.location.replace(`${PREVIEW_BASENAME}/${url.search}`)
    return
  }
  const seedParam = Number(url.searchParams.get('seed'))
  const seed = Number.isInteger(seedParam) && seedParam > 0 ? seedParam : DEFAULT_SEED
  const scenarioParam = url.searchParams.get('scenario')
  const scenario = isScenarioName(scenarioParam) ? scenarioParam : DEFAULT_SCENARIO

  const backend = await createFakeBackend({
    seed,
    scenario,
    baseUrl: PREVIEW_API_BASE,
    latencyMs: [120, 450],
    controlApi: true,
    log: (message) => console.info(`[demo] ${message}`),
  })
  const worker = setupWorker(...backend.handlers)
  await worker.start({
    serviceWorker: {
      url: `${PREVIEW_BASENAME}/mockServiceWorker.js`,
      options: { scope: `${PREVIEW_BASENAME}/` },
    },
    quiet: true,
    onUnhandledRequest(request, print) {
      // The demo never talks to a real backend: an API call nobody handles is a bug.
      if (
        new URL(request.url).pathname.startsWith('/api/') ||
        new URL(request.url).pathname.startsWith(PREVIEW_API_BASE)
      )
        print.error()
    },
  })

  if (!(await controlled())) {
    // Never run the demo uncontrolled: its requests would leave the browser.
    window.location.reload()
    return
  }

  const config = { basename: PREVIEW_BASENAME, apiBaseUrl: PREVIEW_API_BASE, preview: true }
  setRuntimeConfig(config)
  if (!currentSession())
    saveSession({
      token: DEMO_TOKEN,
      agentId: DEMO_AGENT_ID,
      expiresAt: new Date(Date.now() + 365 * 86_400_000).toISOString(),
    })
  if (url.pathname === PREVIEW_BASENAME || url.pathname === `${PREVIEW_BASENAME}/`) {
    window.history.replaceState(null, '', `${PREVIEW_BASENAME}/oppy`)
  }
  const { startApp } = await import('@/app/start-app')
  startApp(config, container, <PreviewBanner seed={seed} scenario={scenario} />)
}
