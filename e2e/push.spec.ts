/**
 * Push, end to end, in Chromium. This machine's Chromium has no push service to talk to
 * (that is Google's, on the internet), so `PushManager.subscribe` is the one browser call the
 * test stands in for: it answers a subscription whose endpoint is a push service run by the
 * test on this machine (mocks/testing/push-service.ts). Everything else is real: the app
 * registers that subscription, the fake backend (scripts/serve.ts) sends each notification
 * with `web-push` — encrypted, VAPID-signed — to that endpoint, the test decrypts it as the
 * browser would and hands the payload to the app's service worker with the DevTools
 * protocol (`ServiceWorker.deliverPushMessage`), which shows it.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { backendTest as test } from './support/test'
import { startPushService, type PushService, type TestDevice } from '../mocks/testing/push-service'
import { parsePushMessage } from '../src/domain/push-message'
import {
  launchAppContext,
  shownNotifications,
  workerControls,
  type AppContext,
} from './support/app-context'
import { resetBackend } from './support/fake-backend'
import { signIn } from './support/sign-in'

test.describe.configure({ mode: 'serial' })

let app: AppContext
let service: PushService
let page: Page
/** The browser's current (stand-in) subscription, and what was unsubscribed. */
let current: { device: TestDevice; key: string } | null = null
const unsubscribed: string[] = []

test.beforeAll(async ({ workerBaseURL: baseURL }) => {
  service = await startPushService()
  app = await launchAppContext(baseURL!)
  await app.context.exposeBinding('__fakePush', (_source, op: string, key?: string) => {
    if (op === 'subscribe') current = { device: service.device(), key: key! }
    if (op === 'unsubscribe' && current) {
      unsubscribed.push(current.device.endpoint)
      current = null
      return true
    }
    return current
      ? { endpoint: current.device.endpoint, keys: current.device.keys, key: current.key }
      : null
  })
  await app.context.addInitScript(() => {
    if (!('PushManager' in window)) return
    type Json = { endpoint: string; keys: { p256dh: string; auth: string }; key: string }
    const call = (op: string, key?: string) =>
      (
        window as unknown as { __fakePush(op: string, key?: string): Promise<Json | null> }
      ).__fakePush(op, key)
    const toBase64Url = (buffer: ArrayBuffer) =>
      btoa(String.fromCharCode(...new Uint8Array(buffer)))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '')
    const fromBase64Url = (text: string) => {
      const base64 = text.replace(/-/g, '+').replace(/_/g, '/')
      const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4))
      return Uint8Array.from(binary, (c) => c.charCodeAt(0)).buffer
    }
    const wrap = (json: Json | null) =>
      json && {
        endpoint: json.endpoint,
        expirationTime: null,
        options: { applicationServerKey: fromBase64Url(json.key), userVisibleOnly: true },
        toJSON: () => ({ endpoint: json.endpoint, expirationTime: null, keys: json.keys }),
        unsubscribe: async () => Boolean(await call('unsubscribe')),
        getKey: () => null,
      }
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const key = options?.applicationServerKey
      const text =
        typeof key === 'string'
          ? key
          : key instanceof ArrayBuffer
            ? toBase64Url(key)
            : toBase64Url(
                (key as ArrayBufferView).buffer.slice(
                  (key as ArrayBufferView).byteOffset,
                  (key as ArrayBufferView).byteOffset + (key as ArrayBufferView).byteLength,
                ) as ArrayBuffer,
              )
      return wrap(await call('subscribe', text)) as unknown as PushSubscription
    }
    PushManager.prototype.getSubscription = async function () {
      return wrap(await call('get')) as unknown as PushSubscription | null
    }
  })
})

test.afterAll(async () => {
  await app?.close()
  await service?.close()
})

async function subscriptionsOnServer(request: APIRequestContext) {
  const res = await request.get('/api/__fake/push/subscriptions')
  return ((await res.json()) as { subscriptions: Array<{ endpoint: string; deviceLabel: string }> })
    .subscriptions
}

/** The plaintext the fake backend pushed to this device for the notification titled `title`. */
async function pushedPayload(title: string): Promise<string> {
  const device = current!.device
  let payload: string | undefined
  await expect
    .poll(
      () => {
        payload = service.requests
          .filter((r) => device.endpoint.endsWith(r.path))
          .map((r) => device.decrypt(r))
          .find((text) => parsePushMessage(text)?.title === title)
        return payload !== undefined
      },
      { message: `the fake backend pushed "${title}" to this device` },
    )
    .toBe(true)
  return payload!
}

test('the account switch subscribes this phone; a notification from the server shows, a repeat replaces it', async ({
  request,
}) => {
  await resetBackend(request)
  page = await app.newPage()
  await signIn(page, request)
  await workerControls(page)

  await page.goto('/account')
  const toggle = page.getByRole('switch', { name: /Notificações neste aparelho/ })
  await expect(toggle).toBeEnabled()
  await expect(toggle).not.toBeChecked()
  await toggle.click()
  await expect(toggle).toBeChecked()
  await expect(page.getByText(/mesmo com o app fechado/)).toBeVisible()
  expect((await subscriptionsOnServer(request)).map((s) => s.endpoint)).toEqual([
    current!.device.endpoint,
  ])

  const res = await request.post('/api/__fake/notifications', {
    data: {
      kind: 'validation',
      title: 'Relatório com pendências',
      body: 'O validador pediu ajustes na visita T-4821. Responda em até 48 horas.',
      link: '/tasks/T-4821/validation',
    },
  })
  expect(res.status()).toBe(201)
  const { slug } = (await res.json()) as { slug: string }
  const payload = await pushedPayload('Relatório com pendências')

  await app.deliverPushes([payload], 1)
  expect(await shownNotifications(page)).toEqual([
    {
      title: 'Relatório com pendências',
      body: 'O validador pediu ajustes na visita T-4821. Responda em até 48 horas.',
      tag: slug,
      icon: `${app.origin}/icons/icon-192.png`,
      badge: `${app.origin}/icons/badge-96.png`,
      lang: 'pt-BR',
      data: { link: '/tasks/T-4821/validation' },
    },
  ])

  // The same push again, then another: the repeat replaced the first, the other stacks.
  // Read once both are shown: Chromium's getNotifications() during a show can leave the one
  // in flight out of its list for good (the worker had shown all three).
  await app.deliverPushes(
    [
      payload,
      JSON.stringify({
        title: 'Nova oportunidade',
        body: 'Perto de você.',
        tag: 'outra',
        link: '/oppy',
      }),
    ],
    2,
  )
  await expect
    .poll(async () => (await shownNotifications(page)).map((n) => n.tag).sort())
    .toEqual(['outra', slug].sort())
  app.expectNoCspViolations()
})

test('a payload that does not parse shows nothing, and the worker goes on', async () => {
  const before = await shownNotifications(page)
  // Five that are not messages, then one that is: only that one is shown.
  await app.deliverPushes(
    [
      'Nova oportunidade!',
      '{"title":"Sem tag"',
      JSON.stringify({ title: '', body: 'x', tag: 't', link: '/oppy' }),
      JSON.stringify([1, 2, 3]),
      '',
      JSON.stringify({
        title: 'Ainda aqui',
        body: 'O worker seguiu.',
        tag: 'vivo',
        link: '/notifs',
      }),
    ],
    1,
  )
  const after = await shownNotifications(page)
  expect(after.map((n) => n.title).sort()).toEqual(
    [...before.map((n) => n.title), 'Ainda aqui'].sort(),
  )
})

test('a tap on a notification takes the open window of the app to its link', async () => {
  await page.goto('/account')
  await expect(page.getByRole('heading', { level: 1, name: 'Conta' })).toBeVisible()
  // Marked: the same document after the tap (the app navigated itself, nothing reloaded).
  await page.evaluate(() => ((window as unknown as { __before: boolean }).__before = true))
  const pages = app.context.pages().length
  const worker = await app.worker()
  await worker.evaluate(async () => {
    const scope = self as unknown as ServiceWorkerGlobalScope
    const [notification] = await scope.registration.getNotifications({ tag: 'outra' })
    scope.dispatchEvent(new NotificationEvent('notificationclick', { notification: notification! }))
  })
  await expect(page).toHaveURL(/\/oppy$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Oportunidades' })).toBeVisible()
  expect(await page.evaluate(() => (window as unknown as { __before?: boolean }).__before)).toBe(
    true,
  )
  expect(app.context.pages()).toHaveLength(pages)
  await expect
    .poll(async () => (await shownNotifications(page)).map((n) => n.tag))
    .not.toContain('outra')
  app.expectNoCspViolations()
})

test('sign-out removes the subscription on the server and in the browser', async ({ request }) => {
  const endpoint = current!.device.endpoint
  await page.goto('/logout')
  await expect(page.getByRole('link', { name: 'Entrar novamente' })).toBeVisible()
  expect(await subscriptionsOnServer(request)).toEqual([])
  expect(unsubscribed).toEqual([endpoint])
  expect(current).toBeNull()
  app.expectNoCspViolations()
})
