/**
 * One phone, several agents, and a sign-out with no signal (issue 38), in Chromium on a saved
 * profile with the link in the test's hands (support/link.ts: it records every request, the
 * service worker's too, with the token it carried).
 *
 * - Agent A's session ends with an offline visit kept on the phone; agent B signs in on the
 *   same phone and out again. A's photo, notes and check-out survive both, and go once A signs
 *   in again; the sign-in screen says whose visit waits; B never lands on A's screens, never
 *   asks the server anything about A's visit, and B's store never holds any of it.
 * - "Sair mesmo assim" with no signal: the old token is useless on the phone at once (never
 *   sent again), and the sign-out reaches the server when the signal returns — with the app
 *   open, and with every page of it closed (the service worker's Background Sync).
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { backendTest as test } from './support/test'
import type { Agent, Report, Task } from '../src/api/entities'
import { SECOND_AGENT } from '../mocks/seed/demo'
import { workerControls } from './support/app-context'
import { DEMO_PHONE_DIGITS, lastSignInCode, resetBackend } from './support/fake-backend'
import type { Link } from './support/link'
import { goOffline, goOnline, linkedPhones, type Phone } from './support/linked-phone'
import { signIn } from './support/sign-in'
import {
  apiGet,
  checkInAtShop,
  makeJpegs,
  pickPhotos,
  sessionToken,
  taskWithoutCheckin,
} from './support/visit'

const phones = linkedPhones()
const newPhone = (baseURL: string | undefined) => phones.open(baseURL)

test.beforeEach(async ({ request }) => {
  await resetBackend(request)
})

test.afterEach(() => phones.closeAll())

/** Signs in with `digits` through the screens, from wherever the page is. */
async function signInWith(page: Page, request: APIRequestContext, digits: string, e164: string) {
  await page.goto('/login')
  await page.getByLabel('Celular com DDD').fill(digits)
  await page.getByRole('button', { name: 'Receber código' }).click()
  await page.getByRole('button', { name: 'Digitar o código' }).click()
  await page.getByLabel('Código').fill(await lastSignInCode(request, e164))
  await page.getByRole('button', { name: 'Entrar' }).click()
  await expect(page).not.toHaveURL(/\/login/)
}

const B_DIGITS = SECOND_AGENT.phone.replace(/^\+55/, '')

/** What the phone keeps in IndexedDB: the visit databases and, in one, the visits it holds. */
function visitDatabases(page: Page, agentId: string) {
  return page.evaluate(async (agentId) => {
    const names = (await indexedDB.databases()).map((d) => d.name ?? '')
    const name = `avaliador-agent-${agentId}`
    if (!names.includes(name)) return { names, visits: [] as string[], outbox: [] as string[] }
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(name)
      open.onsuccess = () => resolve(open.result)
      open.onerror = () => reject(open.error)
    })
    const all = (store: string) =>
      new Promise<Array<Record<string, unknown>>>((resolve) => {
        if (!db.objectStoreNames.contains(store)) return resolve([])
        const request = db.transaction(store).objectStore(store).getAll()
        request.onsuccess = () => resolve(request.result as Array<Record<string, unknown>>)
        request.onerror = () => resolve([])
      })
    const visits = (await all('visits')).map((v) => String(v.taskId))
    const outbox = (await all('outbox')).map((i) => `${String(i.kind)}:${String(i.taskId)}`)
    db.close()
    return { names, visits, outbox }
  }, agentId)
}

test('one phone, two agents: A’s kept visit survives B signing in and out, and none of it reaches B', async ({
  request,
  baseURL,
}) => {
  test.setTimeout(180_000)
  const phone = await newPhone(baseURL)
  const { page, link } = phone

  // Agent A: a visit with a photo, notes and a check-out, all kept offline.
  await signIn(page, request)
  await workerControls(page)
  const tokenA = await sessionToken(page)
  const agentA = await apiGet<Agent>(request, tokenA, '/me')
  const firstNameA = agentA.name.split(' ')[0]!
  const task = await taskWithoutCheckin(request, tokenA)
  await checkInAtShop(page, phone.app.context, task)
  const [photo] = await makeJpegs(page, ['fachada.jpg'])
  await goOffline(phone)
  const visitPages = page.getByRole('navigation', { name: 'Páginas da visita' })
  await visitPages.getByRole('link', { name: 'Fotos' }).click()
  await pickPhotos(page, page.getByRole('button', { name: 'Adicionar foto' }), [photo!])
  await visitPages.getByRole('link', { name: 'Observações' }).click()
  await page.getByLabel('Observações da visita').fill('Fila de 5 pessoas; caixa lento.')
  await expect(page.getByText('Salvo neste aparelho', { exact: true })).toBeVisible()
  await visitPages.getByRole('link', { name: 'Controle' }).click()
  await page.getByRole('button', { name: 'Fazer check-out' }).click()
  // The visit still misses parts (the checklist, the chat…): the sheet says so first.
  await page.getByRole('button', { name: 'Fazer check-out mesmo assim' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Check-out guardado' })).toBeVisible()

  // A's session ends on the server while the phone is offline; the signal returns.
  expect((await request.delete('/api/auth/session', { headers: bearer(tokenA) })).status()).toBe(
    204,
  )
  await goOnline(phone)
  await expect(page.getByRole('heading', { level: 1, name: 'Você saiu' })).toBeVisible({
    timeout: 30_000,
  })
  await expect(
    page.getByText('O que você fez nas visitas continua guardado neste aparelho'),
  ).toBeVisible()
  // The phone has let A's session go (the way back to the sign-in is offered then).
  await expect(page.getByRole('link', { name: 'Entrar novamente' })).toBeVisible()
  const aEnded = link.requests.length

  // The sign-in screen says whose visit waits here — the first name, nothing of the visit.
  const waiting = page.getByText(`Visita de ${firstNameA} guardada neste aparelho`)
  await page.getByRole('link', { name: 'Entrar novamente' }).click()
  await expect.soft(waiting).toBeVisible()
  await expect.soft(page.getByText(task.location.name)).toHaveCount(0)

  // Agent B signs in on the same phone: B's own start, not A's visit.
  await signInWith(page, request, B_DIGITS, SECOND_AGENT.phone)
  await expect.soft(page).toHaveURL(/\/oppy$/)
  await page.goto('/oppy')
  await expect(page.getByRole('heading', { name: 'Oportunidades' })).toBeVisible()
  const tokenB = await sessionToken(page)
  await page.goto('/tasks')
  await expect(page.getByRole('heading', { level: 1, name: 'Tarefas' })).toBeVisible()
  // Nothing of A's visit was asked for with B's token, nor sent with it.
  const aboutA = (r: { path: string }) =>
    [task.id, task.slug, task.reportId].some((id) => r.path.includes(id))
  expect
    .soft(link.requests.filter((r) => r.token === tokenB && aboutA(r)).map((r) => r.path))
    .toEqual([])
  // B's store holds none of A's visit; A's store is still there, its check-out queued.
  const seenByB = await visitDatabases(page, SECOND_AGENT.id)
  expect.soft(seenByB.visits).toEqual([])
  expect.soft(seenByB.outbox).toEqual([])

  // B signs out: nothing unsent of B's, no warning; A's visit stays.
  await page.goto('/account')
  await page.getByRole('link', { name: 'Sair' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Você saiu' })).toBeVisible()
  const afterB = await visitDatabases(page, agentA.id)
  expect.soft(afterB.names).toContain(`avaliador-agent-${agentA.id}`)
  expect.soft(afterB.outbox).toContain(`checkout:${task.id}`)
  await page.getByRole('link', { name: 'Entrar novamente' }).click()
  await expect.soft(waiting).toBeVisible()
  // Between A's session ending and A signing in again, A's old token went nowhere.
  expect(link.requests.slice(aEnded).filter((r) => r.token === tokenA)).toEqual([])

  // A signs in again: the kept photo, notes and check-out reach the server, once each.
  await page.getByLabel('Celular com DDD').fill(DEMO_PHONE_DIGITS)
  await page.getByRole('button', { name: 'Receber código' }).click()
  await page.getByRole('button', { name: 'Digitar o código' }).click()
  await page.getByLabel('Código').fill(await lastSignInCode(request))
  await page.getByRole('button', { name: 'Entrar' }).click()
  await expect(page).not.toHaveURL(/\/login/)
  const tokenA2 = await sessionToken(page)
  await expect
    .poll(async () => (await apiGet<Task>(request, tokenA2, `/tasks/${task.id}`)).status.code, {
      timeout: 30_000,
    })
    .toBe('visited')
  await expect
    .poll(async () => {
      const report = await apiGet<Report>(request, tokenA2, `/reports/${task.reportId}`)
      return { photos: report.evidences.length, notes: report.notes }
    })
    .toEqual({ photos: 1, notes: 'Fila de 5 pessoas; caixa lento.' })
  // The server has it all a moment before the phone has read the last answer and emptied its
  // queue: A signs out once the phone says so (until then the sign-out rightly warns of an
  // unsent item).
  await page.goto(`/tasks/${task.slug}/report`)
  await expect(page.getByText('Tudo enviado')).toBeVisible()
  // Said while it waited, gone once A is back.
  await page.goto('/account')
  await page.getByRole('link', { name: 'Sair' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Você saiu' })).toBeVisible()
  await page.getByRole('link', { name: 'Entrar novamente' }).click()
  await expect(page.getByRole('heading', { name: 'Entrar' })).toBeVisible()
  await expect(waiting).toHaveCount(0)
})

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` })

/** Whether the server still takes `token`. */
async function tokenAnswers(request: APIRequestContext, token: string) {
  return (await request.get('/api/me', { headers: bearer(token) })).status()
}

/** Signed in, checked in online, then notes typed with no connection: one write unsent. */
async function offlineWithUnsentNotes(phone: Phone, request: APIRequestContext) {
  const { page } = phone
  await signIn(page, request)
  await workerControls(page)
  const token = await sessionToken(page)
  const task = await taskWithoutCheckin(request, token)
  await checkInAtShop(page, phone.app.context, task)
  await goOffline(phone)
  await page
    .getByRole('navigation', { name: 'Páginas da visita' })
    .getByRole('link', { name: 'Observações' })
    .click()
  await page.getByLabel('Observações da visita').fill('Loja cheia.')
  await expect(page.getByText('Salvo neste aparelho', { exact: true })).toBeVisible()
  return token
}

/** "Sair" → "Sair mesmo assim", with no connection and writes unsent (the notes). Returns where the link's log stood then. */
async function signOutAnyway(phone: Phone) {
  const { page } = phone
  await page.goto('/account')
  await page.getByRole('link', { name: 'Sair' }).click()
  // The warning of writes still on the phone (how many depends on how the notes were saved).
  await expect(
    page.getByText('Conecte-se à internet e espere o envio terminar antes de sair.'),
  ).toBeVisible()
  await page.getByRole('link', { name: 'Sair mesmo assim' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Você saiu' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Entrar novamente' })).toBeVisible()
  return phone.link.requests.length
}

/** After the sign-out, the old token went out only to end its session (and only once that worked). */
function requestsWithOldToken(link: Link, since: number, token: string) {
  return link.requests
    .slice(since)
    .filter((r) => r.token === token)
    .map((r) => `${r.method} ${r.path} ${r.outcome} ${r.status ?? ''}`.trim())
}

test('“Sair mesmo assim” with no signal: the sign-out reaches the server when the signal returns', async ({
  request,
  baseURL,
}) => {
  test.setTimeout(90_000)
  const phone = await newPhone(baseURL)
  const token = await offlineWithUnsentNotes(phone, request)
  const signedOut = await signOutAnyway(phone)
  expect(await tokenAnswers(request, token)).toBe(200)

  await goOnline(phone)
  await expect.poll(() => tokenAnswers(request, token), { timeout: 30_000 }).toBe(401)
  expect(requestsWithOldToken(phone.link, signedOut, token)).toEqual([
    'DELETE /api/auth/session answered 204',
  ])
})

test('“Sair mesmo assim” with no signal, then the app closed: the service worker sends the sign-out', async ({
  request,
  baseURL,
}) => {
  test.setTimeout(90_000)
  const phone = await newPhone(baseURL)
  const token = await offlineWithUnsentNotes(phone, request)
  const signedOut = await signOutAnyway(phone)
  await phone.app.closeAppPages()

  // The signal returns with no page of the app open: the browser wakes the worker.
  phone.link.restore()
  await phone.app.context.setOffline(false)
  await phone.app.dispatchSync('visit-outbox')
  await expect.poll(() => tokenAnswers(request, token), { timeout: 30_000 }).toBe(401)
  expect(requestsWithOldToken(phone.link, signedOut, token)).toEqual([
    'DELETE /api/auth/session answered 204',
  ])
})
