/**
 * Reports: read, save (whole document, optimistic concurrency by `version`) and submit for
 * validation. Completeness, score and the task's transitions come from src/domain.
 */
import { HttpResponse } from 'msw'
import type { components } from '@/api/schema.gen'
import type {
  AnswerValue,
  EvaluationForm,
  FieldError,
  Mission,
  Question,
  Report,
  Task,
} from '@/api/entities'
import { attendantNameSchema } from '@/domain/attendant-name'
import { answersById, computeScore } from '@/domain/questionnaire'
import { incompleteReportMessage, missingItems } from '@/domain/report-completeness'
import { machineStateOf, transition } from '@/domain/task-state-machine'
import { JUSTIFICATION_MAX_CHARS } from '@/domain/constants'
import { countChars, testimonySchema } from '@/domain/text-limits'
import { parseMmSs, timeEntryMessages, timeEntrySecondsSchema } from '@/domain/time-entry'
import { updateTask } from './tasks'
import { ensurePayoutTransaction } from './wallet'
import {
  arrayAt,
  type BackendContext,
  type DomainCheck,
  domainMessage,
  INVALID_FIELDS,
  isRecord,
  isoNow,
  notFound,
  plain,
  problem,
  readBody,
  refused,
  requireAgent,
  typedHttp,
} from './support'
import { idempotent } from './idempotency'

const reportInputCheck: DomainCheck = {
  owns: /^(attendants\.\d+\.name|times\.\d+\.seconds|testimony)$/,
  check(raw) {
    const fields: FieldError[] = []
    arrayAt(raw, 'attendants').forEach((attendant, i) => {
      const message = domainMessage(
        attendantNameSchema,
        isRecord(attendant) ? attendant.name : undefined,
      )
      if (message) fields.push({ field: `attendants.${i}.name`, message })
    })
    arrayAt(raw, 'times').forEach((time, i) => {
      const message = domainMessage(
        timeEntrySecondsSchema,
        isRecord(time) ? time.seconds : undefined,
      )
      if (message) fields.push({ field: `times.${i}.seconds`, message })
    })
    const testimony = isRecord(raw) ? raw.testimony : undefined
    if (testimony !== undefined) {
      if (typeof testimony !== 'string')
        fields.push({ field: 'testimony', message: 'Escreva o depoimento como texto.' })
      // A draft may be short; only the upper limit applies when saving.
      else if (countChars(testimony.trim()) > JUSTIFICATION_MAX_CHARS)
        fields.push({
          field: 'testimony',
          message: domainMessage(testimonySchema, testimony) ?? INVALID_FIELDS,
        })
    }
    return fields
  },
}

// ------------------------------------------------------------------ lookups shared by the report areas

/** A report of one of the agent's tasks, with its task, or a thrown 404. */
export function findAgentReport(ctx: BackendContext, agentId: string, reportId: string) {
  const report = ctx.db.reports.findFirst((q) => q.where({ id: reportId }))
  const task =
    report &&
    ctx.db.tasks.findFirst((q) => q.where((t) => t.id === report.taskId && t.agentId === agentId))
  if (!report || !task) throw notFound('Relatório não encontrado.')
  return { report: plain(report), task: plain(task) }
}

/** The report of a task (every task has one). */
export function reportOfTask(ctx: BackendContext, task: Task): Report {
  const report = ctx.db.reports.findFirst((q) => q.where({ id: task.reportId }))
  if (!report) throw new Error(`A tarefa ${task.slug} não tem relatório (${task.reportId}).`)
  return plain(report)
}

/** The mission and questionnaire of a task. */
export function catalogueOf(
  ctx: BackendContext,
  task: Task,
): { mission: Mission; form: EvaluationForm } {
  const mission = ctx.db.missions.findFirst((q) => q.where({ id: task.missionId }))
  const form = mission && ctx.db.forms.findFirst((q) => q.where({ id: mission.formId }))
  if (!mission || !form)
    throw new Error(`A missão ${task.missionId} da tarefa ${task.slug} não está no catálogo.`)
  return { mission: plain(mission), form: plain(form) }
}

export async function updateReport(
  ctx: BackendContext,
  report: Report,
  change: (draft: Report) => void,
) {
  const updated = await ctx.db.reports.update((q) => q.where({ id: report.id }), { data: change })
  return plain(updated!)
}

/** Why the agent may not change the report (and nominations) of a task now, or null. */
export function reportEditRefusal(task: Task): string | null {
  switch (task.status.code) {
    case 'started':
      return task.steps.checkin ? null : 'Faça o check-in antes de preencher o relatório.'
    case 'visited':
      return null
    case 'contested':
      return 'O relatório já foi enviado. Responda as pendências na tela de validação.'
    case 'canceled':
      return 'Esta tarefa foi cancelada; o relatório não pode ser alterado.'
    case 'validating':
    case 'approved':
    case 'rejected':
      return 'O relatório já foi enviado e não pode mais ser alterado.'
  }
}

// ------------------------------------------------------------------ content rules of a saved report

const isEmptyAnswer = (value: AnswerValue) =>
  value === '' || (Array.isArray(value) && value.length === 0)

/** Why an answer does not fit its question, or null. Empty answers are drafts and pass. */
function answerProblem(
  question: Question,
  value: AnswerValue,
  evidenceIds: ReadonlySet<string>,
): string | null {
  if (isEmptyAnswer(value)) return null
  const options = (question.options ?? []).map((o) => o.value)
  const range = (min: number | undefined, max: number | undefined) =>
    typeof value === 'number' &&
    Number.isFinite(value) &&
    (min === undefined || value >= min) &&
    (max === undefined || value <= max)
  switch (question.kind) {
    case 'yesno':
      return typeof value === 'boolean' ? null : 'Responda sim ou não.'
    case 'single':
      return typeof value === 'string' && options.includes(value)
        ? null
        : 'Escolha uma das opções da pergunta.'
    case 'multi':
      return Array.isArray(value) &&
        value.every((v) => options.includes(v)) &&
        new Set(value).size === value.length
        ? null
        : 'Escolha apenas opções da pergunta, cada uma uma vez.'
    case 'scale': {
      const min = question.min ?? 1
      const max = question.max ?? 5
      return range(min, max) ? null : `Escolha uma nota de ${min} a ${max}.`
    }
    case 'number':
      return range(question.min, question.max)
        ? null
        : question.min !== undefined && question.max !== undefined
          ? `Informe um número de ${question.min} a ${question.max}.`
          : 'Informe um número.'
    case 'text':
      return typeof value === 'string' ? null : 'Responda com um texto.'
    case 'time':
      return typeof value === 'string' && parseMmSs(value) !== null
        ? null
        : timeEntryMessages.badFormat
    case 'photo':
      return typeof value === 'string' && evidenceIds.has(value)
        ? null
        : 'A foto desta pergunta precisa estar entre as evidências do relatório.'
  }
}

/** Field errors of a report body against its mission, form and uploaded evidences. */
function reportContentFields(
  body: components['schemas']['ReportInput'],
  report: Report,
  mission: Mission,
  form: EvaluationForm,
): FieldError[] {
  const fields: FieldError[] = []
  const add = (field: string, message: string) => fields.push({ field, message })
  const seen = (list: string[], value: string) => {
    const repeated = list.includes(value)
    list.push(value)
    return repeated
  }

  const uploaded = new Set(report.evidences.map((e) => e.id))
  const kept: string[] = []
  body.evidenceIds.forEach((id, i) => {
    if (!uploaded.has(id))
      add(`evidenceIds.${i}`, 'Esta evidência não foi enviada para esta tarefa.')
    else if (seen(kept, id)) add(`evidenceIds.${i}`, 'Esta evidência aparece mais de uma vez.')
  })
  const keptSet = new Set(kept)

  const questions = new Map(form.pages.flatMap((p) => p.questions.map((q) => [q.id, q] as const)))
  const answered: string[] = []
  body.answers.forEach((answer, i) => {
    const question = questions.get(answer.questionId)
    if (!question)
      return add(
        `answers.${i}.questionId`,
        'Esta pergunta não faz parte do questionário da missão.',
      )
    if (seen(answered, answer.questionId))
      return add(`answers.${i}.questionId`, 'Esta pergunta foi respondida mais de uma vez.')
    const message = answerProblem(question, answer.value, keptSet)
    if (message) add(`answers.${i}.value`, message)
  })

  const attendantCodes: string[] = []
  body.attendants.forEach((attendant, i) => {
    if (seen(attendantCodes, attendant.code))
      add(`attendants.${i}.code`, 'Já existe um atendente com este código.')
  })

  const timeCodes = new Set(mission.times.map((t) => t.code))
  const recorded: string[] = []
  body.times.forEach((time, i) => {
    if (!timeCodes.has(time.code)) add(`times.${i}.code`, 'Este tempo não faz parte da missão.')
    else if (seen(recorded, time.code))
      add(`times.${i}.code`, 'Este tempo foi informado mais de uma vez.')
  })

  const items = new Set(mission.checklist.map((c) => c.id))
  const marked: string[] = []
  body.checklist.forEach((mark, i) => {
    if (!items.has(mark.itemId))
      add(`checklist.${i}.itemId`, 'Este item não faz parte do checklist da missão.')
    else if (seen(marked, mark.itemId))
      add(`checklist.${i}.itemId`, 'Este item foi marcado mais de uma vez.')
  })

  const receiptIds: string[] = []
  body.taxReceipts.forEach((receipt, i) => {
    if (seen(receiptIds, receipt.id))
      add(`taxReceipts.${i}.id`, 'Já existe um cupom com este código.')
    if (!keptSet.has(receipt.evidenceId))
      add(
        `taxReceipts.${i}.evidenceId`,
        'A foto do cupom precisa estar entre as evidências do relatório.',
      )
  })
  return fields
}

// ------------------------------------------------------------------ handlers

export function reportHandlers(ctx: BackendContext) {
  const http = typedHttp(ctx)
  return [
    http.get('/reports/{id}', ({ request, params, response }) => {
      const agent = requireAgent(ctx, request)
      return response(200).json(findAgentReport(ctx, agent.id, params.id).report)
    }),

    http.put('/reports/{id}', async ({ request, params }) => {
      const agent = requireAgent(ctx, request)
      return idempotent(ctx, request, `report:${params.id}`, async () => {
        const { report, task } = findAgentReport(ctx, agent.id, params.id)
        const body = await readBody(request, 'ReportInput', reportInputCheck)
        const refusal = reportEditRefusal(task)
        if (refusal) return problem(409, 'transition_refused', refusal)
        if (body.version !== report.version)
          return problem(
            409,
            'stale_version',
            'O relatório foi alterado em outro aparelho. Confira a versão mais recente.',
            {
              current: report,
            },
          )
        const { mission, form } = catalogueOf(ctx, task)
        const fields = reportContentFields(body, report, mission, form)
        if (fields.length > 0) return problem(422, 'validation_failed', INVALID_FIELDS, { fields })

        const evidences = new Map(report.evidences.map((e) => [e.id, e]))
        const testimony = body.testimony?.trim()
        const saved = await updateReport(ctx, report, (r) => {
          r.version = report.version + 1
          r.answers = body.answers
          r.attendants = body.attendants.map((a) => ({
            ...a,
            name: attendantNameSchema.parse(a.name),
          }))
          r.times = body.times
          r.checklist = body.checklist
          r.evidences = body.evidenceIds.map((id) => evidences.get(id)!)
          r.taxReceipts = body.taxReceipts
          r.notes = body.notes
          if (testimony) r.testimony = testimony
          else delete r.testimony
          r.score = computeScore(form, answersById(body.answers))
        })
        return HttpResponse.json(saved, { status: 200 })
      })
    }),

    http.post('/reports/{id}/submission', async ({ request, params }) => {
      const agent = requireAgent(ctx, request)
      return idempotent(ctx, request, `submission:${params.id}`, async () => {
        const { report, task } = findAgentReport(ctx, agent.id, params.id)
        const body = await readBody(request, 'SubmitReportInput')
        const { mission, form } = catalogueOf(ctx, task)
        const missing = missingItems(report, mission, form)
        const result = transition(
          machineStateOf(task),
          { type: 'submit', reportComplete: missing.length === 0 },
          ctx.clock.now(),
        )
        if (!result.ok && result.refusal.code !== 'report_incomplete') throw refused(result.refusal)
        if (body.version !== report.version)
          return problem(
            409,
            'stale_version',
            'O relatório foi alterado em outro aparelho. Confira a versão mais recente antes de enviar.',
            {
              current: report,
            },
          )
        if (!result.ok)
          return problem(422, 'report_incomplete', incompleteReportMessage(missing), { missing })

        const now = isoNow(ctx)
        const submitted = await updateReport(ctx, report, (r) => {
          r.submittedAt = now
        })
        const updatedTask = await updateTask(ctx, task, (t) => {
          t.status = { code: 'validating', changedAt: now }
          t.steps.submitted = now
        })
        await ensurePayoutTransaction(ctx, updatedTask)
        ctx.log(`relatório ${task.slug} enviado para validação (nota ${report.score})`)
        return HttpResponse.json({ report: submitted, task: updatedTask }, { status: 200 })
      })
    }),
  ]
}
