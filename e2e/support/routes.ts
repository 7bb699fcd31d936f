/**
 * The app's screens as the end-to-end tests open them (docs/product/routes.md), shared by the
 * specs that must see every one: accessibility, text size and width, focus.
 */
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test'
import type { Task } from '../../src/api/entities'
import { DEMO_PHONE_DIGITS } from './fake-backend'
import { apiGet, control, placePhoneAt, sessionToken } from './visit'

/** Every screen of the agent shell (bottom navigation), with the heading the agent sees. */
export const SHELL_ROUTES: ReadonlyArray<readonly [path: string, heading: RegExp]> = [
  ['/oppy', /^Oportunidades$/],
  ['/oppy/tsk_4821', /.+/],
  ['/oppy/tsk_4821/details', /^Detalhes da oportunidade$/],
  ['/tasks', /^Tarefas$/],
  ['/tasks/canceled', /canceladas/i],
  ['/tasks/permissions', /aparelho/i],
  ['/tasks/policy', /conduta/i],
  ['/tasks/validations', /pendências/i],
  ['/tasks/validations/prj_celular', /pendências/i],
  ['/tasks/T-4827', /.+/], // scheduled
  ['/tasks/T-4827/details', /.+/],
  ['/tasks/T-4827/reschedule', /reagendar/i],
  ['/tasks/T-4827/status', /.+/],
  ['/tasks/T-4828', /.+/], // visited: the report to complete
  ['/tasks/T-4828/report', /.+/],
  ['/tasks/T-4829/status', /.+/], // in validation: the submitted report, read-only
  ['/tasks/T-4829/status/answers', /.+/],
  ['/tasks/T-4829/status/attendants', /.+/],
  ['/tasks/T-4829/status/times', /.+/],
  ['/tasks/T-4829/status/evidences', /.+/],
  ['/tasks/T-4829/status/tax-receipts', /.+/],
  ['/tasks/T-4829/status/testimony', /.+/],
  ['/tasks/T-4830', /.+/], // contested: pendencies to answer
  ['/tasks/T-4830/validation', /pendências/i],
  ['/tasks/T-4830/validation/evidences', /pendências/i],
  ['/tasks/T-4830/validation/times', /pendências/i],
  ['/tasks/T-4831/status', /.+/], // approved
  ['/tasks/T-4834', /.+/], // canceled
  ['/tasks/T-4835/status', /.+/], // rejected
  ['/notifs', /^Notificações$/],
  ['/notes', /^Comunicados$/],
  ['/account', /.+/],
  ['/account/profile', /perfil/i],
  ['/account/bank-info', /^Dados bancários$/],
  ['/account/terms', /termos/i],
  ['/account/wallet', /^Carteira$/],
  ['/account/details/transactions/trx_4831', /.+/],
  ['/account/details/awards/NOTA10', /.+/],
  ['/account/details/nada', /.+/],
  ['/account/details', /.+/],
  ['/about/privacy', /privacidade/i],
  ['/help', /ajuda/i],
  ['/permissions/notifications', /notifica/i],
  ['/permissions/position', /localiza/i],
]

/** The report's sections, in their order (src/features/report/parts/parts.ts). */
export const REPORT_SECTIONS = [
  'answers',
  'attendants',
  'times',
  'checklist',
  'evidences',
  'tax-receipts',
  'audio',
  'testimony',
  'awards',
] as const

/** The check-in shell's pages after the check-in, as its tabs name them. */
export const VISIT_PAGES = [
  'Controle',
  'Instruções',
  'Checklist',
  'Atendentes',
  'Tempos',
  'Fotos',
  'Prêmios',
  'Observações',
] as const

/** The screen's h1 is there and nothing is still loading. */
export async function settled(page: Page, heading: RegExp | string = /.+/) {
  await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible()
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
}

export async function open(page: Page, path: string, heading: RegExp | string = /.+/) {
  await page.goto(path)
  await settled(page, heading)
}

/** A 503 `maintenance` answer (the API down for maintenance). */
export const SERVICE_DOWN = {
  status: 503,
  contentType: 'application/problem+json',
  body: JSON.stringify({
    type: 'about:blank',
    title: 'Em manutenção',
    status: 503,
    code: 'maintenance',
    detail: 'Voltamos em alguns minutos.',
  }),
}

/**
 * Where a screen sits: under the signed-in frame's five-entry navigation (the tabs, the
 * report), or alone (signed out, the visit, the chat). Known from the route, never read from
 * the screen in passing.
 */
export type Frame = 'tabs' | 'alone'

/**
 * Every signed-out screen, each settled, with `visit(label, frame)` called on it: sign-in (its
 * three steps, with a refused phone and a wrong code), activation (which ends signed in, on
 * the offers) and its error, signed out, not found, and the service unavailable.
 */
export async function walkSignedOut(
  page: Page,
  visit: (label: string, frame: Frame) => Promise<void>,
) {
  await open(page, '/login', /^Entrar$/)
  // /login is prerendered: its heading shows before any script, and its submit button stays
  // disabled until the app adopts the page. Checking across that moment mixes the two states
  // (axe measured the enabled button with the disabled one's colours, 3.3:1): the page the
  // agent uses is the one the app has taken over.
  await expect(page.getByRole('button', { name: 'Receber código' })).toBeEnabled()
  await visit('/login', 'alone')
  // A phone that is too short: the error is next to the field.
  await page.getByLabel('Celular com DDD').fill('119')
  await page.getByRole('button', { name: 'Receber código' }).click()
  await expect(page.getByLabel('Celular com DDD')).toHaveAttribute('aria-invalid', 'true')
  await visit('/login with an invalid phone', 'alone')
  await page.getByLabel('Celular com DDD').fill(DEMO_PHONE_DIGITS)
  await page.getByRole('button', { name: 'Receber código' }).click()
  await expect(page).toHaveURL(/\/login\/request/)
  await settled(page)
  await visit('/login/request', 'alone')
  await page.getByRole('button', { name: 'Digitar o código' }).click()
  await expect(page).toHaveURL(/\/login\/allow/)
  await settled(page)
  await visit('/login/allow', 'alone')
  await page.getByLabel('Código').fill('000000')
  await page.getByRole('button', { name: 'Entrar' }).click()
  await expect(page.getByRole('alert')).toBeVisible()
  await visit('/login/allow with a wrong code', 'alone')
  // The demo's invitation: the account activated, its terms already accepted, the offers open.
  await open(page, '/activation?id=inv_demo&token=convite-demo', /^Oportunidades$/)
  await visit('/activation', 'tabs')
  await open(page, '/activation/error', /ativa/i)
  await visit('/activation/error', 'alone')
  await open(page, '/logout?message=Sua%20sess%C3%A3o%20terminou')
  // Signed out once the phone's data is gone: "Saindo…" turns into the way back in.
  await expect(page.getByRole('link', { name: 'Entrar novamente' })).toBeVisible()
  await visit('/logout', 'alone')
  await open(page, '/nao-existe', /não encontrada/i)
  await visit('not found', 'alone')
  await page.route('**/api/health', (route) => route.fulfill(SERVICE_DOWN))
  await open(page, '/unavailable', /indisponível/i)
  await visit('/unavailable', 'alone')
  await page.unroute('**/api/health')
}

/**
 * The visit's pages that come late, signed in (`page.clock` installed before the sign-in):
 * T-4827 checked in at the shop, two hours pass (timeout), the connection goes, the check-out
 * sheet says what is missing, and the check-out is kept on the phone. `visit(label)` on each.
 */
export async function walkLateVisitPages(
  page: Page,
  context: BrowserContext,
  request: APIRequestContext,
  visit: (label: string) => Promise<void>,
) {
  const task = await apiGet<Task>(request, await sessionToken(page), '/tasks/T-4827')
  await placePhoneAt(context, task, 15)
  await open(page, `/tasks/${task.slug}/checkin`, 'Check-in')
  await page.getByRole('button', { name: 'Fazer check-in' }).click()
  await settled(page, 'Controle da visita')
  // Two hours pass for the server and the phone alike (the app keeps the server's clock).
  await control(request, 'clock/advance', { ms: 2 * 3_600_000 })
  await page.clock.fastForward('02:00:00')
  await settled(page, 'Tempo esgotado')
  await visit('check-in shell: timeout')
  // The worker has precached the app and controls the page before the connection goes: the
  // offline check-out's screen is a chunk not loaded yet, which only the worker can serve.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
  await context.setOffline(true)
  // The app has heard it (the emulated `offline` reaches the page a moment later): a tap
  // before that is an online check-out, which goes to the questionnaire instead.
  await expect(page.getByText('Sem conexão — tudo fica salvo neste aparelho')).toBeVisible()
  await page.getByRole('button', { name: 'Fazer check-out' }).click()
  // Nothing was registered in this visit: the sheet says what is missing first.
  const sheet = page.getByRole('dialog', { name: 'Fazer check-out agora?' })
  await expect(sheet).toBeVisible()
  await visit('check-in shell: timeout, what is missing')
  await sheet.getByRole('button', { name: 'Fazer check-out mesmo assim' }).click()
  await settled(page, 'Check-out guardado')
  await visit('check-in shell: offline check-out')
}
