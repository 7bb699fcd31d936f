/**
 * The outbox against the real fake backend (msw/node): writes made offline reach the
 * server exactly once when the connection returns, in order.
 */
import 'fake-indexeddb/auto'
import { http, HttpResponse } from 'msw'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { setupFakeServer } from '../../../mocks/node'
import { DEMO_AGENT_ID, DEMO_TOKEN } from '../../../mocks/seed/seed'
import type { Task } from '@/api/entities'
import { API_ERROR_MESSAGES } from '@/api/api-error'
import { setRuntimeConfig } from '@/lib/runtime-config'
import { validateApiResponse } from '@/preview/response-validator'
import { resetApiClient, setApiTimeoutForTests, setResponseValidator } from '@/lib/api'
import { saveSession } from '@/lib/session'
import { enqueue, outboxSummary, processOutbox, wakeAll } from './outbox'
import { openVisitDb, VISIT_DB_VERSION, visitDbName, type VisitDb } from './db'
import { createExecutor, queriesChangedBy, runVisitSync } from './sync'
import { VISIT_STORE_CHANNEL } from '@/lib/storage-keys'
import { currentSyncProblem } from './store'

const fake = await setupFakeServer()
const requests: string[] = []
fake.server.events.on('request:start', ({ request }) => {
  if (!new URL(request.url).pathname.includes('__fake'))
    requests.push(`${request.method} ${new URL(request.url).pathname}`)
})

beforeAll(() => fake.server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => fake.server.close())

let db: VisitDb
let n = 0
beforeEach(async () => {
  await fake.backend.reset()
  setRuntimeConfig({ basename: '', apiBaseUrl: fake.apiBaseUrl, preview: false })
  resetApiClient()
  saveSession({ token: DEMO_TOKEN, agentId: DEMO_AGENT_ID, expiresAt: '2099-01-01T00:00:00Z' })
  db = await openVisitDb(`sync-test-${++n}`)
  requests.length = 0
})

function startedTask(): Task {
  const task = fake.backend.db.tasks.findFirst((q) =>
    q.where((t) => t.agentId === DEMO_AGENT_ID && t.status.code === 'started'),
  )
  if (!task) throw new Error('no started task seeded')
  return task
}

const goOffline = () =>
  fake.server.use(http.all(`${fake.apiBaseUrl}/*`, () => HttpResponse.error()))
const goOnline = () => fake.server.resetHandlers()

describe('visit sync against the fake backend', () => {
  it('a check-in and a check-out made offline arrive once each, in order, when back online', async () => {
    const task = startedTask()
    const at = new Date(fake.backend.clock.now() - 30 * 60_000).toISOString()
    await db.put('visits', {
      taskId: task.id,
      slug: task.slug,
      reportId: task.reportId,
      checkin: { at, lat: task.location.lat, lng: task.location.lng, accuracy: 10, synced: false },
    })
    await enqueue(
      db,
      {
        kind: 'checkin',
        taskId: task.id,
        input: { lat: task.location.lat, lng: task.location.lng, accuracy: 10, at, offline: true },
      },
      0,
    )
    await enqueue(
      db,
      {
        kind: 'checkout',
        taskId: task.id,
        input: { at: new Date(fake.backend.clock.now() - 60_000).toISOString(), offline: true },
      },
      0,
    )
    const execute = createExecutor(db)

    goOffline()
    const offlineRun = await processOutbox(db, execute)
    expect(offlineRun.sent).toBe(0)
    expect((await outboxSummary(db)).pending).toBe(2)

    goOnline()
    await wakeAll(db)
    const onlineRun = await processOutbox(db, execute)
    expect(onlineRun.sent).toBe(2)
    const server = fake.backend.db.tasks.findFirst((q) => q.where({ id: task.id }))!
    expect(server.status.code).toBe('visited')
    expect(server.steps.checkin?.at).toBe(at)
    expect(server.steps.checkout?.offline).toBe(true)
    expect((await db.get('visits', task.id))?.checkin?.synced).toBe(true)
    // Offline attempts never reached the handlers' state; online: one checkin, one checkout.
    expect(requests.filter((r) => r.endsWith('/checkin/byPosition')).length).toBeGreaterThanOrEqual(
      2,
    )
    expect(
      fake.backend.db.idempotentReplies.findMany((q) =>
        q.where((r) => r.route.includes(':checkout:')),
      ),
    ).toHaveLength(1)
  })

  it('a lost answer retried with the same key changes nothing twice', async () => {
    const task = startedTask()
    const item = await enqueue(db, {
      kind: 'checkin',
      taskId: task.id,
      input: {
        lat: task.location.lat,
        lng: task.location.lng,
        accuracy: 10,
        at: new Date(fake.backend.clock.now()).toISOString(),
      },
    })
    const execute = createExecutor(db)
    await execute(item)
    // The answer was lost: the same item goes again.
    await expect(execute(item)).resolves.toBeDefined()
    expect(
      fake.backend.db.idempotentReplies.findMany((q) => q.where((r) => r.key === item.id)),
    ).toHaveLength(1)
  })

  it('a stopped sender sends nothing: every write it would start is aborted before it leaves the phone', async () => {
    const task = startedTask()
    const stopped = new AbortController()
    stopped.abort()
    const execute = createExecutor(db, stopped.signal)
    const at = new Date(fake.backend.clock.now()).toISOString()
    const { lat, lng } = task.location
    const writes = [
      await enqueue(db, {
        kind: 'checkin',
        taskId: task.id,
        input: { lat, lng, accuracy: 10, at },
      }),
      await enqueue(db, { kind: 'checkout', taskId: task.id, input: { at, offline: true } }),
    ]
    for (const item of writes) await expect(execute(item)).rejects.toBeDefined()
    expect(requests).toEqual([])
  })

  it('stop aborts the write under way and resolves once it is over: nothing refused, nothing counted', async () => {
    const task = startedTask()
    const { lat, lng } = task.location
    let heard: (() => void) | undefined
    const arrived = new Promise<void>((resolve) => (heard = resolve))
    let abortedUnderWay = false
    // The server takes its time; the loop stops meanwhile (a sign-out).
    fake.server.use(
      http.put(`${fake.apiBaseUrl}/tasks/:id/checkin/byPosition`, async ({ request }) => {
        heard!()
        await new Promise((resolve) => request.signal.addEventListener('abort', resolve))
        abortedUnderWay = true
        return HttpResponse.error()
      }),
    )
    try {
      const at = new Date(fake.backend.clock.now()).toISOString()
      await enqueue(db, { kind: 'checkin', taskId: task.id, input: { lat, lng, accuracy: 10, at } })
      const stop = runVisitSync(db)
      await arrived
      await stop()
      expect(abortedUnderWay, 'the request under way was aborted').toBe(true)
      // The check-in waits, untouched, for the next sender (the next sign-in), with its key.
      const [kept] = (await outboxSummary(db)).items
      expect(kept).toMatchObject({ kind: 'checkin', state: 'pending', attempts: 0 })
      expect(kept?.lastError).toBeUndefined()
    } finally {
      fake.server.resetHandlers()
    }
  })
})

describe('the refresh after a sent write', () => {
  it('is the sync loop’s, in this tab and in the others (one sends, all refresh)', async () => {
    const task = startedTask()
    const at = new Date(fake.backend.clock.now()).toISOString()
    const { lat, lng } = task.location
    await db.put('visits', {
      taskId: task.id,
      slug: task.slug,
      reportId: task.reportId,
      checkin: { at, lat, lng, accuracy: 10, synced: false },
    })
    // Another tab of the app, on the same channel.
    const otherTab = new BroadcastChannel(VISIT_STORE_CHANNEL)
    const heard: unknown[] = []
    otherTab.onmessage = (event: MessageEvent<unknown>) => heard.push(event.data)
    const refreshed: unknown[] = []
    const stop = runVisitSync(db, {
      invalidateQueries: (filters?: { queryKey?: unknown }) => {
        refreshed.push(filters?.queryKey)
        return Promise.resolve()
      },
    })
    try {
      await enqueue(db, { kind: 'checkin', taskId: task.id, input: { lat, lng, accuracy: 10, at } })
      await vi.waitFor(() => expect(refreshed).toEqual(queriesChangedBy({ kind: 'checkin' })), {
        timeout: 5_000,
      })
      await vi.waitFor(() =>
        expect(heard).toContainEqual(expect.objectContaining({ sent: ['checkin'] })),
      )

      // A write another tab sent: this tab refreshes the same queries.
      refreshed.length = 0
      otherTab.postMessage({ v: 1, sent: ['submitReport'] })
      await vi.waitFor(() => expect(refreshed).toEqual(queriesChangedBy({ kind: 'submitReport' })))
    } finally {
      stop()
      otherTab.close()
    }
  })
})

describe('a full phone', () => {
  it('stops nothing for good: the loop says so, keeps trying, and sends once there is room', async () => {
    const task = startedTask()
    const at = new Date(fake.backend.clock.now()).toISOString()
    const { lat, lng } = task.location
    await db.put('visits', {
      taskId: task.id,
      slug: task.slug,
      reportId: task.reportId,
      checkin: { at, lat, lng, accuracy: 10, synced: false },
    })
    await enqueue(db, { kind: 'checkin', taskId: task.id, input: { lat, lng, accuracy: 10, at } })
    // Every write of the device's database is refused while the phone is full.
    let full = true
    const quotaExceeded = () =>
      new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    const fullDb = new Proxy(db, {
      get(target, property, receiver) {
        if (property === 'transaction')
          return (stores: never, mode?: IDBTransactionMode, options?: never) => {
            if (full && mode === 'readwrite') throw quotaExceeded()
            return target.transaction(stores, mode, options)
          }
        const value: unknown = Reflect.get(target, property, receiver)
        return typeof value === 'function' ? (value as () => unknown).bind(target) : value
      },
    })
    const stop = runVisitSync(() => Promise.resolve(fullDb))
    try {
      await vi.waitFor(() => expect(currentSyncProblem()?.kind).toBe('storage-full'), {
        timeout: 5_000,
      })
      // The check-in reached the server (its answer could not be recorded): nothing sent twice.
      expect(
        fake.backend.db.tasks.findFirst((q) => q.where({ id: task.id }))?.steps.checkin,
      ).toBeDefined()
      expect((await outboxSummary(db)).pending).toBe(1)

      full = false
      // No event says space was freed: the loop's own retry finds it.
      await vi.waitFor(async () => expect((await outboxSummary(db)).pending).toBe(0), {
        timeout: 10_000,
      })
      expect(currentSyncProblem()).toBeNull()
      expect((await db.get('visits', task.id))?.checkin?.synced).toBe(true)
      expect(
        fake.backend.db.idempotentReplies.findMany((q) =>
          q.where((r) => r.route.includes(':checkin:')),
        ),
      ).toHaveLength(1)
    } finally {
      stop()
    }
  })
})

describe('a database left by the previous version', () => {
  /** Version 1 of the schema, written as that version wrote it: the photo's Blob in its record. */
  function openVersion1(name: string): Promise<IDBDatabase> {
    return new Promise((resolve, reject) => {
      const request = indexedDB.open(name, 1)
      request.onupgradeneeded = () => {
        const database = request.result
        database.createObjectStore('drafts', { keyPath: 'reportId' })
        database.createObjectStore('media', { keyPath: 'id' }).createIndex('byTask', 'taskId')
        database.createObjectStore('visits', { keyPath: 'taskId' })
        database
          .createObjectStore('outbox', { keyPath: 'seq', autoIncrement: true })
          .createIndex('byId', 'id', { unique: true })
      }
      request.onsuccess = () => resolve(request.result)
      request.onerror = () => reject(request.error ?? new Error('open failed'))
    })
  }

  function put(database: IDBDatabase, store: string, value: unknown) {
    return new Promise<void>((resolve, reject) => {
      const tx = database.transaction(store, 'readwrite')
      tx.objectStore(store).put(value)
      tx.oncomplete = () => resolve()
      tx.onerror = () => reject(tx.error ?? new Error('write failed'))
    })
  }

  it('is upgraded with its unsent outbox, and everything in it reaches the server once', async () => {
    const task = startedTask()
    const agent = `upgrade-test-${++n}`
    const old = await openVersion1(visitDbName(agent))
    const at = new Date(fake.backend.clock.now() - 20 * 60_000).toISOString()
    const photoBytes = new Uint8Array(3000).fill(7)
    photoBytes.set([0xff, 0xd8, 0xff, 0xe0])
    const item = (seq: number, payload: Record<string, unknown>) => ({
      ...payload,
      seq,
      id: `v1-item-${seq}-${agent}`,
      createdAt: at,
      attempts: 0,
      nextAttemptAt: 0,
      state: 'pending',
      rev: 0,
    })
    await put(old, 'visits', {
      taskId: task.id,
      slug: task.slug,
      reportId: task.reportId,
      checkin: { at, lat: task.location.lat, lng: task.location.lng, accuracy: 10, synced: false },
    })
    await put(old, 'media', {
      id: 'photo-v1',
      taskId: task.id,
      kind: 'photo',
      blob: new Blob([photoBytes], { type: 'image/jpeg' }),
      fileName: 'fachada.jpg',
      mimeType: 'image/jpeg',
      bytes: photoBytes.byteLength,
      takenAt: at,
      state: 'waiting',
      progress: 0,
    })
    const { lat, lng } = task.location
    await put(
      old,
      'outbox',
      item(1, { kind: 'checkin', taskId: task.id, input: { lat, lng, accuracy: 10, at } }),
    )
    await put(old, 'outbox', item(2, { kind: 'upload', taskId: task.id, mediaId: 'photo-v1' }))
    old.close()

    const upgraded = await openVisitDb(agent)
    expect(upgraded.version).toBe(VISIT_DB_VERSION)
    const media = await upgraded.get('media', 'photo-v1')
    expect(media).toMatchObject({ state: 'waiting', bytes: 3000 })
    expect(media).not.toHaveProperty('blob')
    expect((await upgraded.get('mediaBytes', 'photo-v1'))?.type).toBe('image/jpeg')
    expect((await outboxSummary(upgraded)).pending).toBe(2)

    const result = await processOutbox(upgraded, createExecutor(upgraded))
    expect(result.sent).toBe(2)
    const server = fake.backend.db.tasks.findFirst((q) => q.where({ id: task.id }))!
    // Version 1 sent no offline flag: the server records its own time.
    expect(server.steps.checkin).toBeDefined()
    const report = fake.backend.db.reports.findFirst((q) => q.where({ id: task.reportId }))!
    const uploaded = report.evidences.filter((e) => e.takenAt === at)
    expect(uploaded).toHaveLength(1)
    expect(uploaded[0]!.bytes).toBe(3000)
    expect((await upgraded.get('media', 'photo-v1'))?.state).toBe('sent')
  })
})

describe('visit sync against the fake backend’s fault switches', () => {
  beforeAll(() => {
    // As in development and the demo; and a short time limit so a hang times out quickly.
    setResponseValidator(validateApiResponse)
    setApiTimeoutForTests(300)
  })
  afterAll(() => {
    setResponseValidator(undefined)
    setApiTimeoutForTests(undefined)
  })

  it.each([
    ['server-error', 'Falha simulada no servidor.'],
    ['hang', API_ERROR_MESSAGES.timeout],
    ['network-error', API_ERROR_MESSAGES.offline],
    ['not-json', API_ERROR_MESSAGES.invalid_response],
    ['schema-mismatch', API_ERROR_MESSAGES.invalid_response],
  ] as const)(
    '%s: the check-in stays queued with its key (“%s”), and goes once on the next run',
    async (fault, message) => {
      vi.spyOn(console, 'warn').mockImplementation(() => {})
      const task = startedTask()
      const at = new Date(fake.backend.clock.now()).toISOString()
      const item = await enqueue(
        db,
        {
          kind: 'checkin',
          taskId: task.id,
          input: { lat: task.location.lat, lng: task.location.lng, accuracy: 10, at },
        },
        0,
      )
      const keys: Array<string | null> = []
      const listener = ({ request }: { request: Request }) => {
        if (request.url.endsWith('/checkin/byPosition'))
          keys.push(request.headers.get('Idempotency-Key'))
      }
      fake.server.events.on('request:start', listener)
      const execute = createExecutor(db)
      fake.backend.addFaults({
        method: 'PUT',
        path: '/tasks/{id}/checkin/byPosition',
        fault,
        times: 1,
      })

      const failed = await processOutbox(db, execute)
      expect(failed.sent).toBe(0)
      const queued = (await outboxSummary(db)).items
      expect(queued).toHaveLength(1)
      expect(queued[0]).toMatchObject({ id: item.id, state: 'pending', attempts: 1 })
      expect(queued[0]?.lastError?.message).toBe(message)

      await wakeAll(db)
      const retried = await processOutbox(db, execute)
      fake.server.events.removeListener('request:start', listener)
      vi.restoreAllMocks()
      expect(retried.sent).toBe(1)
      expect((await outboxSummary(db)).items).toHaveLength(0)
      // Sent online: the server's time of the attempt that reached it.
      expect(
        Date.parse(
          fake.backend.db.tasks.findFirst((q) => q.where({ id: task.id }))!.steps.checkin!.at,
        ),
      ).toBeGreaterThanOrEqual(Date.parse(at))
      expect(keys).toEqual([item.id, item.id])
      expect(
        fake.backend.db.idempotentReplies.findMany((q) => q.where((r) => r.key === item.id)),
      ).toHaveLength(1)
    },
  )
})
