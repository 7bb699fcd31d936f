import { readFileSync } from 'node:fs'
import { expect, test } from './support/test'
import type { ChunkReport } from '../scripts/check-bundle'

const chunks = JSON.parse(
  readFileSync(new URL('../dist/bundle-modules.json', import.meta.url), 'utf8'),
) as ChunkReport[]
const previewOnlyFiles = chunks
  .filter((c) =>
    c.modules.some(
      (m) => /node_modules\/(msw|@msw\/data|@faker-js\/faker)\//.test(m) || m.includes('/mocks/'),
    ),
  )
  .map((c) => c.fileName)

test('/preview starts the fake backend in the browser, signs the demo agent in and opens the offers', async ({
  page,
}) => {
  const apiRequests: string[] = []
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname
    if (path.startsWith('/api/')) apiRequests.push(path)
  })
  await page.goto('/preview?seed=77')
  await expect(page).toHaveURL(/\/preview\/oppy(\?seed=77)?$/)
  await expect(page.getByRole('region', { name: 'Modo demonstração' })).toContainText('semente 77')
  await expect(page.getByRole('heading', { name: 'Oportunidades' })).toBeVisible()
  await expect(page.getByRole('listitem').filter({ hasText: 'R$' }).first()).toBeVisible()
  // Everything was answered inside the browser: nothing went to the real API.
  expect(apiRequests).toEqual([])
})

test('the agent app at / downloads no preview chunk', async ({ page }) => {
  expect(previewOnlyFiles.length).toBeGreaterThan(0)
  const scripts: string[] = []
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname.slice(1))
  })
  await page.goto('/login')
  await expect(page.getByRole('heading', { name: 'Entrar' })).toBeVisible()
  expect(scripts.length).toBeGreaterThan(0)
  expect(scripts.filter((s) => previewOnlyFiles.includes(s))).toEqual([])
})
