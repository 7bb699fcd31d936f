/**
 * The field's bad days, each as an agent lives it, in Chromium on a saved profile, with the
 * link in the test's hands (support/link.ts: a proxy between the phone and the server that
 * slows, cuts and drops what the service worker sends as well as the page) and the phone's
 * storage quota set through the DevTools protocol. For each: nothing typed, shot or recorded
 * is lost, it reaches the server once, and the screen says what is true meanwhile.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { backendTest as test } from './support/test'
import type { Report, Task } from '../src/api/entities'
import { workerControls } from './support/app-context'
import { DEMO_PHONE_DIGITS, lastSignInCode, resetBackend } from './support/fake-backend'
import type { Link } from './support/link'
import { goOffline, goOnline, linkedPhones, onAVisit } from './support/linked-phone'
import { seenTexts } from './support/seen-texts'
import { signIn } from './support/sign-in'
import {
  apiGet,
  checkInAtShop,
  makeJpegs,
  noisyJpegs,
  pickPhotos,
  sessionToken,
  taskWithoutCheckin,
} from './support/visit'

const phones = linkedPhones({ initScript: installQuotaBudget })
const newPhone = (baseURL: string | undefined) => phones.open(baseURL)

test.afterEach(() => phones.closeAll())

test.beforeEach(async ({ request }) => {
  await resetBackend(request)
})

const serverReport = (request: APIRequestContext, token: string, task: Task) =>
  apiGet<Report>(request, token, `/reports/${task.reportId}`)

const uploads = (link: Link) =>
  link.requests.filter((r) => r.method === 'POST' && r.path.startsWith('/api/media'))

/**
 * The phone's storage full but for `bytes` more (null: room again), for this page's
 * IndexedDB writes: past the budget a write fails with `QuotaExceededError`, as Chromium's own
 * quota makes it fail. (CDP's `Storage.overrideQuotaForOrigin` is the browser's way, but in
 * Debian's Chromium 156 it binds a storage key the page does not use: `Storage.getUsageAndQuota`
 * reports the override while the page's `estimate()` and writes ignore it.) The install runs
 * on every document of the context (`installQuotaBudget`), the budget is set per page.
 */
async function fillThePhone(page: Page, bytes: number | null) {
  await page.evaluate((left) => {
    ;(window as unknown as { __quotaLeft: number | null }).__quotaLeft = left
  }, bytes)
}

/** Wraps IndexedDB's writes so `fillThePhone` can make them fail like a full disk does. */
function installQuotaBudget() {
  const sizeOf = (value: unknown): number => {
    if (value instanceof ArrayBuffer) return value.byteLength
    if (ArrayBuffer.isView(value)) return value.byteLength
    if (value instanceof Blob) return value.size
    if (typeof value === 'string') return value.length * 2
    if (Array.isArray(value)) return value.reduce((n: number, v) => n + sizeOf(v), 0)
    if (value && typeof value === 'object')
      return Object.values(value).reduce((n: number, v) => n + sizeOf(v), 64)
    return 8
  }
  const state = window as unknown as { __quotaLeft?: number | null }
  for (const method of ['put', 'add'] as const) {
    const original = IDBObjectStore.prototype[method]
    IDBObjectStore.prototype[method] = function (
      this: IDBObjectStore,
      value: unknown,
      key?: IDBValidKey,
    ) {
      const left = state.__quotaLeft
      if (typeof left === 'number') {
        const size = sizeOf(value)
        if (size > left)
          throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
        state.__quotaLeft = left - size
      }
      return original.call(this, value, key)
    }
  }
}

const PHOTO_LIST = 'Fotos e arquivos do relatório'
const photoList = (page: Page) => page.getByRole('list', { name: PHOTO_LIST })
/** What a photo's row says of its upload (photos-copy.ts), or its whole text if none. */
const PHOTO_STATES = [
  'Aguardando envio',
  'Aguardando conexão',
  'A conexão caiu no meio do envio. Tentando de novo em instantes.',
  'Enviando…',
  'Enviada',
  'Falhou',
]
const photoState = (row: string) => PHOTO_STATES.find((state) => row.includes(state)) ?? row

test('a link cut in the middle of an upload: the photo waits, never fails, and goes once', async ({
  request,
  baseURL,
}) => {
  const phone = await newPhone(baseURL)
  const { page, link } = phone
  const { token, task } = await onAVisit(phone, request)
  const [photo] = await makeJpegs(page, ['fachada.jpg'])
  await page.goto(`/tasks/${task.slug}/checkin/evidences`)
  await expect(page.getByRole('heading', { level: 1, name: 'Fotos' })).toBeVisible()

  // Every state the photo's row says, from the pick to the end.
  const seen = await seenTexts(page, `ul[aria-label="${PHOTO_LIST}"]`)
  // A weak uplink, and the signal lost a quarter of the way through, for 5 s.
  link.setUplink(20_000)
  const cut = link.cutNextUpload(0.25, 5_000)
  await pickPhotos(page, page.getByRole('button', { name: 'Adicionar foto' }), [photo!])
  await cut
  const list = photoList(page)

  // The link is back: the photo goes by itself (20 kB/s: seconds, not a timeout).
  await expect(list.getByText('Enviada')).toBeVisible({ timeout: 45_000 })
  // At every moment the row said something true: sending, then waiting — for a connection, or
  // for the retry of the transfer the cut broke (which, depends on when the app next tried) —
  // then sent; never "Falhou".
  const states = [...new Set((await seen.texts()).map(photoState))]
  expect(states.at(-1)).toBe('Enviada')
  expect(states).not.toContain('Falhou')
  expect(states.filter((s) => !PHOTO_STATES.includes(s))).toEqual([])
  expect(states.some((s) => s === 'Aguardando conexão' || s.startsWith('A conexão caiu'))).toBe(
    true,
  )
  const [first, second] = uploads(link)
  expect(first!.outcome).toBe('cut')
  expect(second).toMatchObject({ outcome: 'answered', status: 201 })
  expect(second!.idempotencyKey).toBe(first!.idempotencyKey)
  expect((await serverReport(request, token, task)).evidences).toHaveLength(1)
})

test('an answer lost on a slow uplink: the repeat is read whole and answered once, no loop', async ({
  request,
  baseURL,
}) => {
  const phone = await newPhone(baseURL)
  const { page, link } = phone
  const { token, task } = await onAVisit(phone, request)
  const [photo] = await makeJpegs(page, ['gondola.jpg'])
  await page.goto(`/tasks/${task.slug}/checkin/evidences`)
  await expect(page.getByRole('heading', { level: 1, name: 'Fotos' })).toBeVisible()

  link.setUplink(40_000)
  const dropped = link.dropNextAnswer('POST', '/api/media')
  await pickPhotos(page, page.getByRole('button', { name: 'Adicionar foto' }), [photo!])
  await dropped
  // The server answers (it is reachable): not "offline", and the app waits before the repeat.
  await expect(page.getByText('Sem conexão — tudo fica salvo neste aparelho')).toHaveCount(0)
  await expect(photoList(page).getByText('Enviada')).toBeVisible({ timeout: 45_000 })
  const sent = uploads(link)
  expect(sent.map((r) => r.outcome)).toEqual(['answer-dropped', 'answered'])
  expect(sent[1]!.status).toBe(201)
  expect(sent[1]!.sent).toBe(sent[0]!.sent) // the repeat's whole body was read
  expect((await serverReport(request, token, task)).evidences).toHaveLength(1)
})

test('a full phone: the photo that does not fit is refused clearly, and nothing else stops', async ({
  request,
  baseURL,
}) => {
  const phone = await newPhone(baseURL)
  const { page, link } = phone
  const { token, task } = await onAVisit(phone, request)
  const photos = await noisyJpegs(page, ['um.jpg', 'dois.jpg', 'tres.jpg', 'quatro.jpg'])
  await page.goto(`/tasks/${task.slug}/checkin/evidences`)
  await pickPhotos(page, page.getByRole('button', { name: 'Adicionar foto' }), [photos[0]!])
  await expect(photoList(page).getByText('Enviada')).toBeVisible({ timeout: 20_000 })

  // The phone fills up: 250 kB left, less than one more photo. No connection either, for a while.
  await fillThePhone(page, 250_000)
  await goOffline(phone)
  await pickPhotos(page, page.getByRole('button', { name: 'Adicionar foto' }), photos.slice(1))
  // At least one does not fit: said, with what to do.
  await expect(
    page.getByText(/Sem espaço no aparelho para esta foto\. Libere \d+ MB/).first(),
  ).toBeVisible()
  const kept = await photoList(page).getByRole('listitem').count()

  // The check-out still goes, as soon as the link is back — no restart.
  await page
    .getByRole('navigation', { name: 'Páginas da visita' })
    .getByRole('link', { name: 'Controle' })
    .click()
  await page.getByRole('button', { name: 'Fazer check-out' }).click()
  // The visit still misses parts (the checklist, the chat…): the sheet says so first.
  await page.getByRole('button', { name: 'Fazer check-out mesmo assim' }).click()
  await expect(page.getByRole('heading', { level: 1, name: /Check-out guardado/ })).toBeVisible()
  await goOnline(phone)
  await expect(page.getByRole('heading', { level: 1, name: 'Check-out enviado' })).toBeVisible({
    timeout: 30_000,
  })
  const server = await apiGet<Task>(request, token, `/tasks/${task.id}`)
  expect(server.status.code).toBe('visited')

  // Space freed: every photo the phone kept is on the server, each once.
  await fillThePhone(page, null)
  await expect
    .poll(async () => (await serverReport(request, token, task)).evidences.length, {
      timeout: 30_000,
    })
    .toBe(kept)
  expect(new Set(uploads(link).map((r) => r.idempotencyKey)).size).toBe(
    uploads(link).filter((r) => r.outcome === 'answered').length,
  )
})

test('two tabs typing the visit’s notes: the server gets what both typed, and both show it', async ({
  request,
  baseURL,
}) => {
  const phone = await newPhone(baseURL)
  const { page: tabA, app } = phone
  const { token, task } = await onAVisit(phone, request)
  const notesOf = (tab: Page) => tab.getByRole('textbox', { name: 'Observações da visita' })
  await tabA.goto(`/tasks/${task.slug}/checkin/notes`)
  await notesOf(tabA).pressSequentially('Fila de 5 pessoas.')
  await expect(tabA.getByText('Salvo neste aparelho')).toBeVisible()

  // A second tab, with no connection of its own.
  const tabB = await app.newPage()
  const cdpB = await app.context.newCDPSession(tabB)
  await tabB.goto(`/tasks/${task.slug}/checkin/notes`)
  await expect(notesOf(tabB)).toHaveValue('Fila de 5 pessoas.')
  await cdpB.send('Network.emulateNetworkConditions', {
    offline: true,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  })
  await notesOf(tabB).press('End')
  await notesOf(tabB).pressSequentially(' Caixa lento.')
  await notesOf(tabA).press('End')
  await notesOf(tabA).pressSequentially(' Loja limpa.')

  // Both tabs converge on both sentences, each once, and the server gets that text. The
  // spaces between them depend on the moment B's first key reached A: when A's End came after
  // it, A typed its own space after B's, and both are kept (each tab kept what it showed).
  const words = (tab: Page) =>
    notesOf(tab).evaluate((box: HTMLTextAreaElement) => box.value.replace(/\s+/g, ' '))
  const both = /^Fila de 5 pessoas\.( Caixa lento\.| Loja limpa\.){2}$/
  await expect.poll(() => words(tabA), { message: 'tab A' }).toMatch(both)
  await expect.poll(() => words(tabB), { message: 'tab B' }).toMatch(both)
  const shown = await notesOf(tabA).inputValue()
  await expect(notesOf(tabB)).toHaveValue(shown)
  await expect
    .poll(async () => (await serverReport(request, token, task)).notes, { timeout: 20_000 })
    .toBe(shown)
})

test('a phone a day ahead: a 3-hour offer is open, and an offline check-out is recorded for its real length', async ({
  request,
  baseURL,
}) => {
  const phone = await newPhone(baseURL)
  const { page, app } = phone
  await app.context.clock.install({ time: Date.now() + 24 * 3_600_000 })
  await signIn(page, request)
  // The seed's first offer expires in 3 hours, server time.
  await expect(page.getByRole('list', { name: 'Oportunidades disponíveis' })).toBeVisible()
  await expect(page.getByText('Expirada')).toHaveCount(0)

  await workerControls(page)
  const token = await sessionToken(page)
  const task = await taskWithoutCheckin(request, token)
  await checkInAtShop(page, app.context, task)
  // The timer counts from the check-in, not from a day ago.
  await expect(page.getByRole('link', { name: /^Tempo de visita: \d+ segundos?\./ })).toBeVisible()
  await goOffline(phone)
  await page.getByRole('button', { name: 'Fazer check-out' }).click()
  await page.getByRole('button', { name: 'Fazer check-out mesmo assim' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Check-out guardado' })).toBeVisible()
  await goOnline(phone)
  await expect(page.getByRole('heading', { level: 1, name: 'Check-out enviado' })).toBeVisible({
    timeout: 30_000,
  })
  const server = await apiGet<Task>(request, token, `/tasks/${task.id}`)
  expect(server.steps.checkout!.offline).toBe(true)
  const minutes =
    (Date.parse(server.steps.checkout!.at) - Date.parse(server.steps.checkin!.at)) / 60_000
  expect(minutes).toBeGreaterThanOrEqual(0)
  expect(minutes).toBeLessThan(5)
})

test('a phone an hour behind: a visit of seconds is recorded as seconds', async ({
  request,
  baseURL,
}) => {
  const phone = await newPhone(baseURL)
  const { page, app } = phone
  await app.context.clock.install({ time: Date.now() - 3_600_000 })
  const { token, task } = await onAVisit(phone, request)
  await expect(page.getByRole('link', { name: /^Tempo de visita: \d+ segundos?\./ })).toBeVisible()
  await page.getByRole('button', { name: 'Fazer check-out' }).click()
  await page.getByRole('button', { name: 'Fazer check-out mesmo assim' }).click()
  await expect(page).toHaveURL(new RegExp(`/tasks/${task.slug}/form`))
  await expect(page.getByText(/^Check-out registrado às/)).toBeVisible()
  const server = await apiGet<Task>(request, token, `/tasks/${task.id}`)
  const minutes =
    (Date.parse(server.steps.checkout!.at) - Date.parse(server.steps.checkin!.at)) / 60_000
  expect(minutes).toBeGreaterThanOrEqual(0)
  expect(minutes).toBeLessThan(2)
})

test('a new version deployed mid-visit waits; the agent is offered it outside the visit', async ({
  request,
  baseURL,
}) => {
  const phone = await newPhone(baseURL)
  const { page, link } = phone
  const { task } = await onAVisit(phone, request)
  await page.goto(`/tasks/${task.slug}/checkin/notes`)
  await page
    .getByRole('textbox', { name: 'Observações da visita' })
    .pressSequentially('Antes da versão nova.')
  await expect(page.getByText('Salvo neste aparelho')).toBeVisible()
  // (A reload in between destroys the page's context: asked again by the polls.)
  const scriptOf = () =>
    page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration()
      return {
        active: registration?.active?.scriptURL ?? null,
        waiting: Boolean(registration?.waiting),
        controller: navigator.serviceWorker.controller?.scriptURL ?? null,
      }
    })
  const before = await scriptOf()

  // The server gets a new service worker; the browser finds it.
  link.rewrite('/sw.js', (body) => Buffer.concat([body, Buffer.from('\n// versão 2\n')]))
  await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update())
  await expect.poll(async () => (await scriptOf()).waiting, { timeout: 20_000 }).toBe(true)

  // The visit goes on with the code it started with: every visit page opens.
  for (const name of ['Fotos', 'Tempos', 'Atendentes', 'Controle'] as const) {
    await page
      .getByRole('navigation', { name: 'Páginas da visita' })
      .getByRole('link', { name })
      .click()
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  }
  await expect(page.getByText('Nova versão disponível')).toHaveCount(0)
  expect((await scriptOf()).controller).toBe(before.controller)

  // Outside the visit, the agent is told — from the screen after the one it arrived on (a line
  // that comes while a screen is shown would push it under the thumb) — and chooses.
  await page.goto('/tasks')
  await expect(page.getByRole('heading', { level: 1, name: 'Tarefas' })).toBeVisible()
  await expect.poll(async () => (await scriptOf()).waiting, { timeout: 20_000 }).toBe(true)
  await page
    .getByRole('navigation', { name: 'Navegação principal' })
    .getByRole('link', { name: 'Ajuda' })
    .click()
  await expect(page.getByText('Nova versão disponível')).toBeVisible()
  await page.getByRole('button', { name: 'Atualizar' }).click()
  await expect
    .poll(async () => (await scriptOf().catch(() => ({ waiting: true }))).waiting, {
      timeout: 20_000,
    })
    .toBe(false)
  await expect(page.getByRole('heading', { level: 1, name: 'Ajuda' })).toBeVisible()
  await expect(page.getByText('Nova versão disponível')).toHaveCount(0)

  // Nothing typed was lost.
  await page.goto(`/tasks/${task.slug}/checkin/notes`)
  await expect(page.getByRole('textbox', { name: 'Observações da visita' })).toHaveValue(
    'Antes da versão nova.',
  )
})

test('the first minutes offline: a screen not downloaded yet says so, and opens when the link returns', async ({
  request,
  baseURL,
}) => {
  const phone = await newPhone(baseURL)
  const { page, link } = phone
  // The service worker has not finished (here: its script does not arrive yet).
  link.refuse('/sw.js', 503)
  await signIn(page, request)
  link.cut()
  await page
    .getByRole('navigation', { name: 'Navegação principal' })
    .getByRole('link', { name: 'Ajuda' })
    .click()
  const missing = page.getByRole('heading', {
    level: 1,
    name: 'Sem internet — esta tela ainda não foi baixada',
  })
  await expect(missing).toBeVisible()
  await expect(page.getByText('Algo deu errado')).toHaveCount(0)
  await expect(page.getByRole('navigation', { name: 'Navegação principal' })).toBeVisible()
  // "Tentar de novo" with no connection: no reload into the browser's error page.
  await page.getByRole('button', { name: 'Tentar de novo' }).click()
  await expect(page.getByText('Ainda sem conexão')).toBeVisible()
  await expect(missing).toBeVisible()

  // The link returns: the screen opens by itself.
  link.restore()
  await expect(page.getByRole('heading', { level: 1, name: 'Ajuda' })).toBeVisible({
    timeout: 20_000,
  })

  // The worker arrives and holds every screen: said once.
  link.refuse('/sw.js', null)
  await page.reload()
  await workerControls(page)
  // Said on the next screen (not pushing this one down under the thumb).
  await page
    .getByRole('navigation', { name: 'Navegação principal' })
    .getByRole('link', { name: 'Tarefas' })
    .click()
  await expect(page.getByText('Pronto para usar sem internet')).toBeVisible({ timeout: 20_000 })
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Tarefas' })).toBeVisible()
  await page
    .getByRole('navigation', { name: 'Navegação principal' })
    .getByRole('link', { name: 'Ajuda' })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Ajuda' })).toBeVisible()
  await expect(page.getByText('Pronto para usar sem internet')).toHaveCount(0)
})

test('screens that say only what is true: a slow link is not “no connection”, and the worker’s send says “Enviando…”', async ({
  request,
  baseURL,
}) => {
  const phone = await newPhone(baseURL)
  const { page, link } = phone
  const { token, task } = await onAVisit(phone, request)

  // A slow but working link is not "no connection": the notes go through it, and the bar never
  // said otherwise while they did.
  link.setLatency(1_500)
  await page.goto(`/tasks/${task.slug}/checkin/notes`)
  const bar = await seenTexts(page, 'section[aria-label="Situação do envio"] [role="status"]')
  await page.getByRole('textbox', { name: 'Observações da visita' }).pressSequentially('Lento.')
  await expect
    .poll(async () => (await serverReport(request, token, task)).notes, { timeout: 20_000 })
    .toBe('Lento.')
  expect(await bar.texts()).not.toContain('Sem conexão — tudo fica salvo neste aparelho')
  await expect(page.getByText('Sem conexão — tudo fica salvo neste aparelho')).toHaveCount(0)
  link.setLatency(0)

  // A photo the service worker sends (a Background Sync) while the tab is open: "Enviando…",
  // not "Aguardando envio", for as long as it goes.
  const [photo] = await makeJpegs(page, ['prateleira.jpg'])
  await page
    .getByRole('navigation', { name: 'Páginas da visita' })
    .getByRole('link', { name: 'Fotos' })
    .click()
  // (The link alone goes: the page's own emulated `offline` would cut the worker's requests too.)
  link.cut()
  await pickPhotos(page, page.getByRole('button', { name: 'Adicionar foto' }), [photo!])
  const card = photoList(page).getByRole('listitem').last()
  await expect(card.getByText('Aguardando conexão')).toBeVisible()
  // The link returns and the browser fires the sync at once, before the tab notices.
  link.restore()
  link.setUplink(10_000)
  await phone.app.dispatchSync('visit-outbox')
  await expect(card.getByText(/^Enviando…/)).toBeVisible()
  await expect(card.getByText('Enviada')).toBeVisible({ timeout: 30_000 })
  link.setUplink(null)
})

test('screens that say only what is true: a check-out kept offline, then refused by a server that lost the visit', async ({
  request,
  baseURL,
}) => {
  const phone = await newPhone(baseURL)
  const { page } = phone
  const { task } = await onAVisit(phone, request)
  // The check-in is on the server (the restart below is what loses it), as the bar says.
  await expect(page.getByText('Tudo enviado')).toBeVisible()

  // A check-out kept offline, then refused by a server that lost the visit (a restart).
  await goOffline(phone)
  await page
    .getByRole('navigation', { name: 'Páginas da visita' })
    .getByRole('link', { name: 'Controle' })
    .click()
  await page.getByRole('button', { name: 'Fazer check-out' }).click()
  await page.getByRole('button', { name: 'Fazer check-out mesmo assim' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Check-out guardado' })).toBeVisible()
  await resetBackend(request)
  await goOnline(phone)
  // The restart took the session too: the agent signs in again, and the kept check-out goes.
  await expect(page.getByRole('heading', { level: 1, name: 'Você saiu' })).toBeVisible({
    timeout: 20_000,
  })
  await page.getByRole('link', { name: 'Entrar novamente' }).click()
  await page.getByLabel('Celular com DDD').fill(DEMO_PHONE_DIGITS)
  await page.getByRole('button', { name: 'Receber código' }).click()
  await page.getByRole('button', { name: 'Digitar o código' }).click()
  await page.getByLabel('Código').fill(await lastSignInCode(request))
  await page.getByRole('button', { name: 'Entrar' }).click()
  await expect(page).not.toHaveURL(/\/login/)
  await page.goto(`/tasks/${task.slug}/checkin/offline-checkout`)
  await expect(
    page.getByRole('heading', { level: 1, name: 'O servidor recusou o check-out' }),
  ).toBeVisible({ timeout: 30_000 })
  await expect(page.getByText(/nada se perde/)).toHaveCount(0)
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'Check-out: o servidor recusou' })
      .getByRole('button', { name: 'Tentar enviar de novo' }),
  ).toBeVisible()
})
