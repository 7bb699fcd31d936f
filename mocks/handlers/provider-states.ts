/**
 * Pact provider states for the fake backend: `POST ${baseUrl}/__fake/provider-states` with
 * `{ state, params, action: 'setup' | 'teardown' }` (what the Pact verifier sends to
 * `--provider-states-setup-url`). Setup resets the database to a known seed and scenario,
 * arranges the state and answers the parameters it actually used (real ids, dates, codes),
 * which the verifier injects into the request. Teardown changes nothing (the next setup
 * resets). `GET` on the same path lists the states it knows.
 *
 * The catalogue of states (names, parameters, what each must arrange) is
 * mocks/provider-state-catalogue.ts, shared with the consumer tests and the backend team's README.
 */
import { getResponse, http, HttpResponse } from 'msw'
import type { Task } from '@/api/entities'
import { OTP_MAX_ATTEMPTS, OTP_RESEND_LOCK_SECONDS, OTP_TTL_SECONDS } from '@/domain/constants'
import {
  AUTH_TOKEN_KEY,
  KEPT_DEVICE_TIME,
  STATES,
  type StateKey,
} from '../provider-state-catalogue'
import { TERMS_VERSION } from '../seed/catalogue'
import {
  DEFAULT_SEED,
  DEMO_AGENT_ID,
  DEMO_INVITATION,
  DEMO_PHONE,
  DEMO_TOKEN,
  type ScenarioName,
} from '../seed/seed'
import { apiHandlers } from './api-handlers'
import { updateReport } from './reports'
import { type BackendContext, type ControlTarget, isoNow, newId, plain } from './support'
import { updateTask } from './tasks'
import { walletOf } from './wallet'

type Params = Record<string, unknown>
type Used = Record<string, string | number>
type Arrangement = {
  scenario?: ScenarioName
  arrange: (ctx: BackendContext, params: Params) => Promise<Used> | Used
}

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

export class ProviderStateError extends Error {
  override readonly name = 'ProviderStateError'
}

const text = (params: Params, key: string) =>
  typeof params[key] === 'string' ? (params[key] as string) : undefined
const num = (params: Params, key: string) =>
  typeof params[key] === 'number' ? (params[key] as number) : undefined
const iso = (ms: number) => new Date(ms).toISOString()

/** The demo agent's tasks matching `fits`, the one named in params first, then by slug. */
function pickTask(ctx: BackendContext, wanted: string | undefined, fits: (t: Task) => boolean) {
  const tasks = ctx.db.tasks
    .findMany((q) => q.where((t) => t.agentId === DEMO_AGENT_ID))
    .map((t) => plain(t))
    .filter(fits)
    .sort((a, b) => a.slug.localeCompare(b.slug))
  const task = tasks.find((t) => t.id === wanted || t.slug === wanted) ?? tasks[0]
  if (!task) throw new ProviderStateError('O cenário não tem uma tarefa que sirva a este estado.')
  return task
}

const isStarted = (t: Task) => t.status.code === 'started' && !t.steps.checkin

async function checkIn(ctx: BackendContext, task: Task, at: string = isoNow(ctx)) {
  return updateTask(ctx, task, (t) => {
    t.steps.checkin = {
      at,
      lat: task.location.lat,
      lng: task.location.lng,
      accuracy: 10,
    }
  })
}

function reportOf(ctx: BackendContext, task: Task) {
  const report = ctx.db.reports.findFirst((q) => q.where({ id: task.reportId }))
  if (!report) throw new ProviderStateError(`A tarefa ${task.slug} não tem relatório.`)
  return plain(report)
}

/** A sign-in code for a phone (the demo agent's), as `POST /auth/code` would leave it, then adjusted. */
async function seedCode(
  ctx: BackendContext,
  params: Params,
  adjust: (otp: { expiresAt: string; resendAvailableAt: string; failedAttempts: number }) => void,
  phone: string = DEMO_PHONE,
) {
  const now = ctx.clock.now()
  const requested = text(params, 'code')
  const code = requested && /^\d{6}$/.test(requested) ? requested : '482913'
  const otp = {
    phone,
    code,
    connection: 'sms' as const,
    sentAt: iso(now),
    expiresAt: iso(now + OTP_TTL_SECONDS * 1000),
    resendAvailableAt: iso(now + OTP_RESEND_LOCK_SECONDS * 1000),
    failedAttempts: 0,
  }
  adjust(otp)
  ctx.db.otps.deleteMany((q) => q.where({ phone }))
  await ctx.db.otps.create(otp)
  return { phone, code, wrongCode: code === '000000' ? '111111' : '000000' }
}

/** The phone in params (or the example), which no agent of the scenario may have. */
function unknownPhone(ctx: BackendContext, params: Params) {
  const phone = text(params, 'phone') ?? '+5511900000000'
  if (ctx.db.agents.findFirst((q) => q.where({ phone })))
    throw new ProviderStateError(`Há um avaliador com o telefone ${phone}.`)
  return phone
}

/** Ids that must not exist: the database is just reset, so any the seed never makes will do. */
const absent = (keys: readonly string[]) => (_ctx: BackendContext, params: Params) =>
  Object.fromEntries(keys.map((k) => [k, text(params, k) ?? 'inexistente']))

export const ARRANGEMENTS: Record<StateKey, Arrangement> = {
  serviceUp: { arrange: () => ({}) },
  maintenance: {
    arrange(ctx) {
      // What the demo panel's "Manutenção" switch does: every call, the health check too.
      ctx.faults.add({ path: '*', fault: 'unavailable' })
      return {}
    },
  },
  signedIn: { arrange: () => ({}) },

  sessionExpired: {
    async arrange(ctx, params) {
      const token = text(params, 'token') ?? 'expired-token'
      await ctx.db.sessions.create({
        token,
        agentId: DEMO_AGENT_ID,
        expiresAt: iso(ctx.clock.now() - DAY),
      })
      return { token }
    },
  },

  phoneRegistered: { arrange: () => ({ phone: DEMO_PHONE }) },
  phoneUnknown: { arrange: (ctx, params) => ({ phone: unknownPhone(ctx, params) }) },
  phoneUnknownCodeRequested: {
    async arrange(ctx, params) {
      // What `POST /auth/code` leaves for a phone no agent has: a code nobody received.
      const { phone } = await seedCode(ctx, {}, () => {}, unknownPhone(ctx, params))
      return { phone }
    },
  },
  codeRequested: { arrange: (ctx, params) => seedCode(ctx, params, () => {}) },
  codeLocked: {
    async arrange(ctx, params) {
      const { phone, code } = await seedCode(ctx, params, (otp) => {
        otp.failedAttempts = OTP_MAX_ATTEMPTS
      })
      return { phone, code }
    },
  },
  codeExpired: {
    async arrange(ctx, params) {
      const past = iso(ctx.clock.now() - MINUTE)
      const { phone, code } = await seedCode(ctx, params, (otp) => {
        otp.expiresAt = past
        otp.resendAvailableAt = past
      })
      return { phone, code }
    },
  },

  invitationPending: {
    async arrange(ctx) {
      // An invited agent has accepted no terms yet: activation leads to them.
      await ctx.db.agents.update((q) => q.where({ id: DEMO_AGENT_ID }), {
        data(a) {
          a.termsVersionAccepted = null
        },
      })
      return { invitationId: DEMO_INVITATION.id, token: DEMO_INVITATION.token }
    },
  },
  invitationExpired: {
    async arrange(ctx) {
      await ctx.db.invitations.update((q) => q.where({ id: DEMO_INVITATION.id }), {
        data(i) {
          i.expiresAt = iso(ctx.clock.now() - DAY)
        },
      })
      return { invitationId: DEMO_INVITATION.id, token: DEMO_INVITATION.token }
    },
  },
  noInvitation: { arrange: absent(['invitationId']) },

  termsNotAccepted: {
    async arrange(ctx) {
      await ctx.db.agents.update((q) => q.where({ id: DEMO_AGENT_ID }), {
        data(a) {
          a.termsVersionAccepted = null
        },
      })
      return { termsVersion: TERMS_VERSION }
    },
  },

  balanceAvailable: {
    async arrange(ctx, params) {
      const wanted = num(params, 'balanceCents') ?? 0
      const { balanceCents } = walletOf(ctx, DEMO_AGENT_ID)
      if (wanted > balanceCents)
        await ctx.db.transactions.create({
          ownerId: DEMO_AGENT_ID,
          id: 'trx_ajuste_pact',
          kind: 'adjustment',
          amountCents: wanted - balanceCents,
          status: 'available',
          createdAt: isoNow(ctx),
          description: 'Ajuste de saldo',
        })
      const balance = walletOf(ctx, DEMO_AGENT_ID).balanceCents
      return { balanceCents: balance, overBalanceCents: balance + 100 }
    },
  },

  noBankData: {
    async arrange(ctx, params) {
      const { balanceCents } = await ARRANGEMENTS.balanceAvailable.arrange(ctx, params)
      ctx.db.banks.deleteMany((q) => q.where({ ownerId: DEMO_AGENT_ID }))
      return { balanceCents: balanceCents! }
    },
  },

  awardNominated: {
    async arrange(ctx, params) {
      const task = pickTask(ctx, text(params, 'taskId'), (t) => t.status.code === 'approved')
      const report = reportOf(ctx, task)
      const mission = ctx.db.missions.findFirst((q) => q.where({ id: task.missionId }))
      const award = mission?.awards[0]
      const attendant = report.attendants[0]
      if (!award || !attendant)
        throw new ProviderStateError(`A tarefa ${task.slug} não tem prêmio nem atendente.`)
      await ctx.db.awards.create({
        id: 'awd_pact_1',
        code: award.code,
        taskId: task.id,
        attendantCode: attendant.code,
        attendantName: attendant.name,
        score: report.score,
        status: 'pending',
        createdAt: iso(ctx.clock.now() - HOUR),
      })
      return { taskId: task.id }
    },
  },

  pendingOpportunity: {
    arrange(ctx, params) {
      const now = ctx.clock.now()
      const offers = ctx.db.opportunities
        .findMany((q) => q.where({ ownerId: DEMO_AGENT_ID, status: 'pending' }))
        .filter((o) => Date.parse(o.expiresAt) > now + HOUR)
        .sort((a, b) => a.taskId.localeCompare(b.taskId))
      const offer = offers.find((o) => o.taskId === text(params, 'taskId')) ?? offers[0]
      if (!offer) throw new ProviderStateError('O cenário não tem oportunidade pendente.')
      const from = Math.max(now, Date.parse(offer.task.window.from))
      return {
        taskId: offer.taskId,
        scheduledFor: iso(from + DAY),
        outsideWindow: iso(Date.parse(offer.task.window.to) + DAY),
      }
    },
  },
  expiredOpportunity: {
    async arrange(ctx, params) {
      const used = await ARRANGEMENTS.pendingOpportunity.arrange(ctx, params)
      await ctx.db.opportunities.update((q) => q.where({ taskId: used.taskId as string }), {
        data(o) {
          o.expiresAt = iso(ctx.clock.now() - MINUTE)
        },
      })
      return used
    },
  },
  noOpportunity: { arrange: absent(['taskId']) },

  startedTask: {
    arrange(ctx, params) {
      const task = pickTask(ctx, text(params, 'taskId'), isStarted)
      const now = ctx.clock.now()
      const deadline = Date.parse(task.deadline)
      return {
        taskId: task.id,
        slug: task.slug,
        lat: task.location.lat,
        lng: task.location.lng,
        scheduledFor: iso(Math.min(now + DAY, now + (deadline - now) / 2)),
        afterDeadline: iso(deadline + DAY),
        deviceTime: iso(now),
      }
    },
  },
  checkedInTask: {
    async arrange(ctx, params) {
      const now = ctx.clock.now()
      // The latest hh:40:00Z at least a minute ago, the visit started 20 minutes before it.
      const mark = new Date(now - MINUTE)
      mark.setUTCMinutes(KEPT_DEVICE_TIME.minute, KEPT_DEVICE_TIME.second, 0)
      if (mark.getTime() > now - MINUTE) mark.setTime(mark.getTime() - HOUR)
      const offlineCheckoutAt = mark.getTime()
      const task = await checkIn(
        ctx,
        pickTask(ctx, text(params, 'taskId'), isStarted),
        iso(offlineCheckoutAt - 20 * MINUTE),
      )
      return {
        taskId: task.id,
        lat: task.location.lat,
        lng: task.location.lng,
        deviceTime: iso(now),
        offlineCheckoutAt: iso(offlineCheckoutAt),
      }
    },
  },
  checkoutStoredUnderKey: {
    async arrange(ctx, params) {
      const task = await checkIn(ctx, pickTask(ctx, text(params, 'taskId'), isStarted))
      const sent = await checkOutWithKey(ctx, task, params)
      if (sent.status !== 200)
        throw new ProviderStateError(`O check-out com chave respondeu ${sent.status}.`)
      return sent.used
    },
  },
  checkoutRefusedUnderKey: {
    async arrange(ctx, params) {
      const task = pickTask(ctx, text(params, 'taskId'), isStarted)
      const sent = await checkOutWithKey(ctx, task, params)
      if (sent.status !== 409)
        throw new ProviderStateError(`O check-out antes do check-in respondeu ${sent.status}.`)
      await checkIn(ctx, task)
      return sent.used
    },
  },
  noTask: { arrange: absent(['taskId']) },

  visitedReport: {
    arrange(ctx, params) {
      const reportId = text(params, 'reportId')
      const task = pickTask(
        ctx,
        ctx.db.reports.findFirst((q) => q.where({ id: reportId ?? '' }))?.taskId,
        (t) => t.status.code === 'visited',
      )
      const report = reportOf(ctx, task)
      if (report.version < 1) throw new ProviderStateError('O relatório precisa de versão ≥ 1.')
      return {
        reportId: report.id,
        taskId: task.id,
        version: report.version,
        staleVersion: report.version - 1,
      }
    },
  },
  incompleteReport: {
    async arrange(ctx, params) {
      const used = await ARRANGEMENTS.visitedReport.arrange(ctx, params)
      await ctx.db.reports.update((q) => q.where({ id: used.reportId as string }), {
        data(r) {
          r.answers = []
        },
      })
      return { reportId: used.reportId!, version: used.version! }
    },
  },
  uploadedPhoto: {
    async arrange(ctx, params) {
      const used = await ARRANGEMENTS.visitedReport.arrange(ctx, params)
      const report = ctx.db.reports.findFirst((q) => q.where({ id: used.reportId as string }))
      const photo = report?.evidences.find((e) => e.kind === 'photo')
      if (!photo) throw new ProviderStateError('O relatório não tem foto.')
      return { evidenceId: photo.id, reportId: used.reportId! }
    },
  },
  noReport: { arrange: absent(['reportId']) },

  awardEligible: { arrange: (ctx, params) => arrangeNomination(ctx, params, 'eligible') },
  awardBelowGoal: { arrange: (ctx, params) => arrangeNomination(ctx, params, 'below') },

  openRevision: {
    async arrange(ctx) {
      const task = pickTask(ctx, undefined, (t) => t.status.code === 'contested')
      const revision = ctx.db.revisions.findFirst((q) =>
        q.where({ reportId: task.reportId, status: 'open' }),
      )
      const pendency = revision?.pendencies[0]
      if (!revision || !pendency)
        throw new ProviderStateError(`A tarefa ${task.slug} não tem revisão aberta.`)
      await ctx.db.revisions.update((q) => q.where({ id: revision.id }), {
        data(r) {
          r.pendencies = r.pendencies.slice(0, 1)
        },
      })
      return { revisionId: revision.id, reportId: task.reportId, pendencyId: pendency.id }
    },
  },

  unreadNotifications: { arrange: () => ({}) },
  unreadNotification: {
    arrange(ctx, params) {
      const unread = ctx.db.notifications
        .findMany((q) => q.where((n) => n.ownerId === DEMO_AGENT_ID && n.readAt === null))
        .sort((a, b) => a.id.localeCompare(b.id))
      const found = unread.find((n) => n.slug === text(params, 'slug')) ?? unread[0]
      if (!found) throw new ProviderStateError('O cenário não tem notificação não lida.')
      return { slug: found.slug }
    },
  },
  noNotification: { arrange: absent(['slug']) },
  unreadBulletin: {
    arrange(ctx, params) {
      const unread = ctx.db.bulletins
        .findMany((q) => q.where((b) => b.ownerId === DEMO_AGENT_ID && b.readAt === null))
        .sort((a, b) => a.id.localeCompare(b.id))
      const found = unread.find((b) => b.id === text(params, 'bulletinId')) ?? unread[0]
      if (!found) throw new ProviderStateError('O cenário não tem aviso não lido.')
      return { bulletinId: found.id }
    },
  },

  pushSubscribed: {
    async arrange(ctx, params) {
      const id = text(params, 'subscriptionId') ?? 'psh_aparelho'
      await ctx.db.pushSubscriptions.create({
        id,
        ownerId: DEMO_AGENT_ID,
        endpoint: `https://push.example/send/${id}`,
        p256dh: `B${'a'.repeat(86)}`,
        auth: 'c2VjcmV0LWF1dGgtMTIz',
        deviceLabel: 'Chrome no Android',
        createdAt: isoNow(ctx),
      })
      return { subscriptionId: id }
    },
  },
  noPushSubscription: { arrange: absent(['subscriptionId']) },

  catalogue: {
    arrange(ctx, params) {
      const project =
        ctx.db.projects.findFirst((q) => q.where({ id: text(params, 'projectId') ?? '' })) ??
        ctx.db.projects.findMany()[0]
      const mission =
        project && ctx.db.missions.findFirst((q) => q.where({ projectId: project.id }))
      if (!project || !mission) throw new ProviderStateError('O catálogo está vazio.')
      return { projectId: project.id, missionId: mission.id, formId: mission.formId }
    },
  },
}

/**
 * `PUT /tasks/{id}/checkout` through the fake backend's own API, as the app would send it now
 * (online), with an Idempotency-Key: the write a state leaves behind under the key.
 */
async function checkOutWithKey(ctx: BackendContext, task: Task, params: Params) {
  const idempotencyKey = text(params, 'idempotencyKey') ?? crypto.randomUUID()
  const deviceTime = isoNow(ctx)
  const origin = 'http://provider-state.local'
  const response = await getResponse(
    apiHandlers(ctx),
    new Request(`${origin}${ctx.baseUrl}/tasks/${encodeURIComponent(task.id)}/checkout`, {
      method: 'PUT',
      headers: {
        Authorization: `Bearer ${DEMO_TOKEN}`,
        'Content-Type': 'application/json',
        'Idempotency-Key': idempotencyKey,
      },
      body: JSON.stringify({ at: deviceTime, offline: false }),
    }),
    { baseUrl: origin },
  )
  return { status: response?.status, used: { taskId: task.id, idempotencyKey, deviceTime } }
}

/** A visited task with an attendant, its report scored on either side of an award's goal. */
async function arrangeNomination(ctx: BackendContext, params: Params, side: 'eligible' | 'below') {
  const task = pickTask(ctx, text(params, 'taskId'), (t) => t.status.code === 'visited')
  const mission = ctx.db.missions.findFirst((q) => q.where({ id: task.missionId }))
  const award =
    mission?.awards.find((a) => a.code === text(params, 'awardCode')) ?? mission?.awards[0]
  const report = reportOf(ctx, task)
  const attendant =
    report.attendants.find((a) => a.code === text(params, 'attendantCode')) ?? report.attendants[0]
  if (!award || !attendant)
    throw new ProviderStateError(`A tarefa ${task.slug} não tem prêmio nem atendente.`)
  ctx.db.awards.deleteMany((q) => q.where({ taskId: task.id }))
  await updateReport(ctx, report, (r) => {
    r.awards = []
    r.score = side === 'eligible' ? 100 : Math.max(0, award.goal - 30)
  })
  return { taskId: task.id, attendantCode: attendant.code, awardCode: award.code }
}

/**
 * A signed-in state's session, as a real backend would hand one out: a new token for the
 * demo agent, returned as `authToken`. The seeded `demo-token` (the pacts' example) stops
 * working, so an interaction that does not take its token from the state fails here too.
 */
async function openSession(ctx: BackendContext) {
  ctx.db.sessions.deleteMany((q) => q.where({ token: DEMO_TOKEN }))
  const token = newId(ctx, 'ses_pact')
  await ctx.db.sessions.create({
    token,
    agentId: DEMO_AGENT_ID,
    expiresAt: iso(ctx.clock.now() + DAY),
  })
  return token
}

const KEY_BY_NAME = new Map(
  (Object.keys(STATES) as StateKey[]).map((key) => [STATES[key].name, key] as const),
)

export function providerStateHandlers(target: ControlTarget) {
  const ctx = target.context
  const path = `${ctx.baseUrl}/__fake/provider-states`
  return [
    http.get(path, () =>
      HttpResponse.json({
        states: Object.values(STATES).map(({ name, params }) => ({ name, params })),
      }),
    ),
    http.post(path, async ({ request }) => {
      let body: { state?: unknown; params?: unknown; action?: unknown }
      try {
        body = (await request.json()) as typeof body
      } catch {
        return HttpResponse.json(
          { error: 'Envie { state, params, action } em JSON.' },
          { status: 400 },
        )
      }
      const action = body.action ?? 'setup'
      if (action === 'teardown') return HttpResponse.json({})
      if (action !== 'setup')
        return HttpResponse.json({ error: `Ação desconhecida: ${String(action)}` }, { status: 400 })
      const key = typeof body.state === 'string' ? KEY_BY_NAME.get(body.state) : undefined
      if (!key)
        return HttpResponse.json(
          {
            error: `Estado desconhecido: ${String(body.state)}`,
            known: [...KEY_BY_NAME.keys()],
          },
          { status: 400 },
        )
      const params =
        typeof body.params === 'object' && body.params !== null ? (body.params as Params) : {}
      const arrangement = ARRANGEMENTS[key]
      try {
        await target.reset({ seed: DEFAULT_SEED, scenario: arrangement.scenario ?? 'busy-agent' })
        const used = await arrangement.arrange(ctx, params)
        if (STATES[key].signsIn) used[AUTH_TOKEN_KEY] = await openSession(ctx)
        ctx.log(`estado de contrato: ${body.state} ${JSON.stringify(used)}`)
        return HttpResponse.json(used)
      } catch (error) {
        return HttpResponse.json(
          { error: error instanceof Error ? error.message : String(error), state: body.state },
          { status: error instanceof ProviderStateError ? 409 : 500 },
        )
      }
    }),
  ]
}
