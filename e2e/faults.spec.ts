/**
 * The production build against the fake backend's fault switches (`/api/__fake/faults`):
 * an HTML page instead of JSON, a body that drifted from openapi.yaml on every route that loads
 * data (the production shape check, src/api/response-shape.ts, makes it a load error with a
 * retry), maintenance (→ /unavailable and back), no connection, and no answer (the client's 20 s limit, on Playwright's clock). Each
 * time a pt-BR message with a retry, no uncaught error, and the screen once the fault is gone.
 * Also a file of the app that does not arrive: the outbox's engine, fetched again later.
 */
import {
  expect,
  type APIRequestContext,
  type BrowserContext,
  type Locator,
  type Page,
} from '@playwright/test'
import { backendTest as test } from './support/test'
import type { Task } from '../src/api/entities'
import { DEMO_TOKEN } from '../mocks/seed/seed'
import { resetBackend } from './support/fake-backend'
import { apiGet, checkInAtShop, taskWithoutCheckin } from './support/visit'

type FaultRule = { method?: string; path: string; fault: string; times?: number }

async function addFaults(request: APIRequestContext, ...rules: FaultRule[]) {
  const res = await request.post('/api/__fake/faults', { data: { rules } })
  if (!res.ok()) throw new Error(`POST __fake/faults: ${res.status()} ${await res.text()}`)
}

async function clearFaults(request: APIRequestContext) {
  const res = await request.delete('/api/__fake/faults')
  if (!res.ok()) throw new Error(`DELETE __fake/faults: ${res.status()}`)
}

/** Signed in as the demo agent without going through the sign-in screens. */
async function signedIn(page: Page) {
  await page.addInitScript(() => {
    if (!localStorage.getItem('avaliador.session'))
      localStorage.setItem(
        'avaliador.session',
        JSON.stringify({
          token: 'demo-token',
          agentId: 'agt_demo',
          expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
        }),
      )
  })
}

/**
 * The first request for `pattern` is lost, as when the connection drops; later ones go
 * through. Returns how many were asked.
 */
async function loseFirstFetch(page: Page | BrowserContext, pattern: string) {
  let asked = 0
  await page.route(pattern, (route) =>
    asked++ === 0 ? route.abort('internetdisconnected') : route.continue(),
  )
  return () => asked
}

let pageErrors: string[] = []

test.beforeEach(async ({ page, request }) => {
  await resetBackend(request)
  await signedIn(page)
  pageErrors = []
  page.on('pageerror', (error) => pageErrors.push(error.message))
})

test.afterEach(async ({ request }) => {
  await clearFaults(request)
  expect(pageErrors, 'uncaught errors in the page').toEqual([])
})

test('an HTML page instead of the offers: a pt-BR message and a retry that brings them', async ({
  page,
  request,
}) => {
  await addFaults(request, { method: 'GET', path: '/opportunities', fault: 'not-json' })
  await page.goto('/oppy')
  // Retried twice (1 s, 2 s) before the screen gives up.
  await expect(
    page.getByText('O servidor respondeu algo inesperado. Tente de novo em instantes.'),
  ).toBeVisible({ timeout: 10_000 })
  await clearFaults(request)
  await page.getByRole('button', { name: 'Tentar de novo' }).click()
  await expect(page.getByRole('list', { name: 'Oportunidades disponíveis' })).toBeVisible()
})

/** Ids that only the seed knows (an offer, a notification, a transaction), read from the API. */
type SeedIds = {
  offer: { taskId: string }
  notification: { slug: string; title: string }
  transaction: { id: string; description: string }
}

async function seedIds(request: APIRequestContext): Promise<SeedIds> {
  const get = <T>(path: string) => apiGet<T>(request, DEMO_TOKEN, path)
  return {
    offer: (await get<{ items: SeedIds['offer'][] }>('/opportunities')).items[0]!,
    notification: (await get<{ items: SeedIds['notification'][] }>('/notifications/mine'))
      .items[0]!,
    transaction: (await get<{ transactions: SeedIds['transaction'][] }>('/wallet'))
      .transactions[0]!,
  }
}

/**
 * A route that loads data (`{offer}`, `{notification}`, `{transaction}`: a seeded id), the read
 * it cannot show itself without, and what only the loaded screen shows.
 */
type DriftCase = {
  path: string
  load: string
  ready: (page: Page, ids: SeedIds) => Locator
}

const main = (page: Page) => page.getByRole('main')
const h1 = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { level: 1, name })
const text = (value: string) => (page: Page) => main(page).getByText(value).first()

const DRIFT_CASES: DriftCase[] = [
  {
    path: '/oppy',
    load: '/opportunities',
    ready: (page) => page.getByRole('list', { name: 'Oportunidades disponíveis' }),
  },
  {
    path: '/oppy/{offer}',
    load: '/opportunities/{taskId}',
    ready: (page) => page.getByRole('link', { name: 'Aceitar' }),
  },
  {
    path: '/oppy/{offer}/details',
    load: '/opportunities/{taskId}',
    ready: (page) => page.getByRole('heading', { level: 2, name: 'Missão' }),
  },
  {
    path: '/tasks',
    load: '/tasks/mine',
    ready: (page) => main(page).getByRole('region', { name: /^Agendadas/ }),
  },
  { path: '/tasks/canceled', load: '/tasks/mine', ready: text('Cancelada') },
  {
    path: '/tasks/validations',
    load: '/tasks/mine',
    ready: (page) => main(page).getByRole('link', { name: /Pendências desde/ }),
  },
  { path: '/tasks/policy', load: '/projects/{id}', ready: h1('Política de conduta') },
  {
    path: '/tasks/T-4826',
    load: '/tasks/{id}',
    ready: (page) => page.getByRole('link', { name: 'Fazer check-in' }),
  },
  {
    path: '/tasks/T-4826/details',
    load: '/missions/{id}',
    ready: (page) => page.getByRole('heading', { level: 2, name: 'Roteiro' }),
  },
  {
    path: '/tasks/T-4826/reschedule',
    load: '/tasks/{id}',
    ready: (page) => page.getByRole('group', { name: 'Nova data e horário' }),
  },
  { path: '/tasks/T-4829/status', load: '/tasks/{id}', ready: text('Situação atual') },
  {
    path: '/tasks/T-4826/checkin',
    load: '/tasks/{id}',
    ready: (page) => page.getByRole('button', { name: 'Fazer check-in' }),
  },
  {
    path: '/tasks/T-4828/report',
    load: '/reports/{id}',
    ready: (page) => page.getByRole('navigation', { name: 'Partes do relatório' }),
  },
  {
    path: '/tasks/T-4828/report/answers',
    load: '/forms/{id}',
    ready: text('A fachada estava limpa e bem sinalizada?'),
  },
  {
    path: '/tasks/T-4829/status/answers',
    load: '/reports/{id}',
    ready: (page) => page.getByRole('navigation', { name: 'Outras partes do relatório' }),
  },
  {
    path: '/tasks/T-4830/validation',
    load: '/reports/{id}/revisions/current',
    ready: text('Enviar respostas'),
  },
  {
    path: '/tasks/T-4828/form',
    load: '/forms/{id}',
    ready: (page) => page.getByRole('log', { name: 'Conversa com o Avaliador' }),
  },
  {
    path: '/notifs',
    load: '/notifications/mine',
    ready: (page, ids) => text(ids.notification.title)(page),
  },
  {
    path: '/notifs/{notification}/read',
    load: '/notifications/{slug}',
    ready: (page, ids) => h1(ids.notification.title)(page),
  },
  { path: '/notes', load: '/bulletins', ready: h1('Comunicados') },
  {
    path: '/account',
    load: '/me',
    ready: (page) => main(page).getByRole('link', { name: /^Carteira/ }),
  },
  {
    path: '/account/profile',
    load: '/me/profile',
    ready: (page) => page.getByRole('button', { name: 'Editar perfil' }),
  },
  { path: '/account/terms', load: '/terms/current', ready: h1('Termos de uso') },
  {
    path: '/account/wallet',
    load: '/wallet',
    ready: (page, ids) => text(ids.transaction.description)(page),
  },
  {
    path: '/account/bank-info',
    load: '/wallet',
    ready: (page) => page.getByLabel('Nome do titular'),
  },
  {
    path: '/account/details/transactions/{transaction}',
    load: '/wallet',
    ready: (page, ids) => text(ids.transaction.description)(page),
  },
  {
    path: '/account/details/awards/NOTA10',
    load: '/awards/mine',
    ready: h1('Prêmio não encontrado'),
  },
]

test.describe('a body that breaks the contract, on every route that loads data', () => {
  for (const item of DRIFT_CASES) {
    test(`${item.path} with a drifted GET ${item.load}: pt-BR message, a retry, a way out, then the screen`, async ({
      page,
      request,
    }) => {
      const ids = await seedIds(request)
      const path = item.path
        .replace('{offer}', ids.offer.taskId)
        .replace('{notification}', ids.notification.slug)
        .replace('{transaction}', ids.transaction.id)
      await addFaults(request, { method: 'GET', path: item.load, fault: 'schema-mismatch' })
      await page.goto(path)
      // Retried twice (1 s, 2 s) before the screen gives up. Without the agent (/me) the app
      // cannot start, and says so with a retry; every other screen says it in its place.
      await expect(
        item.load === '/me'
          ? page.getByRole('heading', { level: 1, name: 'Não foi possível iniciar' })
          : page
              .getByText('O servidor respondeu algo inesperado. Tente de novo em instantes.')
              .first(),
      ).toBeVisible({ timeout: 10_000 })
      await expect(page.getByRole('heading', { name: 'Algo deu errado' })).toHaveCount(0)
      // A way out: the app's navigation, or in the visit (its own frame) the back link.
      if (item.load !== '/me')
        await expect(
          /^\/tasks\/[^/]+\/(checkin|form)(\/|$)/.test(path)
            ? page.getByRole('link', { name: /^Voltar/ }).first()
            : page.getByRole('navigation', { name: 'Navegação principal' }),
        ).toBeVisible()
      await clearFaults(request)
      await page.getByRole('button', { name: 'Tentar de novo' }).first().click()
      await expect(item.ready(page, ids)).toBeVisible()
    })
  }
})

test('mid-visit, answers that drifted from the contract: the visit goes on from the copy on the phone', async ({
  page,
  context,
  request,
}) => {
  const task = await taskWithoutCheckin(request, DEMO_TOKEN)
  await checkInAtShop(page, context, task)
  await addFaults(
    request,
    { method: 'GET', path: '/tasks/{id}', fault: 'schema-mismatch' },
    { method: 'GET', path: '/missions/{id}', fault: 'schema-mismatch' },
    { method: 'GET', path: '/reports/{id}', fault: 'schema-mismatch' },
  )
  await page.goto(`/tasks/${task.slug}/checkin/checklist`)
  await expect(page.getByRole('heading', { level: 1, name: 'Checklist' })).toBeVisible()
  await page.getByRole('checkbox').first().check()
  await expect(page.getByText('1 de 2 itens feitos')).toBeVisible()
  await page.getByRole('link', { name: 'Instruções' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Instruções' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Algo deu errado' })).toHaveCount(0)
})

test('maintenance: /unavailable says so, and brings the agent back when the service returns', async ({
  page,
  request,
}) => {
  await addFaults(request, { method: 'GET', path: '/me', fault: 'unavailable' })
  await page.goto('/tasks')
  await expect(page).toHaveURL(/\/unavailable\?from=%2Ftasks$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Serviço indisponível' })).toBeVisible()
  await expect(page.getByText('Estamos em manutenção')).toBeVisible()
  await clearFaults(request)
  await page.getByRole('button', { name: 'Tentar agora' }).click()
  await expect(page).toHaveURL(/\/tasks$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Tarefas' })).toBeVisible()
})

test.describe('opened straight from its prerendered HTML', () => {
  // The health request is held by page.route, which a service worker's fetch would bypass.
  test.use({ serviceWorkers: 'block' })

  test('/unavailable: the notice the health check decides replaces the first in place, nothing moves', async ({
    page,
    request,
  }) => {
    await addFaults(request, { method: 'GET', path: '/health', fault: 'unavailable' })
    await page.addInitScript(() => {
      const w = window as unknown as { __shift: number }
      w.__shift = 0
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          w.__shift += (entry as unknown as { value: number }).value
      }).observe({ type: 'layout-shift', buffered: true })
    })
    // The answer comes only once the app is showing its first state (it asked).
    let asked!: () => void
    const healthAsked = new Promise<void>((resolve) => (asked = resolve))
    let release!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/health', async (route) => {
      asked()
      await released
      await route.continue()
    })
    await page.goto('/unavailable?from=%2Ftasks')
    await healthAsked
    await expect(page.getByText('Sem resposta do servidor')).toBeVisible()
    release()
    await expect(page.getByText('Estamos em manutenção')).toBeVisible()
    expect(await page.evaluate(() => (window as unknown as { __shift: number }).__shift)).toBe(0)
    await clearFaults(request)
  })

  test('the outbox engine could not be fetched: a check-in still leaves when the connection returns', async ({
    page,
    context,
    request,
  }) => {
    // A first visit in a shop: the first screen arrived, then the sync engine's file did not.
    const asked = await loseFirstFetch(page, '**/assets/sync-*.js')
    const task = await taskWithoutCheckin(request, DEMO_TOKEN)
    await checkInAtShop(page, context, task)
    await expect.poll(asked).toBe(1)
    // The connection comes back: the engine is fetched again and sends the check-in.
    await context.setOffline(true)
    await context.setOffline(false)
    await expect(page.getByText('Tudo enviado')).toBeVisible()
    expect(asked()).toBe(2)
    expect(
      (await apiGet<Task>(request, DEMO_TOKEN, `/tasks/${task.id}`)).steps.checkin,
    ).toBeTruthy()
  })
})

test("the service worker's script did not arrive: the app registers it when the connection returns", async ({
  page,
  context,
}) => {
  // The app registers its worker itself (src/lib/app-update.ts): what can fail to arrive is the
  // worker's script, fetched by the browser (routed through the context, not the page).
  const asked = await loseFirstFetch(context, '**/sw.js')
  const registered = () =>
    page.evaluate(async () => Boolean(await navigator.serviceWorker.getRegistration()))
  await page.goto('/oppy')
  await expect(page.getByRole('list', { name: 'Oportunidades disponíveis' })).toBeVisible()
  await expect.poll(asked).toBe(1)
  expect(await registered()).toBe(false)
  await context.setOffline(true)
  await context.setOffline(false)
  await expect.poll(registered).toBe(true)
  expect(asked()).toBe(2)
})

test('offline on /tasks: the app still opens and says what is missing, with a retry', async ({
  page,
  context,
}) => {
  await page.goto('/tasks')
  await expect(page.getByRole('heading', { level: 1, name: 'Tarefas' })).toBeVisible()
  // The PWA worker has precached the app, so it opens with no connection.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })

  // A screen whose data the phone does not have yet: said at once (no paused skeleton).
  await context.setOffline(true)
  await page
    .getByRole('link', { name: /^Compra na padaria/ })
    .first()
    .click()
  const offlineText = 'Sem conexão. Verifique a internet e tente de novo.'
  const offline = page.getByText(offlineText)
  await expect(offline).toBeVisible()
  // Trying again with no connection says it again, calmly.
  await page.getByRole('button', { name: 'Tentar de novo' }).click()
  await expect(offline).toBeVisible()
  // The connection returns: the screen loads by itself.
  await context.setOffline(false)
  // The first "Compra na padaria" on /tasks is T-4826, scheduled and not checked in (seed 4821).
  await expect(page.getByRole('link', { name: 'Fazer check-in' })).toBeVisible()

  // Reopened with no connection: the app opens from the worker and shows what the phone kept
  // of the last answers (lib/query-persistence): the tasks and the shell's alerts, no error.
  await context.setOffline(true)
  await page.goto('/tasks')
  await expect(page.getByRole('heading', { level: 1, name: 'Tarefas' })).toBeVisible()
  const main = page.getByRole('main')
  await expect(main.getByRole('link', { name: /^Compra na padaria/ }).first()).toBeVisible()
  // Their refresh could not reach the server: said quietly over them, not as an error.
  await expect(
    main.getByText('Sem conexão: você está vendo o que foi carregado por último.'),
  ).toBeVisible()
  await expect(main.getByText(offlineText)).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Conta' })).toBeVisible()
  await context.setOffline(false)
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible()
})

test('no answer: the 20 s limit, two retries, the timeout message, and a retry that works', async ({
  page,
  request,
}) => {
  await page.clock.install()
  await addFaults(request, { method: 'GET', path: '/opportunities', fault: 'hang' })
  let asked = 0
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/opportunities') asked++
  })
  await page.goto('/oppy')
  for (let attempt = 1; attempt <= 3; attempt++) {
    await expect.poll(() => asked).toBe(attempt)
    // Past the client's 20 s time limit (each retry waits 1 s, then 2 s, in real time).
    await page.clock.fastForward(21_000)
  }
  await expect(page.getByText('O servidor demorou para responder. Tente de novo.')).toBeVisible()
  await clearFaults(request)
  await page.getByRole('button', { name: 'Tentar de novo' }).click()
  await expect(page.getByRole('list', { name: 'Oportunidades disponíveis' })).toBeVisible()
})

test('the demo checks every answer against openapi.yaml: a drifted task is an error with a retry, not a crash', async ({
  page,
}) => {
  const warnings: string[] = []
  page.on('console', (m) => m.type() === 'warning' && warnings.push(m.text()))
  await page.goto('/preview?seed=4821&scenario=busy-agent')
  await expect(page.getByRole('heading', { level: 1, name: 'Oportunidades' })).toBeVisible()
  // The demo's fake backend runs in this tab: its control plane too.
  const switchFaults = (method: 'POST' | 'DELETE') =>
    page.evaluate(async (m) => {
      const body = JSON.stringify({
        rules: [{ method: 'GET', path: '/tasks/{id}', fault: 'schema-mismatch' }],
      })
      const res = await fetch('/preview/api/__fake/faults', {
        method: m,
        headers: { 'Content-Type': 'application/json' },
        ...(m === 'POST' ? { body } : {}),
      })
      return res.status
    }, method)
  expect(await switchFaults('POST')).toBe(200)

  await page
    .getByRole('navigation', { name: 'Navegação principal' })
    .getByRole('link', { name: /Tarefas/ })
    .click()
  // The offers list has a "Compra na padaria…" link too: wait until the tasks are shown.
  await expect(page.getByRole('heading', { level: 1, name: 'Tarefas' })).toBeVisible()
  await page
    .getByRole('link', { name: /^Compra na padaria/ })
    .first()
    .click()
  await expect(
    page.getByText('O servidor respondeu algo inesperado. Tente de novo em instantes.'),
  ).toBeVisible({ timeout: 10_000 })
  await expect(page.getByRole('heading', { name: 'Algo deu errado' })).toHaveCount(0)
  // Logged with the operation and where the body broke the contract, nothing of the body.
  expect(
    warnings.some((w) =>
      /^\[api\] GET \/tasks\/\{id\} → 200: a resposta não segue openapi\.yaml em \//.test(w),
    ),
  ).toBe(true)

  expect(await switchFaults('DELETE')).toBe(200)
  await page.getByRole('button', { name: 'Tentar de novo' }).click()
  // The first "Compra na padaria" on /tasks is T-4826, scheduled and not checked in (seed 4821).
  await expect(page.getByRole('link', { name: 'Fazer check-in' })).toBeVisible()
})
