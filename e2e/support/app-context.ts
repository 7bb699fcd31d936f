/**
 * One Chromium profile on disk for a whole spec file, with the app's service worker driven
 * through the DevTools protocol — what push and Background Sync need and Playwright's
 * default contexts cannot give: an off-the-record context has no Background Sync, and only
 * a page's CDP session speaks the `ServiceWorker` domain. An about:blank page (not the app)
 * holds that session, so "every page of the app closed" can be true while the test still
 * talks to the worker: `deliverPush` (ServiceWorker.deliverPushMessage, no push service
 * needed) and `dispatchSync` (ServiceWorker.dispatchSyncEvent).
 *
 * Every document of the app is watched for Content-Security-Policy violations, as in
 * ./test.ts: `expectNoCspViolations()` at the end of each test.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  chromium,
  expect,
  type BrowserContext,
  type CDPSession,
  type Page,
  type Worker,
} from '@playwright/test'
import { CHROMIUM_ARGS, findChromium } from '../../scripts/find-chromium'
import { BUILT_APP_POLICY } from './test'

export type AppContext = {
  context: BrowserContext
  origin: string
  /** A new page of the app (closed with the others by `closeAppPages`). */
  newPage(): Promise<Page>
  /** Closes every page but the about:blank one that holds the CDP session. */
  closeAppPages(): Promise<void>
  /** Hands `data` to the worker as a push message's payload (its text). */
  deliverPush(data: string): Promise<void>
  /**
   * Hands each payload to the worker and waits until it has shown `shows` notifications for
   * them. Reading notifications while one is still being shown is what a test must not do:
   * Chromium's getNotifications() then drops the one in flight from its list.
   */
  deliverPushes(payloads: string[], shows: number): Promise<void>
  /** Fires a Background Sync event with `tag` in the worker. */
  dispatchSync(tag: string): Promise<void>
  /** The running service worker (woken by a push if it was stopped). */
  worker(): Promise<Worker>
  expectNoCspViolations(): void
  close(): Promise<void>
}

type Registration = { registrationId: string; scopeURL: string; isDeleted: boolean }

export async function launchAppContext(
  baseURL: string,
  { permissions = ['notifications', 'background-sync'] }: { permissions?: string[] } = {},
): Promise<AppContext> {
  const origin = new URL(baseURL).origin
  const profile = mkdtempSync(join(tmpdir(), 'avaliador-sw-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: findChromium(),
    args: CHROMIUM_ARGS,
    baseURL,
    viewport: { width: 360, height: 740 },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  })
  await context.grantPermissions(permissions, { origin })

  const violations: string[] = []
  await context.exposeBinding('__reportCspViolation', ({ page }, text: string) => {
    violations.push(`${page?.url() ?? '?'}: ${text}`)
  })
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      ;(window as unknown as { __reportCspViolation(text: string): void }).__reportCspViolation(
        `${event.effectiveDirective} ${event.blockedURI}`,
      )
    })
  })
  const policy = BUILT_APP_POLICY
  context.on('page', (page) =>
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'document' || response.status() >= 300) return
      if (!response.url().startsWith(origin)) return
      if (response.headers()['content-security-policy'] !== policy)
        violations.push(`${response.url()}: served without the production CSP`)
    }),
  )

  const blank = context.pages()[0] ?? (await context.newPage())
  const cdp: CDPSession = await context.newCDPSession(blank)
  const registrations = new Map<string, Registration>()
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
    for (const r of updated as Registration[]) registrations.set(r.scopeURL, r)
  })
  await cdp.send('ServiceWorker.enable')

  async function registrationId() {
    await expect
      .poll(() => registrations.get(`${origin}/`)?.isDeleted === false, {
        message: "the app's service worker is registered",
      })
      .toBe(true)
    return registrations.get(`${origin}/`)!.registrationId
  }

  async function deliverPush(data: string) {
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId: await registrationId(),
      data,
    })
  }

  async function worker(): Promise<Worker> {
    const running = context.serviceWorkers().find((w) => w.url() === `${origin}/sw.js`)
    if (running) return running
    const started = context.waitForEvent('serviceworker')
    await cdp.send('ServiceWorker.startWorker', { scopeURL: `${origin}/` })
    return started
  }

  return {
    context,
    origin,
    deliverPush,
    worker,
    newPage: () => context.newPage(),
    async closeAppPages() {
      for (const page of context.pages()) if (page !== blank) await page.close()
    },
    async deliverPushes(payloads, shows) {
      const running = await worker()
      const before = await running.evaluate(() => {
        const scope = self as unknown as ServiceWorkerGlobalScope & { __shown?: number }
        if (scope.__shown === undefined) {
          // Counts the notifications the worker finished showing (it changes nothing else).
          scope.__shown = 0
          const show = ServiceWorkerRegistration.prototype.showNotification
          ServiceWorkerRegistration.prototype.showNotification = function (
            this: ServiceWorkerRegistration,
            ...args: Parameters<typeof show>
          ) {
            return show.apply(this, args).then(() => {
              scope.__shown! += 1
            })
          }
        }
        return scope.__shown
      })
      for (const payload of payloads) await deliverPush(payload)
      await expect
        .poll(() => running.evaluate(() => (self as unknown as { __shown: number }).__shown), {
          message: `the worker showed ${shows} notification(s)`,
        })
        .toBe(before + shows)
    },
    async dispatchSync(tag) {
      await cdp.send('ServiceWorker.dispatchSyncEvent', {
        origin,
        registrationId: await registrationId(),
        tag,
        lastChance: false,
      })
    },
    expectNoCspViolations() {
      expect(violations, 'Content-Security-Policy violations').toEqual([])
    },
    async close() {
      await context.close()
      rmSync(profile, { recursive: true, force: true })
    },
  }
}

/** The service worker has taken control of `page` (it precached the app and handles pushes). */
export async function workerControls(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
    if (!navigator.serviceWorker.controller)
      await new Promise((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
      )
  })
}

/** The notifications the app's worker shows now, as the page sees them. */
export function shownNotifications(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready
    return (await registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      icon: n.icon,
      badge: n.badge,
      lang: n.lang,
      data: n.data as unknown,
    }))
  })
}
