/**
 * The outbox sent by the service worker (a Background Sync event) against the real fake
 * backend: with the session read from the device's IndexedDB mirror, the queued writes reach
 * the server once, a backoff left by failures offline does not hold them, a failure leaves
 * them for the browser's next try, and a signed-out device sends nothing.
 */
import 'fake-indexeddb/auto'
import { http, HttpResponse } from 'msw'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { setupFakeServer } from '../../../mocks/node'
import { DEMO_AGENT_ID, DEMO_TOKEN } from '../../../mocks/seed/seed'
import type { Task } from '@/api/entities'
import { setRuntimeConfig } from '@/lib/runtime-config'
import { resetApiClient } from '@/lib/api'
import { clearSession, saveSession } from '@/lib/session'
import { OutboxNotEmpty, sendOutboxInBackground } from './background-sync'
import { closeVisitDbs, openVisitDb, visitDbName, type VisitDb } from './db'
import { enqueue, outboxSummary } from './outbox'

const fake = await setupFakeServer()
const checkouts: string[] = []
fake.server.events.on('request:start', ({ request }) => {
  if (request.method === 'PUT' && new URL(request.url).pathname.endsWith('/checkout'))
    checkouts.push(request.headers.get('Idempotency-Key') ?? '')
})

beforeAll(() => fake.server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => fake.server.close())

let db: VisitDb
beforeEach(async () => {
  await fake.backend.reset()
  setRuntimeConfig({ basename: '', apiBaseUrl: fake.apiBaseUrl, preview: false })
  resetApiClient()
  await closeVisitDbs()
  await new Promise((resolve) => {
    indexedDB.deleteDatabase(visitDbName(DEMO_AGENT_ID)).onsuccess = resolve
  })
  await saveSession({
    token: DEMO_TOKEN,
    agentId: DEMO_AGENT_ID,
    expiresAt: '2099-01-01T00:00:00Z',
  })
  db = await openVisitDb(DEMO_AGENT_ID)
  checkouts.length = 0
})

/** A task checked in on the server, its check-out queued on the device (offline). */
async function queuedCheckout(options: { attempts?: number; nextAttemptAt?: number } = {}) {
  const task = fake.backend.db.tasks.findFirst((q) =>
    q.where((t) => t.agentId === DEMO_AGENT_ID && t.status.code === 'started'),
  ) as Task
  const now = fake.backend.clock.now()
  await fake.backend.db.tasks.update((q) => q.where({ id: task.id }), {
    data(t) {
      t.steps.checkin = {
        at: new Date(now - 30 * 60_000).toISOString(),
        lat: task.location.lat,
        lng: task.location.lng,
        accuracy: 10,
      }
    },
  })
  const item = await enqueue(db, {
    kind: 'checkout',
    taskId: task.id,
    input: { at: new Date(now - 60_000).toISOString(), offline: true },
  })
  if (options.attempts)
    await db.put('outbox', {
      ...item,
      attempts: options.attempts,
      nextAttemptAt: options.nextAttemptAt ?? 0,
    })
  return { task, item }
}

const serverTask = (id: string) => fake.backend.db.tasks.findFirst((q) => q.where({ id }))!

describe('sendOutboxInBackground', () => {
  it('sends a queued check-out once, with its key', async () => {
    const { task, item } = await queuedCheckout()
    const result = await sendOutboxInBackground()
    expect(result).toEqual({ sent: 1 })
    expect(checkouts).toEqual([item.id])
    expect(serverTask(task.id).steps.checkout).toBeDefined()
    expect((await outboxSummary(db)).pending).toBe(0)
    expect(await sendOutboxInBackground()).toEqual({ sent: 0 })
    expect(checkouts).toHaveLength(1)
  })

  it('does not wait out a backoff left by failures offline: the browser says the link is back', async () => {
    const now = Date.now()
    const { item } = await queuedCheckout({ attempts: 4, nextAttemptAt: now + 4 * 60_000 })
    expect(await sendOutboxInBackground()).toEqual({ sent: 1 })
    expect(checkouts).toEqual([item.id])
  })

  it('leaves the write for the browser to retry when it fails again', async () => {
    const { item } = await queuedCheckout()
    fake.server.use(http.put(`${fake.apiBaseUrl}/tasks/:id/checkout`, () => HttpResponse.error()))
    await expect(sendOutboxInBackground()).rejects.toBeInstanceOf(OutboxNotEmpty)
    const left = await outboxSummary(db)
    expect(left.items.map((i) => [i.id, i.state, i.attempts])).toEqual([[item.id, 'pending', 1]])
    fake.server.resetHandlers()
    expect(await sendOutboxInBackground()).toEqual({ sent: 1 })
    expect(checkouts).toEqual([item.id, item.id])
  })

  it('sends nothing for a device signed out since the write was queued', async () => {
    await queuedCheckout()
    await clearSession()
    expect(await sendOutboxInBackground()).toEqual({ sent: 0, signedOut: true })
    expect(checkouts).toEqual([])
  })
})
