/**
 * Crash tests (docs/product/visit.md, "nothing typed, shot or recorded is lost"): the whole browser is
 * SIGKILLed a few milliseconds after the agent does something — the way a phone kills an app
 * or dies — then started again on the same profile. What the agent did must still be on the
 * device (on screen) and reach the server exactly once when there is a connection.
 *
 * The browser is Debian's Chromium started by e2e/support/crash-browser.ts and driven over
 * CDP, not Playwright's `page`/`context` fixtures; so this file uses plain `@playwright/test`
 * (the CSP check of e2e/support/test.ts watches the fixture context, which is not used here;
 * the other specs cover the CSP). The fake backend's control plane and the API go through
 * the `request` fixture, as in the other specs.
 *
 * Set-up (sign-in, check-in) is made durable with a normal close and start of the browser
 * (`crash.restart()`), so each test loses only what its own moment puts at risk. Each kill
 * is logged (`[crash] …`, and as a "crash window" annotation) with how many ms after that
 * moment it happened.
 *
 * The moments: a fixed delay after what the screen shows or after the tap (timed from the
 * mouse-up, not from Playwright's click(), which returns late), and — the one that finds a
 * write split over several IndexedDB transactions whatever the machine's speed — right after
 * the first read-write transaction a tap commits (`crash.killAtFirstIndexedDbCommit()`). Text
 * is killed at the commit that carries its last character (`crash.killAtIndexedDbCommitOf()`),
 * after checking it was being written while the typing went on.
 * After a crash the device and the server must agree: what the screen shows once started
 * again reaches the server exactly once; what it does not show never does.
 *
 * This profile is a real one, where the app's service worker may send queued writes from a
 * Background Sync; "offline" therefore cuts the worker too (`deviceOffline`: network
 * emulation for the pages, the fake backend's fault switch for the worker), and a write is
 * counted where it arrives, on the server (`GET /api/__fake/requests`).
 */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import type { Report, Task } from '../src/api/entities'
import { DATABASES } from '../src/lib/storage-keys'
import { CrashBrowser, installedAppProfile } from './support/crash-browser'
import { backendTest as base } from './support/test'
import { resetBackend } from './support/fake-backend'
import { signIn } from './support/sign-in'
import { apiGet, deviceRecord, makeJpegs, pickPhotos, sessionToken } from './support/visit'
import { seenTexts } from './support/seen-texts'

const test = base.extend<{ crash: CrashBrowser }, { installedProfile: string }>({
  // Each test starts on a copy of a profile where the PWA is installed (see installedAppProfile).
  installedProfile: [
    async ({ workerBaseURL }, use) => use(await installedAppProfile(workerBaseURL)),
    { scope: 'worker' },
  ],
  crash: async ({ workerBaseURL, installedProfile, request }, use, testInfo) => {
    const crash = await CrashBrowser.launch(workerBaseURL, {
      template: installedProfile,
      // The device starts again with a connection: its service worker's too (deviceOffline).
      beforeRelaunch: async () => void (await request.delete('/api/__fake/faults')),
    })
    try {
      await use(crash)
      if (testInfo.status !== testInfo.expectedStatus && crash.running) {
        // What the screen said, in the run's own output: CI keeps no attachment.
        const said = await crash.page
          .evaluate(() => `${location.href}\n${document.body.innerText}`)
          .catch((error: unknown) => `(not readable: ${String(error)})`)
        console.log(`[crash] ${testInfo.title}: the screen at the failure:\n${said.slice(0, 3000)}`)
        await testInfo.attach('screen at failure', {
          body: await crash.page.screenshot({ fullPage: true }),
          contentType: 'image/png',
        })
      }
    } finally {
      await crash.dispose()
    }
  },
})

// Each test starts the browser three or four times and may wait 15 s for the server: 20–45 s
// on an idle 2-core machine, up to a minute when it is busy with other work; the limit is
// generous so that a slow machine never turns a data-loss assertion into a timeout.
test.describe.configure({ timeout: 90_000 })

test.beforeEach(async ({ request }) => {
  await resetBackend(request)
})

const NOTES = 'Loja cheia; a fila do caixa rápido andou devagar por falta de operadores.'
const TESTIMONY =
  'A atendente Márcia me recebeu logo na entrada, explicou a diferença entre FPS 30 e FPS 50 e indicou um protetor para pele oleosa.'
/** How long the device may take to send what it kept once the connection is back. */
const DELIVERY_MS = 15_000

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * Kills the browser `delayMs` after `since` (a `performance.now()`); logs and returns the real
 * delay. The last few ms are busy-waited: a timer of this busy process can fire tens of ms late.
 */
async function killAfter(crash: CrashBrowser, since: number, delayMs: number, what: string) {
  const until = since + delayMs
  if (until - performance.now() > 5) await sleep(until - performance.now() - 5)
  while (performance.now() < until); // the deliberate crash delay
  const at = await crash.kill()
  const ms = Math.round((at - since) * 10) / 10
  console.log(`[crash] ${test.info().title}: killed ${ms} ms after ${what}`)
  test.info().annotations.push({ type: 'crash window', description: `${ms} ms after ${what}` })
  return ms
}

/**
 * Resolves as soon as `predicate` holds in the page: checked on every DOM change (a
 * MutationObserver in the page), not on Playwright's retry intervals, so a kill can follow
 * within a few ms of what the screen shows. Returns `performance.now()` at that moment.
 * `predicate` runs in the page: it must be self-contained (it is sent as source).
 */
async function whenScreen<A>(page: Page, predicate: (arg: A) => boolean, arg: A) {
  // Sent as an expression (CDP evaluate is not subject to the page's CSP).
  await page.evaluate(`new Promise((resolve, reject) => {
    const holds = () => (${predicate.toString()})(${JSON.stringify(arg)})
    if (holds()) return resolve(true)
    const timer = setTimeout(() => {
      observer.disconnect()
      reject(new Error('The screen did not show it within 15 s'))
    }, 15000)
    const observer = new MutationObserver(() => {
      if (!holds()) return
      observer.disconnect()
      clearTimeout(timer)
      resolve(true)
    })
    observer.observe(document, { subtree: true, childList: true, characterData: true, attributes: true })
  })`)
  return performance.now()
}

/**
 * Kills the browser as soon as `shown` (a whenScreen) resolves, while `action` (what makes it
 * show: a click, a pick) may still be running — Playwright's actions return well after their
 * effect (a click waits for what it started). An action that fails before the screen shows it
 * fails the test; one cut short by the kill does not.
 */
async function killWhenShown(
  crash: CrashBrowser,
  shown: Promise<number>,
  action: Promise<unknown>,
  what: string,
) {
  const failed = action.then(() => new Promise<never>(() => {}))
  // Whichever loses the race fails later, with the browser gone: not a result.
  failed.catch(() => undefined)
  shown.catch(() => undefined)
  // eslint-disable-next-line avaliador/one-outcome -- one outcome: the moment shown, unless the action failed first (then the test fails)
  await killAfter(crash, await Promise.race([shown, failed]), 0, what)
}

/**
 * Types `text` into `field` and kills the browser the moment the app has written the whole
 * text to the device (the commit of the draft carrying its last character): the earliest
 * instant at which it can be there, whatever the machine's speed. Before that, the app must
 * have written while typing was still going on — it never waits for a pause (a debounced
 * save writes nothing until the typing stops, and fails here). Logs how long after the last
 * character the last write committed, and how many writes the typing took.
 */
async function typeAndCrashAtItsWrite(
  crash: CrashBrowser,
  field: Locator,
  draftField: 'notes' | 'testimony',
  text: string,
) {
  const trap = await crash.killAtIndexedDbCommitOf({
    store: 'drafts',
    field: draftField,
    value: text,
  })
  // Cut short by the kill if the last write commits before Playwright hears the key's answer.
  const typing = field.pressSequentially(text)
  typing.catch(() => undefined)
  const { keys, commits } = await trap.killed
  const lastKey = Math.max(...keys)
  const last = commits.at(-1)!
  const window = `${Math.round((last.at - lastKey) * 10) / 10} ms after the last character, at the commit that carries it (${commits.length} writes for ${keys.length} changes)`
  console.log(`[crash] ${test.info().title}: killed ${window}`)
  test.info().annotations.push({ type: 'crash window', description: window })
  const whileTyping = commits.filter(
    (c) => c.at < lastKey && c.value.length > 0 && text.startsWith(c.value),
  )
  expect(whileTyping.length, 'writes committed while the typing went on').toBeGreaterThan(0)
}

/** Page side: some element's own text reads `text`. */
function screenHasText(text: string) {
  return [...document.querySelectorAll('body *')].some(
    (e) => e.childElementCount === 0 && e.textContent?.trim() === text,
  )
}

/** Page side: a level-1 heading reads `text`. */
function screenHasHeading(text: string) {
  return [...document.querySelectorAll('h1')].some((h) => h.textContent?.trim() === text)
}

/** Page side: the list named `label` (aria-label or aria-labelledby) has an item with `text`. */
function screenListHas({ label, text }: { label: string; text?: string }) {
  return [...document.querySelectorAll('ul, ol, [role="list"]')].some((list) => {
    const labelledBy = list.getAttribute('aria-labelledby')
    const name =
      list.getAttribute('aria-label') ??
      (labelledBy ? document.getElementById(labelledBy)?.textContent?.trim() : undefined)
    if (name !== label) return false
    const items = list.querySelectorAll('li, [role="listitem"]')
    return [...items].some((li) => text === undefined || (li.textContent ?? '').includes(text))
  })
}

/**
 * The device loses its connection: the pages (network emulation) and the app's service worker,
 * whose own requests that emulation does not cut — it sends queued writes from a Background
 * Sync — through the fake backend's fault switch. The next relaunch brings both back.
 */
async function deviceOffline(crash: CrashBrowser, request: APIRequestContext) {
  const res = await request.post('/api/__fake/faults', {
    data: { path: '*', fault: 'network-error' },
  })
  if (!res.ok()) throw new Error(`faults: ${res.status()}`)
  await crash.context.setOffline(true)
}

/** Signs in on the crash browser; returns the agent's token once the app worker is ready. */
async function signInOn(crash: CrashBrowser, request: APIRequestContext) {
  await signIn(crash.page, request, crash.origin)
  const token = await sessionToken(crash.page)
  // The PWA worker has precached the app: a start with no connection can open it.
  await crash.page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  return token
}

/** A started task of the seed without a check-in. */
async function startedTask(request: APIRequestContext, token: string) {
  const tasks = await apiGet<{ items: Task[] }>(request, token, '/tasks/mine?status=started')
  const task = tasks.items.find((t) => !t.steps.checkin)
  if (!task) throw new Error('The seed has no started task without a check-in')
  return task
}

/** Opens the task's check-in shell and checks in (online) at the place. */
async function checkIn(crash: CrashBrowser, request: APIRequestContext, token: string) {
  const task = await startedTask(request, token)
  const page = crash.page
  await crash.context.grantPermissions(['geolocation'], { origin: crash.origin })
  await crash.context.setGeolocation({
    latitude: task.location.lat,
    longitude: task.location.lng,
    accuracy: 20,
  })
  await page.goto(crash.url(`/tasks/${task.slug}/checkin`))
  await page.getByRole('button', { name: 'Fazer check-in' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Controle da visita' })).toBeVisible()
  await expect(page.getByText('Tudo enviado')).toBeVisible()
  await expect
    .poll(async () => (await apiGet<Task>(request, token, `/tasks/${task.id}`)).steps.checkin)
    .toBeTruthy()
  return task
}

/** Signed in and checked in, then the browser closed and started normally: all of it on disk. */
async function checkedInVisit(crash: CrashBrowser, request: APIRequestContext) {
  const token = await signInOn(crash, request)
  const task = await checkIn(crash, request, token)
  await crash.restart()
  return { token, task }
}

/** The check-in shell's header says the device has nothing left to send. */
async function expectAllSent(page: Page) {
  await expect(page.getByText('Tudo enviado'), 'the outbox empties').toBeVisible({
    timeout: DELIVERY_MS,
  })
}

// ---------------------------------------------------------------------------------- sign-in

test('a sign-in survives a crash 100 ms after the offers show', async ({ crash, request }) => {
  await signIn(crash.page, request, crash.origin)
  const shown = performance.now()
  await killAfter(crash, shown, 100, '"Oportunidades" showed')

  const page = await crash.relaunch()
  await page.goto(crash.url('/oppy'))
  // The offers the server gives the agent: only a signed-in app has them (the prerendered
  // shell of /oppy has the heading, and a signed-out app would go on to /login).
  await expect(
    page.getByRole('list', { name: 'Oportunidades disponíveis' }),
    'still signed in after the crash: the agent’s offers',
  ).toBeVisible()
  await expect(page, 'still signed in after the crash (not sent to /login)').toHaveURL(/\/oppy$/)
})

// ---------------------------------------------------------------------------------- opening a visit

test('a visit opened online opens with no connection after a crash 300 ms after going offline', async ({
  crash,
  request,
}) => {
  const token = await signInOn(crash, request)
  await crash.restart() // the session is on disk; what follows is at risk
  const task = await checkIn(crash, request, token)
  await deviceOffline(crash, request)
  await killAfter(crash, performance.now(), 300, 'going offline')

  const page = await crash.relaunch()
  await crash.context.setOffline(true)
  // The app shell comes from the service worker's precache; the API is unreachable.
  await page.goto(crash.url(`/tasks/${task.slug}/checkin`))
  // The control page shows only a visit the device has (else: "ainda não foi aberta").
  await expect(
    page.getByRole('heading', { level: 1, name: 'Controle da visita' }),
    'the device kept the visit it opened',
  ).toBeVisible()
  await expect(page.getByText(/Esta visita ainda não foi aberta neste aparelho/)).toBeHidden()
  await expect(page.getByText('Sem conexão — tudo fica salvo neste aparelho')).toBeVisible()
})

// ---------------------------------------------------------------------------------- text

test('notes typed just before a crash are kept and reach the server', async ({
  crash,
  request,
}) => {
  const { token, task } = await checkedInVisit(crash, request)
  let page = crash.page
  await page.goto(crash.url(`/tasks/${task.slug}/checkin/notes`))
  const field = page.getByLabel('Observações da visita')
  await field.click()
  await typeAndCrashAtItsWrite(crash, field, 'notes', NOTES)

  page = await crash.relaunch()
  await page.goto(crash.url(`/tasks/${task.slug}/checkin/notes`))
  await expect(page.getByLabel('Observações da visita'), 'the notes on the device').toHaveValue(
    NOTES,
  )
  await expect
    .poll(async () => (await apiGet<Report>(request, token, `/reports/${task.reportId}`)).notes, {
      message: 'the notes on the server',
      timeout: DELIVERY_MS,
    })
    .toBe(NOTES)
  await expectAllSent(page)
})

test('a testimony typed just before a crash is kept and reaches the server', async ({
  crash,
  request,
}) => {
  const { token, task } = await checkedInVisit(crash, request)
  let page = crash.page
  await page.goto(crash.url(`/tasks/${task.slug}/report/testimony`))
  await expect(page.getByRole('heading', { level: 1, name: 'Depoimento escrito' })).toBeVisible()
  const field = page.getByLabel('Depoimento', { exact: true })
  await field.click()
  await typeAndCrashAtItsWrite(crash, field, 'testimony', TESTIMONY)

  page = await crash.relaunch()
  await page.goto(crash.url(`/tasks/${task.slug}/report/testimony`))
  await expect(
    page.getByLabel('Depoimento', { exact: true }),
    'the testimony on the device',
  ).toHaveValue(TESTIMONY)
  await expect
    .poll(
      async () => (await apiGet<Report>(request, token, `/reports/${task.reportId}`)).testimony,
      { message: 'the testimony on the server', timeout: DELIVERY_MS },
    )
    .toBe(TESTIMONY)
  await page.goto(crash.url(`/tasks/${task.slug}/checkin`))
  await expectAllSent(page)
})

// ---------------------------------------------------------------------------------- chat answers

/**
 * Does `act` (types or taps into a chat answer's input, kept as half-typed input under
 * lib/persistent-input) and kills the browser at the commit that carries `kept` (what the app
 * keeps for it, as JSON) to the localStorage mirror, the device's crash-proof copy: the
 * earliest instant it can be on disk, whatever the machine's speed. When nothing of the kind
 * is written within 3 s of the action, the browser is killed then (what a device that keeps
 * nothing loses).
 */
async function actAndCrashAtItsKeptWrite(
  crash: CrashBrowser,
  act: () => Promise<unknown>,
  kept: unknown,
  what: string,
) {
  const trap = await crash.killAtIndexedDbCommitOf({
    store: 'entries',
    field: 'value',
    value: JSON.stringify(kept),
  })
  trap.killed.catch(() => undefined)
  // Cut short by the kill.
  const acted = act().catch(() => undefined)
  // eslint-disable-next-line avaliador/one-outcome -- one outcome, the kill at the commit; 3 s after the action is its deadline (code that keeps nothing then fails on the screen below)
  const timeline = await Promise.race([trap.killed, acted.then(() => sleep(3000)).then(() => null)])
  if (!timeline) {
    if (crash.running) await crash.kill()
    const window = `3 s after ${what}: nothing kept it`
    console.log(`[crash] ${test.info().title}: killed ${window}`)
    test.info().annotations.push({ type: 'crash window', description: window })
    return
  }
  const { keys, commits } = timeline
  const from = keys.length > 0 ? Math.max(...keys) : commits.at(-1)!.at
  const window = `${Math.round((commits.at(-1)!.at - from) * 10) / 10} ms after ${what}, at the commit that keeps it`
  console.log(`[crash] ${test.info().title}: killed ${window}`)
  test.info().annotations.push({ type: 'crash window', description: window })
}

/** The chat's last bubble is the bot asking `text` (the question the composer answers). */
async function asked(page: Page, text: string) {
  await expect(
    page.getByRole('log', { name: 'Conversa com o Avaliador' }).locator('p').last(),
  ).toHaveText(new RegExp(`${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( \\(Opcional\\))?$`))
}

test('half-typed chat answers — a time, the options ticked before “Confirmar”, a text, a number — survive a crash and reach the server once given', async ({
  crash,
  request,
}) => {
  test.setTimeout(150_000)
  const { token, task } = await checkedInVisit(crash, request)
  const form = crash.url(`/tasks/${task.slug}/form`)
  let page = crash.page
  await page.goto(form)
  const reply = (question: string, option: string) =>
    page.getByRole('group', { name: question }).getByRole('button', { name: option })
  const wait = 'Quanto tempo você esperou até ser atendido? (mm:ss)'
  await reply('A fachada estava limpa e bem sinalizada?', 'Sim').click()
  await reply('Você foi cumprimentado em até 1 minuto depois de entrar?', 'Sim').click()

  // A time, half-given (typed, not sent).
  await asked(page, wait)
  const time = page.getByRole('textbox', { name: 'Tempo (mm:ss)' })
  await time.click()
  await actAndCrashAtItsKeptWrite(
    crash,
    () => time.pressSequentially('0145'),
    '01:45',
    'the last digit',
  )
  page = await crash.relaunch()
  await page.goto(form)
  await asked(page, wait)
  await expect(page.getByRole('textbox', { name: 'Tempo (mm:ss)' }), 'the time typed').toHaveValue(
    '01:45',
  )
  await page.getByRole('textbox', { name: 'Tempo (mm:ss)' }).press('Enter')

  const [photo] = await makeJpegs(page, ['fachada.jpg'])
  await pickPhotos(page, page.getByRole('button', { name: 'Foto da resposta' }), [photo!])
  const opened = 'Como o atendente iniciou a conversa?'
  await asked(page, opened)
  await page.getByRole('group', { name: opened }).getByRole('button').first().click()
  const composer = page.getByRole('region', { name: 'Sua resposta' })
  await composer.getByRole('button', { name: 'Sim' }).click()

  // A multiple choice: two options ticked, "Confirmar" not tapped.
  const did = 'O que o atendente fez durante o atendimento?'
  await asked(page, did)
  await reply(did, 'Explicou as opções').click()
  const second = reply(did, 'Demonstrou pressa')
  await actAndCrashAtItsKeptWrite(
    crash,
    () => second.click(),
    ['explicou', 'pressa'],
    'the tap on the second option',
  )
  page = await crash.relaunch()
  await page.goto(form)
  await asked(page, did)
  for (const option of ['Explicou as opções', 'Demonstrou pressa'])
    await expect(reply(did, option), `“${option}” still ticked`).toHaveAttribute(
      'aria-pressed',
      'true',
    )
  await expect(reply(did, 'Ouviu minha necessidade')).toHaveAttribute('aria-pressed', 'false')
  await page.getByRole('button', { name: 'Confirmar' }).click()

  // A text.
  await reply('O atendente ofereceu o programa de fidelidade?', 'Sim').click()
  const how = 'Como o programa de fidelidade foi apresentado?'
  await asked(page, how)
  const text = page.getByRole('textbox', { name: 'Escreva sua resposta' })
  await text.click()
  const said = 'No caixa, com um folheto'
  await actAndCrashAtItsKeptWrite(
    crash,
    () => text.pressSequentially(said),
    said,
    'the last character',
  )
  page = await crash.relaunch()
  await page.goto(form)
  await asked(page, how)
  await expect(
    page.getByRole('textbox', { name: 'Escreva sua resposta' }),
    'the text typed',
  ).toHaveValue(said)
  await page.getByRole('textbox', { name: 'Escreva sua resposta' }).press('Enter')

  // A number.
  await reply('De 1 a 5, qual nota você dá ao atendimento?', '4').click()
  const tills = 'Quantos caixas estavam abertos?'
  await asked(page, tills)
  const number = page.getByRole('textbox', { name: 'Número' })
  await number.click()
  await actAndCrashAtItsKeptWrite(crash, () => number.pressSequentially('3'), '3', 'the digit')
  page = await crash.relaunch()
  await page.goto(form)
  await asked(page, tills)
  await expect(page.getByRole('textbox', { name: 'Número' }), 'the number typed').toHaveValue('3')
  await page.getByRole('textbox', { name: 'Número' }).press('Enter')

  // Given, each reaches the server.
  const byId = async () =>
    Object.fromEntries(
      (await apiGet<Report>(request, token, `/reports/${task.reportId}`)).answers.map((a) => [
        a.questionId.replace(/^.*-q/, 'q'),
        a.value,
      ]),
    )
  await expect
    .poll(byId, { message: 'the answers on the server', timeout: DELIVERY_MS })
    .toMatchObject({ q3: '01:45', q7: ['explicou', 'pressa'], q9: said, q11: 3 })
})

// ---------------------------------------------------------------------------------- offline inputs

test('a photo taken offline just before a crash is kept and uploaded once', async ({
  crash,
  request,
}) => {
  const { token, task } = await checkedInVisit(crash, request)
  let page = crash.page
  const evidencesPage = crash.url(`/tasks/${task.slug}/checkin/evidences`)
  await page.goto(evidencesPage)
  const [photo] = await makeJpegs(page, ['balcao.jpg'])
  await deviceOffline(crash, request)
  await expect(page.getByText('Sem conexão — tudo fica salvo neste aparelho')).toBeVisible()
  const listed = whenScreen(page, screenListHas, { label: 'Fotos e arquivos do relatório' })
  const picking = pickPhotos(page, page.getByRole('button', { name: 'Adicionar foto' }), [photo!])
  await killWhenShown(crash, listed, picking, 'the photo showed in the list')

  page = await crash.relaunch()
  await page.goto(evidencesPage)
  const list = page.getByRole('list', { name: 'Fotos e arquivos do relatório' })
  await expect(list.getByRole('listitem'), 'the photo on the device').toHaveCount(1)
  await expect
    .poll(
      async () =>
        (await apiGet<Report>(request, token, `/reports/${task.reportId}`)).evidences.length,
      { message: 'photos on the server', timeout: DELIVERY_MS },
    )
    .toBeGreaterThan(0)
  await expectAllSent(page)
  await expect(list.getByText('Enviada')).toHaveCount(1)
  const report = await apiGet<Report>(request, token, `/reports/${task.reportId}`)
  expect(report.evidences, 'uploaded exactly once').toHaveLength(1)
  expect(report.evidences[0]).toMatchObject({ kind: 'photo', mimeType: 'image/jpeg' })
})

/**
 * Picks a phone camera's photo of a busy shelf — 4032×3024 with grain, about 9.8 MB as a JPEG;
 * the app takes seconds to prepare it ("Preparando a foto…") — from the sheet's gallery input.
 * The picture is made in the page and handed to the input there (a 10 MB file sent over this
 * harness's DevTools connection takes longer than the preparation it is meant to cut short).
 * Resolves to its size, once the input has it.
 */
async function pickLargePhoto(page: Page, name: string): Promise<number> {
  await page.getByRole('button', { name: 'Adicionar foto' }).click()
  const sheet = page.getByRole('dialog')
  const size = await sheet.getByLabel('Foto da galeria').evaluate(async (input, name) => {
    const [width, height] = [4032, 3024]
    const canvas = new OffscreenCanvas(width, height)
    const ctx = canvas.getContext('2d')!
    const gradient = ctx.createLinearGradient(0, 0, width, height)
    gradient.addColorStop(0, '#9ecbe0')
    gradient.addColorStop(1, '#e8d8a8')
    ctx.fillStyle = gradient
    ctx.fillRect(0, 0, width, height)
    const image = ctx.getImageData(0, 0, width, height)
    const noise = new Uint8Array(65_536)
    for (let i = 0; i < image.data.length; i += noise.length) {
      crypto.getRandomValues(noise)
      for (let j = 0; j < noise.length && i + j < image.data.length; j++)
        if ((i + j) % 4 !== 3)
          image.data[i + j] = Math.max(
            0,
            Math.min(255, image.data[i + j]! + (noise[j]! % 100) - 50),
          )
    }
    ctx.putImageData(image, 0, 0)
    const blob = await canvas.convertToBlob({ type: 'image/jpeg', quality: 0.96 })
    const files = new DataTransfer()
    files.items.add(new File([blob], name, { type: 'image/jpeg', lastModified: Date.now() }))
    const field = input as HTMLInputElement
    field.files = files.files
    field.dispatchEvent(new Event('change', { bubbles: true }))
    return blob.size
  }, name)
  await expect(sheet).toBeHidden()
  expect(size, 'a photo of about 9.8 MB').toBeGreaterThan(8_500_000)
  return size
}

/** Whether the agent's visit store on the device has `store` (its schema, read from the page). */
function visitStoreHas(page: Page, store: string) {
  return page.evaluate(
    async ({ prefix, demoPrefix, store }) => {
      const all = await indexedDB.databases()
      const name = all.find(
        (d) => d.name?.startsWith(prefix) && !d.name.startsWith(demoPrefix),
      )?.name
      if (!name) return false
      return new Promise<boolean>((resolve) => {
        const open = indexedDB.open(name)
        open.onerror = () => resolve(false)
        open.onsuccess = () => {
          resolve(open.result.objectStoreNames.contains(store))
          open.result.close()
        }
      })
    },
    { prefix: DATABASES.visit(''), demoPrefix: DATABASES.demoVisit(''), store },
  )
}

const CUT_SHORT = {
  'the tab closed': async (crash: CrashBrowser) => {
    await crash.page.close()
    return crash.newPage()
  },
  'the renderer crashed': async (crash: CrashBrowser) => {
    const cdp = await crash.context.newCDPSession(crash.page)
    const crashed = crash.page.waitForEvent('crash')
    void cdp.send('Page.crash').catch(() => undefined)
    await crashed
    // The agent opens the app again: a new page (a crashed one cannot be navigated).
    await crash.page.close().catch(() => undefined)
    return crash.newPage()
  },
  'the browser killed': async (crash: CrashBrowser) => {
    await crash.kill()
    return crash.relaunch()
  },
} as const

for (const [way, cut] of Object.entries(CUT_SHORT))
  test(`a 9.8 MB photo cut short during “Preparando a foto…” (${way}) is prepared at the next open and uploaded once`, async ({
    crash,
    request,
  }) => {
    const { token, task } = await checkedInVisit(crash, request)
    let page = crash.page
    const evidencesPage = crash.url(`/tasks/${task.slug}/checkin/evidences`)
    await page.goto(evidencesPage)
    await expect(page.getByRole('heading', { level: 1, name: 'Fotos' })).toBeVisible()
    const empty = page.getByText('Nenhuma foto ainda')
    await expect(empty).toBeVisible()

    // Cut short while it is being prepared, once the app has kept what it keeps of it (its
    // original, as a chosen photo); a device that keeps nothing before the preparation (no
    // store for chosen photos) is cut 200 ms into it.
    const keepsChosen = await visitStoreHas(page, 'chosen')
    const kept = await crash.whenIndexedDbCommits({
      store: 'chosen',
      field: 'bytesKept',
      value: true,
    })
    const preparing = whenScreen(page, screenHasText, 'Preparando a foto…')
    await pickLargePhoto(page, 'IMG_0042.jpg')
    const shownAt = await preparing
    const cutAt = keepsChosen
      ? await kept.committed
      : await sleep(200).then(() => performance.now())
    const stillPreparing = await page.evaluate(screenHasText, 'Preparando a foto…')
    expect(stillPreparing, 'cut while the photo is being prepared').toBe(true)
    const window = `${Math.round(cutAt - shownAt)} ms after “Preparando a foto…” showed`
    console.log(`[crash] ${test.info().title}: ${way} ${window}`)
    test.info().annotations.push({ type: 'crash window', description: `${way} ${window}` })
    page = await cut(crash)

    await page.goto(evidencesPage)
    await expect(page.getByRole('heading', { level: 1, name: 'Fotos' })).toBeVisible()
    const photos = page.getByRole('list', { name: 'Fotos e arquivos do relatório' })
    await expect(
      photos.getByRole('listitem'),
      'the photo chosen before the cut, prepared at this open',
    ).toHaveCount(1, { timeout: DELIVERY_MS })
    await expect(photos.getByText('Enviada')).toBeVisible({ timeout: DELIVERY_MS })
    const report = await apiGet<Report>(request, token, `/reports/${task.reportId}`)
    expect(report.evidences, 'uploaded exactly once').toHaveLength(1)
    expect(report.evidences[0]).toMatchObject({ kind: 'photo', mimeType: 'image/jpeg' })
    expect(report.evidences[0]!.bytes, 'the prepared photo, not the original').toBeLessThan(500_000)
    await expect(page.getByText('Preparando a foto…')).toBeHidden()
  })

test('a photo cut short before its original was kept is named at the next open, to take again', async ({
  crash,
  request,
}) => {
  const { task } = await checkedInVisit(crash, request)
  let page = crash.page
  const evidencesPage = crash.url(`/tasks/${task.slug}/checkin/evidences`)
  await page.goto(evidencesPage)
  await expect(page.getByText('Nenhuma foto ainda')).toBeVisible()
  // Killed at the commit of the chosen photo's record, before its original is kept.
  const trap = await crash.killAtIndexedDbCommitOf({
    store: 'chosen',
    field: 'fileName',
    value: 'IMG_0042.jpg',
  })
  // Cut short by the kill.
  void pickLargePhoto(page, 'IMG_0042.jpg').catch(() => undefined)
  await trap.killed
  page = await crash.relaunch()
  await page.goto(evidencesPage)
  const notice = page.getByRole('status').filter({ hasText: 'Tire a foto de novo' })
  await expect(notice).toContainText(
    /A foto “IMG_0042\.jpg”, escolhida às \d\d:\d\d, não terminou de ser preparada antes de o app fechar/,
  )
  await expect(page.getByText('Nenhuma foto ainda'), 'nothing pretends to be kept').toBeVisible()
  await notice.getByRole('button', { name: 'Entendi' }).click()
  await expect(notice).toBeHidden()
  await page.reload()
  await expect(page.getByText('Nenhuma foto ainda')).toBeVisible()
  await expect(page.getByText('Tire a foto de novo')).toBeHidden()
})

/** On the attendants page, offline: types a name (and a trait); returns "Adicionar atendente". */
async function addAttendantOffline(
  crash: CrashBrowser,
  request: APIRequestContext,
  name: string,
  trait?: string,
) {
  const page = crash.page
  await deviceOffline(crash, request)
  await expect(page.getByText('Sem conexão — tudo fica salvo neste aparelho')).toBeVisible()
  await expect(page.getByText('Tudo enviado')).toBeVisible()
  await page.getByLabel('Nome do atendente').fill(name)
  if (trait)
    await page
      .getByRole('group', { name: 'Características' })
      .getByRole('button', { name: trait })
      .click()
  return page.getByRole('button', { name: 'Adicionar atendente' })
}

/**
 * After a crash, started again online: the attendants the device lists (of `names`) are the
 * ones the server has, once each. Returns the names the device lists.
 */
async function expectAttendantsAgreement(
  crash: CrashBrowser,
  request: APIRequestContext,
  token: string,
  task: Task,
  names: string[],
) {
  const page = crash.page
  await page.goto(crash.url(`/tasks/${task.slug}/checkin/attendants`))
  await expect(page.getByRole('heading', { level: 1, name: 'Atendentes' })).toBeVisible()
  // Which of them the device kept, from its database; the screen lists exactly those.
  const draft = await deviceRecord<{ attendants: Array<{ name: string }> }>(
    page,
    'drafts',
    task.reportId,
  )
  const onDevice = names.filter((name) => draft?.attendants.some((a) => a.name === name))
  const list = page.getByRole('list', { name: 'Atendentes registrados' })
  if (onDevice.length === 0)
    await expect(page.getByText('Nenhum atendente registrado ainda')).toBeVisible()
  else await expect(list.getByRole('listitem')).toHaveText(onDevice.map((name) => new RegExp(name)))
  await expect
    .poll(
      async () =>
        (await apiGet<Report>(request, token, `/reports/${task.reportId}`)).attendants
          .map((a) => a.name)
          .sort(),
      { message: 'the attendants the device lists, on the server', timeout: DELIVERY_MS },
    )
    .toEqual(onDevice.sort())
  await expectAllSent(page)
  return onDevice
}

test('attendants registered offline survive a crash right after the list shows one, and at the first write of another', async ({
  crash,
  request,
}) => {
  const { token, task } = await checkedInVisit(crash, request)
  let page = crash.page
  await page.goto(crash.url(`/tasks/${task.slug}/checkin/attendants`))

  // Killed as soon as "Atendentes registrados" lists it: it was promised.
  const add = await addAttendantOffline(crash, request, 'Joana Prado', 'atencioso')
  const listed = whenScreen(page, screenListHas, {
    label: 'Atendentes registrados',
    text: 'Joana Prado',
  })
  await killWhenShown(crash, listed, add.click(), 'the attendant showed in the list')
  page = await crash.relaunch()
  expect(
    await expectAttendantsAgreement(crash, request, token, task, ['Joana Prado']),
    'the attendant the list showed, on the device',
  ).toEqual(['Joana Prado'])
  const server = await apiGet<Report>(request, token, `/reports/${task.reportId}`)
  expect(server.attendants).toEqual([
    expect.objectContaining({ name: 'Joana Prado', traits: ['atencioso'] }),
  ])

  // Killed right after the first IndexedDB transaction the tap commits: either it is on the
  // device and reaches the server, or it is in neither.
  const addAnother = await addAttendantOffline(crash, request, 'Márcia Andrade')
  const trap = await crash.killAtFirstIndexedDbCommit()
  const tapped = await tap(page, addAnother)
  const at = await trap.killed
  const window = `${Math.round((at - tapped) * 10) / 10} ms after the tap, at its first IndexedDB commit`
  console.log(`[crash] ${test.info().title}: killed ${window}`)
  test.info().annotations.push({ type: 'crash window', description: window })
  await crash.relaunch()
  const names = ['Joana Prado', 'Márcia Andrade']
  const onDevice = await expectAttendantsAgreement(crash, request, token, task, names)
  console.log(`[crash] ${test.info().title}: on the device after the second crash: ${onDevice}`)
})

// ---------------------------------------------------------------------------------- offline check-out

/** On the control page, offline: "Fazer check-out" opens the sheet; returns its confirm button. */
async function checkOutOffline(crash: CrashBrowser, request: APIRequestContext, slug: string) {
  const page = crash.page
  await page.goto(crash.url(`/tasks/${slug}/checkin`))
  await expect(page.getByRole('heading', { level: 1, name: 'Controle da visita' })).toBeVisible()
  await deviceOffline(crash, request)
  await expect(page.getByText('Sem conexão — tudo fica salvo neste aparelho')).toBeVisible()
  await page.getByRole('button', { name: 'Fazer check-out' }).click()
  const confirm = page
    .getByRole('dialog', { name: 'Fazer check-out agora?' })
    .getByRole('button', { name: 'Fazer check-out mesmo assim' })
  await expect(confirm).toBeVisible()
  return confirm
}

/**
 * Taps `target` with the mouse (down, then up) and returns `performance.now()` as the finger
 * lifts (the mouse-up sent): the page's click event fires 2–5 ms later. Playwright's click()
 * returns much later (it waits for what the click started: up to 200 ms here), too late to
 * time a crash from. The mouse-up's answer is not awaited; it fails when the browser dies.
 */
async function tap(page: Page, target: Locator): Promise<number> {
  await target.hover()
  await page.mouse.down()
  void page.mouse.up().catch(() => undefined)
  return performance.now()
}

/** The server has the visit's check-out, made offline (a second one would be refused). */
async function expectCheckoutOnServer(request: APIRequestContext, token: string, taskId: string) {
  await expect
    .poll(async () => (await apiGet<Task>(request, token, `/tasks/${taskId}`)).status.code, {
      message: 'the check-out the device kept, on the server',
      timeout: DELIVERY_MS,
    })
    .toBe('visited')
  const task = await apiGet<Task>(request, token, `/tasks/${taskId}`)
  expect(task.steps.checkout?.offline).toBe(true)
}

/**
 * After a crash around the offline check-out, started again online: the device and the server
 * agree. Either the check-out is not on the device (the button is offered again and nothing
 * reached the server), or it is ("guardado") and it reaches the server, once. Returns which.
 */
async function expectCheckoutAgreement(
  crash: CrashBrowser,
  request: APIRequestContext,
  token: string,
  task: Task,
): Promise<'offered again' | 'registered'> {
  const page = crash.page
  // Without a recorded check-out this page sends the agent back to the control page.
  await page.goto(crash.url(`/tasks/${task.slug}/checkin/offline-checkout`))
  const headings = await seenTexts(page, 'h1')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  // Whether the device kept the check-out, from its database; the screen says that one.
  const visit = await deviceRecord<{ checkout?: unknown }>(page, 'visits', task.id)
  if (!visit?.checkout) {
    await expect(page.getByRole('button', { name: 'Fazer check-out' })).toBeVisible()
    await expectAllSent(page)
    const server = await apiGet<Task>(request, token, `/tasks/${task.id}`)
    expect(server.steps.checkout, 'no check-out on the device, none on the server').toBeFalsy()
    return 'offered again'
  }
  await expectCheckoutOnServer(request, token, task.id)
  await expect(page.getByRole('heading', { level: 1, name: 'Check-out enviado' })).toBeVisible({
    timeout: DELIVERY_MS,
  })
  // Kept, then sent: the screen never sent the agent back to check out again meanwhile.
  expect(await headings.texts()).not.toContain('Controle da visita')
  await expectAllSent(page)
  // Counted on the server: the page or the service worker (Background Sync) may have sent it.
  const res = await request.get(`/api/__fake/requests?path=/tasks/${task.id}/checkout`)
  const { requests } = (await res.json()) as { requests: Array<{ method: string }> }
  expect(
    requests.map((r) => r.method),
    'the check-out reached the server once (no refused repeat)',
  ).toEqual(['PUT'])
  return 'registered'
}

test('an offline check-out the screen called "guardado" survives a crash and is sent once', async ({
  crash,
  request,
}) => {
  const { token, task } = await checkedInVisit(crash, request)
  const confirm = await checkOutOffline(crash, request, task.slug)
  const kept = whenScreen(crash.page, screenHasHeading, 'Check-out guardado')
  await killWhenShown(crash, kept, confirm.click(), '"Check-out guardado" showed')

  await crash.relaunch()
  expect(await expectCheckoutAgreement(crash, request, token, task)).toBe('registered')
})

test('crashes 0 and 10 ms after tapping the offline check-out leave screen and server agreeing', async ({
  crash,
  request,
}) => {
  const { token, task } = await checkedInVisit(crash, request)
  // Tried on the same visit for as long as the crash lands before the device records it.
  for (const delayMs of [0, 10]) {
    const confirm = await checkOutOffline(crash, request, task.slug)
    const tapped = await tap(crash.page, confirm)
    await killAfter(crash, tapped, delayMs, 'the tap on "mesmo assim"')
    await crash.relaunch()
    const outcome = await expectCheckoutAgreement(crash, request, token, task)
    console.log(`[crash] ${test.info().title}: ${delayMs} ms → ${outcome}`)
    if (outcome === 'registered') return
  }
})

test('a crash right after the first write of an offline check-out leaves screen and server agreeing', async ({
  crash,
  request,
}) => {
  const { token, task } = await checkedInVisit(crash, request)
  const confirm = await checkOutOffline(crash, request, task.slug)
  const trap = await crash.killAtFirstIndexedDbCommit()
  const tapped = await tap(crash.page, confirm)
  const at = await trap.killed
  const window = `${Math.round((at - tapped) * 10) / 10} ms after the tap, at its first IndexedDB commit`
  console.log(`[crash] ${test.info().title}: killed ${window}`)
  test.info().annotations.push({ type: 'crash window', description: window })

  await crash.relaunch()
  const outcome = await expectCheckoutAgreement(crash, request, token, task)
  console.log(`[crash] ${test.info().title}: ${outcome}`)
})
