import type { ConsoleMessage } from '@playwright/test'
import { expect, test } from './support/test'
import { DEVICE_KEY_PREFIXES } from '../src/lib/storage-keys'
import { resetBackend } from './support/fake-backend'
import { signIn } from './support/sign-in'
import { typeVisitTime } from './support/date-time'
import { SERVICE_DOWN } from './support/routes'
import { focusedStop } from './support/covered'

test.beforeEach(async ({ request }) => {
  await resetBackend(request)
})

test('a field focused after a refused save shows its label, on the screen and under no bar', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 740 })
  await signIn(page, request)
  await page.goto('/account/bank-info')
  const cpf = page.getByLabel('CPF do titular')
  await cpf.fill('11111111111')
  // The page scrolled on a little as the agent typed: the field at the top, its label and hint
  // just above the screen. The keyboard's Go key sends the form.
  await cpf.evaluate((field) => window.scrollBy(0, field.getBoundingClientRect().top - 16))
  await expect(page.getByText('CPF do titular', { exact: true })).not.toBeInViewport()
  await page.keyboard.press('Enter')
  await expect(cpf).toHaveAttribute('aria-invalid', 'true')
  await expect(cpf).toBeFocused()
  await expect(page.getByText('CPF do titular', { exact: true })).toBeInViewport()
  const stop = await focusedStop(page, { withLabel: true })
  expect(stop?.hidden, stop?.stop).toBe('')
})

test('an agent accepts an offer, finds it in tasks, reads a notification, edits bank data and signs out', async ({
  page,
  request,
}) => {
  const errors: string[] = []
  page.on('console', (m: ConsoleMessage) => m.type() === 'error' && errors.push(m.text()))
  await signIn(page, request)
  const nav = page.getByRole('navigation', { name: 'Navegação principal' })

  // Accept the first offer with a date inside its window.
  await page.getByRole('main').getByRole('link').first().click()
  await expect(page.getByRole('region', { name: 'Oportunidade' })).toBeVisible()
  const mission = (await page.getByRole('heading', { level: 1 }).textContent())?.trim()
  await page.getByRole('link', { name: 'Aceitar' }).click()
  await expect(page.getByRole('heading', { name: 'Detalhes da oportunidade' })).toBeVisible()
  await typeVisitTime(page, 'Data e horário da visita')
  await page.getByRole('button', { name: 'Aceitar e agendar' }).click()
  await expect(page).toHaveURL(/\/tasks\/T-\d+$/)
  const slug = page.url().split('/').pop()!
  await expect(page.getByRole('link', { name: 'Fazer check-in' })).toBeVisible()

  // It is in my tasks, as scheduled, and the offer badge went down.
  await nav.getByRole('link', { name: /Tarefas/ }).click()
  await expect(page.getByRole('heading', { name: 'Tarefas' })).toBeVisible()
  await expect(
    page.getByRole('link', { name: new RegExp(mission ? mission.slice(0, 20) : slug) }).first(),
  ).toBeVisible()
  await expect(nav.getByRole('link', { name: /Oportunidades/ })).toContainText('4')

  // Reading a notification lowers the unread badge.
  const notifs = nav.getByRole('link', { name: /Notificações/ })
  await expect(notifs).toContainText('3')
  await notifs.click()
  // The list itself, not the tasks still on the screen while its code loads (their first link
  // is a task: opening it reads no notification).
  await page.getByRole('list', { name: 'Suas notificações' }).getByRole('link').first().click()
  await expect(page).toHaveURL(/\/notifs\/[^/]+\/read$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(notifs).toContainText('2')

  // Bank data: a bad CPF is refused next to the field and kept; a good one is saved.
  await page.goto('/account/bank-info')
  await expect(page.getByRole('heading', { name: 'Dados bancários' })).toBeVisible()
  const cpf = page.getByLabel('CPF do titular')
  await cpf.fill('11111111111')
  await page.getByRole('button', { name: 'Salvar dados bancários' }).click()
  await expect(cpf).toHaveAttribute('aria-invalid', 'true')
  await expect(cpf).toHaveValue('111.111.111-11')
  await cpf.fill('52998224725')
  await page.getByLabel('Conta com dígito').fill('7654321-0')
  await page.getByRole('button', { name: 'Salvar dados bancários' }).click()
  await expect(page.getByText('Dados bancários salvos')).toBeVisible()
  const wallet = await request.get('/api/wallet', {
    headers: {
      Authorization: `Bearer ${await page.evaluate(() => JSON.parse(localStorage.getItem('avaliador.session') ?? '{}').token as string)}`,
    },
  })
  expect(((await wallet.json()) as { bank: { account: string } }).bank.account).toBe('7654321-0')

  // Sign out: the session and every local trace of the agent are gone.
  await page.goto('/account')
  await page.getByRole('link', { name: 'Sair' }).click()
  await expect(page.getByRole('heading', { name: 'Você saiu' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Entrar novamente' })).toBeVisible()
  // The phone's own keys (its clock's offset, "ready offline" said) are no agent's data.
  const leftovers = await page.evaluate(async (device) => {
    const agents = (k: string) => k.startsWith('avaliador') && !device.some((p) => k.startsWith(p))
    return {
      storage: Object.keys(localStorage).filter(agents),
      session: Object.keys(sessionStorage).filter(agents),
      databases: (await indexedDB.databases())
        .map((d) => d.name)
        .filter((n) => n?.startsWith('avaliador-agent')),
    }
  }, DEVICE_KEY_PREFIXES)
  expect(leftovers).toEqual({ storage: [], session: [], databases: [] })
  await page.goto('/oppy')
  await expect(page).toHaveURL(/\/login$/)
  expect(errors).toEqual([])
})

/**
 * Every route outside the visit, with the heading an agent should see, in three groups: each
 * group is a test of its own (a sign-in and eight to ten full page loads), so no test's time
 * grows with the number of routes.
 */
const ROUTE_GROUPS: Record<string, Array<[path: string, heading: RegExp]>> = {
  tasks: [
    ['/tasks', /^Tarefas$/],
    ['/tasks/canceled', /canceladas/i],
    ['/tasks/permissions', /aparelho/i],
    ['/tasks/policy', /conduta/i],
    ['/tasks/validations', /pendências/i],
    ['/tasks/T-4827', /.+/],
    ['/tasks/T-4827/details', /.+/],
    ['/tasks/T-4827/reschedule', /reagendar/i],
    ['/tasks/T-4827/status', /.+/],
  ],
  'opportunities, notifications, bulletins and account': [
    ['/oppy', /^Oportunidades$/],
    ['/oppy/tsk_4821', /Compra|Troca|padaria/],
    ['/oppy/tsk_4821/details', /^Detalhes da oportunidade$/],
    ['/notifs', /^Notificações$/],
    ['/notes', /^Comunicados$/],
    ['/account', /.+/],
    ['/account/profile', /perfil/i],
    ['/account/bank-info', /^Dados bancários$/],
    ['/account/terms', /termos/i],
    ['/account/wallet', /^Carteira$/],
  ],
  'sign-in, help, permissions and system pages': [
    ['/login', /^Entrar$/],
    ['/about/privacy', /privacidade/i],
    ['/help', /ajuda/i],
    ['/permissions/notifications', /notifica/i],
    ['/permissions/position', /localiza/i],
    ['/unavailable', /indisponível/i],
    ['/activation/error', /ativa/i],
    ['/nao-existe', /não encontrada/i],
  ],
}

for (const [group, routes] of Object.entries(ROUTE_GROUPS))
  test(`every route (${group}) renders its pt-BR heading at 360×640 with no console error`, async ({
    page,
    request,
  }) => {
    await signIn(page, request)
    // /unavailable leaves as soon as the service is healthy: keep it down for that screen.
    await page.route('**/api/health', (route) => route.fulfill(SERVICE_DOWN))
    for (const [path, heading] of routes) {
      const errors: string[] = []
      // The browser logs the 503 we staged for /unavailable; that one is expected.
      const onConsole = (m: ConsoleMessage) =>
        m.type() === 'error' &&
        !(path === '/unavailable' && m.text().includes('503')) &&
        errors.push(m.text())
      page.on('console', onConsole)
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible()
      // A prerendered heading shows before any script runs: wait for the app to have started
      // and asked what it asks (its errors, and /unavailable's staged 503, belong to this
      // screen, not to the next one).
      await page.waitForLoadState('networkidle')
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth > window.innerWidth + 1,
      )
      expect(overflow, `${path} scrolls sideways at 360 px`).toBe(false)
      page.off('console', onConsole)
      expect(errors, path).toEqual([])
    }
  })
