/** The demo's control panel (/preview): opened from its "Modo demonstração" banner. */
import { expect, type Page } from '@playwright/test'

export async function openPanel(page: Page) {
  await page
    .getByRole('region', { name: 'Modo demonstração' })
    .getByRole('button', { name: 'Painel' })
    .click()
  const panel = page.getByRole('dialog', { name: 'Painel da demonstração' })
  await expect(panel).toBeVisible()
  return panel
}
