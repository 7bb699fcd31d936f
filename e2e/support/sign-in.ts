import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { DEMO_PHONE_DIGITS, lastSignInCode } from './fake-backend'

/**
 * Signs the demo agent in through the real screens and waits for the offers. `origin` is for
 * pages without a baseURL (the crash tests' CDP-connected browser).
 */
export async function signIn(page: Page, request: APIRequestContext, origin = '') {
  await page.goto(`${origin}/login`)
  await page.getByLabel('Celular com DDD').fill(DEMO_PHONE_DIGITS)
  await page.getByRole('button', { name: 'Receber código' }).click()
  await page.getByRole('button', { name: 'Digitar o código' }).click()
  await page.getByLabel('Código').fill(await lastSignInCode(request))
  await page.getByRole('button', { name: 'Entrar' }).click()
  await expect(page.getByRole('heading', { name: 'Oportunidades' })).toBeVisible()
}
