/**
 * The server's bad minutes, on the agent's data plan (issue 38), in Chromium on a saved
 * profile, every request through a link the test controls and counts (support/link.ts: the
 * bytes of each body that reached the server, the service worker's requests included):
 *
 * - maintenance (503 with `Retry-After`): a photo's body goes up once, nothing is sent before
 *   the server said, a cheap request asks first whether it is back, and the screen speaks of
 *   the server, not of the connection;
 * - a session that ends meanwhile: the cheap request finds it out, the photo is not sent again;
 * - a photo on a slow uplink: the check-out does not wait behind it.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { backendTest as test } from './support/test'
import type { Report, Task } from '../src/api/entities'
import { DEMO_PHONE_DIGITS, lastSignInCode, resetBackend } from './support/fake-backend'
import type { Link, LinkRequest } from './support/link'
import { linkedPhones, onAVisit, type Phone } from './support/linked-phone'
import { apiGet, control, noisyJpegs, pickPhotos, sessionToken } from './support/visit'

const phones = linkedPhones()
const newPhone = (baseURL: string | undefined) => phones.open(baseURL)

test.beforeEach(async ({ request }) => {
  await resetBackend(request)
})

test.afterEach(async ({ request }) => {
  await request.delete('/api/__fake/faults')
  await phones.closeAll()
})

/** Signed in, the worker in control, checked in (and the check-in on the server). */
async function onAVisitSent(phone: Phone, request: APIRequestContext) {
  const visit = await onAVisit(phone, request)
  await expect(phone.page.getByText('Tudo enviado')).toBeVisible()
  return visit
}

const uploads = (link: Link, since = 0) =>
  link.requests.slice(since).filter((r) => r.method === 'POST' && r.path.startsWith('/api/media'))
const bytesOf = (requests: LinkRequest[]) => requests.reduce((n, r) => n + r.sent, 0)
const photoList = (page: Page) => page.getByRole('list', { name: 'Fotos e arquivos do relatório' })
const visitPages = (page: Page) => page.getByRole('navigation', { name: 'Páginas da visita' })

/** The first upload since `since`, once the server answered it (a 503, the test expects). */
async function firstUploadRefused(link: Link, since: number) {
  await expect.poll(() => uploads(link, since)[0]?.status, { timeout: 20_000 }).toBe(503)
  return uploads(link, since)[0]!
}

/** The server in maintenance for every call, saying when to come back. */
const maintenance = (request: APIRequestContext, retryAfter: number) =>
  control(request, 'faults', { rules: [{ path: '*', fault: 'unavailable', retryAfter }] })

test('maintenance with Retry-After: the photo goes up once, nothing before the server said, and the screen says so', async ({
  request,
  baseURL,
}) => {
  test.setTimeout(150_000)
  const phone = await newPhone(baseURL)
  const { page, link } = phone
  const { token, task } = await onAVisitSent(phone, request)
  const [photo] = await noisyJpegs(page, ['gondola.jpg'])
  await visitPages(page).getByRole('link', { name: 'Fotos' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Fotos' })).toBeVisible()

  await maintenance(request, 20)
  const before = link.requests.length
  await pickPhotos(page, page.getByRole('button', { name: 'Adicionar foto' }), [photo!])
  const refused = await firstUploadRefused(link, before)
  const photoBytes = refused.total

  // The screen speaks of the server, never of the connection.
  await expect.soft(photoList(page).getByText(/O servidor está em manutenção/)).toBeVisible()
  await expect
    .soft(page.getByText('Servidor em manutenção — tudo fica salvo neste aparelho'))
    .toBeVisible()
  await expect(page.getByText(/Sem conexão|Aguardando conexão/)).toHaveCount(0)

  // Half a minute of maintenance: nothing before the 20 s the server asked for, then one
  // small question (is it back?) — never the photo again.
  await page.waitForTimeout(30_000)
  const during = link.requests.slice(before).filter((r) => r.path.startsWith('/api/'))
  const early = during.filter((r) => r !== refused && r.at - refused.at < 19_000)
  expect.soft(early.map((r) => `${r.method} ${r.path}`)).toEqual([])
  expect.soft(uploads(link, before)).toHaveLength(1)
  expect.soft(bytesOf(during)).toBeLessThan(photoBytes + 20_000)
  await expect(page).toHaveURL(new RegExp(`/tasks/${task.slug}/checkin/evidences$`))

  // The server is back: the photo goes once more, and arrives.
  await request.delete('/api/__fake/faults')
  await expect(photoList(page).getByText('Enviada')).toBeVisible({ timeout: 45_000 })
  expect(uploads(link, before).map((r) => r.status)).toEqual([503, 201])
  expect(
    (await apiGet<Report>(request, token, `/reports/${task.reportId}`)).evidences,
  ).toHaveLength(1)
})

test('a session that ends during maintenance: a cheap question finds it out, and the photo is not sent again', async ({
  request,
  baseURL,
}) => {
  test.setTimeout(150_000)
  const phone = await newPhone(baseURL)
  const { page, link } = phone
  const { token, task } = await onAVisitSent(phone, request)
  const [photo] = await noisyJpegs(page, ['caixa.jpg'])
  await visitPages(page).getByRole('link', { name: 'Fotos' }).click()

  // Maintenance for the calls this visit makes now (the sign-out below still goes through).
  await control(request, 'faults', {
    rules: [
      { method: 'POST', path: '/media', fault: 'unavailable', retryAfter: 5 },
      { method: 'GET', path: '/me', fault: 'unavailable', retryAfter: 5 },
    ],
  })
  const before = link.requests.length
  await pickPhotos(page, page.getByRole('button', { name: 'Adicionar foto' }), [photo!])
  const photoBytes = (await firstUploadRefused(link, before)).total

  // The session ends on the server meanwhile (revoked elsewhere), then maintenance ends.
  const ended = await request.delete('/api/auth/session', {
    headers: { Authorization: `Bearer ${token}` },
  })
  expect(ended.status()).toBe(204)
  await request.delete('/api/__fake/faults')
  await expect(page.getByRole('heading', { level: 1, name: 'Você saiu' })).toBeVisible({
    timeout: 30_000,
  })
  // The browser retries its Background Sync a few times: the worker sends nothing more.
  for (let i = 0; i < 3; i++) await phone.app.dispatchSync('visit-outbox')
  await page.waitForTimeout(3_000)
  expect.soft(uploads(link, before)).toHaveLength(1)
  expect
    .soft(bytesOf(link.requests.slice(before).filter((r) => r.token === token)))
    .toBeLessThan(photoBytes + 20_000)

  // Signed in again: the photo goes once, and arrives.
  await page.getByRole('link', { name: 'Entrar novamente' }).click()
  await page.getByLabel('Celular com DDD').fill(DEMO_PHONE_DIGITS)
  await page.getByRole('button', { name: 'Receber código' }).click()
  await page.getByRole('button', { name: 'Digitar o código' }).click()
  await page.getByLabel('Código').fill(await lastSignInCode(request))
  await page.getByRole('button', { name: 'Entrar' }).click()
  await expect(page).not.toHaveURL(/\/login/)
  const second = await sessionToken(page)
  await expect
    .poll(
      async () => (await apiGet<Report>(request, second, `/reports/${task.reportId}`)).evidences,
      { timeout: 30_000 },
    )
    .toHaveLength(1)
  expect(uploads(link, before).map((r) => r.status)).toEqual([503, 201])
})

test('a photo on a slow uplink: the check-out does not wait behind it', async ({
  request,
  baseURL,
}) => {
  test.setTimeout(120_000)
  const phone = await newPhone(baseURL)
  const { page, link } = phone
  const { token, task } = await onAVisitSent(phone, request)
  const [photo] = await noisyJpegs(page, ['fachada.jpg'])
  await visitPages(page).getByRole('link', { name: 'Fotos' }).click()

  // About 25 s to send the photo.
  link.setUplink(15_000)
  const before = link.requests.length
  await pickPhotos(page, page.getByRole('button', { name: 'Adicionar foto' }), [photo!])
  await expect(photoList(page).getByText(/^Enviando…/)).toBeVisible()

  await visitPages(page).getByRole('link', { name: 'Controle' }).click()
  await page.getByRole('button', { name: 'Fazer check-out' }).click()
  // The visit still misses parts (the checklist, the chat…): the sheet says so first.
  await page.getByRole('button', { name: 'Fazer check-out mesmo assim' }).click()
  // The check-out is on the server while the photo is still on its way.
  await expect
    .poll(async () => (await apiGet<Task>(request, token, `/tasks/${task.id}`)).status.code, {
      timeout: 8_000,
    })
    .toBe('visited')
  expect(uploads(link, before).map((r) => r.outcome)).toEqual(['pending'])

  // And the photo still arrives, once.
  await expect
    .poll(
      async () => (await apiGet<Report>(request, token, `/reports/${task.reportId}`)).evidences,
      { timeout: 60_000 },
    )
    .toHaveLength(1)
  expect(uploads(link, before).map((r) => r.status)).toEqual([201])
})
