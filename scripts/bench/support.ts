/** Shared helpers of the benchmark scripts: the built app served locally, Chromium, stats. */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import { chromium, type Browser, type Page } from '@playwright/test'
import { DATABASES } from '../../src/lib/storage-keys'
import { CHROMIUM_ARGS, findChromium } from '../find-chromium'

export const ROOT = fileURLToPath(new URL('../../', import.meta.url))

export function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      )
    })
  })
}

/** Serves dist/ with the fake backend (no latency) on a free port; stop() ends it. */
export async function serveBuiltApp(
  extraArgs: string[] = [],
): Promise<{ url: string; stop: () => void; child: ChildProcess }> {
  if (!existsSync(`${ROOT}dist/index.html`))
    throw new Error('dist/ is missing: run `npm run build` first.')
  const port = await freePort()
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/serve.ts', '--port', String(port), '--latency', '0', ...extraArgs],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  const url = `http://127.0.0.1:${port}`
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok)
        return { url, child, stop: () => child.kill('SIGTERM') }
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  child.kill('SIGTERM')
  throw new Error('the app server did not start')
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS })
}

export function row(cells: Array<string | number>) {
  return `| ${cells.join(' | ')} |`
}

/** Signs the demo agent in through the real screens (phone, code from the fake backend). */
export async function signInThroughScreens(page: Page, baseUrl: string) {
  await page.goto(`${baseUrl}/login`)
  await page.getByLabel('Celular com DDD').fill('11987654321')
  await page.getByRole('button', { name: 'Receber código' }).click()
  await page.getByRole('button', { name: 'Digitar o código' }).click()
  const otp = (await (
    await fetch(`${baseUrl}/api/__fake/otp?phone=${encodeURIComponent('+5511987654321')}`)
  ).json()) as { code: string }
  await page.getByLabel('Código').fill(otp.code)
  await page.getByRole('button', { name: 'Entrar' }).click()
  await page.getByRole('heading', { name: 'Oportunidades' }).waitFor()
}

/**
 * Back to a first visit, session kept: no service worker, no Cache Storage, no HTTP cache,
 * no answers kept on the phone (the query cache's database).
 */
export async function forgetEverythingButTheSession(page: Page) {
  await page.evaluate(async (queryCachePrefix) => {
    for (const registration of await navigator.serviceWorker.getRegistrations())
      await registration.unregister()
    for (const key of await caches.keys()) await caches.delete(key)
    for (const { name } of await indexedDB.databases())
      if (name?.startsWith(queryCachePrefix))
        await new Promise((resolve) => {
          const request = indexedDB.deleteDatabase(name)
          request.onsuccess = request.onerror = request.onblocked = resolve
        })
  }, DATABASES.queryCache(''))
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.clearBrowserCache')
  await cdp.detach()
}

/**
 * Resolves once the answers kept on the phone (src/lib/query-persistence.ts) hold the offers
 * list: a reopen measured before that would measure a phone that never kept them.
 */
export async function waitForKeptOffers(page: Page) {
  await page.waitForFunction(
    async ({ queryCachePrefix, store, record }) => {
      for (const { name } of await indexedDB.databases()) {
        if (!name?.startsWith(queryCachePrefix)) continue
        const kept = await new Promise<unknown>((resolve) => {
          const open = indexedDB.open(name)
          open.onerror = () => resolve(undefined)
          open.onsuccess = () => {
            try {
              const get = open.result.transaction(store).objectStore(store).get(record)
              get.onsuccess = () => resolve(get.result)
              get.onerror = () => resolve(undefined)
            } catch {
              resolve(undefined)
            } finally {
              open.result.close()
            }
          }
        })
        const queries =
          (kept as { clientState?: { queries?: Array<{ queryKey: unknown[] }> } } | undefined)
            ?.clientState?.queries ?? []
        if (queries.some((q) => q.queryKey[0] === 'opportunities' && q.queryKey[1] === 'list'))
          return true
      }
      return false
    },
    {
      queryCachePrefix: DATABASES.queryCache(''),
      store: DATABASES.queryCacheStore,
      record: DATABASES.queryCacheRecord,
    },
    { polling: 100, timeout: 10_000 },
  )
}

/** A task of the demo agent's that is under way (its slug's page): `/tasks/<slug>`. */
export async function firstTaskPath(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/tasks/mine?status=started`, {
    headers: { Authorization: 'Bearer demo-token' },
  })
  const page = (await response.json()) as { items: Array<{ slug: string }> }
  const slug = page.items[0]?.slug
  if (!slug) throw new Error('The fake backend has no started task to open.')
  return `/tasks/${slug}`
}
