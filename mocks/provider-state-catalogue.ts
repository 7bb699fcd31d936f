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

export type ProviderStateSpec = {
  /** The state as written in the pact (`given`). */
  name: string
  /** Example parameters the consumer sends (the provider may use others and say so). */
  params: Readonly<Record<string, string | number>>
  /** Keys the state-change answer must hold, injected into requests by the verifier. */
  returns: readonly string[]
  /** What the provider must arrange, for the backend team. */
  setup: string
}

const state = <S extends ProviderStateSpec>(spec: S) => spec

export const DEMO = { phone: DEMO_PHONE, token: DEMO_TOKEN, agentId: DEMO_AGENT_ID } as const

export const STATES = {
  serviceUp: state({
    name: 'the service is up',
    params: {},
    returns: [],
    setup: 'Nothing: `GET /health` answers 200 with status `ok`.',
  }),
  signedIn: state({
    name: 'the agent is signed in',
    params: {},
    returns: [],
    setup: `An active agent whose session is the bearer token of the request (\`${DEMO_TOKEN}\`, or the one given with \`--auth-token\`), with tasks, offers, notifications, bulletins, bank data and a wallet history.`,
  }),
  sessionExpired: state({
    name: 'the session {token} has expired',
    params: { token: 'expired-token' },
    returns: ['token'],
    setup:
      'A session token that existed but has expired (or was revoked). Return it as `token`: the request sends `Authorization: Bearer <token>` and expects 401.',
  }),
  phoneRegistered: state({
    name: 'an agent is registered with phone {phone}',
    params: { phone: DEMO.phone },
    returns: ['phone'],
    setup:
      'An active agent with this E.164 phone and no sign-in code pending (no resend lock). Return the phone used.',
  }),
  codeRequested: state({
    name: 'a sign-in code was requested for {phone}',
    params: { phone: DEMO.phone, code: '482913' },
    returns: ['phone', 'code', 'wrongCode'],
    setup:
      'A sign-in code was just sent to the agent with this phone: valid for 10 minutes, no wrong tries yet, resend locked for 60 s. Return the phone, the valid `code` and a `wrongCode` that is not it.',
  }),
  codeLocked: state({
    name: 'the sign-in code for {phone} is locked',
    params: { phone: DEMO.phone },
    returns: ['phone', 'code'],
    setup:
      'The code sent to this phone got 5 wrong tries: any further try answers 429 `otp_locked` until a new code is requested. Return the phone and the (now useless) `code`.',
  }),
  codeExpired: state({
    name: 'the sign-in code for {phone} has expired',
    params: { phone: DEMO.phone },
    returns: ['phone', 'code'],
    setup:
      'The code sent to this phone is past its 10 minutes: a try answers 410 `otp_expired`. Return the phone and the expired `code`.',
  }),
  invitationPending: state({
    name: 'an invitation {invitationId} with token {token} is pending',
    params: { invitationId: 'inv_demo', token: 'convite-demo' },
    returns: ['invitationId', 'token'],
    setup: 'An unused, unexpired invitation for an agent. Return its `invitationId` and `token`.',
  }),
  noInvitation: state({
    name: 'no invitation matches {invitationId}',
    params: { invitationId: 'inv_inexistente' },
    returns: [],
    setup: 'No invitation has this id (activation answers 404).',
  }),
  termsNotAccepted: state({
    name: 'the agent has not accepted the current terms {version}',
    params: { version: '2026.2' },
    returns: ['version'],
    setup:
      'Signed-in agent whose `termsVersionAccepted` is not the current terms version. Return the current `version`.',
  }),
  balanceAvailable: state({
    name: 'the agent has bank data and an available balance of {balanceCents}',
    params: { balanceCents: 8000 },
    returns: ['balanceCents', 'overBalanceCents'],
    setup:
      'Signed-in agent with bank data and at least this available balance (cents) in the wallet, with some transactions. Return the real `balanceCents` and any `overBalanceCents` above it (a withdrawal of it answers 409 `insufficient_balance`).',
  }),
  awardNominated: state({
    name: 'the agent has an award nomination for task {taskId}',
    params: { taskId: 'tsk_4831' },
    returns: ['taskId'],
    setup: 'Signed-in agent with at least one award given to a nomination of theirs.',
  }),
  pendingOpportunity: state({
    name: 'the agent has a pending opportunity {taskId}',
    params: { taskId: 'tsk_4822' },
    returns: ['taskId', 'scheduledFor'],
    setup:
      'An offer to the agent, pending, expiring in more than an hour, for a task with a mission and project. Return its `taskId` and a `scheduledFor` date-time inside its window (accepting for that date must work).',
  }),
  expiredOpportunity: state({
    name: 'the opportunity {taskId} has expired',
    params: { taskId: 'tsk_4822' },
    returns: ['taskId', 'scheduledFor'],
    setup:
      'An offer to the agent whose `expiresAt` has passed (accepting answers 409 `opportunity_expired`). Return its `taskId` and a `scheduledFor` inside its window.',
  }),
  noOpportunity: state({
    name: 'the agent has no opportunity {taskId}',
    params: { taskId: 'tsk_0000' },
    returns: [],
    setup: 'No offer with this task id for the agent (404).',
  }),
  startedTask: state({
    name: 'a started task {taskId} not checked in',
    params: { taskId: 'tsk_4826' },
    returns: ['taskId', 'slug', 'lat', 'lng', 'scheduledFor'],
    setup:
      "The agent's task in status `started`, not checked in, deadline ahead. Return its `taskId`, `slug`, the location's `lat`/`lng` (a check-in there with accuracy 10 m must pass) and a `scheduledFor` between now and the deadline (rescheduling to it must pass).",
  }),
  checkedInTask: state({
    name: 'a task {taskId} checked in',
    params: { taskId: 'tsk_4826' },
    returns: ['taskId', 'lat', 'lng'],
    setup:
      "The agent's `started` task with `steps.checkin` set (the visit is running); its report is editable and takes uploads. Media uploads name the task inside the multipart body, which Pact cannot rewrite: the task id must be the one in params (`tsk_4826`).",
  }),
  noTask: state({
    name: 'the agent has no task {taskId}',
    params: { taskId: 'tsk_0000' },
    returns: [],
    setup: 'No task with this id or slug for the agent (404).',
  }),
  visitedReport: state({
    name: 'a visited task with a complete report {reportId} at version {version}',
    params: { reportId: 'rep_4828', version: 3 },
    returns: ['reportId', 'taskId', 'version', 'staleVersion'],
    setup:
      "The agent's task in status `visited` whose report is complete (answers, attendants, times, checklist, evidences, tax receipt, proof) at some version. Return `reportId`, `taskId`, the current `version` and a `staleVersion` lower than it.",
  }),
  incompleteReport: state({
    name: 'a visited task with an incomplete report {reportId} at version {version}',
    params: { reportId: 'rep_4828', version: 3 },
    returns: ['reportId', 'version'],
    setup:
      "The agent's task in status `visited` whose report misses required answers (submitting answers 422 `report_incomplete`). Return `reportId` and its current `version`.",
  }),
  uploadedPhoto: state({
    name: 'a photo {evidenceId} was uploaded to report {reportId}',
    params: { evidenceId: 'evd_4828_1', reportId: 'rep_4828' },
    returns: ['evidenceId', 'reportId'],
    setup:
      "A photo evidence of one of the agent's reports whose stored bytes are a PNG image (the pact checks the detected type `image/png`). Return its `evidenceId`.",
  }),
  noReport: state({
    name: 'the agent has no report {reportId}',
    params: { reportId: 'rep_0000' },
    returns: [],
    setup: 'No report with this id among the agent’s tasks (404).',
  }),
  awardEligible: state({
    name: 'a visited task {taskId} with attendant {attendantCode} eligible for award {awardCode}',
    params: { taskId: 'tsk_4828', attendantCode: 'att_4828_1', awardCode: 'NOTA10' },
    returns: ['taskId', 'attendantCode', 'awardCode'],
    setup:
      "The agent's `visited` task whose report lists this attendant and scores at least the goal of this award of its mission; the award not yet given for the task.",
  }),
  awardBelowGoal: state({
    name: 'a visited task {taskId} with attendant {attendantCode} below the goal of award {awardCode}',
    params: { taskId: 'tsk_4828', attendantCode: 'att_4828_1', awardCode: 'NOTA10' },
    returns: ['taskId', 'attendantCode', 'awardCode'],
    setup:
      "As above, but the report's score is below the award's goal (nominating answers 422 `award_below_goal`).",
  }),
  openRevision: state({
    name: 'a contested task with an open revision {revisionId} of report {reportId} with one pendency {pendencyId}',
    params: { revisionId: 'rev_4830_1', reportId: 'rep_4830', pendencyId: 'pen_4830_1' },
    returns: ['revisionId', 'reportId', 'pendencyId'],
    setup:
      "The agent's task in status `contested` whose current revision is `open` with exactly one unresolved pendency. Return the three ids.",
  }),
  unreadNotifications: state({
    name: 'the agent has unread notifications',
    params: {},
    returns: [],
    setup: 'Signed-in agent with read and unread notifications (at least one unread).',
  }),
  unreadNotification: state({
    name: 'the agent has an unread notification {slug}',
    params: { slug: 'nova-oportunidade-perto-de-voce-1' },
    returns: ['slug'],
    setup: 'An unread notification of the agent with a link. Return its `slug`.',
  }),
  noNotification: state({
    name: 'the agent has no notification {slug}',
    params: { slug: 'notificacao-inexistente' },
    returns: [],
    setup: 'No notification with this slug for the agent (404).',
  }),
  unreadBulletin: state({
    name: 'the agent has an unread bulletin {bulletinId}',
    params: { bulletinId: 'blt_1' },
    returns: ['bulletinId'],
    setup: 'Bulletins for the agent, this one unread. Return its `bulletinId`.',
  }),
  pushSubscribed: state({
    name: 'this device {subscriptionId} receives push notifications',
    params: { subscriptionId: 'psh_aparelho' },
    returns: ['subscriptionId'],
    setup:
      'The signed-in agent has a push subscription registered (any endpoint and keys). Return its `subscriptionId`.',
  }),
  noPushSubscription: state({
    name: 'the agent has no push subscription {subscriptionId}',
    params: { subscriptionId: 'psh_inexistente' },
    returns: [],
    setup: 'No push subscription with this id for the agent (removal answers 404).',
  }),
  catalogue: state({
    name: 'the catalogue has project {projectId}, mission {missionId} and form {formId}',
    params: { projectId: 'prj_farma', missionId: 'msn_farma', formId: 'frm_farma' },
    returns: ['projectId', 'missionId', 'formId'],
    setup:
      'A project with its current cycle, one of its missions (requirements, checklist, times, awards) and the mission’s evaluation form. Return the three ids.',
  }),
} as const satisfies Record<string, ProviderStateSpec>

export type StateKey = keyof typeof STATES

/** Every state by its name in the pact. */
export const STATE_BY_NAME: ReadonlyMap<string, ProviderStateSpec> = new Map(
  Object.values(STATES).map((s) => [s.name, s]),
)
