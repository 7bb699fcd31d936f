/**
 * A phone with a saved profile whose every request — the service worker's too — goes through
 * a link the test controls (support/link.ts: slowed, cut, dropped, counted). The bad-day specs
 * open one or more per test:
 *
 *   const phones = linkedPhones()
 *   test.afterEach(() => phones.closeAll())
 *   const phone = await phones.open(baseURL)
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { launchAppContext, workerControls, type AppContext } from './app-context'
import { startLink, type Link } from './link'
import { signIn } from './sign-in'
import { checkInAtShop, sessionToken, taskWithoutCheckin } from './visit'

export type Phone = { link: Link; app: AppContext; page: Page }

/** The phones a spec's tests open; `initScript` runs on every document of each (as its own). */
export function linkedPhones(options: { initScript?: () => void } = {}) {
  let phones: Phone[] = []
  return {
    async open(baseURL: string | undefined): Promise<Phone> {
      const link = await startLink(baseURL!)
      const app = await launchAppContext(link.origin, {
        permissions: ['notifications', 'background-sync', 'geolocation'],
      })
      if (options.initScript) await app.context.addInitScript(options.initScript)
      const phone = { link, app, page: await app.newPage() }
      phones.push(phone)
      return phone
    },
    /** Closes every phone the test opened, and its link. */
    async closeAll() {
      for (const { app, link } of phones) {
        await app.close()
        await link.close()
      }
      phones = []
    },
  }
}

/** No connection at all: the phone says so (the page's `offline`) and the link is down. */
export async function goOffline({ app, link, page }: Phone) {
  link.cut()
  await app.context.setOffline(true)
  await expect(page.getByText('Sem conexão — tudo fica salvo neste aparelho')).toBeVisible()
}

export async function goOnline({ app, link }: Phone) {
  link.restore()
  await app.context.setOffline(false)
}

/** Signed in, the worker in control, checked in at a started task's shop. */
export async function onAVisit(phone: Phone, request: APIRequestContext) {
  await signIn(phone.page, request)
  await workerControls(phone.page)
  const token = await sessionToken(phone.page)
  const task = await taskWithoutCheckin(request, token)
  await checkInAtShop(phone.page, phone.app.context, task)
  return { token, task }
}
