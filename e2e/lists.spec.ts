/**
 * List rows on a 360 px phone with the phone's own font (not the screenshot tests' one): the
 * chevron that says "this opens" stays at the row's end beside its text, never wrapped under
 * it — on the pendencies index, where a long pendency sits beside its "0 de 1 resolvida"
 * badge, and on the other lists; also with the text at 200 %.
 */
import type { Page } from '@playwright/test'
import { expect, test } from './support/test'
import { resetBackend } from './support/fake-backend'

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

/** Link rows of the screen's lists whose chevron is shown. */
async function chevronsShown(page: Page): Promise<string[]> {
  return page.getByRole('main').evaluate((main) =>
    [...main.querySelectorAll<HTMLAnchorElement>('li > a')]
      .filter((link) => {
        const chevron = link.querySelector(':scope > svg')
        return chevron !== null && getComputedStyle(chevron).display !== 'none'
      })
      .map((link) => (link.textContent ?? '').slice(0, 30)),
  )
}

/** Link rows of the screen's lists whose chevron is not beside the row's text. */
async function chevronsOutOfPlace(page: Page): Promise<string[]> {
  return page.getByRole('main').evaluate((main) => {
    const wrong: string[] = []
    for (const link of main.querySelectorAll<HTMLAnchorElement>('li > a')) {
      const chevron = link.querySelector(':scope > svg')
      const text = link.querySelector(':scope > span')
      if (!chevron || !text) continue
      const c = chevron.getBoundingClientRect()
      const t = text.getBoundingClientRect()
      const row = link.getBoundingClientRect()
      const name = (link.textContent ?? '').slice(0, 30)
      if (c.top >= t.bottom - 1) wrong.push(`${name}: chevron under the text`)
      else if (c.left < t.right - 1) wrong.push(`${name}: chevron not after the text`)
      else if (row.right - c.right > 24) wrong.push(`${name}: chevron far from the row's end`)
    }
    return wrong
  })
}

for (const [screen, path, ready] of [
  ['the pendencies index', '/tasks/T-4830/validation', 'Pendências'],
  ['the pendencies list', '/tasks/validations', 'Pendências de validação'],
  ['the tasks', '/tasks', 'Tarefas'],
  ['the account', '/account', 'Conta'],
] as const) {
  test(`on ${screen}, each row's chevron stays at its end, beside the text`, async ({ page }) => {
    await page.goto(path)
    await expect(page.getByRole('heading', { level: 1, name: ready })).toBeVisible()
    await expect(page.getByRole('main').locator('li > a').first()).toBeVisible()
    expect(await chevronsOutOfPlace(page)).toEqual([])

    // Text at 200 % on this 360 px phone (11.25 em of screen, under 18 em): the chevron gives its
    // room to the words (components/list.module.css, decision 0021) — none is shown.
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 26 } })
    expect(await chevronsShown(page)).toEqual([])
  })
}
