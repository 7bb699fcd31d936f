/**
 * Award nominations (POST /awards/): an attendant of the visit is nominated for one of the
 * mission's awards when the report's score reaches the award's goal (src/domain/awards).
 * (GET /awards/mine lives with the wallet.)
 */
import { HttpResponse } from 'msw'
import { checkNomination } from '@/domain/awards'
import { catalogueOf, reportEditRefusal, reportOfTask, updateReport } from './reports'
import { findAgentTask } from './tasks'
import {
  type BackendContext,
  isoNow,
  newId,
  plain,
  problem,
  readBody,
  refused,
  requireAgent,
  typedHttp,
} from './support'
import { idempotent } from './idempotency'

export function awardHandlers(ctx: BackendContext) {
  const http = typedHttp(ctx)
  return [
    http.post('/awards/', async ({ request }) => {
      const agent = requireAgent(ctx, request)
      return idempotent(ctx, request, 'award', async () => {
        const body = await readBody(request, 'AwardInput')
        const task = plain(findAgentTask(ctx, agent.id, body.taskId))
        const refusal = reportEditRefusal(task)
        if (refusal) return problem(409, 'transition_refused', refusal)
        const { mission } = catalogueOf(ctx, task)
        const report = reportOfTask(ctx, task)
        const award = mission.awards.find((a) => a.code === body.code)
        const attendant = report.attendants.find((a) => a.code === body.attendantCode)
        const fields = [
          ...(award
            ? []
            : [{ field: 'code', message: 'Este prêmio não faz parte da missão da tarefa.' }]),
          ...(attendant
            ? []
            : [
                {
                  field: 'attendantCode',
                  message: 'Este atendente não está no relatório da visita.',
                },
              ]),
        ]
        if (!award || !attendant || fields.length > 0)
          return problem(422, 'validation_failed', 'Confira os campos destacados.', { fields })

        const alreadyGiven = ctx.db.awards.findFirst((q) =>
          q.where((a) => a.taskId === task.id && a.code === award.code && a.status !== 'rejected'),
        )
        const nomination = checkNomination(report.score, award, alreadyGiven !== undefined)
        if (nomination) {
          if (nomination.code === 'award_below_goal')
            return problem(422, nomination.code, nomination.message)
          throw refused(nomination)
        }
        const given = await ctx.db.awards.create({
          id: newId(ctx, 'awd'),
          code: award.code,
          taskId: task.id,
          attendantCode: body.attendantCode,
          attendantName: attendant.name,
          score: report.score,
          status: 'created',
          createdAt: isoNow(ctx),
        })
        // The report's `awards` is server-kept (not in ReportInput): no version bump.
        await updateReport(ctx, report, (r) => {
          r.awards.push(given.id)
        })
        ctx.log(`${attendant.name} indicado(a) ao prêmio ${award.code} na ${task.slug}`)
        return HttpResponse.json(plain(given), { status: 201 })
      })
    }),
  ]
}
