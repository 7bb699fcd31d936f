/**
 * What a write the server refused asks of the agent: the one rule for every kind the outbox
 * holds (docs/product/visit.md "Refusals"). Pure: no IndexedDB, no React.
 *
 * A refusal is **final** when sending the same write again would get the same answer: the
 * server refused what it carries (a duplicate nomination, a position outside the radius, a
 * report the server finds incomplete, a file too large) or the state it found will not move by
 * itself. Then a retry is no way out, and the screen offers the fix instead: change what the
 * write carries, discard it, check in again, choose a version, or ask support.
 *
 * It is **not final** when a retry can bring another answer: no answer at all (no connection,
 * a timeout, an answer the app could not read), the server in trouble (5xx, 429, 503), the
 * session (401: the write waits for the next sign-in), an Idempotency-Key the server will not
 * take again (a retry is a new request, with a new key), a code this app does not know, and a
 * state refusal (`transition_refused`) while another write of the same visit is still on the
 * phone: once that one lands (a check-in, a check-out), the state the server found moves, and
 * the outbox sends the refused write again by itself (outbox.ts, `processOutbox`).
 */
import { problemCodeValues } from '@/api/schema.gen'
import type { OutboxError, OutboxItem } from './db'

export type RefusalFix =
  /** Change what it carries (the report, the answers); the same send then goes as new. */
  | 'edit'
  /** It can never be taken: take it off the phone (a photo: remove it and take another). */
  | 'discard'
  /** The position proved nothing or was outside the radius: check in again, at the place. */
  | 'check-in-again'
  /** The report changed elsewhere: keep the agent's answers or take the server's. */
  | 'choose-version'
  /** The visit cannot do without it (check-in, check-out) and nothing on the phone changes it. */
  | 'ask-support'

export type Refusal = { final: false } | { final: true; fix: RefusalFix }

/** The visit cannot exist on the server without them: they are never discarded. */
export const ESSENTIAL_KINDS: ReadonlySet<OutboxItem['kind']> = new Set(['checkin', 'checkout'])

const KNOWN_CODES: ReadonlySet<string> = new Set(problemCodeValues)

/** Codes whose answer may change with no change to the write (the server's or the session's). */
const RETRYABLE_CODES: ReadonlySet<string> = new Set([
  'maintenance',
  'internal_error',
  'idempotency_key_in_use',
  // A retry of a refused write is a new request with a new key (outbox `goAgain`).
  'idempotency_key_reused',
  'session_expired',
  'unauthorized',
  // Counted as sent by the check-in; any other write: the server's state moved.
  'already_checked_in',
])

/** Statuses a retry can change: none, a timeout, too early, too many, the session, the server. */
const retryableStatus = (status: number) =>
  status < 400 || status >= 500 || [401, 408, 425, 429].includes(status)

/**
 * Whether `item`'s refusal is final, and its fix. `outbox`: the writes on the phone (any task;
 * only the others of `item`'s task count), for a state refusal.
 */
export function refusalOf(
  item: Pick<OutboxItem, 'kind' | 'taskId' | 'seq'> & { lastError?: OutboxError | undefined },
  outbox: readonly Pick<OutboxItem, 'taskId' | 'seq'>[] = [],
): Refusal {
  const error = item.lastError
  if (!error) return { final: false }
  const { status, code } = error
  if (retryableStatus(status) || !KNOWN_CODES.has(code) || RETRYABLE_CODES.has(code))
    return { final: false }
  if (code === 'transition_refused' && othersOfVisit(item, outbox)) return { final: false }
  // The submission reads the report's version when it goes: a save that lands first moves it.
  if (code === 'stale_version' && item.kind !== 'saveReport') return { final: false }
  return { final: true, fix: fixOf(item.kind, code) }
}

const othersOfVisit = (
  item: Pick<OutboxItem, 'taskId' | 'seq'>,
  outbox: readonly Pick<OutboxItem, 'taskId' | 'seq'>[],
) => outbox.some((other) => other.taskId === item.taskId && other.seq !== item.seq)

function fixOf(kind: OutboxItem['kind'], code: string): RefusalFix {
  const carriesInput =
    code === 'validation_failed' || code === 'body_too_large' || code === 'report_incomplete'
  switch (kind) {
    case 'checkin':
      return code === 'outside_radius' || code === 'weak_gps_signal'
        ? 'check-in-again'
        : 'ask-support'
    case 'checkout':
      return 'ask-support'
    case 'saveReport':
      if (code === 'stale_version') return 'choose-version'
      return carriesInput ? 'edit' : 'discard'
    case 'submitReport':
    case 'answerRevision':
      return carriesInput ? 'edit' : 'discard'
    // A nomination is an award and an attendant, a photo its file: another one is a new write.
    case 'award':
    case 'upload':
      return 'discard'
  }
}
