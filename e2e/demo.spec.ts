/**
 * The demo (`/preview`, docs/product/preview.md, issue #5): the fake backend runs in the browser behind MSW,
 * the presenter acts as the world through the demo panel, and the demo database survives
 * reloads. Leaving the demo leaves nothing behind, the agent app at `/` never loads a byte
 * of it, and in the demo no API request ever reaches a real server.
 */
import { readFileSync } from 'node:fs'
import type { Page, Response } from '@playwright/test'
import { expect, test } from './support/test'
import type { ChunkReport } from '../scripts/check-bundle'
import { signIn } from './support/sign-in'
import { openPanel } from './support/demo-panel'

const SEED = 77
const DEMO_DB = `avaliador-demo-busy-agent-${SEED}`

const chunks = JSON.parse(
  readFileSync(new URL('../dist/bundle-modules.json', import.meta.url), 'utf8'),
) as ChunkReport[]
/** Chunks holding msw, @msw/data, faker or mocks/: the demo's, never the agent app's. */
const previewOnlyFiles = chunks
  .filter((c) =>
    c.modules.some(
      (m) => /node_modules\/(msw|@msw\/data|@faker-js\/faker)\//.test(m) || m.includes('/mocks/'),
    ),
  )
  .map((c) => c.fileName)

test.use({ reducedMotion: 'reduce' })

/**
 * A task as the demo database kept it in IndexedDB (what a reload restores): its status, and
 * "+checkin" once checked in.
 */
async function storedTask(page: Page, slug: string) {
  return page.evaluate(
    async ({ name, slug }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const r = indexedDB.open(name)
        r.onsuccess = () => resolve(r.result)
        r.onerror = () => reject(r.error)
      })
      try {
        if (!db.objectStoreNames.contains('snapshot')) return null
        type StoredTask = { slug: string; status: { code: string }; steps: { checkin?: unknown } }
        const snapshot = await new Promise<{ collections: { tasks: StoredTask[] } } | undefined>(
          (resolve, reject) => {
            const r = db.transaction('snapshot').objectStore('snapshot').get('db')
            r.onsuccess = () => resolve(r.result as never)
            r.onerror = () => reject(r.error)
          },
        )
        const task = snapshot?.collections.tasks.find((t) => t.slug === slug)
        return task ? `${task.status.code}${task.steps.checkin ? '+checkin' : ''}` : null
      } finally {
        db.close()
      }
    },
    { name: DEMO_DB, slug },
  )
}

/**
 * Waits until the demo database on the device has `slug` in `status`, then reloads (the demo
 * saves 300 ms after a write; an immediate reload loses it).
 */
async function reloadOnceStored(page: Page, slug: string, status: string) {
  await expect.poll(() => storedTask(page, slug), { timeout: 10_000 }).toBe(status)
  await page.reload()
  await expect(page.getByRole('region', { name: 'Modo demonstração' })).toBeVisible()
}

const JUSTIFICATION =
  'A fachada estava coberta por um toldo naquele dia; a foto do balcão mostra o nome da farmácia e o horário da visita.'

test('a demo visit: check-in at the place, a report sent, contested, answered and approved from the panel, kept across reloads', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const escaped: string[] = []
  page.on('response', (r) => {
    const path = new URL(r.url()).pathname
    // The Node server answers /api/* (the real fake backend) and /preview/api/* with 502:
    // neither may ever be reached from the demo.
    if (!r.fromServiceWorker() && (path.startsWith('/api/') || path.startsWith('/preview/api/')))
      escaped.push(`${r.status()} ${r.request().method()} ${path}`)
  })
  const errors: string[] = []
  page.on('pageerror', (e) => {
    // MSW's worker.start() fires `registration.update()` without awaiting it
    // (msw/src/browser/utils/get-worker-instance.ts); on some reloads Chromium rejects it
    // ("…: Not found") as an unhandled rejection. Harmless noise, not the app's error.
    if (!/^Failed to update a ServiceWorker for scope .*\/preview\/.*Not found$/.test(e.message))
      errors.push(e.message)
  })

  // ------------------------------------------------------------ enter the demo
  await page.goto(`/preview?seed=${SEED}`)
  await expect(page).toHaveURL(new RegExp(`/preview/oppy(\\?seed=${SEED})?$`))
  const banner = page.getByRole('region', { name: 'Modo demonstração' })
  await expect(banner).toContainText(`semente ${SEED}`)
  await expect(banner).toContainText('Avaliador ativo')
  const offers = page.getByRole('list', { name: 'Oportunidades disponíveis' })
  const firstOffer = await offers.getByRole('link').first().getAttribute('aria-label')
  expect(firstOffer).toMatch(/^.+, .+$/)

  // ------------------------------------------------------------ a short visit: the device at the place
  let panel = await openPanel(page)
  const device = panel.getByRole('region', { name: 'Aparelho' })
  const place = device.getByLabel('Local de referência')
  const visitSlug = (await place.locator('option:checked').textContent())!.split(' — ')[0]!.trim()
  expect(visitSlug).toMatch(/^T-\d+$/)
  await device.getByRole('button', { name: 'No local' }).click()
  await expect(panel.getByText('Aparelho no local')).toBeVisible()
  await expect(device).toContainText(`Posição: no local de ${visitSlug}`)
  await panel.getByRole('button', { name: 'Fechar' }).click()

  await page.goto(`/preview/tasks/${visitSlug}`)
  await page.getByRole('link', { name: 'Fazer check-in' }).click()
  await page.getByRole('button', { name: 'Fazer check-in' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Controle da visita' })).toBeVisible()
  await expect(page.getByText('Tudo enviado')).toBeVisible()
  await reloadOnceStored(page, visitSlug, 'started+checkin')
  await expect(page.getByRole('heading', { level: 1, name: 'Controle da visita' })).toBeVisible()
  await expect(page.getByRole('link', { name: /^Tempo de visita: / })).toBeVisible()

  const visitPages = page.getByRole('navigation', { name: 'Páginas da visita' })
  await visitPages.getByRole('link', { name: 'Atendentes' }).click()
  await page.getByLabel('Nome do atendente').fill('Renata Moura')
  await page
    .getByRole('group', { name: 'Características' })
    .getByRole('button', { name: 'sorridente' })
    .click()
  await page.getByRole('button', { name: 'Adicionar atendente' }).click()
  await expect(page.getByRole('list', { name: 'Atendentes registrados' })).toContainText(
    'Renata Moura',
  )
  await visitPages.getByRole('link', { name: 'Controle' }).click()
  await page.getByRole('button', { name: 'Fazer check-out' }).click()
  await page
    .getByRole('dialog', { name: 'Fazer check-out agora?' })
    .getByRole('button', { name: 'Fazer check-out mesmo assim' })
    .click()
  await expect(page).toHaveURL(new RegExp(`/preview/tasks/${visitSlug}/form$`))
  await expect(page.getByRole('heading', { level: 1, name: 'Questionário' })).toBeVisible()
  await reloadOnceStored(page, visitSlug, 'visited+checkin')
  await page.goto(`/preview/tasks/${visitSlug}`)
  await expect(page.getByRole('link', { name: 'Preencher relatório' })).toBeVisible()

  // ------------------------------------------------------------ a visited task with a complete report: send it
  await page.goto('/preview/tasks')
  const visited = page.getByRole('region', { name: /^Visitadas — relatório a enviar/ })
  await expect(visited.getByRole('link')).toHaveCount(2)
  const hrefs = await visited
    .getByRole('link')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''))
  const slug = hrefs.map((h) => h.split('/').pop()!).find((s) => s !== visitSlug)!
  expect(slug).toMatch(/^T-\d+$/)
  await page.goto(`/preview/tasks/${slug}/report`)
  const sections = page.getByRole('navigation', { name: 'Partes do relatório' })
  await expect(sections.getByRole('link', { name: /^Questionário/ })).toContainText('Completo')
  await expect(sections.getByText(/pendente/)).toHaveCount(0)
  await page.getByRole('button', { name: 'Enviar relatório' }).click()
  await expect(page).toHaveURL(new RegExp(`/preview/tasks/${slug}/status$`))
  const current = page.getByRole('region', { name: 'Situação atual' })
  await expect(current).toContainText('Em validação')
  await reloadOnceStored(page, slug, 'validating+checkin')
  await expect(current).toContainText('Em validação')

  // ------------------------------------------------------------ the validator contests it (panel)
  panel = await openPanel(page)
  const validator = panel.getByRole('region', { name: 'Validador' })
  await validator
    .getByLabel('Relatório')
    .selectOption({ label: `${slug} — ${await titleOf(page)}` })
  await expect(validator.getByLabel('Seção da pendência 1')).toHaveValue('evidences')
  const pendency = 'A foto da fachada está desfocada. Envie outra ou explique.'
  await expect(validator.getByLabel('Mensagem da pendência 1')).toHaveValue(pendency)
  await validator.getByRole('button', { name: 'Enviar pendências' }).click()
  await expect(panel.getByText(`Pendências enviadas para ${slug}`)).toBeVisible()
  await panel.getByRole('button', { name: 'Fechar' }).click()
  await expect(current).toContainText('Com pendências')
  await reloadOnceStored(page, slug, 'contested+checkin')
  await expect(current).toContainText('Com pendências')

  // ------------------------------------------------------------ the agent answers the pendency
  await page.goto(`/preview/tasks/${slug}/validation`)
  await page
    .getByRole('navigation', { name: 'Partes com pendências' })
    .getByRole('link', { name: /^Fotos/ })
    .click()
  const card = page.getByRole('region', { name: /^Pendência 1/ })
  await expect(card).toContainText(pendency)
  await card.getByLabel('Justificativa').fill(JUSTIFICATION)
  // What is typed stays on the device across a reload.
  await page.reload()
  await expect(card.getByLabel('Justificativa')).toHaveValue(JUSTIFICATION)
  await page.getByRole('button', { name: 'Enviar respostas' }).click()
  await expect(page).toHaveURL(new RegExp(`/preview/tasks/${slug}/status$`))
  await expect(current).toContainText('Em validação')
  await reloadOnceStored(page, slug, 'validating+checkin')
  await expect(current).toContainText('Em validação')

  // ------------------------------------------------------------ approved from the panel; the wallet
  panel = await openPanel(page)
  await panel.getByLabel('Relatório').selectOption({ label: `${slug} — ${await titleOf(page)}` })
  await panel.getByRole('button', { name: 'Aprovar' }).click()
  await expect(panel.getByText(`${slug} aprovada`)).toBeVisible()
  await panel.getByRole('button', { name: 'Fechar' }).click()
  await expect(current).toContainText('Aprovada')
  await reloadOnceStored(page, slug, 'approved+checkin')
  await expect(current).toContainText('Aprovada')
  await page.goto('/preview/account/wallet')
  const payoutRow = page
    .getByRole('list', { name: 'Movimentações' })
    .getByRole('listitem')
    .filter({ hasText: `Visita ${slug}` })
  await expect(payoutRow).toContainText('Em análise')
  await expect(payoutRow).toContainText(/R\$\s?\d+,\d{2}/)

  // ------------------------------------------------------------ same seed, fresh browser: same world
  const fresh = await browser.newContext({
    baseURL,
    viewport: { width: 360, height: 640 },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  })
  try {
    const other = await fresh.newPage()
    await other.goto(`/preview?seed=${SEED}`)
    await expect(
      other.getByRole('list', { name: 'Oportunidades disponíveis' }).getByRole('link').first(),
    ).toHaveAttribute('aria-label', firstOffer!)
  } finally {
    await fresh.close()
  }

  // ------------------------------------------------------------ leave: nothing of the demo stays
  panel = await openPanel(page)
  await panel.getByRole('button', { name: 'Sair da demonstração' }).click()
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByRole('heading', { name: 'Entrar' })).toBeVisible()
  await expect
    .poll(() =>
      page.evaluate(async () => ({
        workers: (await navigator.serviceWorker.getRegistrations())
          .map((r) => new URL(r.scope).pathname)
          .filter((scope) => scope.startsWith('/preview')),
        databases: (await indexedDB.databases())
          .map((d) => d.name ?? '')
          .filter((n) => n.startsWith('avaliador-demo') || n.startsWith('avaliador-agent-demo')),
        keys: Object.keys(localStorage).filter((k) => k.startsWith('avaliador.preview')),
      })),
    )
    .toEqual({ workers: [], databases: [], keys: [] })
  expect(escaped).toEqual([])
  expect(errors).toEqual([])
})

/** The task title shown on the status page ("<title> · <slug>"). */
async function titleOf(page: Page) {
  const line = await page
    .getByRole('region', { name: 'Situação atual' })
    .getByText(/ · T-\d+$/)
    .textContent()
  return line!.replace(/ · T-\d+$/, '').trim()
}

test('the agent app at / (sign-in and offers) requests no preview chunk and nothing under /preview', async ({
  page,
  request,
}) => {
  expect(previewOnlyFiles.length).toBeGreaterThan(0)
  const requested: string[] = []
  page.on('request', (r) => requested.push(new URL(r.url()).pathname))
  await signIn(page, request)
  await expect(page).toHaveURL(/\/oppy$/)
  await expect(
    page.getByRole('list', { name: 'Oportunidades disponíveis' }).getByRole('link').first(),
  ).toBeVisible()
  expect(requested.some((p) => p.startsWith('/assets/'))).toBe(true)
  expect(requested.filter((p) => previewOnlyFiles.includes(p.slice(1)))).toEqual([])
  expect(requested.filter((p) => p.startsWith('/preview'))).toEqual([])
})

test('in the demo an API request nobody handles fails in the browser and never reaches a server', async ({
  page,
  context,
}) => {
  // Regression test for a bug found while writing these journeys (fixed).
  await page.goto(`/preview?seed=${SEED}`)
  await expect(page.getByRole('heading', { name: 'Oportunidades' })).toBeVisible()
  const reachedServer: string[] = []
  const watch = (r: Response) => {
    const path = new URL(r.url()).pathname
    if (!r.fromServiceWorker() && (path === '/preview/api/does-not-exist' || path === '/api/me'))
      reachedServer.push(`${r.status()} ${path}`)
  }
  page.on('response', watch)
  // Requests the service worker itself sends to the network show up on the context.
  context.on('response', watch)
  const outcomes = await page.evaluate(async () => {
    const attempt = async (url: string) => {
      try {
        const res = await fetch(url, { headers: { Authorization: 'Bearer demo-token' } })
        return { url, status: res.status }
      } catch (error) {
        return { url, error: String(error) }
      }
    }
    // Unknown in the demo's API; and the real API's path, which the demo has no handler for.
    return [await attempt('/preview/api/does-not-exist'), await attempt('/api/me')]
  })
  // Each one is refused inside the browser (a network error from MSW), never answered by a
  // server: not the Node server's 502 "Fora da demonstração", not the real /api.
  expect(outcomes).toEqual([
    {
      url: '/preview/api/does-not-exist',
      error: expect.stringMatching(/TypeError|Failed to fetch/),
    },
    { url: '/api/me', error: expect.stringMatching(/TypeError|Failed to fetch/) },
  ])
  expect(reachedServer).toEqual([])
})

// Regression test for a bug found while writing these journeys (fixed).
test('a demo change reloaded at once is kept', async ({ page }) => {
  await page.goto(`/preview?seed=${SEED}`)
  await expect(page.getByRole('heading', { name: 'Oportunidades' })).toBeVisible()
  const panel = await openPanel(page)
  const device = panel.getByRole('region', { name: 'Aparelho' })
  const slug = (await device
    .getByLabel('Local de referência')
    .locator('option:checked')
    .textContent())!
    .split(' — ')[0]!
    .trim()
  await device.getByRole('button', { name: 'No local' }).click()
  await expect(panel.getByText('Aparelho no local')).toBeVisible()
  await panel.getByRole('button', { name: 'Fechar' }).click()
  await page.goto(`/preview/tasks/${slug}/checkin`)
  await page.getByRole('button', { name: 'Fazer check-in' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Controle da visita' })).toBeVisible()
  await expect(page.getByText('Tudo enviado')).toBeVisible()
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Controle da visita' })).toBeVisible()
  const serverHasCheckin = await page.evaluate(async (slug) => {
    const res = await fetch(`/preview/api/tasks/${slug}`, {
      headers: { Authorization: 'Bearer demo-token' },
    })
    return Boolean(((await res.json()) as { steps?: { checkin?: unknown } }).steps?.checkin)
  }, slug)
  expect(serverHasCheckin).toBe(true)
})
