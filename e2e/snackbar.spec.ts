/**
 * The short confirmation (the snackbar, src/components/snackbar.tsx): in sight where the agent
 * has scrolled, gone after SNACKBAR_MS (src/domain/constants.ts), and neither its coming nor its going moves
 * anything on the screen — measured with the Layout Instability API (every layout shift
 * counts here, also those right after the tap that CLS itself would forgive).
 */
import type { Page } from '@playwright/test'
import { DEMO_TOKEN } from '../mocks/seed/seed'
import { SNACKBAR_MS } from '../src/domain/constants'
import { expect, test } from './support/test'
import { resetBackend } from './support/fake-backend'
import { checkInAtShop, taskWithoutCheckin } from './support/visit'

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

  // At the top of the screen, the heading and the first time in sight.
  expect(await page.evaluate(() => window.scrollY)).toBe(0)
  const shifts = await watchShifts(page)
  const first = await saveTime(page, cards.first(), '0230')
  await expect(first).toBeVisible()
  const shownAt = Date.now()
  // Taps go through it to what is under it.
  expect(await first.evaluate((el) => getComputedStyle(el.parentElement!).pointerEvents)).toBe(
    'none',
  )
  await expect(first).toBeHidden()
  expect(Date.now() - shownAt).toBeGreaterThan(SNACKBAR_MS - 500)
  await nextFrame(page)
  await expect(cards.first().getByText('Registrado: 02:30')).toBeVisible()
  expect(await page.evaluate(() => window.scrollY), 'nothing scrolled the page').toBe(0)
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

test('above the bottom navigation, which it never covers', async ({ page }) => {
  await page.goto('/account')
  await expect(page.getByRole('heading', { level: 1, name: 'Conta' })).toBeVisible()
  const toggle = page.getByRole('switch', { name: /^Disponível para novas oportunidades/ })
  await expect(toggle).toBeChecked()
  await toggle.click()
  const message = page.getByText('Você ficou indisponível: não receberá novas oportunidades.')
  await expect(message).toBeVisible()
  const nav = page.getByRole('navigation', { name: 'Navegação principal' })
  const [msg, bar] = [(await message.boundingBox())!, (await nav.boundingBox())!]
  expect(msg.y + msg.height).toBeLessThanOrEqual(bar.y)
  await expect(message).toBeHidden()
})
