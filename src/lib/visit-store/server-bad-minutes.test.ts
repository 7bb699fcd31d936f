/**
 * The outbox on the server's bad minutes, on fake time (issue 38): a server in maintenance
 * that answers 503 with `Retry-After`, then comes back; a session that ends. Counts what the
 * phone sends — requests and bytes — the way a data plan does.
 */
import 'fake-indexeddb/auto'
import fc from 'fast-check'
import { beforeEach, describe, expect, it } from 'vitest'
import { ApiError } from '@/api/api-error'
import { enqueue, outboxSummary, processOutbox } from './outbox'
import { openVisitDb, type OutboxItem, type VisitDb } from './db'
import { serverWait } from './server-wait'

let db: VisitDb
let n = 0
beforeEach(async () => {
  db = await openVisitDb(`bad-minutes-${++n}`)
})

const PHOTO_BYTES = 382_000
const SMALL_BYTES = 600

type Sent = { at: number; what: string; bytes: number; answer: number }

/**
 * A server in maintenance from 0 until `until` (503, `Retry-After: retryAfterMs`), then up;
 * the session ends at `sessionEndsAt` (401 from then on). Records every request it gets.
 */
function server({
  until,
  retryAfterMs,
  sessionEndsAt = Infinity,
}: {
  until: number
  retryAfterMs: number
  sessionEndsAt?: number
}) {
  const sent: Sent[] = []
  let clock = 0
  const answer = (what: string, bytes: number) => {
    const at = clock
    if (at >= sessionEndsAt) {
      sent.push({ at, what, bytes, answer: 401 })
      throw new ApiError({
        status: 401,
        code: 'session_expired',
        message: 'Sua sessão expirou.',
        method: 'POST',
        path: what,
      })
    }
    if (at < until) {
      sent.push({ at, what, bytes, answer: 503 })
      throw new ApiError({
        status: 503,
        code: 'maintenance',
        message: 'Voltamos em alguns minutos.',
        method: 'POST',
        path: what,
        retryAfterMs,
      })
    }
    sent.push({ at, what, bytes, answer: 200 })
  }
  return {
    sent,
    now: () => clock,
    setNow: (t: number) => (clock = t),
    execute: async (item: OutboxItem) =>
      answer(item.kind, item.kind === 'upload' ? PHOTO_BYTES : SMALL_BYTES),
    askServer: async () => answer('GET /me', 0),
  }
}

/** The sync loop on fake time: runs, sleeps until what is due, runs again, up to `horizon`. */
async function runLoop(fake: ReturnType<typeof server>, horizon: number) {
  for (let runs = 0; runs < 500; runs++) {
    const result = await processOutbox(db, fake.execute, {
      now: fake.now,
      random: () => 0.5,
      askServer: fake.askServer,
    })
    if (result.sessionEnded || result.waitingUntil === null) return result
    const next = Math.max(fake.now() + 1, result.waitingUntil)
    if (next > horizon) return result
    fake.setNow(next)
  }
  throw new Error('the loop never settled')
}

async function queueVisit() {
  await enqueue(db, { kind: 'upload', taskId: 't1', mediaId: 'm1' }, 0)
  await enqueue(db, { kind: 'saveReport', taskId: 't1', reportId: 'r1' }, 0)
  await enqueue(
    db,
    { kind: 'checkout', taskId: 't1', input: { at: '2026-01-01T11:00:00Z', offline: false } },
    0,
  )
}

describe('the outbox during a server’s bad minutes', () => {
  it('the issue’s 503 with Retry-After: 120 — the photo goes up once, after; nothing before the 120 s', async () => {
    const fake = server({ until: 300_000, retryAfterMs: 120_000 })
    await queueVisit()
    await runLoop(fake, 900_000)
    const photos = fake.sent.filter((s) => s.what === 'upload')
    // Before: 0, 7, 24, 54 and 117 s, about 1.9 MB. Now the save it follows met the 503 (a
    // few hundred bytes), and the photo went once the server was back.
    expect(photos.map((s) => s.answer)).toEqual([200])
    expect(photos.reduce((b, s) => b + s.bytes, 0)).toBe(PHOTO_BYTES)
    // After each 503, the next request waits the full 120 s (the first ones go together).
    const times = [...new Set(fake.sent.map((s) => s.at))]
    for (let i = 1; i < times.length; i++)
      expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(120_000)
    // The small writes arrived, the save before the photo (its body was fixed without it).
    const back = fake.sent.filter((s) => s.answer === 200).map((s) => s.what)
    expect(back).toEqual(expect.arrayContaining(['checkout', 'saveReport', 'upload']))
    expect(back.indexOf('saveReport')).toBeLessThan(back.indexOf('upload'))
    expect((await outboxSummary(db)).items).toEqual([])
  })

  it('a photo alone in the queue: refused once, then cheap questions only until the server is back', async () => {
    const fake = server({ until: 300_000, retryAfterMs: 120_000 })
    await enqueue(db, { kind: 'upload', taskId: 't1', mediaId: 'm1' }, 0)
    await runLoop(fake, 900_000)
    expect(fake.sent.map((s) => `${s.at / 1000} s ${s.what} ${s.answer}`)).toEqual([
      '0 s upload 503',
      '120 s GET /me 503',
      '240 s GET /me 503',
      '360 s GET /me 200',
      '360 s upload 200',
    ])
  })

  it('the screens hear “in maintenance”, and when the next try is, while it lasts', async () => {
    const fake = server({ until: 300_000, retryAfterMs: 120_000 })
    await queueVisit()
    await processOutbox(db, fake.execute, { now: fake.now, askServer: fake.askServer })
    expect(serverWait((await outboxSummary(db)).items)).toEqual({
      maintenance: true,
      retryAt: 120_000,
    })
  })

  it('property: for any Retry-After and any length of maintenance, one photo body at most while it lasts, none before the server said, and all of it after', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 30 * 60_000 }),
        fc.integer({ min: 1, max: 60 * 60_000 }),
        async (retryAfterMs, until) => {
          db = await openVisitDb(`bad-minutes-${++n}`)
          const fake = server({ until, retryAfterMs })
          await queueVisit()
          await runLoop(fake, until + 2 * 60 * 60_000)
          const during = fake.sent.filter((s) => s.at < until)
          expect(during.filter((s) => s.what === 'upload').length).toBeLessThanOrEqual(1)
          // Nothing went before the server said: every request after a 503 waited its time.
          for (const refused of fake.sent.filter((s) => s.answer === 503))
            for (const later of fake.sent.filter((s) => s.at > refused.at))
              expect(later.at - refused.at).toBeGreaterThanOrEqual(retryAfterMs)
          expect(fake.sent.filter((s) => s.answer === 200).map((s) => s.what)).toEqual(
            expect.arrayContaining(['checkout', 'saveReport', 'upload']),
          )
          expect((await outboxSummary(db)).items).toEqual([])
        },
      ),
      { numRuns: 40 },
    )
  })

  it('a session that ends in maintenance: the cheap question meets the 401, the photo is not sent again, nothing more goes', async () => {
    const fake = server({ until: 60_000, retryAfterMs: 30_000, sessionEndsAt: 20_000 })
    await enqueue(db, { kind: 'upload', taskId: 't1', mediaId: 'm1' }, 0)
    const result = await runLoop(fake, 600_000)
    expect(result.sessionEnded).toBe(true)
    expect(fake.sent.map((s) => `${s.what} ${s.answer}`)).toEqual(['upload 503', 'GET /me 401'])
    // Kept for the next sign-in, untouched but for the note that asks first then.
    const [kept] = (await outboxSummary(db)).items
    expect(kept).toMatchObject({ state: 'pending', lastError: { status: 401 } })
  })

  it('signed in again after a 401: a cheap question first, then the photo, once', async () => {
    const ended = server({ until: 0, retryAfterMs: 0, sessionEndsAt: 0 })
    await enqueue(db, { kind: 'upload', taskId: 't1', mediaId: 'm1' }, 0)
    await runLoop(ended, 60_000)
    const fresh = server({ until: 0, retryAfterMs: 0 })
    await runLoop(fresh, 60_000)
    expect(fresh.sent.map((s) => `${s.what} ${s.answer}`)).toEqual(['GET /me 200', 'upload 200'])
  })

  it('a session no longer this outbox’s (another agent signed in) stops before anything goes', async () => {
    const fake = server({ until: 0, retryAfterMs: 0 })
    await queueVisit()
    const result = await processOutbox(db, fake.execute, {
      now: fake.now,
      canSend: () => false,
    })
    expect(result.sessionEnded).toBe(true)
    expect(fake.sent).toEqual([])
    expect((await outboxSummary(db)).pending).toBe(3)
  })
})
