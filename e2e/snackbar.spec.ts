/**
 * The short confirmation (the snackbar, src/components/snackbar.tsx): in sight where the agent
 * has scrolled, gone after SNACKBAR_MS (src/domain/constants.ts), and neither its coming nor its going moves
 * anything on the screen — measured with the Layout Instability API (every layout shift
 * counts here, also those right after the tap that CLS itself would forgive). It takes the
 * place of the screen's bottom bar and lies over no control while it shows (issue #37,
 * decision 0021): walked through the README's demo on the four screens where it used to.
 */
import type { Locator, Page } from '@playwright/test'
import { DEMO_TOKEN } from '../mocks/seed/seed'
import { SNACKBAR_MS } from '../src/domain/constants'
import { expect, test } from './support/test'
import { messageWatch, watchMessage } from './support/covered'
import { brokenWords, clippedTexts, setDefaultFontSize } from './support/reflow'
import { acceptDemoOffer, closePanel, openPanel } from './support/demo-panel'
import { resetBackend } from './support/fake-backend'
import {
  checkInAtShop,
  checkOutAnyway,
  makeJpegs,
  pickPhotos,
  taskWithoutCheckin,
} from './support/visit'

test.use({ viewport: { width: 360, height: 740 } })

test.beforeEach(async ({ page, request }) => {
  await resetBackend(request)
  await page.addInitScript(() => {
    if (!localStorage.getItem('avaliador.session'))
      localStorage.setItem(
        'avaliador.session',
        JSON.stringify({
          token: 'demo-token',
          agentId: 'agt_demo',
          expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
        }),
      )
  })
})

type Shift = { value: number; hadRecentInput: boolean; moved: string[] }

/** From now on, every layout shift on the page, with what moved. */
async function watchShifts(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as { __shifts: Shift[] }
    w.__shifts = []
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const shift = entry as unknown as {
          value: number
          hadRecentInput: boolean
          sources: Array<{ node?: Node | null }>
        }
        w.__shifts.push({
          value: shift.value,
          hadRecentInput: shift.hadRecentInput,
          moved: shift.sources.map((s) =>
            s.node instanceof Element
              ? `${s.node.tagName.toLowerCase()}: ${(s.node.textContent ?? '').slice(0, 40)}`
              : String(s.node?.nodeName),
          ),
        })
      }
    }).observe({ type: 'layout-shift' })
  })
  return () => page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts)
}

/** Types a time into one of the Tempos cards and saves it; returns the confirmation. */
async function saveTime(page: Page, card: ReturnType<Page['getByRole']>, digits: string) {
  const label = (await card.getByRole('heading', { level: 2 }).textContent()) ?? ''
  await card.getByRole('textbox', { name: /\(mm:ss\)$/ }).pressSequentially(digits)
  await card.getByRole('button', { name: /^Salvar/ }).click()
  return page.getByText(`${label}: ${digits.slice(0, 2)}:${digits.slice(2)} registrado`)
}

/** A frame after now: a shift (if any) has been reported by then. */
const nextFrame = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => resolve(null))))

test('a confirmation moves nothing coming or going (CLS 0), leaves after 2,500 ms, and shows where the agent scrolled', async ({
  page,
  context,
  request,
}) => {
  expect(SNACKBAR_MS).toBe(2500)
  const task = await taskWithoutCheckin(request, DEMO_TOKEN)
  await checkInAtShop(page, context, task)
  await page
    .getByRole('navigation', { name: 'Páginas da visita' })
    .getByRole('link', { name: 'Tempos' })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Tempos' })).toBeVisible()
  await expect(page.getByText('Tudo enviado')).toBeVisible()
  const cards = page.getByRole('main').getByRole('region')

  // Near the top of the screen, the heading and the first time in sight (its button clear of
  // the visit's bar, as the agent would have it before tapping).
  await cards
    .first()
    .getByRole('button', { name: /^Salvar/ })
    .scrollIntoViewIfNeeded()
  const scrolled = await page.evaluate(() => window.scrollY)
  const shifts = await watchShifts(page)
  const first = await saveTime(page, cards.first(), '0230')
  await expect(first).toBeVisible()
  const shownAt = Date.now()
  await expect(first).toBeHidden()
  expect(Date.now() - shownAt).toBeGreaterThan(SNACKBAR_MS - 500)
  await nextFrame(page)
  await expect(cards.first().getByText('Registrado: 02:30')).toBeVisible()
  expect(await page.evaluate(() => window.scrollY), 'nothing scrolled the page').toBe(scrolled)
  expect(await shifts(), 'layout shifts while the message came and went').toEqual([])

  // Far down the page, the screen's top out of sight: the message is still in view.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
  const last = await saveTime(page, cards.last(), '0115')
  await expect(last).toBeVisible()
  const box = (await last.boundingBox())!
  expect(box.y).toBeGreaterThanOrEqual(0)
  expect(box.y + box.height).toBeLessThanOrEqual(740)
  await expect(last).toBeHidden()
  await nextFrame(page)
  expect(await shifts(), 'layout shifts while the message came and went').toEqual([])
})

/** The message's box covers the bar's: it takes the bar's place, and no more of the screen. */
async function expectInPlaceOf(message: Locator, bar: Locator) {
  const [m, b] = [(await message.boundingBox())!, (await bar.boundingBox())!]
  expect(m.y, 'the message starts where the bar starts').toBeLessThanOrEqual(b.y + 0.5)
  expect(m.y, 'the message takes no more than the bar’s room').toBeGreaterThanOrEqual(b.y - 0.5)
  expect(m.y + m.height, 'the message reaches the bottom of the screen').toBeGreaterThanOrEqual(
    b.y + b.height - 0.5,
  )
}

test('in the place of the bottom navigation: its entries hidden meanwhile, back when it goes or is tapped', async ({
  page,
}) => {
  await page.goto('/account')
  await expect(page.getByRole('heading', { level: 1, name: 'Conta' })).toBeVisible()
  const nav = page.getByRole('navigation', { name: 'Navegação principal' })
  const toggle = page.getByRole('switch', { name: /^Disponível para novas oportunidades/ })
  await expect(toggle).toBeChecked()
  await toggle.click()
  const away = page
    .getByRole('status')
    .getByText('Você ficou indisponível: não receberá novas oportunidades.')
  await expect(away).toBeVisible()
  await expectInPlaceOf(away, nav)
  // Under the message the entries can be neither seen, tapped nor reached with Tab.
  await expect(nav.getByRole('link', { name: /^Tarefas/ })).toBeHidden()
  await expect(away).toBeHidden()
  await expect(nav.getByRole('link', { name: /^Tarefas/ })).toBeVisible()

  // A tap on the message gives the navigation back at once.
  await toggle.click()
  const back = page.getByRole('status').getByText(/^Você está disponível/)
  await expect(back).toBeVisible()
  await back.click()
  await expect(back).toBeHidden()
  await expect(nav.getByRole('link', { name: /^Tarefas/ })).toBeVisible()
})

test('readable at 320 px with the text at 200 %, in the place of the bar', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 740 })
  await setDefaultFontSize(page, 32)
  await page.goto('/account')
  await expect(page.getByRole('heading', { level: 1, name: 'Conta' })).toBeVisible()
  const toggle = page.getByRole('switch', { name: /^Disponível para novas oportunidades/ })
  await toggle.click()
  const away = page
    .getByRole('status')
    .getByText('Você ficou indisponível: não receberá novas oportunidades.')
  await expect(away).toBeVisible()
  const box = (await away.boundingBox())!
  expect(box.x).toBeGreaterThanOrEqual(0)
  expect(box.y).toBeGreaterThanOrEqual(0)
  expect(box.x + box.width).toBeLessThanOrEqual(320)
  expect(box.y + box.height).toBeLessThanOrEqual(740)
  expect(await clippedTexts(page, '[role=status] > p'), 'text cut off').toEqual([])
  expect(await brokenWords(page, '[role=status] > p'), 'words broken inside').toEqual([])
  const nav = page.getByRole('navigation', { name: 'Navegação principal' })
  const bar = (await nav.boundingBox())!
  expect(box.y, 'over the navigation, from its top or above').toBeLessThanOrEqual(bar.y + 0.5)
  await expect(away).toBeHidden()
})

/**
 * Does `act`, which raises the confirmation `text`, and follows it on every frame while it
 * shows: it must lie over no enabled control (issue #37), then go.
 */
async function expectOverNoControl(page: Page, text: string, act: () => Promise<void>) {
  await watchMessage(page, text)
  await act()
  const message = page.getByRole('status').getByText(text, { exact: true })
  await expect(message).toBeVisible()
  await expect(message).toBeHidden()
  await expect.poll(() => messageWatch(page).then((w) => w !== null)).toBe(true)
  const watch = (await messageWatch(page))!
  expect(watch.frames, `frames “${text}” was seen in`).toBeGreaterThan(0)
  expect.soft(watch.covered, `controls under “${text}” while it showed`).toEqual([])
}

test('walking the README demo, no confirmation lies over a control while it shows', async ({
  page,
}) => {
  test.setTimeout(150_000)
  // 1. Offers: an offer accepted.
  await page.goto('/preview')
  const slug = await acceptDemoOffer(page)

  // 2. At the store.
  const panel = await openPanel(page)
  const device = panel.getByRole('region', { name: 'Aparelho' })
  const place = device.getByLabel('Local de referência')
  const option = await place
    .locator('option')
    .filter({ hasText: `${slug} — ` })
    .textContent()
  await place.selectOption({ label: option! })
  await device.getByRole('button', { name: 'No local' }).click()
  await closePanel(panel)
  await page.getByRole('link', { name: 'Fazer check-in' }).click()
  await page.getByRole('button', { name: 'Fazer check-in' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Controle da visita' })).toBeVisible()

  // 3. The visit: an attendant, whose "Editar" comes under the message on a 740 px phone…
  const visitPages = page.getByRole('navigation', { name: 'Páginas da visita' })
  await visitPages.getByRole('link', { name: 'Atendentes' }).click()
  await page.getByLabel('Nome do atendente').fill('Renata Moura')
  await page
    .getByRole('group', { name: 'Características' })
    .getByRole('button', { name: 'cordial' })
    .click()
  await expectOverNoControl(page, 'Renata Moura adicionado(a) à visita', () =>
    page.getByRole('button', { name: 'Adicionar atendente' }).click(),
  )
  // …the times, the second one's message over the fields…
  await visitPages.getByRole('link', { name: 'Tempos' }).click()
  for (const [label, typed] of [
    ['Tempo de espera', '02:30'],
    ['Tempo de atendimento', '07:45'],
  ] as const) {
    const card = page.getByRole('region', { name: label })
    await card.getByLabel(`${label} (mm:ss)`).fill(typed)
    await expectOverNoControl(page, `${label}: ${typed} registrado`, () =>
      card.getByRole('button', { name: /^Salvar/ }).click(),
    )
  }
  // 4. Check-out (with the connection on, the chat opens at once).
  await checkOutAnyway(page)

  // 5. The chat: the photo answer's message over the next question's answers…
  await expect(page.getByRole('heading', { level: 1, name: 'Questionário' })).toBeVisible()
  const composer = page.getByRole('region', { name: 'Sua resposta' })
  const chips = (question: string, answer: string) =>
    composer.getByRole('group', { name: question }).getByRole('button', { name: answer }).click()
  await chips('A fachada estava limpa e bem sinalizada?', 'Sim')
  await chips('Você foi cumprimentado em até 1 minuto depois de entrar?', 'Sim')
  await composer.getByLabel('Tempo (mm:ss)').fill('2:30')
  await composer.getByRole('button', { name: 'Enviar' }).click()
  const photos = await makeJpegs(page, ['pergunta.jpg', 'cupom.jpg'])
  await expectOverNoControl(page, 'Foto guardada no aparelho.', () =>
    pickPhotos(page, composer.getByRole('button', { name: 'Foto da resposta' }), [photos[0]!]),
  )
  await expect(
    composer.getByRole('group', { name: 'Como o atendente iniciou a conversa?' }),
  ).toBeVisible()

  // …and the receipt's, over "Fotografar o cupom" in the report.
  await page.goto(`/preview/tasks/${slug}/report/tax-receipts`)
  await expect(page.getByRole('heading', { level: 1, name: 'Cupom fiscal' })).toBeVisible()
  await pickPhotos(page, page.getByRole('button', { name: 'Fotografar o cupom' }), [photos[1]!])
  // The photo is kept (prepared) before the agent saves, as the screen tells them.
  await expect(page.getByText('Foto do cupom guardada.')).toBeVisible()
  await page.getByLabel('CNPJ do estabelecimento').fill('11222333000181')
  await page.getByLabel('Número do cupom').fill('004512')
  await page.getByLabel('Valor total (R$)').fill('54,90')
  const today = await page.evaluate(() => new Date().toLocaleDateString('pt-BR'))
  await page.getByLabel('Data de emissão').pressSequentially(today.replace(/\D/g, ''))
  await expectOverNoControl(page, 'Cupom salvo no relatório.', () =>
    page.getByRole('button', { name: 'Salvar cupom' }).click(),
  )
})
