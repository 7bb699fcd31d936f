import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { DATABASES } from '../../src/lib/storage-keys'
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

/**
 * Deletes the agent's answers kept on the phone (src/lib/query-persistence.ts), as on a first
 * start: the next load asks the server for everything. The page must be on the app's origin.
 */
export async function forgetKeptAnswers(page: Page) {
  await page.evaluate(async (prefix) => {
    for (const { name } of await indexedDB.databases())
      if (name?.startsWith(prefix))
        await new Promise((resolve) => {
          const request = indexedDB.deleteDatabase(name)
          request.onsuccess = request.onerror = request.onblocked = resolve
        })
  }, DATABASES.queryCache(''))
}
