/**
 * Accessibility on every route (issues #8 and #37): axe-core (WCAG 2.2 A and AA — the 2.0,
 * 2.1 and 2.2 rules, target size among them — plus best practices) on every screen of
 * docs/product/routes.md (the route list is e2e/support/routes.ts) — signed out, in the agent
 * shell (bottom navigation) and in the check-in shell (its status bar) — with every dialog
 * open, the questionnaire chat mid-conversation, error states, and the same app in the demo at
 * `/preview` with its banner and panel. Any WCAG violation fails the test, and a best
 * practice's serious or critical one; a best practice's moderate and minor ones are printed
 * and kept as annotations (see e2e/support/axe.ts). One page goes from screen to screen; the
 * visit screens are reached by doing the visit. The same checks run in Firefox and WebKit
 * along the engines' journey (e2e/engines/journey.engines.ts).
 */
import { expect, test } from './support/test'
import type { Task } from '../src/api/entities'
import { checkAccessibility } from './support/axe'
import { resetBackend } from './support/fake-backend'
import {
  open,
  SERVICE_DOWN,
  settled,
  SHELL_ROUTES,
  walkLateVisitPages,
  walkSignedOut,
} from './support/routes'
import { forgetKeptAnswers, signIn } from './support/sign-in'
import { apiGet, makeJpegs, sessionToken } from './support/visit'

// No typing delay in the chat: the bot's next question shows at once.
test.use({ reducedMotion: 'reduce' })

test.beforeEach(async ({ request }) => {
  await resetBackend(request)
})

test('signed out: sign-in, activation, signed out, unavailable and not found', async ({
  page,
}, testInfo) => {
  await walkSignedOut(page, (label) => checkAccessibility(page, testInfo, label).then(() => {}))
})

test('signed in: every screen of the agent shell, its dialogs and its error states', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(150_000)
  const check = (label: string) => checkAccessibility(page, testInfo, label)
  await signIn(page, request)
  await expect(page.getByRole('navigation', { name: 'Navegação principal' })).toBeVisible()
  for (const [path, heading] of SHELL_ROUTES) {
    await open(page, path, heading)
    await check(path)
  }

  // A notification, opened from the list (marks it read).
  await open(page, '/notifs', /^Notificações$/)
  await page.getByRole('main').getByRole('link').first().click()
  await expect(page).toHaveURL(/\/notifs\/.+\/read/)
  await settled(page)
  await check('/notifs/:slug/read')

  // Forms with their errors shown.
  await open(page, '/account/bank-info', /^Dados bancários$/)
  await page.getByLabel('CPF do titular').fill('11111111111')
  await page.getByRole('button', { name: 'Salvar dados bancários' }).click()
  await expect(page.getByLabel('CPF do titular')).toHaveAttribute('aria-invalid', 'true')
  await check('/account/bank-info with an invalid CPF')

  // Every dialog of the shell, open.
  await open(page, '/oppy/tsk_4821')
  await page.getByRole('button', { name: 'Recusar' }).click()
  const decline = page.getByRole('dialog', { name: 'Recusar oportunidade' })
  await expect(decline).toBeVisible()
  await check('decline-offer sheet')
  await decline.getByRole('button', { name: 'Recusar oportunidade' }).click()
  await expect(decline.getByRole('alert')).toBeVisible()
  await check('decline-offer sheet with its error')
  await page.keyboard.press('Escape')

  await open(page, '/tasks/T-4827')
  await page.getByRole('button', { name: 'Cancelar tarefa' }).click()
  await expect(page.getByRole('dialog', { name: 'Cancelar tarefa' })).toBeVisible()
  await check('cancel-task sheet')
  await page.keyboard.press('Escape')

  await open(page, '/account/wallet', /^Carteira$/)
  await page.getByRole('button', { name: 'Sacar' }).click()
  await expect(page.getByRole('dialog', { name: 'Sacar' })).toBeVisible()
  await check('withdraw sheet')
  await page.keyboard.press('Escape')

  // The API under maintenance sends the agent to /unavailable; `me` failing otherwise
  // means the app cannot start.
  await page.route('**/api/me', (route) =>
    route.fulfill({
      ...SERVICE_DOWN,
      status: 500,
      body: JSON.stringify({ type: 'about:blank', title: 'Erro interno', status: 500 }),
    }),
  )
  // A start with nothing kept on the phone (a kept /me would open the shell as usual).
  await forgetKeptAnswers(page)
  await page.goto('/account')
  await expect(page.getByRole('button', { name: /tentar/i }).first()).toBeVisible()
  await check('initialization failure')
})

test.describe('with no service worker (its precache would serve the code)', () => {
  test.use({ serviceWorkers: 'block' })

  test('the error page, when a screen cannot be shown', async ({ page, request }, testInfo) => {
    // The screen's code cannot be downloaded although the server answers: the app reloads the
    // screen once (a new version may have replaced its files), then says it cannot show it.
    await page.context().route('**/assets/help-page-*.js', (route) => route.abort())
    await signIn(page, request)
    await page.goto('/help')
    await settled(page, 'Algo deu errado')
    await page.getByText('Detalhes técnicos').click()
    await checkAccessibility(page, testInfo, 'error page with its technical details open')
    // A phone that refuses the clipboard: the text is selected and the agent is told how.
    await page.evaluate(() =>
      Object.defineProperty(navigator, 'clipboard', {
        configurable: true,
        value: { writeText: () => Promise.reject(new DOMException('Negado', 'NotAllowedError')) },
      }),
    )
    await page.getByRole('button', { name: 'Copiar detalhes' }).click()
    await expect(
      page.getByRole('status').filter({ hasText: 'O celular não deixou copiar' }),
    ).toBeVisible()
    expect(await page.evaluate(() => window.getSelection()?.toString())).toContain('Rota: /help')
    await checkAccessibility(page, testInfo, 'error page when the clipboard is refused')
  })
})

test('the visit: the check-in shell, its dialogs, the questionnaire chat and the report', async ({
  page,
  context,
  request,
}, testInfo) => {
  test.setTimeout(150_000)
  const check = (label: string) => checkAccessibility(page, testInfo, label)
  await signIn(page, request)
  const token = await sessionToken(page)
  const slug = 'T-4826'
  const task = await apiGet<Task>(request, token, `/tasks/${slug}`)
  await context.grantPermissions(['geolocation'])
  // First too far from the place: the distance is shown.
  await context.setGeolocation({
    latitude: task.location.lat + 0.03,
    longitude: task.location.lng,
    accuracy: 15,
  })

  await open(page, `/tasks/${slug}`)
  await check('task hub, scheduled')
  await page.getByRole('link', { name: 'Fazer check-in' }).click()
  await settled(page, 'Check-in')
  await check('check-in step')
  await page.getByRole('button', { name: 'Fazer check-in' }).click()
  await expect(page.getByText(/Você está a .* do local/)).toBeVisible()
  await check('check-in step, too far')
  await context.setGeolocation({
    latitude: task.location.lat,
    longitude: task.location.lng,
    accuracy: 15,
  })
  await page.getByRole('button', { name: 'Tentar de novo' }).click()
  await settled(page, 'Controle da visita')
  await check('check-in shell: control')
  const visitPages = page.getByRole('navigation', { name: 'Páginas da visita' })
  for (const name of ['Instruções', 'Checklist', 'Tempos', 'Prêmios', 'Observações']) {
    await visitPages.getByRole('link', { name }).click()
    await settled(page, name === 'Observações' ? /.+/ : name)
    await check(`check-in shell: ${name}`)
  }

  // Attendants: a refused name, one registered, and the sheet that removes it.
  await visitPages.getByRole('link', { name: 'Atendentes' }).click()
  await settled(page, 'Atendentes')
  await page.getByLabel('Nome do atendente').fill('Vendedora')
  await page.getByRole('button', { name: 'Adicionar atendente' }).click()
  await expect(page.getByLabel('Nome do atendente')).toHaveAttribute('aria-invalid', 'true')
  await check('check-in shell: Atendentes, a refused name')
  await page.getByLabel('Nome do atendente').fill('Márcia Andrade')
  await page.getByRole('button', { name: 'Adicionar atendente' }).click()
  const attendants = page.getByRole('list', { name: 'Atendentes registrados' })
  await expect(attendants.getByRole('listitem')).toHaveCount(1)
  await check('check-in shell: Atendentes, one registered')
  await attendants.getByRole('button', { name: /^Remover/ }).click()
  await expect(page.getByRole('dialog', { name: 'Remover atendente?' })).toBeVisible()
  await check('remove-attendant sheet')
  await page.keyboard.press('Escape')

  // Evidences: the photo sheet, then a photo in the list.
  const photos = await makeJpegs(page, ['fachada.jpg', 'pergunta.jpg'])
  await visitPages.getByRole('link', { name: 'Fotos' }).click()
  await settled(page, 'Fotos')
  await page.getByRole('button', { name: 'Adicionar foto' }).click()
  const picker = page.getByRole('dialog', { name: 'Adicionar foto' })
  await expect(picker).toBeVisible()
  await check('photo sheet')
  await picker.getByLabel('Foto da galeria').setInputFiles(photos.slice(0, 1))
  await expect(picker).toBeHidden()
  const evidences = page.getByRole('list', { name: 'Fotos e arquivos do relatório' })
  await expect(evidences.getByText('Enviada')).toHaveCount(1)
  await check('check-in shell: Fotos, one photo')

  // The check-out sheet, with what is still missing.
  await visitPages.getByRole('link', { name: 'Controle' }).click()
  await page.getByRole('button', { name: 'Fazer check-out' }).click()
  const sheet = page.getByRole('dialog', { name: 'Fazer check-out agora?' })
  await expect(sheet).toBeVisible()
  await check('check-out sheet')
  await sheet.getByRole('button', { name: 'Fazer check-out mesmo assim' }).click()

  // The questionnaire chat: the first question, mid-conversation, the photo sheet, and
  // an earlier answer being changed.
  await settled(page, 'Questionário')
  const chat = page.getByRole('log', { name: 'Conversa com o Avaliador' })
  const composer = page.getByRole('region', { name: 'Sua resposta' })
  await expect(composer.getByRole('button', { name: 'Sim' })).toBeVisible()
  await check('questionnaire: the first question')
  await composer.getByRole('button', { name: 'Sim' }).click()
  // The second question's own "Não" (tapped at once, the first question's was still there).
  await composer
    .getByRole('group', { name: 'Você foi cumprimentado em até 1 minuto depois de entrar?' })
    .getByRole('button', { name: 'Não' })
    .click()
  await composer.getByLabel('Tempo (mm:ss)').fill('2:30')
  await composer.getByRole('button', { name: 'Enviar' }).click()
  await composer.getByRole('button', { name: 'Foto da resposta' }).click()
  await expect(page.getByRole('dialog', { name: 'Foto da resposta' })).toBeVisible()
  await check('questionnaire: the photo sheet')
  await page.getByRole('dialog').getByLabel('Foto da galeria').setInputFiles(photos.slice(1, 2))
  await expect(page.getByRole('dialog')).toBeHidden()
  await expect(composer.getByRole('group', { name: /Como o atendente/ })).toBeVisible()
  await check('questionnaire: mid-conversation, after a photo answer')
  await chat.getByRole('button', { name: /^Alterar a resposta “Não”/ }).click()
  await expect(composer.getByRole('button', { name: 'Manter a resposta anterior' })).toBeVisible()
  await check('questionnaire: changing an answer')

  // The report: the overview, refused while incomplete, then every section.
  await open(page, `/tasks/${slug}/report`)
  await check('report overview')
  await page.getByRole('button', { name: 'Enviar relatório' }).press('Enter')
  await expect(page.getByText(/Ainda falta completar/)).toBeVisible()
  await check('report overview, incomplete')
  for (const section of [
    'answers',
    'attendants',
    'times',
    'checklist',
    'evidences',
    'tax-receipts',
    'testimony',
    'audio',
    'awards',
  ]) {
    await open(page, `/tasks/${slug}/report/${section}`)
    await check(`report: ${section}`)
  }
})

test('the visit pages that come late: timeout, offline check-out and signing out with unsent data', async ({
  page,
  context,
  request,
}, testInfo) => {
  test.setTimeout(90_000)
  const check = (label: string) => checkAccessibility(page, testInfo, label).then(() => {})
  await page.clock.install()
  await signIn(page, request)
  await walkLateVisitPages(page, context, request, check)
  // The check-out cannot reach the server yet, and the agent signs out: the app asks first.
  await page.route('**/api/tasks/*/checkout', (route) => route.abort())
  await context.setOffline(false)
  await page.goto('/logout')
  await settled(page, 'Sair da conta')
  await expect(page.getByRole('link', { name: 'Sair mesmo assim' })).toBeVisible()
  await check('sign-out confirmation with unsent data')
})

test('the demo at /preview: banner, panel open, and the app under it', async ({
  page,
}, testInfo) => {
  test.setTimeout(90_000)
  const check = (label: string) => checkAccessibility(page, testInfo, label)
  await page.goto('/preview?seed=77')
  await expect(page).toHaveURL(/\/preview\/oppy/)
  await settled(page, /^Oportunidades$/)
  await check('/preview/oppy with the banner')
  for (const [path, heading] of [
    ['/preview/tasks', /^Tarefas$/],
    ['/preview/tasks/T-4827', /.+/],
    ['/preview/account', /.+/],
    ['/preview/account/wallet', /^Carteira$/],
  ] as const) {
    await open(page, path, heading)
    await check(path)
  }
  await page
    .getByRole('region', { name: 'Modo demonstração' })
    .getByRole('button', { name: 'Painel' })
    .click()
  await expect(page.getByRole('dialog', { name: 'Painel da demonstração' })).toBeVisible()
  await check('demo panel')
})
