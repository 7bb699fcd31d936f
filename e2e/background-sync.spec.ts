/**
 * The outbox sent in the background, in Chromium: a check-out made offline is queued on the
 * device and the app asks for a Background Sync; the service worker sends it when the sync
 * event comes — with every page of the app closed — once; and when a tab of the app and the
 * worker both try at the same moment, still once (one sender at a time: Web Locks).
 *
 * "Offline" for the tab is Playwright's network emulation; for the worker, whose own requests
 * that emulation does not cut, it is the fake backend's fault switch dropping the check-out's
 * connection. The sync event is fired with the DevTools protocol
 * (`ServiceWorker.dispatchSyncEvent`), as the browser would when the connection returns.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { backendTest as test } from './support/test'
import type { Task } from '../src/api/entities'
import { launchAppContext, workerControls, type AppContext } from './support/app-context'
import { resetBackend } from './support/fake-backend'
import { signIn } from './support/sign-in'
import { apiGet, control, sessionToken, taskWithoutCheckin } from './support/visit'

test.describe.configure({ mode: 'serial' })

const OUTBOX_SYNC_TAG = 'visit-outbox'

let app: AppContext
let token: string

test.beforeAll(async ({ workerBaseURL: baseURL }) => {
  app = await launchAppContext(baseURL!, {
    permissions: ['notifications', 'background-sync', 'geolocation'],
  })
})

test.afterAll(async () => {
  await app?.close()
})

/** The check-outs of `taskId` that reached the server's handler (faulted ones never do). */
async function checkoutsReceived(request: APIRequestContext, taskId: string) {
  const res = await request.get(`/api/__fake/requests?path=/tasks/${taskId}/checkout`)
  return ((await res.json()) as { requests: Array<{ method: string; idempotencyKey: string }> })
    .requests
}

/** Checks in online at the place, then checks out with no connection: "Check-out guardado". */
async function checkOutOffline(page: Page, request: APIRequestContext) {
  const task = await taskWithoutCheckin(request, token)
  await app.context.setGeolocation({
    latitude: task.location.lat,
    longitude: task.location.lng,
    accuracy: 20,
  })
  await page.goto(`/tasks/${task.slug}/checkin`)
  await page.getByRole('button', { name: 'Fazer check-in' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Controle da visita' })).toBeVisible()
  await expect(page.getByText('Tudo enviado')).toBeVisible()

  // No connection for the tab; for the worker, the check-out's connection is dropped.
  await control(request, 'faults', {
    method: 'PUT',
    path: '/tasks/{id}/checkout',
    fault: 'network-error',
  })
  await app.context.setOffline(true)
  await expect(page.getByText('Sem conexão — tudo fica salvo neste aparelho')).toBeVisible()
  await page.getByRole('button', { name: 'Fazer check-out' }).click()
  await page
    .getByRole('dialog', { name: 'Fazer check-out agora?' })
    .getByRole('button', { name: 'Fazer check-out mesmo assim' })
    .click()
  await expect(page.getByRole('heading', { level: 1, name: 'Check-out guardado' })).toBeVisible()
  return task
}

async function serverTask(request: APIRequestContext, id: string) {
  return apiGet<Task>(request, token, `/tasks/${id}`)
}

test('a check-out queued offline is sent by the sync event with every page of the app closed, once', async ({
  request,
}) => {
  await resetBackend(request)
  const page = await app.newPage()
  await signIn(page, request)
  await workerControls(page)
  token = await sessionToken(page)
  const task = await checkOutOffline(page, request)
  expect(await checkoutsReceived(request, task.id)).toEqual([])

  // The agent closes the app; later the connection comes back and the browser wakes the worker.
  await app.closeAppPages()
  await app.context.setOffline(false)
  await request.delete('/api/__fake/faults')
  await app.dispatchSync(OUTBOX_SYNC_TAG)

  await expect
    .poll(async () => (await serverTask(request, task.id)).status.code, {
      message: 'the check-out reached the server with the app closed',
    })
    .toBe('visited')
  expect((await serverTask(request, task.id)).steps.checkout?.offline).toBe(true)
  // A second sync has nothing left to send.
  await app.dispatchSync(OUTBOX_SYNC_TAG)
  const received = await checkoutsReceived(request, task.id)
  expect(received).toHaveLength(1)
  expect(app.context.pages().map((p) => p.url())).toEqual(['about:blank'])

  // Opened again: the app knows it was sent.
  const again = await app.newPage()
  await again.goto(`/tasks/${task.slug}/checkin/offline-checkout`)
  await expect(again.getByRole('heading', { level: 1, name: 'Check-out enviado' })).toBeVisible()
  expect(await checkoutsReceived(request, task.id)).toHaveLength(1)
  app.expectNoCspViolations()
  await app.closeAppPages()
})

test('a sync racing an open tab still sends the check-out once', async ({ request }) => {
  const page = await app.newPage()
  await page.goto('/oppy')
  await workerControls(page)
  const task = await checkOutOffline(page, request)

  // Both senders at once: the tab hears the connection is back while the worker's sync runs.
  await request.delete('/api/__fake/faults')
  await Promise.all([app.context.setOffline(false), app.dispatchSync(OUTBOX_SYNC_TAG)])

  await expect(page.getByRole('heading', { level: 1, name: 'Check-out enviado' })).toBeVisible()
  expect((await serverTask(request, task.id)).status.code).toBe('visited')
  const received = await checkoutsReceived(request, task.id)
  expect(received).toHaveLength(1)
  app.expectNoCspViolations()
})
