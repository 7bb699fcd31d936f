/**
 * Renders the real route tree at a path, against the fake backend in Node (msw/node), the
 * way an agent would meet it: signed in as the demo agent unless told otherwise.
 *
 *   const { user, backend } = await renderRoute('/oppy')
 *   await user.click(await screen.findByRole('button', { name: 'Aceitar' }))
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { http, HttpResponse } from 'msw'
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom'
import { DEMO_AGENT_ID, DEMO_TOKEN } from '../../mocks/seed/seed'
import { API, fakeBackend as backend, fakeServer as server, fakeServerSettled } from './fake-server'
import type { FakeBackendOptions } from '../../mocks/fake-backend'
import { setRuntimeConfig } from '@/lib/runtime-config'
import { routes } from '@/app/router'
import { handleMaintenance } from '@/app/maintenance'
import { handleSessionExpired } from '@/app/session-expiry'
import { SnackbarProvider } from '@/components/snackbar'
import { resetApiClient, setMaintenanceHandler, setSessionExpiredHandler } from '@/lib/api'
import { resetConnectivity } from '@/lib/connectivity'
import { resetClockForTests } from '@/lib/clock'
import { clearSession, saveSession } from '@/lib/session'
import { testSyncStopped } from './visit-kit'

// One fake server per test worker, listening already; its handlers are put back after each
// test (src/test/fresh-file.ts).
export { API, fakeBackend, fakeServer } from './fake-server'

export type RenderRouteOptions = {
  signedIn?: boolean
  scenario?: FakeBackendOptions['scenario']
  seed?: number
}

/**
 * The fake backend as a test starts from: the seeded world, nothing of the test before it.
 * `renderRoute` begins with it; a file whose tests read the backend before rendering (the
 * offer to open, the task to check in at) runs it before each test too, or it reads what the
 * previous test — in a shuffled order, any of them — left.
 */
export async function freshBackend(options: Pick<RenderRouteOptions, 'scenario' | 'seed'> = {}) {
  // What the test before sent is answered in its own world first (a shuffled order puts any
  // test before this one): the sync loop it stopped has finished, the server answers nothing.
  await fakeServerSettled(testSyncStopped())
  await backend.reset({ scenario: options.scenario ?? 'busy-agent', seed: options.seed ?? 4821 })
}

export async function renderRoute(path: string, options: RenderRouteOptions = {}) {
  await freshBackend(options)
  setRuntimeConfig({ basename: '', apiBaseUrl: API, preview: false })
  resetApiClient()
  resetConnectivity()
  localStorage.clear()
  sessionStorage.clear()
  // A new start on a clean phone: the difference from the server's clock is learned anew (a
  // test before it in the file may have moved the server's clock on).
  resetClockForTests()
  if (options.signedIn === false) clearSession()
  else
    saveSession({
      token: DEMO_TOKEN,
      agentId: DEMO_AGENT_ID,
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    })
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } },
  })
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  setSessionExpiredHandler(() => handleSessionExpired(router))
  setMaintenanceHandler(() => handleMaintenance(router))
  const user = userEvent.setup()
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <SnackbarProvider>
        <RouterProvider router={router} />
      </SnackbarProvider>
    </QueryClientProvider>,
  )
  await routeLoaded(router)
  return { ...utils, user, router, queryClient, backend }
}

type MemoryRouter = ReturnType<typeof createMemoryRouter>

/**
 * Resolves once the router has loaded the first screen's code (every route is `lazy`, no
 * loaders, so this always settles). Without it a test's first `findBy…` also pays for
 * transforming that screen's modules, which on a loaded 2-core machine takes longer than the
 * query's wait — the test would measure the machine, not the screen.
 */
export function routeLoaded(router: MemoryRouter): Promise<void> {
  const done = (state: MemoryRouter['state']) =>
    state.initialized && state.navigation.state === 'idle'
  if (done(router.state)) return Promise.resolve()
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!done(state)) return
      unsubscribe()
      resolve()
    })
  })
}

/**
 * Loads the code of every screen of the route tree (each route is `lazy`), for a file whose
 * tests move from screen to screen after a write: without it, the first test to reach a screen
 * also pays for transforming its modules, inside the one second a `findBy…` waits for what the
 * agent sees — and which test that is changes with the order (`--sequence.shuffle`).
 */
export async function loadEveryScreen(tree: RouteObject[] = routes): Promise<void> {
  for (const route of tree) {
    if (typeof route.lazy === 'function') await route.lazy()
    if (route.children) await loadEveryScreen(route.children)
  }
}

/** Makes one API operation fail (e.g. `failNext('get', '/opportunities', 500)`) for error-state tests. */
export function failApi(
  method: 'get' | 'post' | 'put' | 'delete',
  path: string,
  status = 500,
  body?: object,
) {
  server.use(
    http[method](`${API}${path}`, () =>
      HttpResponse.json(
        body ?? {
          type: 'about:blank',
          title: 'Erro interno',
          status,
          code: 'internal_error',
          detail: 'Falha simulada no servidor.',
        },
        {
          status,
          headers: { 'Content-Type': 'application/problem+json' },
        },
      ),
    ),
  )
}
