/**
 * The validation loop (docs/product/visit.md "Validation loop"): the agent reads the current revision of a report and answers
 * its pendencies over HTTP; validators act through plain functions (the demo panel and the
 * tests call them), since validators have no API in openapi.yaml.
 */
import { HttpResponse } from 'msw'
import type {
  AwardGiven,
  FieldError,
  Pendency,
  ProblemCode,
  ReportSection,
  Revision,
  Task,
} from '@/api/entities'
import { AWARD_STATUS_LABEL, canMoveAward } from '@/domain/awards'
import { justificationSchema } from '@/domain/text-limits'
import { machineStateOf, transition, type TaskEvent } from '@/domain/task-state-machine'
import { findAgentReport } from './reports'
import { ensurePayoutTransaction } from './wallet'
import { updateTask } from './tasks'
import {
  arrayAt,
  type BackendContext,
  domainMessage,
  isRecord,
  isoNow,
  newId,
  notFound,
  plain,
  problem,
  readBody,
  refused,
  requireAgent,
  typedHttp,
} from './support'
import { idempotent } from './idempotency'
import { notifyAgent, type NotificationContent } from '../notify'

const DAY_MS = 24 * 60 * 60 * 1000
/** Days between a task's approval and its payout becoming available (terms of use, item 3). */
export const PAYOUT_RELEASE_DAYS = 7

/** The latest round of a report's revisions, or undefined when it was never contested. */
export function currentRevision(ctx: BackendContext, reportId: string): Revision | undefined {
  const rounds = ctx.db.revisions.findMany((q) => q.where({ reportId }))
  const latest = rounds.sort((a, b) => b.round - a.round)[0]
  return latest ? plain(latest) : undefined
}

const answersCheck = {
  owns: /^answers\.\d+\.justification$/,
  check(raw: unknown): FieldError[] {
    return arrayAt(raw, 'answers').flatMap((answer, i) => {
      const message = domainMessage(
        justificationSchema,
        isRecord(answer) ? answer.justification : undefined,
      )
      return message ? [{ field: `answers.${i}.justification`, message }] : []
    })
  },
}

export function revisionHandlers(ctx: BackendContext) {
  const http = typedHttp(ctx)
  return [
    http.get('/reports/{id}/revisions/current', ({ request, params, response }) => {
      const agent = requireAgent(ctx, request)
      const { report } = findAgentReport(ctx, agent.id, params.id)
      const revision = currentRevision(ctx, report.id)
      if (!revision) throw notFound('Este relatório não tem revisões do validador.')
      return response(200).json(revision)
    }),

    http.put('/revisions/{id}/answers', async ({ request, params }) => {
      const agent = requireAgent(ctx, request)
      return idempotent(ctx, request, `revision-answers:${params.id}`, async () => {
        const found = ctx.db.revisions.findFirst((q) => q.where({ id: params.id }))
        const taskRecord =
          found &&
          ctx.db.tasks.findFirst((q) =>
            q.where((t) => t.id === found.taskId && t.agentId === agent.id),
          )
        if (!found || !taskRecord) throw notFound('Revisão não encontrada.')
        const revision = plain(found)
        const task = plain(taskRecord)
        const body = await readBody(request, 'RevisionAnswersInput', answersCheck)
        if (revision.status !== 'open')
          return problem(
            409,
            'transition_refused',
            revision.status === 'answered'
              ? 'Esta revisão já foi respondida.'
              : 'Esta revisão foi encerrada pelo validador.',
          )

        const fields: FieldError[] = []
        const pendencies = new Map(revision.pendencies.map((p) => [p.id, p]))
        const answered = new Set<string>()
        body.answers.forEach((answer, i) => {
          if (!pendencies.has(answer.pendencyId))
            fields.push({
              field: `answers.${i}.pendencyId`,
              message: 'Esta pendência não faz parte da revisão.',
            })
          else if (answered.has(answer.pendencyId))
            fields.push({
              field: `answers.${i}.pendencyId`,
              message: 'Esta pendência foi respondida mais de uma vez.',
            })
          answered.add(answer.pendencyId)
        })
        for (const pendency of revision.pendencies)
          if (!answered.has(pendency.id))
            fields.push({
              field: 'answers',
              message: `Responda também a pendência “${pendency.message}”`,
            })

        const result = transition(
          machineStateOf(task),
          { type: 'answerPendencies', allResolved: fields.length === 0 },
          ctx.clock.now(),
        )
        if (!result.ok && result.refusal.code !== 'validation_failed') throw refused(result.refusal)
        if (fields.length > 0)
          return problem(
            422,
            'validation_failed',
            'Responda todas as pendências antes de enviar.',
            { fields },
          )

        const now = isoNow(ctx)
        const byPendency = new Map(body.answers.map((a) => [a.pendencyId, a]))
        const updated = await ctx.db.revisions.update((q) => q.where({ id: revision.id }), {
          data(r) {
            r.status = 'answered'
            for (const pendency of r.pendencies) {
              const answer = byPendency.get(pendency.id)!
              const corrected = answer.correctedValue?.trim()
              pendency.resolution = {
                justification: justificationSchema.parse(answer.justification),
                ...(corrected ? { correctedValue: corrected } : {}),
                at: now,
              }
            }
          },
        })
        await updateTask(ctx, task, (t) => {
          t.status = { code: 'validating', changedAt: now }
        })
        ctx.log(`pendências da ${task.slug} respondidas (rodada ${revision.round})`)
        return HttpResponse.json(plain(updated!), { status: 200 })
      })
    }),
  ]
}

// ------------------------------------------------------------------ validator actions

/** A validator action refused by the state of the task (or by its input). */
export class ValidatorActionError extends Error {
  constructor(
    readonly code: ProblemCode,
    message: string,
  ) {
    super(message)
    this.name = 'ValidatorActionError'
  }
}

export type PendencyDraft = { section: ReportSection; field?: string; message: string }

/** Any task by id or slug (validators see every agent's tasks). */
function findTask(ctx: BackendContext, ref: string): Task {
  const task = ctx.db.tasks.findFirst((q) =>
    q.where((t) => t.agentId !== '' && (t.id === ref || t.slug === ref)),
  )
  if (!task) throw new ValidatorActionError('not_found', 'Tarefa não encontrada.')
  return plain(task)
}

function runEvent(ctx: BackendContext, task: Task, event: TaskEvent) {
  const result = transition(machineStateOf(task), event, ctx.clock.now())
  if (!result.ok) throw new ValidatorActionError(result.refusal.code, result.refusal.message)
}

async function closeRevisions(ctx: BackendContext, reportId: string) {
  await ctx.db.revisions.updateMany(
    (q) => q.where((r) => r.reportId === reportId && r.status !== 'closed'),
    {
      data(r) {
        r.status = 'closed'
      },
    },
  )
}

/** The validator's decision reaches the agent: a notification, pushed to their devices. */
async function notify(ctx: BackendContext, task: Task, content: NotificationContent) {
  await notifyAgent(ctx, task.agentId, content)
}

const brl = (cents: number) =>
  `R$ ${Math.floor(cents / 100).toLocaleString('pt-BR')},${String(cents % 100).padStart(2, '0')}`
const slugPart = (task: Task) => task.slug.toLowerCase()

/**
 * Validator approves a report in validation: the task is approved, its payout stays pending
 * until released 7 days later, and its award nominations go to analysis.
 */
export async function approveReport(ctx: BackendContext, taskId: string): Promise<Task> {
  const task = findTask(ctx, taskId)
  runEvent(ctx, task, { type: 'approve' })
  const now = isoNow(ctx)
  const updated = await updateTask(ctx, task, (t) => {
    t.status = { code: 'approved', changedAt: now }
    t.steps.validated = now
  })
  const payout = await ensurePayoutTransaction(ctx, updated)
  await ctx.db.transactions.update((q) => q.where({ id: payout.id }), {
    data(t) {
      t.status = 'pending'
      t.availableAt = new Date(ctx.clock.now() + PAYOUT_RELEASE_DAYS * DAY_MS).toISOString()
    },
  })
  await ctx.db.awards.updateMany((q) => q.where({ taskId: task.id, status: 'created' }), {
    data(a) {
      a.status = 'pending'
    },
  })
  await closeRevisions(ctx, task.reportId)
  await notify(ctx, updated, {
    kind: 'task',
    title: 'Tarefa aprovada',
    body: `Sua visita ${task.slug} foi aprovada. ${brl(task.payoutCents)} ficam disponíveis na sua carteira em ${PAYOUT_RELEASE_DAYS} dias.`,
    link: `/tasks/${task.slug}`,
    slug: `tarefa-aprovada-${slugPart(task)}`,
  })
  ctx.log(`validador aprovou ${task.slug}`)
  return updated
}

/**
 * Validator contests a report in validation with pendencies: a new revision round opens
 * (earlier rounds close) and the agent is notified.
 */
export async function contestReport(
  ctx: BackendContext,
  taskId: string,
  pendencies: readonly PendencyDraft[],
): Promise<Task> {
  const task = findTask(ctx, taskId)
  runEvent(ctx, task, { type: 'contest', pendencyCount: pendencies.length })
  if (pendencies.some((p) => p.message.trim() === ''))
    throw new ValidatorActionError(
      'validation_failed',
      'Descreva o que o avaliador precisa corrigir em cada pendência.',
    )
  const now = isoNow(ctx)
  const rounds = ctx.db.revisions.findMany((q) => q.where({ reportId: task.reportId }))
  const round = Math.max(0, ...rounds.map((r) => r.round)) + 1
  await closeRevisions(ctx, task.reportId)
  const preferredId = `rev_${task.slug.slice(2)}_${round}`
  const id = ctx.db.revisions.findFirst((q) => q.where({ id: preferredId }))
    ? newId(ctx, 'rev')
    : preferredId
  await ctx.db.revisions.create({
    id,
    reportId: task.reportId,
    taskId: task.id,
    round,
    createdAt: now,
    status: 'open',
    pendencies: pendencies.map((p): Pendency => ({
      id: newId(ctx, 'pen'),
      section: p.section,
      ...(p.field ? { field: p.field } : {}),
      message: p.message.trim(),
    })),
  })
  const updated = await updateTask(ctx, task, (t) => {
    t.status = { code: 'contested', changedAt: now }
    t.steps = { ...t.steps, contested: now }
  })
  await notify(ctx, updated, {
    kind: 'validation',
    title: 'Relatório com pendências',
    body: `O validador pediu ajustes no relatório da visita ${task.slug}. Responda em até 48 horas.`,
    link: `/tasks/${task.slug}/validation`,
    slug: `relatorio-com-pendencias-${slugPart(task)}-${round}`,
  })
  ctx.log(`validador abriu ${pendencies.length} pendência(s) em ${task.slug} (rodada ${round})`)
  return updated
}

/** Validator rejects a report in validation: no payout, nominations not granted. */
export async function rejectReport(
  ctx: BackendContext,
  taskId: string,
  reason: string,
): Promise<Task> {
  const task = findTask(ctx, taskId)
  runEvent(ctx, task, { type: 'reject' })
  const why = reason.trim()
  if (why === '')
    throw new ValidatorActionError('validation_failed', 'Informe o motivo da reprovação.')
  const now = isoNow(ctx)
  const updated = await updateTask(ctx, task, (t) => {
    t.status = { code: 'rejected', changedAt: now, reason: why }
    t.steps.validated = now
  })
  ctx.db.transactions.deleteMany((q) => q.where((t) => t.taskId === task.id && t.kind === 'task'))
  await ctx.db.awards.updateMany(
    (q) => q.where((a) => a.taskId === task.id && a.status !== 'complete'),
    {
      data(a) {
        a.status = 'rejected'
      },
    },
  )
  await closeRevisions(ctx, task.reportId)
  await notify(ctx, updated, {
    kind: 'task',
    title: 'Relatório reprovado',
    body: `O relatório da visita ${task.slug} foi reprovado. Motivo: ${why}`,
    link: `/tasks/${task.slug}/status`,
    slug: `relatorio-reprovado-${slugPart(task)}`,
  })
  ctx.log(`validador reprovou ${task.slug}`)
  return updated
}

/**
 * The validator decides a nomination in analysis (`pending`, after the report's approval):
 * `complete` grants the award to the attendant, `rejected` does not (AWARD_TRANSITIONS in
 * src/domain/awards.ts). The agent is told either way, with the attendant's name.
 */
async function decideAward(
  ctx: BackendContext,
  awardId: string,
  to: 'complete' | 'rejected',
): Promise<AwardGiven> {
  const found = ctx.db.awards.findFirst((q) => q.where({ id: awardId }))
  if (!found) throw new ValidatorActionError('not_found', 'Indicação não encontrada.')
  const award = plain(found)
  if (!canMoveAward(award.status, to))
    throw new ValidatorActionError(
      'transition_refused',
      award.status === 'created'
        ? 'Só indicações em análise podem ser concedidas ou recusadas.'
        : `Esta indicação já foi decidida: ${AWARD_STATUS_LABEL[award.status].toLowerCase()}.`,
    )
  const task = findTask(ctx, award.taskId)
  const title =
    ctx.db.missions
      .findFirst((q) => q.where({ id: task.missionId }))
      ?.awards.find((a) => a.code === award.code)?.title ?? award.code
  const updated = await ctx.db.awards.update((q) => q.where({ id: award.id }), {
    data(a) {
      a.status = to
    },
  })
  await notify(ctx, task, {
    kind: 'task',
    title: to === 'complete' ? 'Prêmio concedido' : 'Prêmio não concedido',
    body:
      to === 'complete'
        ? `${award.attendantName} recebeu o prêmio “${title}” pela sua indicação na visita ${task.slug}.`
        : `A indicação de ${award.attendantName} ao prêmio “${title}” (visita ${task.slug}) não foi concedida.`,
    link: `/account/details/awards/${encodeURIComponent(award.code)}`,
    slug: `premio-${to === 'complete' ? 'concedido' : 'nao-concedido'}-${award.id.toLowerCase()}`,
  })
  ctx.log(
    `validador ${to === 'complete' ? 'concedeu' : 'recusou'} o prêmio ${award.code} (${award.attendantName}) da ${task.slug}`,
  )
  return plain(updated!)
}

/** The validator grants a nomination in analysis to its attendant. */
export function completeAward(ctx: BackendContext, awardId: string) {
  return decideAward(ctx, awardId, 'complete')
}

/** The validator does not grant a nomination in analysis. */
export function rejectAward(ctx: BackendContext, awardId: string) {
  return decideAward(ctx, awardId, 'rejected')
}
