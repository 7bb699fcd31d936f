/**
 * The provider states the Avaliador app's pacts use: one catalogue shared by the consumer
 * tests (which state each interaction is given), the fake backend's state-change endpoint
 * (mocks/handlers/provider-states.ts implements every one) and contracts/README.md (the
 * backend team's list; the contract run checks the three agree).
 *
 * A state's name keeps its parameters as `{placeholders}`; the values travel in `params`.
 * `returns` lists what the provider's state-change endpoint must answer (JSON object) so the
 * verifier can inject the provider's real ids into the request (Pact `fromProviderState`).
 */

import { DEMO_AGENT_ID, DEMO_PHONE, DEMO_TOKEN } from './seed/demo'

/** A value a state's answer holds, as JSON Schema (contracts/provider-states.yaml). */
export type AnswerKeySpec = {
  type: 'string' | 'integer' | 'number'
  format?: 'date-time'
  description: string
}

/**
 * Every value a state may answer, once: its JSON type and what it is. The verifier injects
 * them into requests by name (`${taskId}`), so a name means the same in every state.
 */
export const ANSWER_KEYS = {
  authToken: {
    type: 'string',
    description: 'The bearer token of a live session of the agent the state arranged.',
  },
  token: {
    type: 'string',
    description: 'A token the state made: an expired session’s, or an invitation’s.',
  },
  phone: { type: 'string', description: 'An E.164 phone (+55…).' },
  code: { type: 'string', description: 'A six-digit sign-in code.' },
  wrongCode: { type: 'string', description: 'Six digits that are not the valid code.' },
  invitationId: { type: 'string', description: 'An invitation id.' },
  termsVersion: { type: 'string', description: 'A version of the terms of use (2026.2).' },
  version: { type: 'integer', description: 'A report version.' },
  staleVersion: { type: 'integer', description: 'A report version lower than the current.' },
  balanceCents: { type: 'integer', description: 'The available balance, in cents.' },
  overBalanceCents: { type: 'integer', description: 'An amount above the balance, in cents.' },
  taskId: { type: 'string', description: 'A task id.' },
  slug: {
    type: 'string',
    description: 'A slug: of a task (T-4826) or of a notification, as the state says.',
  },
  lat: { type: 'number', description: 'The latitude of the task’s location.' },
  lng: { type: 'number', description: 'The longitude of the task’s location.' },
  scheduledFor: {
    type: 'string',
    format: 'date-time',
    description: 'A date-time the request may schedule for.',
  },
  outsideWindow: {
    type: 'string',
    format: 'date-time',
    description: 'A date-time after an offer’s window.',
  },
  afterDeadline: {
    type: 'string',
    format: 'date-time',
    description: 'A date-time after a task’s deadline.',
  },
  deviceTime: {
    type: 'string',
    format: 'date-time',
    description:
      'Now, by your clock: the time the phone sends for a check-in or check-out made on the spot.',
  },
  offlineCheckoutAt: {
    type: 'string',
    format: 'date-time',
    description:
      'A device time for a check-out queued offline: in the past, after the check-in, at minute 40 and second 0 of its UTC hour (hh:40:00Z).',
  },
  idempotencyKey: {
    type: 'string',
    description: 'The Idempotency-Key (a UUID) the state sent a write with, through your API.',
  },
  reportId: { type: 'string', description: 'A report id.' },
  evidenceId: { type: 'string', description: 'An evidence (uploaded photo) id.' },
  attendantCode: { type: 'string', description: 'An attendant code of a report.' },
  awardCode: { type: 'string', description: 'An award code of a mission.' },
  revisionId: { type: 'string', description: 'A validator revision id.' },
  pendencyId: { type: 'string', description: 'A pendency id of a revision.' },
  bulletinId: { type: 'string', description: 'A bulletin id.' },
  subscriptionId: { type: 'string', description: 'A push subscription id of this device.' },
  projectId: { type: 'string', description: 'A project id.' },
  missionId: { type: 'string', description: 'A mission id.' },
  formId: { type: 'string', description: 'An evaluation form id.' },
} as const satisfies Record<string, AnswerKeySpec>

export type AnswerKey = keyof typeof ANSWER_KEYS

export type ProviderStateSpec = {
  /** The state as written in the pact (`given`). */
  name: string
  /** Example parameters the consumer sends (the provider may use others and say so). */
  params: Readonly<Record<string, string | number>>
  /** Keys the state-change answer must hold, injected into requests by the verifier. */
  returns: readonly AnswerKey[]
  /**
   * The state signs the agent in: its answer also holds `authToken`, the bearer token of a
   * live session of the agent it arranged, which the verifier puts in every request's
   * `Authorization: Bearer …` (no token is configured on the verifier).
   */
  signsIn: boolean
  /** What the provider must arrange, for the backend team. */
  setup: string
}

/** The answer key of a signed-in state that holds the session token (see `signsIn`). */
export const AUTH_TOKEN_KEY: AnswerKey = 'authToken'

/** Every key a state's answer must hold: its `returns`, and `authToken` when it signs in. */
export const answerKeys = (state: ProviderStateSpec): AnswerKey[] => [
  ...state.returns,
  ...(state.signsIn ? [AUTH_TOKEN_KEY] : []),
]

const state = <S extends ProviderStateSpec>(spec: S) => spec

/**
 * Where `offlineCheckoutAt` sits in its UTC hour. Pact cannot compare a response value with a
 * state's value, so the pact recognises the kept device time by this mark
 * (contracts/support/date-time.ts, instantAtMinuteOfHour): a server storing its own clock
 * would have to read hh:40:00 at that moment.
 */
export const KEPT_DEVICE_TIME = { minute: 40, second: 0 } as const

export const DEMO = { phone: DEMO_PHONE, token: DEMO_TOKEN, agentId: DEMO_AGENT_ID } as const

export const STATES = {
  serviceUp: state({
    name: 'the service is up',
    params: {},
    returns: [],
    signsIn: false,
    setup: 'Nothing: `GET /health` answers 200 with status `ok`.',
  }),
  maintenance: state({
    name: 'the service is in maintenance',
    params: {},
    returns: [],
    signsIn: true,
    setup:
      'Every call answers 503 `application/problem+json` with code `maintenance` (and `Retry-After`), `GET /health` included, while the agent still holds a live session (the app sends its token).',
  }),
  signedIn: state({
    name: 'the agent is signed in',
    params: {},
    returns: [],
    signsIn: true,
    setup:
      'An active agent (every signed-in state below arranges this agent) who has accepted the current terms of use (`termsVersionAccepted` is their version, with its `acceptedAt`; `termsPending` false), with at least one task (any status) and at least one wallet transaction. Open a session for the agent and return its token as `authToken`.',
  }),
  sessionExpired: state({
    name: 'the session {token} has expired',
    params: { token: 'expired-token' },
    returns: ['token'],
    signsIn: false,
    setup:
      'A session token that existed but has expired (or was revoked). Return it as `token`: the request sends `Authorization: Bearer <token>` and expects 401.',
  }),
  phoneRegistered: state({
    name: 'an agent is registered with phone {phone}',
    params: { phone: DEMO.phone },
    returns: ['phone'],
    signsIn: false,
    setup:
      'An active agent with this E.164 phone and no sign-in code pending (no resend lock). Return the phone used.',
  }),
  phoneUnknown: state({
    name: 'no agent is registered with phone {phone}',
    params: { phone: '+5511900000000' },
    returns: ['phone'],
    signsIn: false,
    setup:
      'No agent has this E.164 phone, and no code was asked for it. Asking for a code answers as for an agent’s phone — 202 with the ticket, `connection` as asked — and sends nothing: the API does not tell whether a phone is an agent’s (contracts/README.md, “The rules behind the spec”). Return the phone used.',
  }),
  phoneUnknownCodeRequested: state({
    name: 'a sign-in code was requested for {phone}, which no agent has',
    params: { phone: '+5511900000000' },
    returns: ['phone'],
    signsIn: false,
    setup:
      'No agent has this E.164 phone, and a code was just asked for it (nothing was sent): it behaves like an agent’s phone with a pending code — asking again within 60 s answers 429 `otp_resend_locked`, a code answers 422 `otp_invalid` with the tries left, 4 now. Return the phone used.',
  }),
  codeRequested: state({
    name: 'a sign-in code was requested for {phone}',
    params: { phone: DEMO.phone, code: '482913' },
    returns: ['phone', 'code', 'wrongCode'],
    signsIn: false,
    setup:
      'A sign-in code was just sent to the agent with this phone, who has accepted the current terms of use (`termsVersionAccepted`; `termsPending` false): valid for 10 minutes, no wrong tries yet, resend locked for 60 s. Return the phone, the valid `code` and a `wrongCode` that is not it.',
  }),
  codeLocked: state({
    name: 'the sign-in code for {phone} is locked',
    params: { phone: DEMO.phone },
    returns: ['phone', 'code'],
    signsIn: false,
    setup:
      'The code sent to this phone got 5 wrong tries: any further try answers 429 `otp_locked` until a new code is requested. Return the phone and the (now useless) `code`.',
  }),
  codeExpired: state({
    name: 'the sign-in code for {phone} has expired',
    params: { phone: DEMO.phone },
    returns: ['phone', 'code'],
    signsIn: false,
    setup:
      'The code sent to this phone is past its 10 minutes: a try answers 410 `otp_expired`. Return the phone and the expired `code`.',
  }),
  invitationPending: state({
    name: 'an invitation {invitationId} with token {token} is pending',
    params: { invitationId: 'inv_demo', token: 'convite-demo' },
    returns: ['invitationId', 'token'],
    signsIn: false,
    setup:
      'An unused, unexpired invitation for an agent who has not accepted any terms of use yet (`termsVersionAccepted` null, `termsPending` true). Return its `invitationId` and `token`.',
  }),
  invitationExpired: state({
    name: 'the invitation {invitationId} with token {token} has expired',
    params: { invitationId: 'inv_demo', token: 'convite-demo' },
    returns: ['invitationId', 'token'],
    signsIn: false,
    setup:
      'An unused invitation whose validity has ended: activating it answers 410 `activation_expired`. Return its `invitationId` and `token`.',
  }),
  noInvitation: state({
    name: 'no invitation matches {invitationId}',
    params: { invitationId: 'inv_inexistente' },
    returns: [],
    signsIn: false,
    setup: 'No invitation has this id (activation answers 404).',
  }),
  termsNotAccepted: state({
    name: 'the agent has not accepted the current terms {termsVersion}',
    params: { termsVersion: '2026.2' },
    returns: ['termsVersion'],
    signsIn: true,
    setup:
      'Signed-in agent whose `termsVersionAccepted` is not the current terms version. Return the current `termsVersion`.',
  }),
  balanceAvailable: state({
    name: 'the agent has bank data and an available balance of {balanceCents}',
    params: { balanceCents: 8000 },
    returns: ['balanceCents', 'overBalanceCents'],
    signsIn: true,
    setup:
      'Signed-in agent with bank data (`bank`) and at least this available balance (cents) in the wallet, with some transactions. Return the real `balanceCents` and any `overBalanceCents` above it (a withdrawal of it answers 409 `insufficient_balance`).',
  }),
  noBankData: state({
    name: 'the agent has no bank data and an available balance of {balanceCents}',
    params: { balanceCents: 8000 },
    returns: ['balanceCents'],
    signsIn: true,
    setup:
      'Signed-in agent with no bank data and at least this available balance (cents): a withdrawal within the balance answers 409 `bank_info_missing`. Return the real `balanceCents`.',
  }),
  awardNominated: state({
    name: 'the agent has an award nomination for task {taskId}',
    params: { taskId: 'tsk_4831' },
    returns: ['taskId'],
    signsIn: true,
    setup: 'Signed-in agent with at least one award given to a nomination of theirs.',
  }),
  pendingOpportunity: state({
    name: 'the agent has a pending opportunity {taskId}',
    params: { taskId: 'tsk_4822' },
    returns: ['taskId', 'scheduledFor', 'outsideWindow'],
    signsIn: true,
    setup:
      'An offer to the agent, `pending`, expiring in more than an hour, for a task with a project and a mission that has at least one checklist item, one time and one award. Return its `taskId`, a `scheduledFor` date-time inside its window (accepting for that date must work) and an `outsideWindow` date-time after the window ends (accepting for it answers 409 `date_outside_window`).',
  }),
  expiredOpportunity: state({
    name: 'the opportunity {taskId} has expired',
    params: { taskId: 'tsk_4822' },
    returns: ['taskId', 'scheduledFor'],
    signsIn: true,
    setup:
      'An offer to the agent whose `expiresAt` has passed (accepting answers 409 `opportunity_expired`). Return its `taskId` and a `scheduledFor` inside its window.',
  }),
  noOpportunity: state({
    name: 'the agent has no opportunity {taskId}',
    params: { taskId: 'tsk_0000' },
    returns: [],
    signsIn: true,
    setup: 'No offer with this task id for the agent (404).',
  }),
  startedTask: state({
    name: 'a started task {taskId} not checked in',
    params: { taskId: 'tsk_4826' },
    returns: ['taskId', 'slug', 'lat', 'lng', 'scheduledFor', 'afterDeadline', 'deviceTime'],
    signsIn: true,
    setup:
      "The agent's task in status `started`, not checked in, deadline ahead. Return its `taskId`, `slug`, the location's `lat`/`lng` (a check-in there with accuracy 10 m, at `deviceTime`, must pass; with accuracy 3000 m it answers 422 `weak_gps_signal`: the task's mission takes at most 100 m, its `checkinMaxAccuracyMeters`), a `scheduledFor` between now and the deadline (rescheduling to it must pass), an `afterDeadline` date-time after the deadline (rescheduling to it answers 409 `date_outside_window`) and `deviceTime`, now by your clock.",
  }),
  checkedInTask: state({
    name: 'a task {taskId} checked in',
    params: { taskId: 'tsk_4826' },
    returns: ['taskId', 'lat', 'lng', 'deviceTime', 'offlineCheckoutAt'],
    signsIn: true,
    setup:
      "The agent's `started` task with `steps.checkin` set (the visit is running); its report is editable and takes uploads. Return its `taskId`, the location's `lat`/`lng`, `deviceTime` (now, by your clock) and `offlineCheckoutAt`: the time of a check-out the phone queued offline, which the API keeps as the check-out's time — a past instant after the check-in, at minute 40 and second 0 of its UTC hour (the latest hh:40:00Z at least a minute ago, with the check-in 20 minutes before it, so the task's mission must allow a visit of at least 15 minutes: the API caps a visit's recorded length at its `visitMaxMinutes` + 5). The pact recognises the kept time by that minute and second, in any offset: a check-out that stores your clock instead fails.",
  }),
  checkoutStoredUnderKey: state({
    name: 'a check-out of task {taskId} was answered under Idempotency-Key {idempotencyKey}',
    params: { taskId: 'tsk_4826', idempotencyKey: '9a3c1e52-7d4b-4f0a-8c2e-51b7a0d9e6f3' },
    returns: ['taskId', 'idempotencyKey', 'deviceTime'],
    signsIn: true,
    setup:
      'The agent’s task checked in, then checked out through your API — `PUT /tasks/{taskId}/checkout` with `Idempotency-Key: <idempotencyKey>` and the body `{"at": <deviceTime>, "offline": false}` — and answered 200, which your API stored under the key. Return the `taskId`, the `idempotencyKey` (a UUID of yours) and the `deviceTime` sent. The same key with another body then answers 422 `idempotency_key_reused`.',
  }),
  checkoutRefusedUnderKey: state({
    name: 'a check-out of task {taskId} under Idempotency-Key {idempotencyKey} was refused before its check-in',
    params: { taskId: 'tsk_4826', idempotencyKey: '3f8d2b6a-1c47-4e9b-a0d5-7e2c9f1b8a64' },
    returns: ['taskId', 'idempotencyKey', 'deviceTime'],
    signsIn: true,
    setup:
      'The agent’s `started` task: a check-out through your API — `PUT /tasks/{taskId}/checkout` with `Idempotency-Key: <idempotencyKey>` and the body `{"at": <deviceTime>, "offline": false}` — was refused (409 `transition_refused`, no check-in yet); then the task was checked in (`steps.checkin` set). A refusal is not stored: the same key and body now check out. Return the `taskId`, the `idempotencyKey` (a UUID of yours) and the `deviceTime` sent.',
  }),
  noTask: state({
    name: 'the agent has no task {taskId}',
    params: { taskId: 'tsk_0000' },
    returns: [],
    signsIn: true,
    setup: 'No task with this id or slug for the agent (404).',
  }),
  visitedReport: state({
    name: 'a visited task with a complete report {reportId} at version {version}',
    params: { reportId: 'rep_4828', version: 3 },
    returns: ['reportId', 'taskId', 'version', 'staleVersion'],
    signsIn: true,
    setup:
      "The agent's task in status `visited` whose report is complete (answers, attendants each with at least one trait, times, checklist, evidences, tax receipt, proof) at some version, never sent for validation (`submittedAt` null, and no validator revision: asking for the current one answers 404). Return `reportId`, `taskId`, the current `version` and a `staleVersion` lower than it.",
  }),
  incompleteReport: state({
    name: 'a visited task with an incomplete report {reportId} at version {version}',
    params: { reportId: 'rep_4828', version: 3 },
    returns: ['reportId', 'version'],
    signsIn: true,
    setup:
      "The agent's task in status `visited` whose report misses required answers (submitting answers 422 `report_incomplete`). Return `reportId` and its current `version`.",
  }),
  uploadedPhoto: state({
    name: 'a photo {evidenceId} was uploaded to report {reportId}',
    params: { evidenceId: 'evd_4828_1', reportId: 'rep_4828' },
    returns: ['evidenceId', 'reportId'],
    signsIn: true,
    setup:
      "A photo evidence of one of the agent's reports whose stored bytes are a PNG image (the pact checks the detected type `image/png`). Return its `evidenceId`.",
  }),
  noReport: state({
    name: 'the agent has no report {reportId}',
    params: { reportId: 'rep_0000' },
    returns: [],
    signsIn: true,
    setup: 'No report with this id among the agent’s tasks (404).',
  }),
  awardEligible: state({
    name: 'a visited task {taskId} with attendant {attendantCode} eligible for award {awardCode}',
    params: { taskId: 'tsk_4828', attendantCode: 'att_4828_1', awardCode: 'NOTA10' },
    returns: ['taskId', 'attendantCode', 'awardCode'],
    signsIn: true,
    setup:
      "The agent's `visited` task whose report lists this attendant and scores at least the goal of this award of its mission; the award not yet given for the task.",
  }),
  awardBelowGoal: state({
    name: 'a visited task {taskId} with attendant {attendantCode} below the goal of award {awardCode}',
    params: { taskId: 'tsk_4828', attendantCode: 'att_4828_1', awardCode: 'NOTA10' },
    returns: ['taskId', 'attendantCode', 'awardCode'],
    signsIn: true,
    setup:
      "As above, but the report's score is below the award's goal (nominating answers 422 `award_below_goal`).",
  }),
  openRevision: state({
    name: 'a contested task with an open revision {revisionId} of report {reportId} with one pendency {pendencyId}',
    params: { revisionId: 'rev_4830_1', reportId: 'rep_4830', pendencyId: 'pen_4830_1' },
    returns: ['revisionId', 'reportId', 'pendencyId'],
    signsIn: true,
    setup:
      "The agent's task in status `contested` (so visited: `steps.checkin` and `steps.checkout` set) whose current revision is `open` with exactly one unresolved pendency, and at least one task of the agent in another status: asked for the `contested` tasks, `GET /tasks/mine` counts only those in `totalsByStatus` (every other status 0). Return the three ids.",
  }),
  unreadNotifications: state({
    name: 'the agent has unread notifications',
    params: {},
    returns: [],
    signsIn: true,
    setup: 'Signed-in agent with read and unread notifications (at least one unread).',
  }),
  unreadNotification: state({
    name: 'the agent has an unread notification {slug}',
    params: { slug: 'nova-oportunidade-perto-de-voce-1' },
    returns: ['slug'],
    signsIn: true,
    setup: 'An unread notification of the agent (`readAt` null) with a `link`. Return its `slug`.',
  }),
  noNotification: state({
    name: 'the agent has no notification {slug}',
    params: { slug: 'notificacao-inexistente' },
    returns: [],
    signsIn: true,
    setup: 'No notification with this slug for the agent (404).',
  }),
  unreadBulletin: state({
    name: 'the agent has an unread bulletin {bulletinId}',
    params: { bulletinId: 'blt_1' },
    returns: ['bulletinId'],
    signsIn: true,
    setup: 'Bulletins for the agent, this one unread. Return its `bulletinId`.',
  }),
  pushSubscribed: state({
    name: 'this device {subscriptionId} receives push notifications',
    params: { subscriptionId: 'psh_aparelho' },
    returns: ['subscriptionId'],
    signsIn: true,
    setup:
      'The signed-in agent has a push subscription registered (any endpoint and keys). Return its `subscriptionId`.',
  }),
  noPushSubscription: state({
    name: 'the agent has no push subscription {subscriptionId}',
    params: { subscriptionId: 'psh_inexistente' },
    returns: [],
    signsIn: true,
    setup: 'No push subscription with this id for the agent (removal answers 404).',
  }),
  catalogue: state({
    name: 'the catalogue has project {projectId}, mission {missionId} and form {formId}',
    params: { projectId: 'prj_farma', missionId: 'msn_farma', formId: 'frm_farma' },
    returns: ['projectId', 'missionId', 'formId'],
    signsIn: true,
    setup:
      'A project with its current cycle, one of its missions (requirements and at least one checklist item, time and award) and the mission’s evaluation form (pages, each with at least one question). Return the three ids.',
  }),
} as const satisfies Record<string, ProviderStateSpec>

export type StateKey = keyof typeof STATES

/** Every state by its name in the pact. */
export const STATE_BY_NAME: ReadonlyMap<string, ProviderStateSpec> = new Map(
  Object.values(STATES).map((s) => [s.name, s]),
)
