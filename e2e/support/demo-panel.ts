/**
 * The demo (/preview): its control panel, opened from the "Modo demonstração" banner, and the
 * README's first step (an offer accepted), which more than one walk through the demo takes.
 */
import { expect, type Locator, type Page } from '@playwright/test'
import { typeVisitTime } from './date-time'

export async function openPanel(page: Page) {
  await page
    .getByRole('region', { name: 'Modo demonstração' })
    .getByRole('button', { name: 'Painel' })
    .click()
  const panel = page.getByRole('dialog', { name: 'Painel da demonstração' })
  await expect(panel).toBeVisible()
  return panel
}

export async function closePanel(panel: Locator) {
  await panel.getByRole('button', { name: 'Fechar' }).click()
  await expect(panel).toBeHidden()
}

/**
 * README "Demo in 5 minutes", step 1, from the demo's first screen: the first "Compra de
 * protetor solar" offer, "Aceitar", a date and time inside its window, "Aceitar e agendar".
 * Resolves on the new task's screen with its slug.
 */
export async function acceptDemoOffer(page: Page): Promise<string> {
  await expect(page.getByRole('heading', { level: 1, name: 'Oportunidades' })).toBeVisible()
  await page
    .getByRole('list', { name: 'Oportunidades disponíveis' })
    .getByRole('link', { name: /^Compra de protetor solar,/ })
    .first()
    .click()
  await page.getByRole('link', { name: 'Aceitar' }).click()
  await typeVisitTime(page, 'Data e horário da visita')
  await page.getByRole('button', { name: 'Aceitar e agendar' }).click()
  await expect(page).toHaveURL(/\/preview\/tasks\/T-\d+$/)
  return page.url().split('/').pop()!
}
