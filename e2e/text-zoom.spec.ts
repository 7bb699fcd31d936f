/**
 * Text at 200% (issue #8): the browser's default text size doubled (what Android's font
 * scale does to a page whose CSS is in rem) on the key screens at 360×640. Nothing may
 * scroll sideways, the screen's main action must still be reachable by scrolling, inside
 * the viewport, not covered by anything (the bottom navigation, a sticky header), and no
 * text may be cut by a fixed height or width.
 */
import type { Locator, Page } from '@playwright/test'
import { expect, test } from './support/test'
import type { Task } from '../src/api/entities'
import { resetBackend } from './support/fake-backend'
import { signIn } from './support/sign-in'
import { apiGet, sessionToken } from './support/visit'

test.use({ reducedMotion: 'reduce', viewport: { width: 360, height: 640 } })

test.beforeEach(async ({ request }) => {
  await resetBackend(request)
})

/** Doubles the browser's default font sizes (16 → 32 px), as the system text size does. */
async function doubleTextSize(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 26 } })
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe(
    '32px',
  )
}

/** Texts cut off: an element whose own text overflows a box it cannot grow out of. */
async function clippedTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = []
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect()
      return r.width > 2 && r.height > 2 && getComputedStyle(el).visibility !== 'hidden'
    }
    for (const el of document.querySelectorAll<HTMLElement>('body *')) {
      const ownText = [...el.childNodes].some(
        (n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '',
      )
      if (!ownText || !visible(el) || el.closest('[aria-hidden="true"], .visually-hidden')) continue
      const style = getComputedStyle(el)
      if (style.display === 'inline' || style.display === 'contents') continue
      // Form controls scroll their own text (a long value in a field is fine).
      if (el.matches('input, textarea, select, option')) continue
      // A few pixels are the glyphs' ascent and descent beyond a tight line height.
      const tall = el.scrollHeight > el.clientHeight + 4
      const wide = el.scrollWidth > el.clientWidth + 4
      if (tall || wide)
        problems.push(
          `${el.tagName.toLowerCase()}.${el.className} “${(el.textContent ?? '').trim().slice(0, 40)}” ${
            tall ? `height ${el.clientHeight} < ${el.scrollHeight}` : ''
          } ${wide ? `width ${el.clientWidth} < ${el.scrollWidth}` : ''}`.trim(),
        )
    }
    return problems
  })
}

/** The page as a whole does not scroll sideways. */
async function sidewaysOverflow(page: Page) {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement
    return root.scrollWidth - root.clientWidth
  })
}

/** Scrolled to the very end, the screen's last content is still above a fixed bottom bar. */
async function endHiddenUnderBar(page: Page) {
  return page.evaluate(() => {
    window.scrollTo(0, document.documentElement.scrollHeight)
    const nav = document.querySelector('nav[aria-label="Navegação principal"]')
    const main = document.querySelector('main')
    if (!nav || !main) return false
    const last =
      [...main.querySelectorAll('*')]
        .filter((el) => el.getBoundingClientRect().height > 0)
        .at(-1) ?? main
    return last.getBoundingClientRect().bottom > nav.getBoundingClientRect().top + 1
  })
}

/** The action can be scrolled to, sits inside the viewport and is what a tap there hits. */
async function expectReachable(page: Page, action: Locator, what: string) {
  await action.scrollIntoViewIfNeeded()
  // Bars fixed at the top or the bottom may cover an edge of the viewport: scroll it to the
  // middle, as a person would.
  await action.evaluate((el) => el.scrollIntoView({ block: 'center', inline: 'center' }))
  const box = await action.boundingBox()
  expect(box, `${what} has a box`).not.toBeNull()
  const viewport = page.viewportSize()!
  // Within half a pixel: layout rounds.
  expect(box!.x, `${what} starts inside the viewport`).toBeGreaterThanOrEqual(-0.5)
  expect(box!.y, `${what} starts inside the viewport`).toBeGreaterThanOrEqual(-0.5)
  expect(box!.x + box!.width, `${what} ends inside the viewport`).toBeLessThanOrEqual(
    viewport.width + 0.5,
  )
  expect(box!.y + box!.height, `${what} ends inside the viewport`).toBeLessThanOrEqual(
    viewport.height + 0.5,
  )
  const hit = await action.evaluate((el) => {
    const r = el.getBoundingClientRect()
    const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2)
    return at !== null && (at === el || el.contains(at))
  })
  expect(hit, `${what} is not covered by anything`).toBe(true)
}

async function checkScreen(page: Page, name: string, action?: Locator) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
  expect.soft(await sidewaysOverflow(page), `${name}: scrolls sideways by`).toBeLessThanOrEqual(0)
  if (action) await expectReachable(page, action, `${name}: ${String(action)}`)
  expect
    .soft(await endHiddenUnderBar(page), `${name}: the end of the page shows above the bottom bar`)
    .toBe(false)
  expect.soft(await clippedTexts(page), `${name}: text cut off`).toEqual([])
}

test('the key screens work with the text at 200%', async ({ page, context, request }) => {
  test.setTimeout(90_000)
  await doubleTextSize(page)
  await page.goto('/login')
  await checkScreen(page, 'login', page.getByRole('button', { name: 'Receber código' }))

  await signIn(page, request)
  const token = await sessionToken(page)
  const main = page.getByRole('main')
  await checkScreen(page, 'offers', main.getByRole('link').first())
  await page.goto('/oppy/tsk_4821/details')
  await checkScreen(page, 'offer details', page.getByRole('button', { name: 'Aceitar e agendar' }))
  await page.goto('/tasks')
  await checkScreen(
    page,
    'tasks',
    main.getByRole('link', { name: /^Compra na padaria e no caixa rápido .* Agendada/ }),
  )
  await page.goto('/tasks/T-4826')
  await checkScreen(page, 'task hub', page.getByRole('link', { name: 'Fazer check-in' }))

  const task = await apiGet<Task>(request, token, '/tasks/T-4826')
  await context.grantPermissions(['geolocation'])
  await context.setGeolocation({
    latitude: task.location.lat,
    longitude: task.location.lng,
    accuracy: 15,
  })
  await page.goto('/tasks/T-4826/checkin')
  const checkin = page.getByRole('button', { name: 'Fazer check-in' })
  await checkScreen(page, 'check-in', checkin)
  await checkin.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: 'Controle da visita' })).toBeVisible()
  await checkScreen(page, 'visit control', page.getByRole('button', { name: 'Fazer check-out' }))
  await page.goto('/tasks/T-4826/checkin/attendants')
  await checkScreen(page, 'attendants', page.getByRole('button', { name: 'Adicionar atendente' }))

  // The questionnaire, changing the answer with the most options (every chip and the
  // confirm button must be reachable even though the answer box sticks to the bottom).
  await page.goto('/tasks/T-4828/form?q=farma-q7')
  const composer = page.getByRole('region', { name: 'Sua resposta' })
  await checkScreen(page, 'questionnaire', composer.getByRole('button', { name: 'Confirmar' }))
  for (const chip of await composer.getByRole('group').getByRole('button').all())
    await expectReachable(page, chip, `questionnaire: chip ${await chip.textContent()}`)
  await page.goto('/tasks/T-4828/report')
  await checkScreen(page, 'report review', page.getByRole('button', { name: 'Enviar relatório' }))
  await page.goto('/account/bank-info')
  await checkScreen(page, 'bank data', page.getByRole('button', { name: 'Salvar dados bancários' }))
  await page.goto('/account/wallet')
  await checkScreen(page, 'wallet', page.getByRole('button', { name: 'Sacar' }))
  // The bottom navigation's last entry is still there to tap.
  await checkScreen(
    page,
    'bottom navigation',
    page
      .getByRole('navigation', { name: 'Navegação principal' })
      .getByRole('link', { name: /Ajuda/ }),
  )
})
