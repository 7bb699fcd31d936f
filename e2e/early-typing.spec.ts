/**
 * Keys typed on the prerendered /login while the app starts (issue #42): the HTML field takes
 * them before React does; when the app takes the field over it must show exactly the digits
 * typed, in order and masked, with the caret where it was — and send that number.
 * (Chromium only: what an iPhone's Safari does between the keys is not shown here.)
 */
import type { Page, Request } from '@playwright/test'
import { expect, test } from './support/test'
import { resetBackend } from './support/fake-backend'

test.beforeEach(async ({ request }) => {
  await resetBackend(request)
})

const ENTRY = /\/assets\/index-[^/]+\.js$/

/** Holds the app's entry back until `release()`: the page is its HTML alone meanwhile. */
async function holdEntry(page: Page) {
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(ENTRY, async (route) => {
    await held
    await route.continue()
  })
  return release
}

/** The phone of the sign-in code request the page sends next. */
function sentPhone(page: Page) {
  return page
    .waitForRequest((r: Request) => r.method() === 'POST' && r.url().endsWith('/api/auth/code'))
    .then((r) => (r.postDataJSON() as { phone: string }).phone)
}

test('a key typed in the very task the app takes the field over stays in its place', async ({
  page,
}) => {
  // The next key arrives right after the app first writes the field (its mask starting), in
  // the same frame: as a fast thumb's would on a slow phone.
  await page.addInitScript(() => {
    const value = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!
    let done = false
    Object.defineProperty(HTMLInputElement.prototype, 'value', {
      ...value,
      set(this: HTMLInputElement, next: string) {
        value.set!.call(this, next)
        // (React clears a field's name while it writes it: the phone is told by its type.)
        if (done || this.type !== 'tel' || !next.startsWith('+55')) return
        done = true
        queueMicrotask(() => document.execCommand('insertText', false, '1'))
      },
    })
  })
  const release = await holdEntry(page)
  await page.goto('/login', { waitUntil: 'commit' })
  const phone = page.getByLabel('Celular com DDD')
  await phone.pressSequentially('1')
  release()
  await expect(phone).toHaveValue('+55 (11')
  await phone.pressSequentially('33334444')
  await expect(phone).toHaveValue('+55 (11) 3333-4444')
  const sent = sentPhone(page)
  await page.getByRole('button', { name: 'Receber código' }).click()
  expect(await sent).toBe('+551133334444')
})

test('the caret stays where the agent left it when the app takes the field over', async ({
  page,
}) => {
  const release = await holdEntry(page)
  await page.goto('/login', { waitUntil: 'commit' })
  const phone = page.getByLabel('Celular com DDD')
  // A digit forgotten: typed, then the caret taken back before "321".
  await phone.pressSequentially('1198765321')
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft')
  release()
  await expect(phone).toHaveValue('+55 (11) 98765-321')
  await page.keyboard.type('4')
  await expect(phone).toHaveValue('+55 (11) 98765-4321')
  const sent = sentPhone(page)
  await page.getByRole('button', { name: 'Receber código' }).click()
  expect(await sent).toBe('+5511987654321')
})

test('typed at full speed from the first paint on a slow phone, ten times: always the digits typed', async ({
  browser,
  baseURL,
}) => {
  // Ten fresh loads (a new profile each: nothing kept from the last) on a CPU 6× slower: the
  // budget is ten starts of a slow phone's.
  test.setTimeout(150_000)
  for (let run = 1; run <= 10; run++) {
    const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 } })
    const page = await context.newPage()
    await (await context.newCDPSession(page)).send('Emulation.setCPUThrottlingRate', { rate: 6 })
    await page.goto('/login', { waitUntil: 'commit' })
    const phone = page.getByLabel('Celular com DDD')
    await phone.click()
    await page.keyboard.type('1133334444')
    const send = page.getByRole('button', { name: 'Receber código' })
    await expect(send).toBeEnabled()
    await expect(phone, `load ${run}`).toHaveValue('+55 (11) 3333-4444')
    const sent = sentPhone(page)
    await send.click()
    expect(await sent, `load ${run}`).toBe('+551133334444')
    await expect(page.getByRole('heading', { level: 1, name: 'Código enviado' })).toBeVisible()
    await context.close()
  }
})
