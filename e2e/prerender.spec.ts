/**
 * Paint before JavaScript (docs/decisions/0010-prerender-and-query-cache.md): every
 * signed-out screen arrives as HTML, every signed-in route as the shell with the navigation,
 * the browser hydrates a prerendered page without replacing it, and a reopened app paints the
 * agent's last known offers from the phone — also with no connection. The screens likely
 * opened next are fetched only after the agent first touches the started app.
 */
import type { Page } from '@playwright/test'
import { expect, test } from './support/test'
import { resetBackend } from './support/fake-backend'
import { control } from './support/visit'
import { forgetKeptAnswers, signIn } from './support/sign-in'
import { keptAnswers } from './support/kept-answers'

test.beforeEach(async ({ request }) => {
  await resetBackend(request)
})

const SIGNED_OUT: Array<[path: string, heading: string]> = [
  ['/login', 'Entrar'],
  ['/unavailable', 'Serviço indisponível'],
  ['/activation/error', 'Não foi possível ativar sua conta'],
  ['/login/request', 'Código enviado'],
  ['/login/allow', 'Digite o código'],
  ['/activation', 'Ativação da conta'],
]

const TABS = ['Oportunidades', 'Tarefas', 'Notificações', 'Conta', 'Ajuda']

test.describe('with JavaScript off, the HTML alone', () => {
  test.use({ javaScriptEnabled: false })

  test('every signed-out screen is served as its prerendered HTML', async ({ page }) => {
    for (const [path, heading] of SIGNED_OUT) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible()
    }
    await page.goto('/login')
    await expect(page.getByLabel('Celular com DDD')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Receber código' })).toBeVisible()
  })

  test('every signed-in route gets the shell: the navigation and its tab, a skeleton', async ({
    page,
  }) => {
    const routes: Array<[path: string, tab: string | null]> = [
      ['/', 'Oportunidades'],
      ['/oppy', 'Oportunidades'],
      ['/oppy/tsk_4826', 'Oportunidades'],
      ['/tasks', 'Tarefas'],
      ['/tasks/T-4826', 'Tarefas'],
      ['/notifs', 'Notificações'],
      ['/account/wallet', 'Conta'],
      ['/help', 'Ajuda'],
      ['/event/tasks', null],
    ]
    for (const [path, tab] of routes) {
      await page.goto(path)
      const nav = page.getByRole('navigation', { name: 'Navegação principal' })
      await expect(nav.getByRole('link'), path).toHaveText(TABS)
      if (tab)
        await expect(nav.getByRole('link', { name: tab }), path).toHaveAttribute(
          'aria-current',
          'page',
        )
      else await expect(nav.locator('[aria-current="page"]'), path).toHaveCount(0)
      await expect(page.getByRole('status', { name: 'Carregando…' }), path).toBeVisible()
    }
    // The visit has its own frame: no tab bar painted over it.
    await page.goto('/tasks/T-4826/checkin')
    await expect(page.getByRole('navigation', { name: 'Navegação principal' })).toHaveCount(0)
  })
})

/**
 * The screen the HTML painted (the root's first element when parsing ended, before any script
 * ran), and whether React kept it: a hydration adopts the nodes, a render replaces them.
 */
async function watchFirstPaint(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __painted: Element | null }
    w.__painted = null
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive')
        w.__painted = document.getElementById('root')?.firstElementChild ?? null
    })
  })
  return () =>
    page.evaluate(() => {
      const painted = (window as unknown as { __painted: Element | null }).__painted
      return { painted: painted?.tagName ?? null, kept: painted?.isConnected ?? false }
    })
}

function consoleErrors(page: Page) {
  const errors: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text())
  })
  page.on('pageerror', (e) => errors.push(e.message))
  return errors
}

test('the prerendered /login keeps its nodes while React takes over', async ({ page }) => {
  const firstPaint = await watchFirstPaint(page)
  const errors = consoleErrors(page)
  const stylesheets: string[] = []
  page.on('request', (r) => {
    if (r.resourceType() === 'stylesheet') stylesheets.push(new URL(r.url()).pathname)
  })
  await page.goto('/login')
  // React has taken the root over (hydrateRoot marks its container) and settled.
  await page.waitForFunction(() =>
    Object.keys(document.getElementById('root')!).some((k) => k.startsWith('__reactContainer')),
  )
  await page.waitForLoadState('networkidle')
  expect(await firstPaint()).toEqual({ painted: 'MAIN', kept: true })
  // The screen's CSS came inline with the page: the app's start does not fetch it again.
  const inline = await page
    .locator('link[rel="stylesheet"][disabled]')
    .evaluateAll((links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname))
  expect(inline.length).toBeGreaterThan(0)
  expect(stylesheets.filter((href) => inline.includes(href))).toEqual([])
  // And the adopted form works.
  await page.getByLabel('Celular com DDD').fill('11987654321')
  await page.getByRole('button', { name: 'Receber código' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Código enviado' })).toBeVisible()
  expect(errors).toEqual([])
})

test('what is typed before the app takes over is kept, and cannot be sent before', async ({
  page,
}) => {
  // The app's script is held back: the agent works on the HTML alone meanwhile.
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held
    await route.continue()
  })
  await page.goto('/login', { waitUntil: 'commit' })
  const phone = page.getByLabel('Celular com DDD')
  await phone.pressSequentially('11987654321')
  await page.getByLabel('WhatsApp').check()
  // Sending now would be a plain form GET with the number in the URL: the button is off.
  await expect(page.getByRole('button', { name: 'Receber código' })).toBeDisabled()
  release()
  await expect(page.getByRole('button', { name: 'Receber código' })).toBeEnabled()
  await expect(phone).toHaveValue('+55 (11) 98765-4321')
  await page.getByRole('button', { name: 'Receber código' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Código enviado' })).toBeVisible()
  await expect(page.getByText('+55 (11) 98765-4321')).toBeVisible()
  await expect(page.getByText(/por WhatsApp/)).toBeVisible()
  expect(page.url()).not.toContain('98765')
})

test('a link with a message renders over the prerendered page, with no error', async ({ page }) => {
  const errors = consoleErrors(page)
  await page.goto('/login?message=Sua%20sess%C3%A3o%20expirou')
  await expect(page.getByText('Sua sessão expirou')).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toHaveCount(1)
  expect(errors).toEqual([])
})

test('a reopened app paints the last known offers from the phone, also offline', async ({
  page,
  context,
  request,
}) => {
  await signIn(page, request)
  const firstOffer = page
    .getByRole('list', { name: 'Oportunidades disponíveis' })
    .getByRole('link')
    .first()
  await expect(firstOffer).toBeVisible()
  const title = await firstOffer.textContent()
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  // The answers reach the phone's cache (coalesced to one write a second).
  await expect.poll(async () => (await keptAnswers(page))?.hasOffers).toBe(true)

  // Offline, the start's early requests fail quietly: no error escapes the page.
  const uncaught: string[] = []
  page.on('pageerror', (e) => uncaught.push(e.message))
  await context.setOffline(true)
  // The worker answers from its precache with the document prerendered for each route.
  await page.goto('/tasks/T-4826')
  await expect(page.locator('#root')).toHaveAttribute('data-path', '/tasks/:slug')
  await page.goto('/login')
  await expect(page.locator('#root')).toHaveAttribute('data-document', 'page')
  await page.goto('/oppy')
  await expect(
    page.getByRole('list', { name: 'Oportunidades disponíveis' }).getByRole('link').first(),
  ).toHaveText(title!)
  // Their refresh failed (no signal): once the cache is saved after that, the offers are still
  // in it — the next offline open shows them again.
  const before = (await keptAnswers(page))!.savedAt
  await expect(
    page.getByText('Sem conexão: você está vendo o que foi carregado por último.'),
  ).toBeVisible()
  await expect.poll(async () => (await keptAnswers(page))!.savedAt).toBeGreaterThan(before)
  expect((await keptAnswers(page))!.hasOffers).toBe(true)
  await page.reload()
  await expect(
    page.getByRole('list', { name: 'Oportunidades disponíveis' }).getByRole('link').first(),
  ).toHaveText(title!)
  expect(uncaught).toEqual([])
  await context.setOffline(false)
})

test.describe('a signed-in first screen without a waterfall', () => {
  // The page's own requests only: the service worker's precache would fetch every file.
  test.use({ serviceWorkers: 'block' })

  test("its shell preloads the screen's code and carries its CSS; its data goes out before the entry has run", async ({
    page,
    request,
  }) => {
    await signIn(page, request)
    await forgetKeptAnswers(page)
    await page.goto('about:blank')
    const errors = consoleErrors(page)
    // React, react-dom and the render's code are held: what asks for the data meanwhile is
    // the start's first half, which the boot runs before them.
    const held: string[] = []
    let release = () => {}
    const released = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/assets\/(react|react-dom|index)-[\w-]+\.js$/, async (route) => {
      held.push(new URL(route.request().url()).pathname)
      await released
      await route.continue()
    })
    const asked: string[] = []
    page.on('request', (r) => {
      const url = new URL(r.url())
      if (url.pathname.startsWith('/api/')) asked.push(url.pathname)
    })
    const stylesheets: string[] = []
    page.on('request', (r) => {
      if (r.resourceType() === 'stylesheet') stylesheets.push(new URL(r.url()).pathname)
    })
    await page.goto('/tasks/T-4826', { waitUntil: 'commit' })
    await expect.poll(() => asked).toEqual(['/api/me', '/api/tasks/T-4826'])
    expect(held.length, 'the entry was still held when the data went out').toBeGreaterThan(0)

    // The head named the screen's own chunk (and the agent's frame) before any script ran.
    const preloads = await page
      .locator('link[rel="modulepreload"]')
      .evaluateAll((links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname))
    expect(preloads.some((href) => /^\/assets\/task-hub-page-[\w-]+\.js$/.test(href))).toBe(true)
    expect(preloads.some((href) => /^\/assets\/signed-in-[\w-]+\.js$/.test(href))).toBe(true)
    expect(preloads.some((href) => /^\/assets\/early-start-[\w-]+\.js$/.test(href))).toBe(true)
    // Its stylesheets came inline, named by links the browser never fetches.
    const inline = await page
      .locator('link[rel="stylesheet"][disabled]')
      .evaluateAll((links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname))
    expect(inline.some((href) => /^\/assets\/tasks-[\w-]+\.css$/.test(href))).toBe(true)

    release()
    await expect(page.getByRole('heading', { level: 1, name: /Compra na padaria/ })).toBeVisible()
    await page.waitForLoadState('networkidle')
    // Each asked once: React Router's loader found the request under way.
    expect(asked.filter((a) => a === '/api/tasks/T-4826')).toHaveLength(1)
    expect(asked.filter((a) => a === '/api/me')).toHaveLength(1)
    expect(stylesheets.filter((href) => inline.includes(href))).toEqual([])
    expect(errors).toEqual([])
  })

  test('signed out, its shell asks for nothing and sends the agent to sign in', async ({
    page,
  }) => {
    const asked: string[] = []
    page.on('request', (r) => {
      if (new URL(r.url()).pathname.startsWith('/api/')) asked.push(new URL(r.url()).pathname)
    })
    await page.goto('/tasks/T-4826')
    await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect(asked).toEqual([])
  })

  for (const path of ['/', '/tasks/T-4826'])
    test(`signed out, ${path} goes on to the sign-in with no blank frame between`, async ({
      page,
    }) => {
      // The sign-in's code arrives late (a slow network): whatever shows meanwhile, never nothing.
      await page.route(/\/assets\/login-page-[^/]+\.js$/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 500))
        await route.continue()
      })
      await page.addInitScript(() => {
        const seen = { frames: 0, blank: 0 }
        Object.assign(window, { __frames: seen })
        const frame = () => {
          const root = document.getElementById('root')
          if (root) {
            seen.frames++
            const shown = [...root.querySelectorAll('*')].some((el) => {
              const box = el.getBoundingClientRect()
              return box.width > 0 && box.height > 0
            })
            if (!shown) seen.blank++
          }
          if (!document.querySelector('h1')?.textContent?.includes('Entrar'))
            requestAnimationFrame(frame)
        }
        requestAnimationFrame(frame)
      })
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible()
      await expect(page).toHaveURL(/\/login$/)
      const seen = await page.evaluate(
        () => (window as { __frames?: { frames: number; blank: number } }).__frames,
      )
      expect(seen?.frames).toBeGreaterThan(0)
      expect(seen?.blank, 'frames with nothing on the screen').toBe(0)
    })

  test("a session the server no longer takes: the screen's 401 signs the agent out as before, with the way back", async ({
    page,
    request,
  }) => {
    await signIn(page, request)
    await control(request, 'clock/advance', { ms: 31 * 24 * 3_600_000 })
    await page.goto('/tasks/T-4826')
    await expect(page.getByRole('heading', { level: 1, name: 'Você saiu' })).toBeVisible()
    await expect(page).toHaveURL(/\/logout\?expired=1&.*return=%2Ftasks%2FT-4826/)
    await expect(page.getByText('Sua sessão expirou')).toBeVisible()
  })
})

test.describe('the screens likely opened next', () => {
  // Only the page's own requests: the service worker's precache would fetch every file.
  test.use({ serviceWorkers: 'block' })

  test('load only after the first touch, once the app has started', async ({ page, request }) => {
    await signIn(page, request)
    const tasksScreen = /\/assets\/task-list-page-[\w-]+\.js$/
    // Watched from the new document on (the sign-in's page, touched, prefetches it too).
    await page.goto('/oppy')
    const early: string[] = []
    page.on('request', (r) => {
      if (tasksScreen.test(r.url())) early.push(r.url())
    })
    // The offers are on screen: the app has started (the shell's HTML has the heading too).
    await expect(
      page.getByRole('list', { name: 'Oportunidades disponíveis' }).getByRole('link').first(),
    ).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect(early, 'nothing is prefetched before the agent touches the screen').toEqual([])
    const prefetched = page.waitForRequest(tasksScreen)
    await page.getByRole('heading', { level: 1, name: 'Oportunidades' }).click()
    await prefetched
  })

  test("a screen's code loads through its modules, not a module preload per file added in the tap", async ({
    page,
    request,
  }) => {
    await signIn(page, request)
    const preloads = () => page.locator('link[rel="modulepreload"]').count()
    const before = await preloads()
    // The account's screens: not among the likely next ones of the offers.
    await page
      .getByRole('navigation', { name: 'Navegação principal' })
      .getByRole('link', { name: 'Conta' })
      .click()
    await expect(page.getByRole('heading', { level: 1, name: 'Conta' })).toBeVisible()
    await page.getByRole('link', { name: /Carteira/ }).click()
    await expect(page.getByRole('heading', { level: 1, name: /Carteira/ })).toBeVisible()
    expect(await preloads()).toBe(before)
  })
})
