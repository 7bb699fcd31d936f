/**
 * Why a declared error has no interaction. openapi.yaml declares 4xx/5xx responses per
 * operation; the pacts pin each one the app handles differently (a code it branches on, a
 * screen of its own, a field error it shows under its field) and, once each, the generic paths
 * the rest go through. `npm run test:contracts` lists every declared (operation, status) pair
 * with its interactions or its reason from here, and fails on a pair with neither, on a reason
 * left for a pair that is now pinned or no longer declared, and on a `pinnedBy` that is not
 * pinned.
 *
 * A 401 needs no entry: on an operation with a session it is the generic 401 path of the way
 * the app sends its token (AUTH_STYLES), which must be pinned at least once.
 *
 * Plain data (no Pact): read by scripts/contract-run.ts.
 */

export type Unpinned = {
  /** A short name, when the same reason explains several pairs (the table prints it once). */
  label?: string
  /** Why no interaction is needed: for the backend team as much as for us. */
  why: string
  /** Pinned pairs (`operationId status`) that exercise the same code path in the app. */
  pinnedBy?: readonly string[]
}

/** The ways the app sends its session token; every other operation uses the typed client. */
export const AUTH_STYLES = {
  default: 'typed client (src/api/client.ts)',
  byOperation: { uploadMedia: 'upload by XMLHttpRequest (src/lib/visit-store/upload.ts)' },
} as const satisfies { default: string; byOperation: Record<string, string> }

/** What the app does with a 401 on a request that carried its token. */
export const GENERIC_401 =
  'The session is over: the app clears it and signs the agent out, keeping unsent visit work (src/app/session-expiry.ts)'

const OUTBOX: Unpinned = {
  label: 'refused visit write',
  why: 'A refused visit write: the outbox marks it failed with the server’s message, for the agent to retry or discard (src/lib/visit-store/outbox.ts), whatever the 4xx.',
  pinnedBy: ['checkOut 409', 'saveReport 422'],
}
const FORM: Unpinned = {
  label: 'refused form',
  why: 'A refused form: the server’s message is shown and the next try gets a new Idempotency-Key (src/lib/use-idempotency-key.ts), whatever the 4xx.',
  pinnedBy: ['acceptOpportunity 409', 'cancelTask 422'],
}
const READ: Unpinned = {
  label: 'refused read',
  why: 'A refused read: not retried and shown as a load error with “Tentar de novo” (src/lib/query-client.ts, LoadError), whatever the 4xx. The ids come from a task the server sent.',
  pinnedBy: ['getTask 404', 'getReport 404'],
}
const UPLOAD: Unpinned = {
  label: 'refused upload',
  why: 'A refused upload: the photo is marked failed with the server’s message and not retried (src/lib/visit-store/upload.ts, outbox.ts), as for 413 and 415.',
  pinnedBy: ['uploadMedia 413', 'uploadMedia 415'],
}

/**
 * The Idempotency-Key's own answers (mocks/handlers/idempotency.ts), declared on every keyed
 * operation: 409 `idempotency_key_in_use` is transient for every caller (ApiError.isTransient:
 * the outbox backs off, a form keeps its key), and 422 `idempotency_key_reused` is a refusal
 * like any other 4xx of that operation.
 */
const KEYED: Unpinned = {
  label: 'Idempotency-Key answer',
  why: 'Only the Idempotency-Key’s own answers reach the app here: 409 idempotency_key_in_use (the same key still running) is transient and retried with the same key (ApiError.isTransient); 422 idempotency_key_reused goes the operation’s refusal path, as pinned on the check-out. The app never reuses a key with another body.',
  pinnedBy: ['checkOut 422', 'checkOut 409'],
}

/**
 * The body's own bounds (mocks/request-limits.ts), declared on every operation that takes a
 * JSON body: the app's bodies are far smaller and always JSON, so it never meets them.
 */
const JSON_BODY_TOO_LARGE: Unpinned = {
  label: 'JSON body over 256 KiB',
  why: 'Not sent by the app: its JSON bodies are a few KiB (the largest, a report, has notes of at most 5,000 characters and a testimony of 1,000), far under the 256 KiB limit. A 413 would be a refusal like any other 4xx of the operation.',
}
const NOT_JSON: Unpinned = {
  label: 'body not JSON',
  why: 'Not sent by the app: the typed client (openapi-fetch, src/api/client.ts) sends every body as application/json. A 415 would be a refusal like any other 4xx of the operation.',
}

export const UNPINNED: Record<string, Unpinned> = {
  'requestSignInCode 409': KEYED,
  'setAvailability 409': KEYED,
  'updateProfile 409': KEYED,
  'acceptTerms 422': KEYED,
  'updateBankInfo 409': KEYED,
  'uploadMedia 409': KEYED,
  'registerPushSubscription 409': KEYED,
  'requestSignInCode 422': {
    why: 'Not sent by the app: the form checks the phone (readPhone, login-page.tsx) before sending it; a 422 would show under the field all the same (fieldErrors.phone). An unknown phone is not a 422 (docs/decisions/0013). Also the Idempotency-Key’s 422, which the app never provokes.',
    pinnedBy: ['verifySignInCode 422'],
  },
  'activateAccount 422': {
    why: 'Not sent by the app: the id and token come from the invitation link and are never empty (the route needs both). A refusal without a link code opens the activation error page’s general reason (activation-page.tsx).',
  },
  'setAvailability 422': {
    why: 'Not sent by the app: the body is one boolean. Any failure turns the switch back (account-menu-page.tsx).',
  },
  'acceptTerms 409': FORM,
  'createAward 404': OUTBOX,
  'createAward 409': OUTBOX,
  'acceptOpportunity 404': FORM,
  'acceptOpportunity 422': {
    why: 'Not sent by the app: scheduledFor is always a date-time the form built (src/lib/sao-paulo-time.ts).',
  },
  'declineOpportunity 404': FORM,
  'declineOpportunity 409': FORM,
  'declineOpportunity 422': {
    why: 'Not sent by the app: the reason is never blank and at most 300 characters (decline-sheet.tsx; the spec allows 500).',
  },
  'checkInByPosition 404': OUTBOX,
  'checkOut 404': OUTBOX,
  'rescheduleTask 404': FORM,
  'rescheduleTask 422': {
    why: 'Not sent by the app: scheduledFor is always a date-time the form built (src/lib/sao-paulo-time.ts).',
  },
  'cancelTask 404': FORM,
  'cancelTask 409': FORM,
  'getProject 404': READ,
  'getMission 404': READ,
  'getForm 404': READ,
  'saveReport 404': OUTBOX,
  'submitReport 404': OUTBOX,
  'submitReport 409': {
    why: `${OUTBOX.why} The report in a stale_version answer is used on a save (pinned), not on a submission.`,
    pinnedBy: ['saveReport 409', ...OUTBOX.pinnedBy!],
  },
  'answerRevision 404': OUTBOX,
  'answerRevision 409': OUTBOX,
  'uploadMedia 404': UPLOAD,
  'uploadMedia 422': UPLOAD,
  'getMediaContent 404': {
    why: 'Not distinguished: a photo or recording whose bytes cannot be read shows as not loaded, whatever the error (use-media-object-url.ts).',
  },
  'markBulletinRead 404': {
    why: 'Not distinguished: any failure shows the same “could not mark it as read” message (bulletins-page.tsx).',
  },
  // The body's bounds (mocks/request-limits.ts), on every operation that takes JSON.
  'requestSignInCode 413': JSON_BODY_TOO_LARGE,
  'requestSignInCode 415': NOT_JSON,
  'verifySignInCode 413': JSON_BODY_TOO_LARGE,
  'verifySignInCode 415': NOT_JSON,
  'activateAccount 413': JSON_BODY_TOO_LARGE,
  'activateAccount 415': NOT_JSON,
  'setAvailability 413': JSON_BODY_TOO_LARGE,
  'setAvailability 415': NOT_JSON,
  'updateProfile 413': JSON_BODY_TOO_LARGE,
  'updateProfile 415': NOT_JSON,
  'updateBankInfo 413': JSON_BODY_TOO_LARGE,
  'updateBankInfo 415': NOT_JSON,
  'requestWithdrawal 413': JSON_BODY_TOO_LARGE,
  'requestWithdrawal 415': NOT_JSON,
  'createAward 413': JSON_BODY_TOO_LARGE,
  'createAward 415': NOT_JSON,
  'acceptOpportunity 413': JSON_BODY_TOO_LARGE,
  'acceptOpportunity 415': NOT_JSON,
  'declineOpportunity 413': JSON_BODY_TOO_LARGE,
  'declineOpportunity 415': NOT_JSON,
  'checkInByPosition 413': JSON_BODY_TOO_LARGE,
  'checkInByPosition 415': NOT_JSON,
  'checkOut 413': JSON_BODY_TOO_LARGE,
  'checkOut 415': NOT_JSON,
  'rescheduleTask 413': JSON_BODY_TOO_LARGE,
  'rescheduleTask 415': NOT_JSON,
  'cancelTask 413': JSON_BODY_TOO_LARGE,
  'cancelTask 415': NOT_JSON,
  'saveReport 413': JSON_BODY_TOO_LARGE,
  'saveReport 415': NOT_JSON,
  'submitReport 413': JSON_BODY_TOO_LARGE,
  'submitReport 415': NOT_JSON,
  'answerRevision 413': JSON_BODY_TOO_LARGE,
  'answerRevision 415': NOT_JSON,
  'registerPushSubscription 413': JSON_BODY_TOO_LARGE,
  'registerPushSubscription 415': NOT_JSON,
}
