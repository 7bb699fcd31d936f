import 'fake-indexeddb/auto'
import fc from 'fast-check'
import { beforeEach, describe, expect, it } from 'vitest'
import { ApiError } from '@/api/api-error'
import {
  BACKOFF_MAX_MS,
  backoffDelay,
  enqueue,
  enqueueReportSave,
  outboxSummary,
  processOutbox,
  retryFailed,
  wakeAll,
} from './outbox'
import { openVisitDb, type OutboxItem, type VisitDb } from './db'

let db: VisitDb
let n = 0
beforeEach(async () => {
  db = await openVisitDb(`outbox-test-${++n}`)
})

const offline = () =>
  new ApiError({ status: 0, code: 'offline', message: 'Sem conexão.', method: 'PUT', path: '/x' })
const refused = () =>
  new ApiError({
    status: 409,
    code: 'transition_refused',
    message: 'Não.',
    method: 'PUT',
    path: '/x',
  })
const checkin = (taskId: string) => ({
  kind: 'checkin' as const,
  taskId,
  input: { lat: 0, lng: 0, accuracy: 5, at: '2026-01-01T10:00:00Z' },
})
const checkout = (taskId: string) => ({
  kind: 'checkout' as const,
  taskId,
  input: { at: '2026-01-01T11:00:00Z', offline: true },
})

describe('outbox', () => {
  it('a failing attempt never writes back an item touched meanwhile (sent by another run, or re-queued by the agent)', async () => {
    await enqueue(db, checkin('t1'), 0)
    // While this attempt fails, another run sends the item and deletes it.
    await processOutbox(db, async (item) => {
      await db.delete('outbox', item.seq!)
      throw refused()
    })
    expect(await db.getAll('outbox')).toEqual([])

    await enqueue(db, checkin('t2'), 0)
    // While this attempt fails, the agent taps "Tentar de novo": the item is pending again.
    let calls = 0
    await processOutbox(db, async (item) => {
      calls++
      if (calls === 1) {
        await retryFailed(db, item.seq!)
        throw refused()
      }
    })
    expect(calls).toBe(2)
    expect(await db.getAll('outbox')).toEqual([])
  })

  it('sends items in the order they were written, each once', async () => {
    await enqueue(db, checkin('t1'))
    await enqueue(db, checkout('t1'))
    await enqueue(db, checkin('t2'))
    const sent: string[] = []
    const result = await processOutbox(
      db,
      async (item) => void sent.push(`${item.kind}:${item.taskId}`),
    )
    expect(sent).toEqual(['checkin:t1', 'checkout:t1', 'checkin:t2'])
    expect(result).toEqual({ sent: 3, waitingUntil: null })
    expect((await outboxSummary(db)).pending).toBe(0)
  })

  it('keeps the same idempotency key across retries, and later items wait behind a failing head', async () => {
    await enqueue(db, checkin('t1'), 0)
    await enqueue(db, checkout('t1'), 0)
    const keys: string[] = []
    let online = false
    const execute = async (item: OutboxItem) => {
      keys.push(`${item.kind}:${item.id}`)
      if (!online) throw offline()
    }
    let clock = 0
    const first = await processOutbox(db, execute, { now: () => clock, random: () => 0.5 })
    expect(first.sent).toBe(0)
    expect(first.waitingUntil).toBe(BACKOFF_MIN())
    clock = first.waitingUntil!
    online = true
    const second = await processOutbox(db, execute, { now: () => clock })
    expect(second.sent).toBe(2)
    expect(keys).toHaveLength(3)
    expect(keys[0]).toBe(keys[1]) // the retried check-in carried the same key
    expect(keys[2]!.startsWith('checkout:')).toBe(true)
  })

  it('parks a refused item as failed and goes on with the rest', async () => {
    await enqueue(db, checkin('t1'))
    await enqueue(db, checkin('t2'))
    const sent: string[] = []
    await processOutbox(db, async (item) => {
      if (item.taskId === 't1') throw refused()
      sent.push(item.taskId)
    })
    expect(sent).toEqual(['t2'])
    const summary = await outboxSummary(db)
    expect(summary).toMatchObject({ pending: 0, failed: 1 })
    expect(summary.items[0]?.lastError).toEqual({
      code: 'transition_refused',
      message: 'Não.',
      status: 409,
    })
    await retryFailed(db, summary.items[0]!.seq!)
    await processOutbox(db, async (item) => void sent.push(item.taskId))
    expect(sent).toEqual(['t2', 't1'])
  })

  it('retries a refused write as a new request (new key), a transient one with its own key', async () => {
    const refusedItem = await enqueue(db, checkin('t1'), 0)
    await processOutbox(db, () => Promise.reject(refused()))
    const transientItem = await enqueue(db, checkin('t2'), 0)
    await processOutbox(db, (item) =>
      item.taskId === 't2' ? Promise.reject(offline()) : Promise.resolve(),
    )
    const before = (await outboxSummary(db)).items
    expect(before.map((i) => i.state)).toEqual(['failed', 'pending'])

    await retryFailed(db, refusedItem.seq!)
    await retryFailed(db, transientItem.seq!)
    const after = (await outboxSummary(db)).items
    // The refusal changed nothing on the server: a new key, counted from zero.
    expect(after[0]).toMatchObject({ state: 'pending', attempts: 0 })
    expect(after[0]!.id).not.toBe(refusedItem.id)
    // The transient failure may have reached the server: the same key.
    expect(after[1]!.id).toBe(transientItem.id)
  })

  it('wakes items waiting for their backoff when the connection returns', async () => {
    await enqueue(db, checkin('t1'), 0)
    await processOutbox(
      db,
      async () => {
        throw offline()
      },
      { now: () => 0 },
    )
    const waiting = await processOutbox(db, async () => {}, { now: () => 1 })
    expect(waiting.sent).toBe(0)
    await wakeAll(db, 1)
    expect((await processOutbox(db, async () => {}, { now: () => 1 })).sent).toBe(1)
  })

  it('coalesces report saves waiting to go', async () => {
    const a = await enqueueReportSave(db, 't1', 'r1')
    const b = await enqueueReportSave(db, 't1', 'r1')
    expect(b.id).toBe(a.id)
    expect((await outboxSummary(db)).pending).toBe(1)
  })

  it('property: backoff grows, never exceeds the cap (+20 % jitter), never below 80 % of 2 s', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
        (attempts, r) => {
          const d = backoffDelay(attempts, () => r)
          expect(d).toBeGreaterThanOrEqual(1600)
          expect(d).toBeLessThanOrEqual(BACKOFF_MAX_MS * 1.2)
          if (attempts < 8) expect(backoffDelay(attempts + 1, () => r)).toBeGreaterThan(d)
        },
      ),
    )
  })
})

function BACKOFF_MIN() {
  return backoffDelay(1, () => 0.5)
}
