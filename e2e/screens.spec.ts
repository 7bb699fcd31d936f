/**
 * Visual regression: the key screens at 360×740, as a phone shows them, compared with the
 * committed pictures in e2e/__screenshots__/ (decision 0009). Same world (demo seed 7), same
 * clock, same font on every machine (e2e/support/screenshots.ts).
 *
 * A picture that differs fails with a diff image in test-results/. When the change is meant,
 * look at it, then `npx playwright test e2e/screens.spec.ts --update-snapshots` and commit the
 * new pictures with the change.
 */
import type { Locator, Page } from '@playwright/test'
import { expect, test } from './support/test'
import { FIXED_NOW, open, smallTouchTargets, useProjectFont } from './support/screenshots'
import { makeJpegs, pickPhotos } from './support/visit'
import { closePanel, openPanel } from './support/demo-panel'

test.use({
  viewport: { width: 360, height: 740 },
  reducedMotion: 'reduce',
  // The project's font is given to the page as data: URLs (see support/screenshots.ts).
  bypassCSP: true,
})

/** One picture, named; a mismatch is reported and the walk goes on to the next screen. */
async function shot(page: Page, name: string, mask: Locator[] = []) {
  // Nothing loading any more: no skeleton, no busy button.
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
  await expect.soft(page).toHaveScreenshot(`${name}.png`, { mask, animations: 'disabled' })
  // Every control on the screen can be hit by a thumb: 44 × 44 px at least.
  expect.soft(await smallTouchTargets(page), `touch targets under 44 px on ${name}`).toEqual([])
}

test.beforeEach(async ({ page }) => {
  await page.clock.setFixedTime(FIXED_NOW)
})

test('sign-in', async ({ page }) => {
  await open(page, '/login')
  await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible()
  await shot(page, 'sign-in')
})

test('the agent’s screens, from the offers to the wallet (busy agent)', async ({ page }) => {
  test.setTimeout(120_000)
  await page.goto('/preview?seed=7&scenario=busy-agent')
  await expect(page.getByRole('heading', { level: 1, name: 'Oportunidades' })).toBeVisible()
  await useProjectFont(page)
  const main = page.getByRole('main')
  const nav = page.getByRole('navigation', { name: 'Navegação principal' })
  await expect(main.getByRole('list', { name: 'Oportunidades disponíveis' })).toBeVisible()
  await shot(page, 'offers')

  await main.getByRole('link').first().click()
  await expect(page.getByRole('link', { name: 'Aceitar' })).toBeVisible()
  await shot(page, 'offer')
  await page.getByRole('link', { name: 'Aceitar' }).click()
  const when = page.getByRole('group', { name: 'Data e horário da visita' })
  await when.getByLabel('Data', { exact: true }).pressSequentially('31022027')
  await when.getByLabel('Hora', { exact: true }).pressSequentially('1500')
  await page.getByRole('button', { name: 'Aceitar e agendar' }).click()
  await expect(page.getByText(/^Data inválida/)).toBeVisible()
  await page.getByRole('button', { name: 'Aceitar e agendar' }).scrollIntoViewIfNeeded()
  await shot(page, 'offer-accept-with-a-wrong-date')

  await nav.getByRole('link', { name: 'Tarefas' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Tarefas' })).toBeVisible()
  await expect(main.getByRole('region', { name: /^Agendadas/ })).toBeVisible()
  await shot(page, 'tasks')

  // A scheduled task, reached from the demo panel's first place.
  let panel = await openPanel(page)
  await shot(page, 'demo-panel')
  const device = panel.getByRole('region', { name: 'Aparelho' })
  const slug = (await device
    .getByLabel('Local de referência')
    .locator('option:checked')
    .textContent())!
    .split(' — ')[0]!
    .trim()
  await device.getByRole('button', { name: 'No local' }).click()
  await expect(panel.getByText('Aparelho no local')).toBeVisible()
  await closePanel(panel)
  await main.locator(`a[href$="/tasks/${slug}"]`).first().click()
  await expect(page).toHaveURL(new RegExp(`/tasks/${slug}$`))
  await expect(main.getByRole('link', { name: 'Fazer check-in' })).toBeVisible()
  await shot(page, 'task')

  await page.getByRole('link', { name: 'Reagendar' }).click()
  await expect(page.getByRole('group', { name: 'Nova data e horário' })).toBeVisible()
  await shot(page, 'reschedule')
  await page.goBack()

  // ------------------------------------------------------------ the visit
  await page.getByRole('link', { name: 'Fazer check-in' }).click()
  await page.getByRole('button', { name: 'Fazer check-in' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Controle da visita' })).toBeVisible()
  await expect(page.getByText('Tudo enviado')).toBeVisible()
  await shot(page, 'visit-control')

  const visitPages = page.getByRole('navigation', { name: 'Páginas da visita' })
  await visitPages.getByRole('link', { name: 'Fotos' }).click()
  const photos = await makeJpegs(page, ['fachada.jpg', 'gondola.jpg', 'pergunta.jpg'])
  await pickPhotos(page, page.getByRole('button', { name: 'Adicionar foto' }), photos.slice(0, 2))
  const evidence = page.getByRole('list', { name: 'Fotos e arquivos do relatório' })
  await expect(evidence.getByText('Enviada')).toHaveCount(2)
  await expect(page.getByText('Tudo enviado')).toBeVisible()
  // The pictures themselves are drawn and compressed by the browser: masked.
  await shot(page, 'visit-photos', [evidence.getByRole('img')])

  await visitPages.getByRole('link', { name: 'Controle' }).click()
  await page.getByRole('button', { name: 'Fazer check-out' }).click()
  const sheet = page.getByRole('dialog', { name: 'Fazer check-out agora?' })
  await expect(sheet).toBeVisible()
  await shot(page, 'visit-checkout-sheet')
  await sheet.getByRole('button', { name: 'Fazer check-out mesmo assim' }).click()

  // ------------------------------------------------------------ the chat, mid-questionnaire
  await expect(page.getByRole('heading', { level: 1, name: 'Questionário' })).toBeVisible()
  // Said once the server has the check-out (a moment, online).
  await expect(page.getByText(/^Check-out registrado às/)).toBeVisible()
  const composer = page.getByRole('region', { name: 'Sua resposta' })
  const firstQuestion = composer.getByRole('group').first()
  const asked = (await firstQuestion.getAttribute('aria-label')) ?? ''
  await firstQuestion.getByRole('button').first().click()
  // The next question is asked (read before the tap: the group is then the next one).
  await expect(composer.getByRole('group')).not.toHaveAccessibleName(asked)
  await page.getByRole('log', { name: 'Conversa com o Avaliador' }).scrollIntoViewIfNeeded()
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight))
  // The check-out has reached the (demo) server: the notice says "registrado", not "guardado"
  // (on a busy machine the picture was taken before the outbox had sent it).
  await expect(page.getByText(/^Check-out registrado às/)).toBeVisible()
  // The answer just given has reached the (demo) server too: the bar says so, not
  // "1 alteração aguardando envio" (the picture waits for the state it shows).
  await expect(
    page.getByRole('region', { name: 'Situação do envio' }).getByText('Tudo enviado'),
  ).toBeVisible()
  await shot(page, 'chat')

  // ------------------------------------------------------------ the report, with parts missing
  await page.goto(`/preview/tasks/${slug}/report`)
  await useProjectFont(page)
  await expect(page.getByRole('navigation', { name: 'Partes do relatório' })).toBeVisible()
  // The chat's answers reach the server first: the outbox line is settled.
  await expect(page.getByText('Tudo enviado')).toBeVisible()
  await shot(page, 'report')
  await page.getByRole('region', { name: 'Enviar relatório' }).scrollIntoViewIfNeeded()
  await shot(page, 'report-what-is-missing')
  await page
    .getByRole('region', { name: 'Enviar relatório' })
    .getByRole('link', { name: 'Cupom fiscal' })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Cupom fiscal' })).toBeVisible()
  await page.getByLabel('Data de emissão').pressSequentially('25112026')
  await page.getByLabel('Data de emissão').scrollIntoViewIfNeeded()
  await shot(page, 'report-tax-receipt')

  // ------------------------------------------------------------ account, wallet, notifications
  await nav.getByRole('link', { name: 'Notificações' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Notificações' })).toBeVisible()
  await expect(main.getByRole('list').first()).toBeVisible()
  await shot(page, 'notifications')
  await nav.getByRole('link', { name: 'Conta' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Conta' })).toBeVisible()
  await shot(page, 'account')
  await main.getByRole('link', { name: /^Carteira/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Carteira' })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Movimentações' })).toBeVisible()
  await shot(page, 'wallet')

  panel = await openPanel(page)
  await expect(panel.getByRole('region', { name: 'Validador' })).toBeVisible()
  await panel.getByRole('region', { name: 'Validador' }).scrollIntoViewIfNeeded()
  await shot(page, 'demo-panel-validator')
  await closePanel(panel)
})

test('a round of pendencies (agent with pendencies)', async ({ page }) => {
  await page.goto('/preview?seed=7&scenario=contested')
  await expect(page.getByRole('heading', { level: 1, name: 'Oportunidades' })).toBeVisible()
  await useProjectFont(page)
  await page
    .getByRole('region', { name: 'Avisos' })
    .getByRole('link', { name: 'Responder' })
    .click()
  await expect(
    page.getByRole('heading', { level: 1, name: 'Pendências de validação' }),
  ).toBeVisible()
  const main = page.getByRole('main')
  await expect(main.getByRole('list').getByRole('link').first()).toBeVisible()
  await shot(page, 'pendencies-list')
  await main.getByRole('list').getByRole('link').first().click()
  await expect(page.getByRole('navigation', { name: 'Partes com pendências' })).toBeVisible()
  await shot(page, 'pendencies')
  await page
    .getByRole('navigation', { name: 'Partes com pendências' })
    .getByRole('link')
    .first()
    .click()
  const card = page.getByRole('region', { name: /^Pendência 1/ })
  await card
    .getByLabel('Justificativa')
    .fill('A foto foi tirada com o toldo aberto; a fachada aparece inteira na segunda foto.')
  await shot(page, 'pendency-answer')
  const status = page.url().replace(/\/validation.*$/, '/status')
  await page.goto(status)
  await useProjectFont(page)
  await expect(page.getByRole('region', { name: 'Linha do tempo' })).toBeVisible()
  // The validator's round, between the report and the validation.
  // With its count, read from the current revision.
  await expect(page.getByText(/^\d+ pendências?$/)).toBeVisible()
  await page
    .getByText(/^Pendências do validador/)
    .evaluate((el) => el.scrollIntoView({ block: 'center' }))
  await shot(page, 'task-status-timeline')
})
