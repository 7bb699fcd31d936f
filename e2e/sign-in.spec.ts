import type { Locator } from '@playwright/test'
import { expect, test } from './support/test'
import { DEMO_PHONE_DIGITS, lastSignInCode, resetBackend } from './support/fake-backend'

test.beforeEach(async ({ request }) => {
  await resetBackend(request)
})

test('an agent signs in with the code sent by SMS and lands on the opportunities', async ({
  page,
  request,
}) => {
  const errors: string[] = []
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()))
  await page.goto('/')
  await expect(page).toHaveURL(/\/login$/)
  await expect(page.getByRole('heading', { name: 'Entrar' })).toBeVisible()

  await page.getByLabel('Celular com DDD').fill(DEMO_PHONE_DIGITS)
  await expect(page.getByLabel('Celular com DDD')).toHaveValue('+55 (11) 98765-4321')
  await page.getByRole('button', { name: 'Receber código' }).click()

  await expect(page.getByRole('heading', { name: 'Código enviado' })).toBeVisible()
  await expect(page.getByText('Enviamos um código para')).toContainText('+55 (11) 98765-4321')
  await expect(page.getByRole('button', { name: /Reenviar código em \d+ s/ })).toBeDisabled()

  await page.getByRole('button', { name: 'Digitar o código' }).click()
  const code = await lastSignInCode(request)
  await page.getByLabel('Código').fill(code)
  await page.getByRole('button', { name: 'Entrar' }).click()

  await expect(page).toHaveURL(/\/oppy$/)
  await expect(page.getByRole('heading', { name: 'Oportunidades' })).toBeVisible()
  const nav = page.getByRole('navigation', { name: 'Navegação principal' })
  await expect(nav.getByRole('link')).toHaveCount(5)
  await expect(nav.getByRole('link', { name: /Oportunidades/ })).toContainText('5')
  await expect(page.getByRole('listitem').filter({ hasText: 'R$' }).first()).toBeVisible()
  expect(errors).toEqual([])
})

test('a wrong code says so and keeps what was typed', async ({ page }) => {
  await page.goto('/login')
  await page.getByLabel('Celular com DDD').fill(DEMO_PHONE_DIGITS)
  await page.getByRole('button', { name: 'Receber código' }).click()
  await page.getByRole('button', { name: 'Digitar o código' }).click()
  await page.getByLabel('Código').fill('000000')
  await page.getByRole('button', { name: 'Entrar' }).click()
  await expect(page.getByRole('alert')).toContainText(/Código incorreto\. Restam 4 tentativas/)
  await expect(page.getByLabel('Código')).toHaveValue('000000')
})

test('the code is typed spaced out, and its label and message read as words', async ({ page }) => {
  await page.goto('/login')
  await page.getByLabel('Celular com DDD').fill(DEMO_PHONE_DIGITS)
  await page.getByRole('button', { name: 'Receber código' }).click()
  await page.getByRole('button', { name: 'Digitar o código' }).click()
  const code = page.getByLabel('Código')
  await code.fill('12')
  await page.getByRole('button', { name: 'Entrar' }).click()
  await expect(code).toHaveAttribute('aria-invalid', 'true')
  const spacing = (l: Locator) => l.evaluate((el) => getComputedStyle(el).letterSpacing)
  expect(await spacing(code)).not.toBe('normal')
  // The field's label and its message: every text of it but the code.
  const texts = page
    .locator('label', { hasText: /^Código$/ })
    .locator('xpath=..')
    .locator('label, span')
  await expect(texts).not.toHaveCount(0)
  for (const text of await texts.all())
    expect(await spacing(text), await text.innerText()).toBe('normal')
})

test('an invalid phone gets a pt-BR message next to the field', async ({ page }) => {
  await page.goto('/login')
  await page.getByLabel('Celular com DDD').fill('1234')
  await page.getByRole('button', { name: 'Receber código' }).click()
  await expect(page.getByLabel('Celular com DDD')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByRole('alert')).toContainText('Informe um celular válido com DDD')
  await expect(page.getByLabel('Celular com DDD')).toHaveValue('+55 (12) 34')
})

test('the fake API answers GET /api/tasks/mine with the demo token', async ({ request }) => {
  const res = await request.get('/api/tasks/mine', {
    headers: { Authorization: 'Bearer demo-token' },
  })
  expect(res.status()).toBe(200)
  const body = (await res.json()) as { items: Array<{ slug: string }>; total: number }
  expect(body.total).toBeGreaterThan(0)
  expect(body.items[0]?.slug).toMatch(/^T-\d+$/)
})

test('an unknown route shows the not-found page', async ({ page }) => {
  await page.goto('/nao-existe')
  await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible()
})
