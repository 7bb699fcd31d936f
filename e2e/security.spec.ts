/**
 * Token hygiene and sign-out (issue #8). The session token only ever travels in the
 * Authorization header and sits in the one storage key the README documents; it never shows
 * up in a URL (redirects after sign-in and after an expired session included), a console
 * message, a screen (an API error and the error page's details included), another header or
 * a request body. Signing out with visit work still on the device warns first, then leaves
 * nothing of the agent: no storage key, no visit database, no runtime cache — only the
 * service worker's precache of the app's own files, so the next agent can open it offline —
 * and, signed out with no connection, the token under one key until its sign-out reached the
 * server.
 */
import type { Page, Request } from '@playwright/test'
import { DEVICE_KEY_PREFIXES } from '../src/lib/storage-keys'
import { DEMO_PHONE_DIGITS, lastSignInCode, resetBackend } from './support/fake-backend'
import { signIn } from './support/sign-in'
import { expect, test } from './support/test'
import { checkInAtShop, control, sessionToken, taskWithoutCheckin } from './support/visit'

test.beforeEach(async ({ request }) => {
  await resetBackend(request)
})

const SESSION_KEY = 'avaliador.session'

/** Everything observable about the page where a token could leak, gathered as it runs. */
function recordExposure(page: Page) {
  const seen = {
    urls: [] as string[],
    headers: [] as string[],
    bodies: [] as string[],
    console: [] as string[],
    screens: [] as string[],
  }
  page.on('request', (request: Request) => {
    seen.urls.push(
      request.url(),
      ...(request.redirectedFrom() ? [request.redirectedFrom()!.url()] : []),
    )
    for (const [name, value] of Object.entries(request.headers()))
      if (name !== 'authorization') seen.headers.push(`${name}: ${value}`)
    const body = request.postData()
    if (body) seen.bodies.push(body)
  })
  page.on('framenavigated', (frame) => seen.urls.push(frame.url()))
  page.on('console', (message) => seen.console.push(message.text()))
  page.on('pageerror', (error) => seen.console.push(`${error.message}\n${error.stack ?? ''}`))
  const capture = async () =>
    seen.screens.push(await page.evaluate(() => `${document.title}\n${document.body.innerText}`))
  return { seen, capture }
}

/** Where the token sits on the device besides its one key: other keys, databases, caches, cookies. */
async function tokenOnDevice(page: Page, token: string) {
  const found = await page.evaluate(
    async ({ token, sessionKey }) => {
      const places: string[] = []
      for (const [name, store] of [
        ['localStorage', localStorage],
        ['sessionStorage', sessionStorage],
      ] as const)
        for (const key of Object.keys(store))
          if (
            !(name === 'localStorage' && key === sessionKey) &&
            `${key}=${store.getItem(key)}`.includes(token)
          )
            places.push(`${name}:${key}`)
      for (const info of await indexedDB.databases()) {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const open = indexedDB.open(info.name!)
          open.onsuccess = () => resolve(open.result)
          open.onerror = () => reject(open.error)
        })
        for (const storeName of db.objectStoreNames) {
          const rows = await new Promise<unknown[]>((resolve, reject) => {
            const all = db.transaction(storeName).objectStore(storeName).getAll()
            all.onsuccess = () => resolve(all.result)
            all.onerror = () => reject(all.error)
          })
          // While signed in, the session key's copy in the crash-proof mirror of localStorage
          // (src/lib/device-storage.ts) is the same one place, kept twice; signed out, the
          // mirror must not hold it either.
          const live = localStorage.getItem(sessionKey)?.includes(token) ?? false
          const elsewhere = rows.filter(
            (row) =>
              !(
                live &&
                info.name === 'avaliador-device-storage' &&
                (row as { key?: string }).key === sessionKey
              ),
          )
          if (JSON.stringify(elsewhere).includes(token))
            places.push(`indexedDB:${info.name}/${storeName}`)
        }
        db.close()
      }
      for (const name of await caches.keys()) {
        const cache = await caches.open(name)
        for (const request of await cache.keys()) {
          const response = await cache.match(request)
          if (request.url.includes(token) || (await response?.clone().text())?.includes(token))
            places.push(`cache:${name}:${request.url}`)
        }
      }
      return places
    },
    { token, sessionKey: SESSION_KEY },
  )
  const cookies = (await page.context().cookies()).filter((c) =>
    `${c.name}=${c.value}`.includes(token),
  )
  return [...found, ...cookies.map((c) => `cookie:${c.name}`)]
}

function expectNowhere(seen: ReturnType<typeof recordExposure>['seen'], tokens: string[]) {
  for (const token of tokens)
    for (const [where, items] of Object.entries(seen))
      expect(
        items.filter((item) => item.includes(token)),
        `the session token appeared in ${where}`,
      ).toEqual([])
}

test.describe('the session token', () => {
  // Requests go straight to the network, so page.route can fail the ones this test breaks.
  test.use({ serviceWorkers: 'block' })

  test('never appears in a URL, a header but Authorization, the console or a screen, errors and an expired session included', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000)
    const { seen, capture } = recordExposure(page)
    await signIn(page, request)
    const token = await sessionToken(page)
    expect(token.length).toBeGreaterThan(8)
    const nav = page.getByRole('navigation', { name: 'Navegação principal' })

    // A few screens, read as the agent sees them.
    await capture()
    await nav.getByRole('link', { name: /Tarefas/ }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Tarefas' })).toBeVisible()
    await capture()
    await nav.getByRole('link', { name: /Notificações/ }).click()
    // The list, not the tasks still on screen: their first link is a task, with no article.
    await expect(page.getByRole('heading', { level: 1, name: 'Notificações' })).toBeVisible()
    await page.getByRole('main').getByRole('link').first().click()
    await expect(page.getByRole('article')).toBeVisible()
    await capture()

    // An API error on screen.
    await page.route('**/api/wallet', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/problem+json',
        body: JSON.stringify({
          type: 'about:blank',
          title: 'Erro interno',
          status: 500,
          code: 'internal_error',
          detail: 'Falha simulada na carteira.',
          requestId: 'req_e2e0001',
        }),
      }),
    )
    await nav.getByRole('link', { name: /Conta/ }).click()
    await page.getByRole('link', { name: /Carteira/ }).click()
    await expect(page.getByText('Falha simulada na carteira.')).toBeVisible()
    await capture()

    // The error page, its technical details opened (a screen whose code cannot load).
    await page.route('**/assets/help-page-*.js', (route) => route.abort())
    await nav.getByRole('link', { name: /Ajuda/ }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Algo deu errado' })).toBeVisible()
    await page.getByText('Detalhes técnicos').click()
    await expect(page.getByText(/Rota: \/help/)).toBeVisible()
    await capture()
    await page.unrouteAll({ behavior: 'ignoreErrors' })

    // The token is on the device only under its one key.
    expect(await tokenOnDevice(page, token)).toEqual([])

    // The session expires on the server (a month later): the agent is sent to sign in again
    // and comes back to where they were; the way back is a path, never the token.
    await control(request, 'clock/advance', { ms: 31 * 24 * 3_600_000 })
    await page.goto('/tasks')
    await expect(page.getByRole('heading', { level: 1, name: 'Você saiu' })).toBeVisible()
    await expect(page).toHaveURL(/\/logout\?expired=1&.*return=%2Ftasks/)
    await capture()
    expect(
      await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY),
      'the expired token is forgotten',
    ).toBeNull()
    await page.getByRole('link', { name: 'Entrar novamente' }).click()
    await page.getByLabel('Celular com DDD').fill(DEMO_PHONE_DIGITS)
    await page.getByRole('button', { name: 'Receber código' }).click()
    await page.getByRole('button', { name: 'Digitar o código' }).click()
    await page.getByLabel('Código').fill(await lastSignInCode(request))
    await page.getByRole('button', { name: 'Entrar' }).click()
    await expect(page).toHaveURL(/\/tasks$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Tarefas' })).toBeVisible()
    const second = await sessionToken(page)
    expect(second).not.toBe(token)
    await capture()

    expectNowhere(seen, [token, second])
    expect(await tokenOnDevice(page, second)).toEqual([])
  })
})

test('signing out with a visit still on the device warns, then leaves nothing of the agent but the app itself', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(90_000)
  await signIn(page, request)
  const token = await sessionToken(page)
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })

  // A visit: checked in online, then notes typed with no connection (kept on the device).
  const task = await taskWithoutCheckin(request, token)
  await checkInAtShop(page, context, task)
  await expect(page.getByText('Tudo enviado')).toBeVisible()
  await context.setOffline(true)
  await page
    .getByRole('navigation', { name: 'Páginas da visita' })
    .getByRole('link', { name: 'Observações' })
    .click()
  await page
    .getByLabel('Observações da visita')
    .fill('Fila grande no caixa; só um operador atendendo.')
  await expect(page.getByText('Salvo neste aparelho', { exact: true })).toBeVisible()
  // A runtime cache holding an API answer, as a future service-worker rule could leave one.
  await page.evaluate(async (token) => {
    const cache = await caches.open('avaliador-api-respostas')
    await cache.put('/api/me', new Response(JSON.stringify({ token })))
  }, token)

  // The phone's own keys (its clock's offset, "ready offline" said) are no agent's data.
  const deviceState = () =>
    page.evaluate(async (device) => {
      const agents = (k: string) =>
        k.startsWith('avaliador') && !device.some((p) => k.startsWith(p))
      return {
        local: Object.keys(localStorage).filter(agents),
        session: Object.keys(sessionStorage).filter(agents),
        databases: (await indexedDB.databases())
          .map((d) => d.name ?? '')
          .filter((n) => n.startsWith('avaliador-agent')),
        caches: await caches.keys(),
      }
    }, DEVICE_KEY_PREFIXES)
  const before = await deviceState()
  expect(before.local).toContain(SESSION_KEY)
  expect(before.databases).toHaveLength(1)
  expect(before.caches).toContain('avaliador-api-respostas')

  // Sair, still offline: the app warns about the unsent notes first.
  await page.goto('/account')
  await page.getByRole('link', { name: 'Sair' }).click()
  // One change waits: the notes (the check-in was sent online).
  await expect(
    page.getByText(
      'Há 1 item de visita que ainda não foi enviado. Se sair agora, ele será apagado deste aparelho.',
    ),
  ).toBeVisible()
  await page.getByRole('link', { name: 'Sair mesmo assim' }).click()
  await expect(page.getByRole('heading', { name: 'Você saiu' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Entrar novamente' })).toBeVisible()

  const after = await deviceState()
  expect({
    ...after,
    caches: after.caches.filter((n) => !n.startsWith('workbox-precache')),
  }).toEqual({
    local: [],
    session: [],
    databases: [],
    caches: [],
  })
  // The app's own files stay, so it still opens with no signal — signed out.
  expect(after.caches.some((n) => n.startsWith('workbox-precache'))).toBe(true)
  await page.goto('/tasks')
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByRole('heading', { name: 'Entrar' })).toBeVisible()
  // With no connection the server could not be told: the token waits under its one key (and
  // that key's mirror), only to end its session, and is gone once the signal brings it there.
  expect(await tokenOnDevice(page, token)).toEqual([
    'localStorage:avaliador.pending-sign-outs',
    'indexedDB:avaliador-device-storage/entries',
  ])
  await context.setOffline(false)
  await expect.poll(() => tokenOnDevice(page, token), { timeout: 30_000 }).toEqual([])
  expect(
    (await request.get('/api/me', { headers: { Authorization: `Bearer ${token}` } })).status(),
  ).toBe(401)
})
