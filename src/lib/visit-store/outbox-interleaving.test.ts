/**
 * The outbox under interleavings: the agent's retry, discard and removal, a running sender
 * and a second sender, each paused at the exact point where another step gets in. Each case
 * is deterministic (gates, a fixed clock) and failed on the code before the revision and
 * single-transaction rules (71e8325): a retry overwritten as "failed", a photo shown as
 * "Falhou" while its upload was still pending (so "Tentar de novo" queued a second upload),
 * a removed photo brought back by its finishing upload.
 */
import 'fake-indexeddb/auto'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/api/api-error'
import type { Evidence } from '@/api/entities'
import {
  discard,
  enqueue,
  enqueueReportSave,
  processOutbox,
  retryFailed,
  retryUpload,
  type OutboxExecutor,
} from './outbox'
import {
  mutateDraft,
  openVisitDb,
  type LocalMedia,
  type OutboxItem,
  type ReportDraft,
  type VisitDb,
} from './db'
import { createExecutor, repairVisitStore } from './sync'

const upload = vi.hoisted(() => ({
  impl: (() => Promise.reject(new Error('not set'))) as (
    onProgress: (fraction: number) => void,
  ) => Promise<Evidence>,
}))
const saves = vi.hoisted(() => ({
  bodies: [] as Array<{ key: string; notes: string }>,
  impl: (() => Promise.reject(new Error('not set'))) as () => Promise<unknown>,
}))
vi.mock('./api', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  saveReport: (_id: string, input: { notes: string }, key: string) => {
    saves.bodies.push({ key, notes: input.notes })
    return saves.impl()
  },
  submitReport: () => Promise.resolve({ status: 'validating' }),
}))
vi.mock('./upload', () => ({
  uploadWithProgress: (_fields: unknown, _key: string, onProgress: (f: number) => void) =>
    upload.impl(onProgress),
}))

let db: VisitDb
let n = 0
beforeEach(async () => {
  db = await openVisitDb(`interleaving-test-${++n}`)
})

const refused = () =>
  new ApiError({
    status: 422,
    code: 'validation_failed',
    message: 'Arquivo recusado.',
    method: 'POST',
    path: '/media',
  })

/** A promise and its resolver: the test decides when a step goes on. */
function gate<T = void>() {
  let open!: (value: T) => void
  const promise = new Promise<T>((resolve) => (open = resolve))
  return { promise, open }
}

const checkin = (taskId: string) => ({
  kind: 'checkin' as const,
  taskId,
  input: { lat: 0, lng: 0, accuracy: 5, at: '2026-01-01T10:00:00Z' },
})

function photo(id: string): LocalMedia {
  return {
    id,
    taskId: 't1',
    kind: 'photo',
    fileName: `${id}.jpg`,
    mimeType: 'image/jpeg',
    bytes: 1,
    takenAt: '2026-01-01T10:00:00Z',
    state: 'waiting',
    progress: 0,
  }
}

/** A photo kept on the device: its record and its bytes. */
async function keepPhoto(media: LocalMedia) {
  await db.put('mediaBytes', { id: media.id, data: new ArrayBuffer(1), type: 'image/jpeg' })
  await db.put('media', media)
}

const evidence = (id: string) =>
  ({ id, kind: 'photo', url: `/media/${id}`, takenAt: '2026-01-01T10:00:00Z' }) as Evidence

describe('outbox interleavings', () => {
  it('a retry tapped while an attempt is failing, in the same millisecond, is kept: the item is sent', async () => {
    const now = () => 1_000
    await enqueue(db, checkin('t1'), now())
    const sent: string[] = []
    let calls = 0
    await processOutbox(
      db,
      async (item) => {
        calls++
        if (calls === 1) {
          await retryFailed(db, item.seq!, now())
          throw refused()
        }
        sent.push(item.id)
      },
      { now },
    )
    expect(sent).toHaveLength(1)
    expect(await db.getAll('outbox')).toEqual([])
  })

  it('a discard while an attempt is failing stays discarded', async () => {
    await enqueue(db, checkin('t1'), 0)
    await processOutbox(
      db,
      async (item) => {
        await discard(db, item.seq!)
        throw refused()
      },
      { now: () => 0 },
    )
    expect(await db.getAll('outbox')).toEqual([])
  })

  it('a refused upload: the photo shows "failed" only together with its outbox item, never before', async () => {
    await keepPhoto(photo('m1'))
    await enqueue(db, { kind: 'upload', taskId: 't1', mediaId: 'm1' }, 0)
    upload.impl = () => Promise.reject(refused())
    const execute = createExecutor(db)
    // What a screen would read the moment the upload call has failed.
    let seen: { media?: LocalMedia['state']; item?: OutboxItem['state'] } = {}
    await processOutbox(
      db,
      async (item) => {
        try {
          await execute(item)
        } finally {
          seen = {
            media: (await db.get('media', 'm1'))?.state,
            item: (await db.getAll('outbox'))[0]?.state,
          }
        }
      },
      { now: () => 0 },
    )
    expect(seen.media === 'failed' && seen.item !== 'failed').toBe(false)
    expect((await db.get('media', 'm1'))?.state).toBe('failed')
    expect((await db.getAll('outbox')).map((i) => i.state)).toEqual(['failed'])
  })

  it('"Tentar de novo" on a photo whose upload is failing right now queues no second upload', async () => {
    await keepPhoto(photo('m1'))
    await enqueue(db, { kind: 'upload', taskId: 't1', mediaId: 'm1' }, 0)
    const failing = gate()
    const execute = createExecutor(db)
    let attempts = 0
    upload.impl = async () => {
      attempts++
      if (attempts === 1) {
        await failing.promise
        throw refused()
      }
      return evidence('ev1')
    }
    const run = processOutbox(db, execute, { now: () => 0 })
    await vi.waitFor(async () => expect((await db.get('media', 'm1'))?.state).toBe('sending'))
    // The agent taps retry while the first attempt is on its way to failing.
    await retryUpload(db, 't1', 'm1', 0)
    failing.open()
    await run
    await processOutbox(db, execute, { now: () => 0 })
    expect(attempts).toBe(2)
    expect((await db.get('media', 'm1'))?.state).toBe('sent')
    expect(await db.getAll('outbox')).toEqual([])
  })

  it('a photo removed while its upload is in flight is not brought back when the upload ends', async () => {
    await keepPhoto(photo('m1'))
    await enqueue(db, { kind: 'upload', taskId: 't1', mediaId: 'm1' }, 0)
    const sending = gate()
    const finish = gate()
    upload.impl = async (onProgress) => {
      sending.open()
      await finish.promise
      onProgress(0.5)
      return evidence('ev1')
    }
    const run = processOutbox(db, createExecutor(db), { now: () => 0 })
    await sending.promise
    await db.delete('media', 'm1') // the agent removed it ("Sim, remover")
    finish.open()
    await run
    await new Promise((resolve) => setTimeout(resolve, 20)) // a late progress write, if any
    expect(await db.get('media', 'm1')).toBeUndefined()
  })

  it('two senders at once (no lock): the second one never resurrects what the first sent', async () => {
    await enqueue(db, checkin('t1'), 0)
    const release = gate()
    const sent: string[] = []
    const slow: OutboxExecutor = async (item) => {
      await release.promise
      sent.push(item.id)
    }
    const failing: OutboxExecutor = async () => {
      await release.promise
      throw refused()
    }
    const a = processOutbox(db, slow, { now: () => 0 })
    const b = processOutbox(db, failing, { now: () => 0 })
    release.open()
    await Promise.all([a, b])
    // The item reached the server (idempotency keys make a double send harmless) and is gone.
    expect(sent).toHaveLength(1)
    expect(await db.getAll('outbox')).toEqual([])
  })
})

describe('report saves', () => {
  const draft = (notes: string): ReportDraft => ({
    reportId: 'r1',
    taskId: 't1',
    baseVersion: 1,
    answers: [],
    attendants: [],
    times: [],
    checklist: [],
    evidenceRefs: [],
    taxReceipts: [],
    testimony: '',
    notes,
    dirty: true,
    updatedAt: '2026-01-01T10:00:00.000Z',
  })

  it('an edit while a save is on its way: the retry of that save is the same request, and the edit gets a save of its own', async () => {
    saves.bodies.length = 0
    await db.put('drafts', draft('protetor para pele oleos'))
    await enqueueReportSave(db, 't1', 'r1', 0)
    const answer = gate()
    let calls = 0
    saves.impl = async () => {
      calls++
      if (calls === 1) {
        await answer.promise
        // The server applied it, but the answer is lost (a crash, a dropped connection).
        throw new ApiError({
          status: 0,
          code: 'offline',
          message: 'Sem conexão.',
          method: 'PUT',
          path: '/reports/r1',
        })
      }
      return { id: 'r1', version: 2 }
    }
    const execute = createExecutor(db)
    const run = processOutbox(db, execute, { now: () => 0, random: () => 0 })
    await vi.waitFor(() => expect(saves.bodies).toHaveLength(1))
    // The agent types the last characters while the save is in flight.
    await mutateDraft(db, 'r1', (d) => ({
      ...d,
      notes: 'protetor para pele oleosa.',
      updatedAt: '2026-01-01T10:00:01.000Z',
    }))
    await enqueueReportSave(db, 't1', 'r1', 0)
    answer.open()
    await run
    await processOutbox(db, execute, { now: () => 10 * 60_000 })
    const [first, retry, next] = saves.bodies
    expect(retry).toEqual(first) // same key, same body
    expect(next?.notes).toBe('protetor para pele oleosa.')
    expect(next?.key).not.toBe(first?.key)
    expect(await db.getAll('outbox')).toEqual([])
    expect((await db.get('drafts', 'r1'))?.dirty).toBe(false)
  })
})

describe('repair on start (what an older version left half-written)', () => {
  it('queues a check-in, a check-out and a photo kept without their outbox entries, once', async () => {
    await db.put('visits', {
      taskId: 't1',
      slug: 's1',
      reportId: 'r1',
      checkin: { at: '2026-01-01T10:00:00Z', lat: 1, lng: 2, accuracy: 5, synced: false },
      checkout: { at: '2026-01-01T11:00:00Z', offline: true, synced: false },
    })
    await keepPhoto(photo('m1'))
    await keepPhoto({ ...photo('m2'), state: 'sent', evidenceId: 'ev2' })
    const repaired = await repairVisitStore(db)
    expect(repaired.map((r) => r.kind)).toEqual(['checkin', 'saveReport', 'checkout', 'upload'])
    const kinds = (await db.getAll('outbox')).map((i) => i.kind)
    expect(kinds).toEqual(['checkin', 'saveReport', 'checkout', 'upload'])
    // A second start finds nothing to repair.
    expect(await repairVisitStore(db)).toEqual([])
  })

  it('leaves a synced visit and a queued check-out alone', async () => {
    await db.put('visits', {
      taskId: 't1',
      slug: 's1',
      reportId: 'r1',
      checkin: { at: '2026-01-01T10:00:00Z', lat: 1, lng: 2, accuracy: 5, synced: true },
      checkout: { at: '2026-01-01T11:00:00Z', offline: true, synced: false },
    })
    await enqueue(db, {
      kind: 'checkout',
      taskId: 't1',
      input: { at: '2026-01-01T11:00:00Z', offline: true },
    })
    expect(await repairVisitStore(db)).toEqual([])
  })

  it('a report sent for validation frees the bytes of its photos the server has, and only those', async () => {
    await keepPhoto({ ...photo('m1'), state: 'sent', evidenceId: 'ev1' })
    await keepPhoto(photo('m2'))
    await keepPhoto({ ...photo('m3'), taskId: 't2', state: 'sent', evidenceId: 'ev3' })
    await enqueue(db, { kind: 'submitReport', taskId: 't1', reportId: 'r1' }, 0)
    const result = await processOutbox(db, createExecutor(db), { now: () => 0 })
    expect(result.sent).toBe(1)
    expect(await db.get('mediaBytes', 'm1')).toBeUndefined()
    expect((await db.get('media', 'm1'))?.bytesRemoved).toBe(true)
    // Not on the server yet, or another task's: kept.
    expect(await db.get('mediaBytes', 'm2')).toBeDefined()
    expect(await db.get('mediaBytes', 'm3')).toBeDefined()
  })
})
