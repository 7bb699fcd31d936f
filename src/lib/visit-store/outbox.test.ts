import 'fake-indexeddb/auto'
import fc from 'fast-check'
import { beforeEach, describe, expect, it } from 'vitest'
import { ApiError } from '@/api/api-error'
import {
  BACKOFF_MAX_MS,
  backoffDelay,
  enqueue,
  enqueueReportSave,
  LANES,
  laneOf,
  nextDue,
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

  it('a write refused for its visit’s state goes again, as a new request, once another write of that visit lands', async () => {
    // The check-out was refused while its check-in was still refused; the check-in is redone.
    const refusedCheckout = await enqueue(db, checkout('t1'), 0)
    await enqueue(db, checkout('t2'), 0)
    await processOutbox(db, async () => {
      throw refused()
    })
    const parked = await db.getAll('outbox')
    expect(parked.map((i) => i.state)).toEqual(['failed', 'failed'])
    await enqueue(db, checkin('t1'), 0)
    const sent: string[] = []
    const keys: string[] = []
    await processOutbox(db, async (item) => {
      sent.push(`${item.kind}:${item.taskId}`)
      keys.push(item.id)
    })
    expect(sent).toEqual(['checkin:t1', 'checkout:t1'])
    expect(keys[1]).not.toBe(refusedCheckout.id)
    // Another visit's refusal waits for the agent.
    expect((await db.getAll('outbox')).map((i) => [i.taskId, i.state])).toEqual([['t2', 'failed']])
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
    expect(summary.items[0]?.lastError).toMatchObject({
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

  it('a photo waiting to go again holds back its report’s submission, not the check-out', async () => {
    await enqueue(db, { kind: 'upload', taskId: 't1', mediaId: 'm1' }, 0)
    await enqueue(db, checkout('t1'), 0)
    await enqueue(db, { kind: 'submitReport', taskId: 't1', reportId: 'r1' }, 0)
    const sent: string[] = []
    let clock = 0
    const cut = new ApiError({
      status: 0,
      code: 'transfer_interrupted',
      message: 'A conexão caiu no meio do envio.',
      method: 'POST',
      path: '/media',
    })
    const first = await processOutbox(
      db,
      async (item) => {
        if (item.kind === 'upload') throw cut
        sent.push(item.kind)
      },
      { now: () => clock, random: () => 0.5 },
    )
    // The check-out went past the photo; the submission waits for the photo's retry.
    expect(sent).toEqual(['checkout'])
    expect(first.stoppedBy?.kind).toBe('upload')
    expect(first.waitingUntil).toBe(2_000)
    clock = 2_000
    await processOutbox(db, async (item) => void sent.push(item.kind), { now: () => clock })
    expect(sent).toEqual(['checkout', 'upload', 'submitReport'])
  })

  it('property: what may overtake what — writes in order, photos apart, no save beside its photo, a submission last of its task, nothing during a server hold', () => {
    const kinds = [
      'checkin',
      'checkout',
      'upload',
      'saveReport',
      'submitReport',
      'answerRevision',
      'award',
    ] as const
    const itemArb = fc.record({
      kind: fc.constantFrom(...kinds),
      taskId: fc.constantFrom('t1', 't2'),
      waiting: fc.boolean(),
      failed: fc.boolean(),
      // A save whose body was fixed at an earlier attempt.
      fixed: fc.boolean(),
      // Being sent now by the other lane.
      sending: fc.boolean(),
      // A 503 that said when to come back (in the future, or already past).
      held: fc.option(fc.constantFrom(-1, 5_000)),
    })
    fc.assert(
      fc.property(
        fc.array(itemArb, { maxLength: 12 }),
        fc.constantFrom(...LANES),
        (specs, lane) => {
          const items = specs.map(
            (spec, i) =>
              ({
                kind: spec.kind,
                taskId: spec.taskId,
                id: `k${i}`,
                seq: i + 1,
                createdAt: '',
                attempts: 0,
                nextAttemptAt: spec.waiting ? 1000 + i : 0,
                state: spec.failed ? 'failed' : 'pending',
                mediaId: 'm',
                reportId: 'r',
                revisionId: 'v',
                answers: [],
                input: {},
                ...(spec.kind === 'saveReport' && spec.fixed
                  ? { snapshot: { input: {}, draftUpdatedAt: '' } }
                  : {}),
                ...(spec.held !== null
                  ? {
                      lastError: {
                        code: 'maintenance',
                        message: '',
                        status: 503,
                        retryAt: spec.held,
                      },
                    }
                  : {}),
              }) as unknown as OutboxItem,
          )
          const pending = items.filter((i) => i.state === 'pending')
          // Only the other lane is sending (one item at a time).
          const other = pending.find(
            (i, n) => specs[items.indexOf(i)]!.sending && laneOf(i) !== lane && n >= 0,
          )
          const sending = new Set(other ? [other.seq!] : [])
          const next = nextDue(items, 0, lane, sending)
          const holding = pending.some((i) => (i.lastError?.retryAt ?? 0) > 0)
          const goesLast = (k: OutboxItem['kind']) => k === 'submitReport' || k === 'answerRevision'
          const passedOver = (i: OutboxItem) =>
            goesLast(i.kind) &&
            pending.some((o) => o !== i && o.taskId === i.taskId && !goesLast(o.kind))
          const uploadSending = (taskId: string) =>
            other?.kind === 'upload' && other.taskId === taskId
          const heldSave = (i: OutboxItem) => i.kind === 'saveReport' && uploadSending(i.taskId)
          if (!('due' in next)) {
            // Nothing of the lane goes: the server holds everything, or each candidate waits.
            const mine = pending.filter((i) => laneOf(i) === lane && i !== other)
            if (holding || mine.length === 0) return
            if (lane === 'files') {
              for (const u of mine)
                expect(
                  u.nextAttemptAt > 0 ||
                    pending.some((c) => c.kind === 'checkin' && c.taskId === u.taskId) ||
                    pending.some(
                      (c) =>
                        c.kind === 'saveReport' &&
                        c.taskId === u.taskId &&
                        ('snapshot' in c || c === other),
                    ),
                ).toBe(true)
            } else {
              const firstHeld = mine.findIndex(heldSave)
              const candidates = mine.filter(
                (i, n) =>
                  !passedOver(i) &&
                  !heldSave(i) &&
                  (firstHeld === -1 || n < firstHeld || i.kind === 'checkout'),
              )
              expect(candidates.length === 0 || candidates[0]!.nextAttemptAt > 0).toBe(true)
            }
            return
          }
          const due = next.due
          expect(holding).toBe(false)
          expect(laneOf(due)).toBe(lane)
          expect(due.state).toBe('pending')
          expect(due.nextAttemptAt).toBe(0)
          expect(sending.has(due.seq!)).toBe(false)
          if (lane === 'files') {
            // A photo never goes before its task's check-in, nor beside or before a fixed save.
            expect(pending.some((c) => c.kind === 'checkin' && c.taskId === due.taskId)).toBe(false)
            expect(
              pending.some(
                (c) =>
                  c.kind === 'saveReport' &&
                  c.taskId === due.taskId &&
                  ('snapshot' in c || c === other),
              ),
            ).toBe(false)
            return
          }
          // Never a save beside a photo of its task.
          expect(heldSave(due)).toBe(false)
          // Writes keep their order: everything before it was passed over for its own reasons…
          const before = pending
            .slice(0, pending.indexOf(due))
            .filter((i) => laneOf(i) === 'writes' && i !== other)
          expect(before.every((i) => passedOver(i) || heldSave(i) || before.some(heldSave))).toBe(
            true,
          )
          // …and past a save held for a photo, only a check-out goes.
          if (before.some(heldSave)) expect(due.kind).toBe('checkout')
          // A submission or pendency answers go last of their task (photos included).
          if (goesLast(due.kind)) expect(passedOver(due)).toBe(false)
        },
      ),
    )
  })

  it('a save never goes beside a photo of its task, and a photo waits for a save already fixed', async () => {
    // A save fixed at an earlier attempt (no connection), then a photo: the save first.
    const save = await enqueue(db, { kind: 'saveReport', taskId: 't1', reportId: 'r1' }, 0)
    await enqueue(db, { kind: 'upload', taskId: 't1', mediaId: 'm1' }, 0)
    const all = await db.getAll('outbox')
    const fixed = all.map((i) =>
      i.seq === save.seq ? { ...i, snapshot: { input: {} as never, draftUpdatedAt: '' } } : i,
    )
    expect(nextDue(fixed, 0, 'files')).toEqual({ waitingUntil: null })
    expect(nextDue(fixed, 0, 'writes')).toMatchObject({ due: { kind: 'saveReport' } })
    // A photo being sent: a save of its task waits for it, a check-out does not.
    await enqueue(db, checkout('t1'), 0)
    const upload = all.find((i) => i.kind === 'upload')!
    const items = await db.getAll('outbox')
    expect(nextDue(items, 0, 'writes', new Set([upload.seq!]))).toMatchObject({
      due: { kind: 'checkout' },
    })
  })

  it('a check-out goes while a photo of its visit is on its way; the submission waits for both', async () => {
    await enqueue(db, { kind: 'upload', taskId: 't1', mediaId: 'm1' }, 0)
    await enqueue(db, checkout('t1'), 0)
    await enqueue(db, { kind: 'submitReport', taskId: 't1', reportId: 'r1' }, 0)
    const log: string[] = []
    let finishUpload = () => {}
    const result = processOutbox(
      db,
      async (item) => {
        log.push(`start ${item.kind}`)
        if (item.kind === 'upload') await new Promise<void>((resolve) => (finishUpload = resolve))
        log.push(`end ${item.kind}`)
      },
      { now: () => 0 },
    )
    await expect.poll(() => log).toContain('end checkout')
    // The check-out went through while the photo is still on its way; nothing else started.
    expect([...log].sort()).toEqual(['end checkout', 'start checkout', 'start upload'])
    finishUpload()
    await result
    expect(log.slice(3)).toEqual(['end upload', 'start submitReport', 'end submitReport'])
  })

  it('an ended session (401) refuses nothing: the write waits, untouched, for the next sign-in', async () => {
    const item = await enqueue(db, checkin('t1'), 0)
    const expired = new ApiError({
      status: 401,
      code: 'session_expired',
      message: 'Sua sessão expirou. Entre novamente.',
      method: 'PUT',
      path: '/x',
    })
    const result = await processOutbox(db, () => Promise.reject(expired), { now: () => 0 })
    expect(result).toMatchObject({ sent: 0, waitingUntil: null })
    const [kept] = (await outboxSummary(db)).items
    expect(kept).toMatchObject({ id: item.id, state: 'pending', attempts: 0, nextAttemptAt: 0 })
    // Signed in again: it goes at once, with its key.
    const sent: string[] = []
    await processOutbox(db, async (i) => void sent.push(i.id), { now: () => 0 })
    expect(sent).toEqual([item.id])
  })

  it('a sender stopped while it asks whether it may send sends nothing more (a sign-out, the loop ended)', async () => {
    await enqueue(db, checkin('t1'), 0)
    const stop = new AbortController()
    const sent: string[] = []
    const result = await processOutbox(db, async (i) => void sent.push(i.id), {
      now: () => 0,
      signal: stop.signal,
      // The session's question takes a while (it reads the mirror); the loop stops meanwhile.
      canSend: async () => {
        await Promise.resolve()
        stop.abort()
        return true
      },
    })
    expect(sent).toEqual([])
    expect(result).toMatchObject({ sent: 0, waitingUntil: null })
    expect(await db.getAll('outbox')).toHaveLength(1)
  })

  it('a write discarded or retried while the sender asks whether it may send goes as the store holds it then', async () => {
    const discarded = await enqueue(db, checkin('t1'), 0)
    const sent: string[] = []
    let asked = 0
    await processOutbox(db, async (i) => void sent.push(i.id), {
      now: () => 0,
      canSend: async () => {
        // The agent discards the first write while the question is on its way.
        if (asked++ === 0) await db.delete('outbox', discarded.seq!)
        return true
      },
    })
    expect(sent).toEqual([])

    const changed = await enqueue(db, checkin('t2'), 0)
    const seen: OutboxItem[] = []
    asked = 0
    await processOutbox(db, async (i) => void seen.push(i), {
      now: () => 0,
      canSend: async () => {
        // Another tab re-queues it (a new revision) meanwhile: the newer one goes, once.
        if (asked++ === 0) await retryFailed(db, changed.seq!, 0)
        return true
      },
    })
    expect(seen.map((i) => [i.id, i.rev])).toEqual([[changed.id, 1]])
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
