/**
 * Below the floor (docs/decisions/0020-the-browser-floor.md): every document first runs an
 * inline browser check (src/app/floor-check.js). A browser that lacks what the app's code
 * needs gets a plain pt-BR page saying what to update, never a blank page or a skeleton
 * forever; so does one whose check passed but that cannot parse a file of the start.
 *
 * What this cannot show: a real iPhone on iOS 15.2 or an old Chrome. The Chromium here has
 * every feature, so each test takes one away before the page's scripts run (an init script),
 * or serves a file of the start that no browser parses; the user agent says which phone the
 * page should talk to.
 */
import type { Page } from '@playwright/test'
import { expect, test } from './support/test'
import { resetBackend } from './support/fake-backend'

test.beforeEach(async ({ request }) => {
  await resetBackend(request)
})

const IPHONE_IOS_15_2 =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 15_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/15.2 Mobile/15E148 Safari/604.1'
const CHROME_90_ANDROID =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/90.0.4430.210 Mobile Safari/537.36'
const SAMSUNG_16 =
  'Mozilla/5.0 (Linux; Android 11; SAMSUNG SM-A125F) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/16.0 Chrome/92.0.4515.166 Mobile Safari/537.36'

const HEADING = 'Atualize o navegador para abrir o Avaliador'

/**
 * Opens `path` in a browser below the floor: the check stops the document's loading (no module
 * is parsed), so no load event comes.
 */
async function openBelowTheFloor(page: Page, path: string) {
  await page.goto(path, { waitUntil: 'commit' })
}

/** The page's whole text says this browser cannot start the app, and nothing of the app is left. */
async function expectBelowFloorPage(page: Page, advice: string) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(HEADING)
  await expect(page.getByText(advice)).toBeVisible()
  await expect(page.getByText(/O Avaliador funciona no iPhone com iOS 15\.4/)).toBeVisible()
  await expect(page.getByRole('link', { name: 'Abrir de novo depois de atualizar' })).toBeVisible()
  await expect(page).toHaveTitle('Atualize o navegador · Avaliador')
  // No skeleton, no navigation, no screen of the app under or over it.
  await expect(page.locator('#root')).toHaveCount(0)
  await expect(page.getByRole('navigation')).toHaveCount(0)
  await expect(page.locator('main')).toHaveCount(1)
}

/** Requests to the API: the app's start makes some at once (the agent, the screen's data). */
function apiRequests(page: Page): string[] {
  const seen: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) seen.push(request.url())
  })
  return seen
}

test.describe('an iPhone that did not update to iOS 15.4', () => {
  test.use({ userAgent: IPHONE_IOS_15_2 })

  test('is told to update iOS, and no module of the app runs', async ({ page }) => {
    await page.addInitScript(() => {
      // iOS 15.4 brought structuredClone (with Array.prototype.at and <dialog>).
      delete (window as { structuredClone?: unknown }).structuredClone
    })
    const api = apiRequests(page)
    await openBelowTheFloor(page, '/login')
    await expectBelowFloorPage(
      page,
      'Atualize o iOS para 15.4 ou mais recente: Ajustes › Geral › Atualização de Software.',
    )
    // The start's first file sets zod's config: it never ran, nor did any request go out.
    expect(await page.evaluate(() => '__zod_globalConfig' in globalThis)).toBe(false)
    expect(api).toEqual([])
  })
})

test.describe('an old Chrome on Android, on a signed-in route (its shell document)', () => {
  test.use({ userAgent: CHROME_90_ANDROID })

  test('is told to update Chrome to 100', async ({ page }) => {
    await page.addInitScript(() => {
      delete (Object as { hasOwn?: unknown }).hasOwn
    })
    await openBelowTheFloor(page, '/oppy')
    await expectBelowFloorPage(
      page,
      'Atualize o Google Chrome para a versão 100 ou mais recente: na Play Store, procure Chrome e toque em Atualizar.',
    )
  })
})

test.describe('an old Samsung Internet, on the visit (the bare document)', () => {
  test.use({ userAgent: SAMSUNG_16 })

  test('is told to update Samsung Internet to 18', async ({ page }) => {
    await page.addInitScript(() => {
      delete (window as { structuredClone?: unknown }).structuredClone
    })
    await openBelowTheFloor(page, '/tasks/T-4826/checkin')
    await expectBelowFloorPage(
      page,
      'Atualize o Samsung Internet para a versão 18 ou mais recente, na Galaxy Store ou na Play Store.',
    )
  })
})

// Each thing the check tests, taken away alone: the check is not fooled by the others.
const MISSING: Array<[what: string, remove: () => void]> = [
  [
    'ES modules',
    () => {
      delete (HTMLScriptElement.prototype as { noModule?: unknown }).noModule
    },
  ],
  [
    'Array.prototype.at',
    () => {
      delete (Array.prototype as { at?: unknown }).at
    },
  ],
  [
    'Object.hasOwn',
    () => {
      delete (Object as { hasOwn?: unknown }).hasOwn
    },
  ],
  [
    'structuredClone',
    () => {
      delete (window as { structuredClone?: unknown }).structuredClone
    },
  ],
  [
    '<dialog> with showModal',
    () => {
      delete (HTMLDialogElement.prototype as { showModal?: unknown }).showModal
    },
  ],
  [
    "the regular expressions' named groups, property escapes and s flag",
    () => {
      const NativeRegExp = RegExp
      window.RegExp = function (pattern: string, flags?: string) {
        if (flags?.includes('s')) throw new SyntaxError('Invalid regular expression flags')
        return new NativeRegExp(pattern, flags)
      } as unknown as RegExpConstructor
    },
  ],
]

for (const [what, remove] of MISSING)
  test(`a browser without ${what} gets the page`, async ({ page }) => {
    await page.addInitScript(remove)
    await openBelowTheFloor(page, '/login')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HEADING)
    await expect(page.getByRole('heading', { name: 'Entrar' })).toHaveCount(0)
  })

test.describe('a browser that passes the check but cannot parse a file of the start', () => {
  const unparsable = { contentType: 'text/javascript', body: 'export const x = ;\n' }

  test('on a prerendered page, the boot says so', async ({ page }) => {
    await page.route(/\/assets\/early-start-[\w-]+\.js$/, (route) => route.fulfill(unparsable))
    await page.goto('/login')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HEADING)
    await expect(page.locator('#root')).toHaveCount(0)
  })

  test('on the bare document (the visit, the demo), the entry’s error says so', async ({
    page,
  }) => {
    await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.fulfill(unparsable))
    await page.goto('/tasks/T-4826/checkin')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(HEADING)
    await expect(page.locator('#root')).toHaveCount(0)
  })
})

test('a browser on the floor starts the app, and an error once it runs is the app’s', async ({
  page,
}) => {
  await page.goto('/login')
  await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible()
  await expect(page.getByLabel('Celular com DDD')).toBeEditable()
  await expect(page.getByRole('heading', { name: HEADING })).toHaveCount(0)
  // The prerendered page shows before the entry runs: wait for the entry's own work (it
  // registers the service worker after the first screen), so main.tsx has told the check.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
  // The entry has run (main.tsx told the check): a SyntaxError from a file of the app now is
  // the app's to handle, not a browser below the floor.
  await page.evaluate(() => {
    window.dispatchEvent(
      new ErrorEvent('error', {
        message: 'Uncaught SyntaxError: Unexpected end of JSON input',
        filename: `${location.origin}/assets/early-start.js`,
        error: new SyntaxError('Unexpected end of JSON input'),
      }),
    )
  })
  await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible()
  await expect(page.getByRole('heading', { name: HEADING })).toHaveCount(0)
  expect(await page.evaluate(() => document.documentElement.hasAttribute('data-below-floor'))).toBe(
    false,
  )
})
