/**
 * Moving between screens on a phone: a new screen opens at its top, and back returns to where
 * the agent was on the screen before (docs/product/routes.md "Scroll").
 */
import type { Page } from '@playwright/test'
import { expect, test } from './support/test'
import { resetBackend } from './support/fake-backend'
import { signIn } from './support/sign-in'

test.beforeEach(async ({ request }) => {
  await resetBackend(request)
})

const scrollY = (page: Page) => page.evaluate(() => window.scrollY)

test('a new screen opens at its top; back restores where the agent was', async ({
  page,
  request,
}) => {
  await signIn(page, request)
  const nav = page.getByRole('navigation', { name: 'Navegação principal' })

  // From far down the account menu, its wallet opens at its top (the alerts above its title
  // in view, not under the demo bar) with focus on the new screen's heading. In the demo the
  // data is there at once, so no short loading state resets the scroll by chance.
  await page.goto('/preview/account')
  await expect(page.getByRole('heading', { level: 1, name: 'Conta' })).toBeVisible()
  await page.mouse.wheel(0, 3000)
  await expect.poll(() => scrollY(page)).toBeGreaterThan(300)
  const wallet = page.getByRole('main').getByRole('link', { name: /^Carteira/ })
  await wallet.scrollIntoViewIfNeeded()
  await wallet.click()
  await expect(page.getByRole('heading', { level: 1, name: 'Carteira' })).toBeFocused()
  await expect.poll(() => scrollY(page)).toBe(0)

  // In the agent app: a task opened from far down the list opens at its top; back returns
  // to that place.
  await page.goto('/oppy')
  await nav.getByRole('link', { name: 'Tarefas' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Tarefas' })).toBeVisible()
  await page.mouse.wheel(0, 3000)
  const last = page.getByRole('region', { name: /^Reprovadas/ }).getByRole('link')
  await last.scrollIntoViewIfNeeded()
  await expect.poll(() => scrollY(page)).toBeGreaterThan(500)
  const before = await scrollY(page)
  await last.click()
  await expect(page).toHaveURL(/\/tasks\/T-\d+$/)
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
  await expect.poll(() => scrollY(page)).toBe(0)
  await page.goBack()
  await expect(page.getByRole('heading', { level: 1, name: 'Tarefas' })).toBeVisible()
  await expect.poll(() => scrollY(page)).toBe(before)
})
