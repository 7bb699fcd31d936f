import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { problemCodeValues } from '@/api/schema.gen'
import type { OutboxItem } from './db'
import { ESSENTIAL_KINDS, refusalOf, type Refusal } from './refusal'

const KINDS: readonly OutboxItem['kind'][] = [
  'checkin',
  'checkout',
  'upload',
  'saveReport',
  'submitReport',
  'award',
  'answerRevision',
]
const CLIENT_CODES = ['offline', 'transfer_interrupted', 'timeout', 'invalid_response', 'unknown']

const refused = (kind: OutboxItem['kind'], status: number, code: string, seq = 5) =>
  ({ kind, taskId: 'tsk_1', seq, lastError: { status, code, message: '…' } }) as const

const final = (fix: string): Refusal => ({ final: true, fix }) as Refusal
const retryable: Refusal = { final: false }

describe('which refusals are final (refusal.ts)', () => {
  it('says, for each write the outbox holds, what the API’s refusals ask of the agent', () => {
    const cases: [OutboxItem['kind'], number, string, Refusal][] = [
      // A nomination: duplicate, below the goal, not of the mission: sending again repeats it.
      ['award', 409, 'award_already_given', final('discard')],
      ['award', 422, 'award_below_goal', final('discard')],
      ['award', 422, 'validation_failed', final('discard')],
      ['award', 404, 'not_found', final('discard')],
      // The check-in's position: only a new one, at the place, changes the answer.
      ['checkin', 422, 'outside_radius', final('check-in-again')],
      ['checkin', 422, 'weak_gps_signal', final('check-in-again')],
      ['checkin', 422, 'deadline_passed', final('ask-support')],
      ['checkout', 422, 'validation_failed', final('ask-support')],
      // What the agent typed or left out: changed, it goes as new.
      ['saveReport', 422, 'validation_failed', final('edit')],
      ['saveReport', 413, 'body_too_large', final('edit')],
      ['saveReport', 409, 'stale_version', final('choose-version')],
      ['submitReport', 422, 'report_incomplete', final('edit')],
      ['answerRevision', 422, 'validation_failed', final('edit')],
      ['answerRevision', 404, 'not_found', final('discard')],
      // A file the server will not take: another file is another upload.
      ['upload', 413, 'file_too_large', final('discard')],
      ['upload', 415, 'unsupported_media_type', final('discard')],
      // A retry is a new request: another key, another answer.
      ['award', 422, 'idempotency_key_reused', retryable],
      // The submission reads the version when it goes: a save landing first moves it.
      ['submitReport', 409, 'stale_version', retryable],
      // The server, the connection, the session.
      ['award', 503, 'maintenance', retryable],
      ['saveReport', 500, 'internal_error', retryable],
      ['upload', 429, 'internal_error', retryable],
      ['checkout', 401, 'session_expired', retryable],
      ['checkin', 0, 'offline', retryable],
      // An answer the app could not read, a code it does not know: it cannot tell.
      ['award', 403, 'invalid_response', retryable],
      ['award', 422, 'a_code_from_a_newer_server', retryable],
    ]
    for (const [kind, status, code, expected] of cases)
      expect([kind, status, code, refusalOf(refused(kind, status, code))]).toEqual([
        kind,
        status,
        code,
        expected,
      ])
  })

  it('a state refusal is final only when nothing else of its visit is still on the phone', () => {
    const save = refused('saveReport', 409, 'transition_refused', 7)
    // The check-in it needed was refused too (or still waits): once it lands, the state moves.
    const checkin = { taskId: 'tsk_1', seq: 3 }
    const otherVisit = { taskId: 'tsk_2', seq: 4 }
    expect(refusalOf(save, [checkin, save])).toEqual(retryable)
    expect(refusalOf(save, [save, { taskId: 'tsk_1', seq: 9 }])).toEqual(retryable)
    expect(refusalOf(save, [otherVisit, save])).toEqual(final('discard'))
    expect(refusalOf(save, [save])).toEqual(final('discard'))
    expect(refusalOf(refused('checkout', 409, 'transition_refused'))).toEqual(final('ask-support'))
  })

  it('never calls final what the server, the connection or the session may change', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...KINDS),
        fc.oneof(
          fc.integer({ min: 500, max: 599 }),
          fc.constantFrom(0, 401, 408, 425, 429),
          fc.integer({ min: 200, max: 399 }),
        ),
        fc.constantFrom(...problemCodeValues, ...CLIENT_CODES),
        (kind, status, code) => {
          expect(refusalOf(refused(kind, status, code))).toEqual(retryable)
        },
      ),
    )
  })

  it('a final refusal never discards a check-in or check-out, and only a check-in is redone', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...KINDS),
        fc.integer({ min: 400, max: 499 }),
        fc.constantFrom(...problemCodeValues),
        (kind, status, code) => {
          const refusal = refusalOf(refused(kind, status, code))
          if (!refusal.final) return
          if (ESSENTIAL_KINDS.has(kind)) expect(refusal.fix).not.toBe('discard')
          if (refusal.fix === 'check-in-again') expect(kind).toBe('checkin')
          if (refusal.fix === 'choose-version') expect(kind).toBe('saveReport')
          if (refusal.fix === 'edit')
            expect(['saveReport', 'submitReport', 'answerRevision']).toContain(kind)
        },
      ),
    )
  })

  it('a write with no refusal recorded is never final', () => {
    for (const kind of KINDS) expect(refusalOf({ kind, taskId: 't', seq: 1 })).toEqual(retryable)
  })
})
