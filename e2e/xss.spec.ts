/**
 * Server texts are shown as text (issue #8): a corpus of hostile strings (e2e/support/
 * xss-corpus.ts) goes through the fake backend into notification titles, bodies and links,
 * bulletins, validator pendencies and a rejection reason; every screen that shows them is
 * opened in Chromium. Nothing may run (no `window.__xss`, no dialog), nothing may load (no
 * request to a payload URL, no CSP violation — checked by the fixture of ./support/test),
 * no element or script-bearing link may appear, and each text must be on screen exactly as
 * written.
 */
import type { APIRequestContext, Page } from '@playwright/test'
import type { Notification, Task } from '../src/api/entities'
import { resetBackend } from './support/fake-backend'
import { signIn } from './support/sign-in'
import { expect, test } from './support/test'
import { apiGet, control, sessionToken } from './support/visit'
import {
  isPayloadRequest,
  XSS_CANARY,
  XSS_LINKS,
  XSS_LONG,
  XSS_PAYLOADS,
} from './support/xss-corpus'

test.beforeEach(async ({ request }) => {
  await resetBackend(request)
})

type Attempts = { fired: string[]; dialogs: string[]; requests: string[] }

declare global {
  interface Window {
    __xssFired?: (what: string) => void
  }
}

/** Records anything a payload could do, across every page load of the test. */
async function watchForExecution(page: Page): Promise<Attempts> {
  const attempts: Attempts = { fired: [], dialogs: [], requests: [] }
  await page.context().exposeBinding('__xssFired', (_source, what: string) => {
    attempts.fired.push(what)
  })
  await page.addInitScript((canary: string) => {
    Object.defineProperty(window, canary, {
      configurable: true,
      get: () => undefined,
      set: (value: unknown) => window.__xssFired?.(String(value)),
    })
  }, XSS_CANARY)
  page.on('dialog', (dialog) => {
    attempts.dialogs.push(`${dialog.type()}: ${dialog.message()}`)
    void dialog.dismiss()
  })
  page.on('request', (request) => {
    if (isPayloadRequest(request.url())) attempts.requests.push(request.url())
  })
  return attempts
}

const flat = (text: string) => text.replace(/\s+/g, ' ').trim()

/**
 * The screen shows each text literally, and carries nothing a payload could have made: no
 * element with an inline handler, no frame, object or <base>, no script but the app's, no
 * link to a script or data URL.
 */
async function expectShownAsText(page: Page, where: string, texts: readonly string[]) {
  const screen = await page.evaluate(async () => {
    // The served document's own inline script (its browser check, allowed by its CSP hash) is
    // the only inline one: anything else inline was made from data.
    const served = await (await fetch(location.href)).text()
    const own = new Set(
      [
        ...new DOMParser()
          .parseFromString(served, 'text/html')
          .querySelectorAll('script:not([src])'),
      ].map((s) => s.textContent),
    )
    return {
      text: document.body.innerText,
      injected: [
        ...document.querySelectorAll('iframe, object, embed, base, meta[http-equiv]'),
        // The prerendered document's critical CSS (head, allowed by its hash) is the only style.
        ...[...document.querySelectorAll('style')].filter(
          (s) => s !== document.head.querySelector(':scope > style'),
        ),
        ...[...document.querySelectorAll('script')].filter((s) =>
          s.src ? new URL(s.src).origin !== location.origin : !own.has(s.textContent),
        ),
        ...[...document.querySelectorAll('*')].filter((el) =>
          [...el.attributes].some((a) => a.name.toLowerCase().startsWith('on')),
        ),
        ...[...document.querySelectorAll('a[href]')].filter(
          (a) =>
            !['http:', 'https:', 'tel:', 'mailto:'].includes((a as HTMLAnchorElement).protocol),
        ),
      ].map((el) => el.outerHTML.slice(0, 120)),
    }
  })
  expect(screen.injected, `${where}: elements made from data`).toEqual([])
  const shown = flat(screen.text)
  const missing = texts.filter((t) => !shown.includes(flat(t)))
  expect(missing, `${where}: texts not shown literally`).toEqual([])
}

function expectNothingRan(attempts: Attempts) {
  expect(attempts).toEqual({ fired: [], dialogs: [], requests: [] })
}

async function allNotifications(request: APIRequestContext, token: string) {
  return (await apiGet<{ items: Notification[] }>(request, token, '/notifications/mine?limit=100'))
    .items
}

test('notification titles, bodies and links, and bulletins, render as text', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  const attempts = await watchForExecution(page)
  const seeded = [...XSS_PAYLOADS, XSS_LONG]
  for (const [i, text] of seeded.entries()) {
    await control(request, 'notifications', {
      title: text === XSS_LONG ? 'Texto longo' : text,
      body: `Corpo ${i}: ${text}`,
      link: XSS_LINKS[i % XSS_LINKS.length],
    })
    await control(request, 'bulletins', {
      title: text === XSS_LONG ? `Comunicado longo ${i}` : text,
      body: `Comunicado ${i}: ${text}`,
    })
  }

  await signIn(page, request)
  const token = await sessionToken(page)
  const hostile = (await allNotifications(request, token)).filter((n) =>
    n.body.startsWith('Corpo '),
  )
  expect(hostile).toHaveLength(seeded.length)

  // The list: every title, newest first, loading more pages if there are any.
  await page.goto('/notifs')
  await expect(page.getByRole('heading', { level: 1, name: 'Notificações' })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Suas notificações' })).toBeVisible()
  const more = page.getByRole('button', { name: 'Carregar mais' })
  while (await more.isVisible()) {
    await more.click()
    await expect(more).not.toHaveAttribute('aria-busy', 'true')
  }
  await expectShownAsText(
    page,
    '/notifs',
    hostile.map((n) => n.title),
  )
  expectNothingRan(attempts)

  // Each one opened: title, whole body, and no "Abrir" for a link that is not the app's or https.
  for (const n of hostile) {
    await page.goto(`/notifs/${encodeURIComponent(n.slug)}/read`)
    await expect(page.getByRole('article')).toBeVisible()
    await expectShownAsText(page, `/notifs/${n.slug}/read`, [n.title, n.body])
    await expect(page.getByRole('link', { name: 'Abrir' })).toHaveCount(0)
  }
  expectNothingRan(attempts)

  // Bulletins: every title, and every body once opened.
  await page.goto('/notes')
  await expect(page.getByRole('heading', { level: 1, name: 'Comunicados' })).toBeVisible()
  const toggles = page.getByRole('list', { name: 'Comunicados' }).getByRole('button')
  // Ours and the seed's, once the list has loaded.
  await expect.poll(() => toggles.count()).toBeGreaterThan(seeded.length)
  const count = await toggles.count()
  for (let i = 0; i < count; i++) {
    const toggle = toggles.nth(i)
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click()
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  }
  await expectShownAsText(page, '/notes', [
    ...XSS_PAYLOADS,
    ...seeded.map((text, i) => `Comunicado ${i}: ${text}`),
  ])
  expectNothingRan(attempts)
})

async function validatingTask(page: Page, request: APIRequestContext): Promise<Task> {
  const token = await sessionToken(page)
  const tasks = await apiGet<{ items: Task[] }>(request, token, '/tasks/mine?status=validating')
  const task = tasks.items[0]
  if (!task) throw new Error('The seed has no task in validation')
  return task
}

test('validator pendencies render as text on every screen that shows them', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  const attempts = await watchForExecution(page)
  await signIn(page, request)
  const task = await validatingTask(page, request)
  const messages = [...XSS_PAYLOADS, XSS_LONG]
  await control(request, `validator/${task.id}/contest`, {
    pendencies: messages.map((message) => ({ section: 'evidences', message })),
  })

  await page.goto('/tasks/validations')
  await expect(
    page.getByRole('heading', { level: 1, name: 'Pendências de validação' }),
  ).toBeVisible()
  // The list names the task (its title and place), not the pendencies.
  await expect(page.locator(`a[href="/tasks/${task.slug}/validation"]`)).toBeVisible()
  await expectShownAsText(page, '/tasks/validations', [])

  await page.goto(`/tasks/${task.slug}/validation`)
  await expect(page.getByRole('navigation', { name: 'Partes com pendências' })).toBeVisible()
  await expectShownAsText(page, `/tasks/${task.slug}/validation`, messages)

  await page.goto(`/tasks/${task.slug}/validation/evidences`)
  await expect(page.getByRole('region', { name: 'Pendência 1', exact: true })).toBeVisible()
  await expect(page.getByRole('region', { name: /^Pendência \d+/ })).toHaveCount(messages.length)
  await expectShownAsText(page, `/tasks/${task.slug}/validation/evidences`, messages)
  expectNothingRan(attempts)
})

test('a rejection reason renders as text on the task, its status and its notification', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000)
  const attempts = await watchForExecution(page)
  await signIn(page, request)
  const task = await validatingTask(page, request)
  const reason = [...XSS_PAYLOADS, XSS_LONG].join('\n')
  await control(request, `validator/${task.id}/reject`, { reason })

  await page.goto(`/tasks/${task.slug}`)
  await expect(page.getByText('Reprovada').first()).toBeVisible()
  await expectShownAsText(page, `/tasks/${task.slug}`, [...XSS_PAYLOADS, XSS_LONG])

  await page.goto(`/tasks/${task.slug}/status`)
  await expect(page.getByRole('region', { name: 'Situação atual' })).toContainText('Reprovada')
  await expectShownAsText(page, `/tasks/${task.slug}/status`, [...XSS_PAYLOADS, XSS_LONG])

  const token = await sessionToken(page)
  const notice = (await allNotifications(request, token)).find((n) =>
    n.link?.startsWith(`/tasks/${task.slug}/status`),
  )
  expect(notice?.body).toContain(XSS_PAYLOADS[0])
  await page.goto(`/notifs/${encodeURIComponent(notice!.slug)}/read`)
  await expect(page.getByRole('article')).toBeVisible()
  await expectShownAsText(page, 'rejection notification', [...XSS_PAYLOADS, XSS_LONG])
  expectNothingRan(attempts)
})
