/** Tasks: list, read, check-in by position, check-out, reschedule, cancel — guarded by the domain state machine. */
import { HttpResponse } from 'msw'
import type { Task, TaskTotals } from '@/api/entities'
import { checkinReach, outsideRadiusMessage, weakSignalMessage } from '@/domain/geo'
import { latestCheckout, recordedStepInstant } from '@/domain/visit-timer'
import { machineStateOf, transition, type TaskEvent } from '@/domain/task-state-machine'
import { justificationSchema } from '@/domain/text-limits'
import {
  type BackendContext,
  checkField,
  isoNow,
  notFound,
  paginate,
  plain,
  problem,
  readBody,
  refused,
  requireAgent,
  typedHttp,
} from './support'
import { idempotent } from './idempotency'

/** The agent's task by id or slug, or a thrown 404. */
export function findAgentTask(ctx: BackendContext, agentId: string, ref: string) {
  const task = ctx.db.tasks.findFirst((q) =>
    q.where((t) => t.agentId === agentId && (t.id === ref || t.slug === ref)),
  )
  if (!task) throw notFound('Tarefa não encontrada.')
  return task
}

/** Runs an event through the state machine; a refusal becomes a thrown 409 problem. */
export function applyTaskEvent(ctx: BackendContext, task: Task, event: TaskEvent) {
  const result = transition(machineStateOf(task), event, ctx.clock.now())
  if (!result.ok) throw refused(result.refusal)
  return result.state
}

export async function updateTask(ctx: BackendContext, task: Task, change: (draft: Task) => void) {
  const updated = await ctx.db.tasks.update((q) => q.where({ id: task.id }), { data: change })
  return plain(updated!)
}

/** The mission of a task (its visit limit, the check-in's GPS accuracy). */
/** How many of `tasks` are in each status: the list's group headings count these. */
export function totalsByStatus(tasks: readonly Task[]): TaskTotals {
  const totals: TaskTotals = {
    started: 0,
    visited: 0,
    validating: 0,
    approved: 0,
    contested: 0,
    canceled: 0,
    rejected: 0,
  }
  for (const task of tasks) totals[task.status.code]++
  return totals
}

function missionOf(ctx: BackendContext, task: Task) {
  return ctx.db.missions.findFirst((q) => q.where({ id: task.missionId }))
}

export function taskHandlers(ctx: BackendContext) {
  const http = typedHttp(ctx)
  return [
    http.get('/tasks/mine', ({ request, query, response }) => {
      const agent = requireAgent(ctx, request)
      const statuses = query.getAll('status')
      const tasks = ctx.db.tasks
        .findMany((q) =>
          q.where(
            (t) =>
              t.agentId === agent.id && (statuses.length === 0 || statuses.includes(t.status.code)),
          ),
        )
        .sort((a, b) => b.status.changedAt.localeCompare(a.status.changedAt))
      const page = paginate(tasks, query.get('cursor'), query.get('limit'))
      return response(200).json(plain({ ...page, totalsByStatus: totalsByStatus(tasks) }))
    }),

    http.get('/tasks/{id}', ({ request, params, response }) => {
      const agent = requireAgent(ctx, request)
      return response(200).json(plain(findAgentTask(ctx, agent.id, params.id)))
    }),

    http.put('/tasks/{id}/checkin/byPosition', async ({ request, params }) => {
      const agent = requireAgent(ctx, request)
      return idempotent(ctx, request, `checkin:${params.id}`, async () => {
        const task = findAgentTask(ctx, agent.id, params.id)
        const body = await readBody(request, 'CheckinInput')
        applyTaskEvent(ctx, task, { type: 'checkin' })
        // The same rule as the phone (src/domain/geo.ts): a weak fix proves nothing, and the
        // accuracy never stretches the radius.
        const reach = checkinReach({
          position: body,
          location: task.location,
          maxAccuracyMeters: missionOf(ctx, task)?.requirements.checkinMaxAccuracyMeters,
        })
        if (reach.refusal === 'weak-signal')
          return problem(422, 'weak_gps_signal', weakSignalMessage(reach.accuracyMeters), {
            ...(reach.accuracyMeters !== null ? { accuracyMeters: reach.accuracyMeters } : {}),
            maxAccuracyMeters: reach.maxAccuracyMeters,
          })
        if (reach.refusal === 'outside')
          return problem(422, 'outside_radius', outsideRadiusMessage(reach.distanceMeters), {
            distanceMeters: Math.round(reach.distanceMeters),
          })
        // The device's time only for a check-in queued offline, never before the task was
        // accepted nor after now: a phone's clock may be off by hours.
        const offline = body.offline === true
        const at = recordedStepInstant({
          deviceAt: body.at,
          offline,
          earliest: Date.parse(task.steps.accepted),
          now: ctx.clock.now(),
        })
        const updated = await updateTask(ctx, task, (t) => {
          t.steps.checkin = {
            at: new Date(at).toISOString(),
            lat: body.lat,
            lng: body.lng,
            accuracy: body.accuracy,
            ...(offline ? { offline } : {}),
          }
        })
        ctx.log(`check-in ${task.slug} a ${Math.round(reach.distanceMeters)} m do local`)
        return HttpResponse.json(updated, { status: 200 })
      })
    }),

    http.put('/tasks/{id}/checkout', async ({ request, params }) => {
      const agent = requireAgent(ctx, request)
      return idempotent(ctx, request, `checkout:${params.id}`, async () => {
        const task = findAgentTask(ctx, agent.id, params.id)
        const body = await readBody(request, 'CheckoutInput')
        applyTaskEvent(ctx, task, { type: 'checkout' })
        const now = isoNow(ctx)
        // The device's time only when queued offline, within [check-in, now]; and the visit's
        // recorded length never past the mission's limit and its tolerance.
        const checkinAt = Date.parse(task.steps.checkin?.at ?? now)
        const mission = missionOf(ctx, task)
        const at = Math.min(
          recordedStepInstant({
            deviceAt: body.at,
            offline: body.offline,
            earliest: checkinAt,
            now: ctx.clock.now(),
          }),
          mission ? latestCheckout(checkinAt, mission.visitMaxMinutes) : Infinity,
        )
        const updated = await updateTask(ctx, task, (t) => {
          t.steps.checkout = { at: new Date(at).toISOString(), offline: body.offline }
          t.status = { code: 'visited', changedAt: now }
        })
        ctx.log(`check-out ${task.slug}${body.offline ? ' (enviado depois, estava offline)' : ''}`)
        return HttpResponse.json(updated, { status: 200 })
      })
    }),

    http.put('/tasks/{id}/schedule', async ({ request, params }) => {
      const agent = requireAgent(ctx, request)
      return idempotent(ctx, request, `schedule:${params.id}`, async () => {
        const task = findAgentTask(ctx, agent.id, params.id)
        const body = await readBody(request, 'RescheduleInput')
        applyTaskEvent(ctx, task, { type: 'reschedule', scheduledFor: body.scheduledFor })
        const updated = await updateTask(ctx, task, (t) => {
          t.scheduledFor = body.scheduledFor
        })
        return HttpResponse.json(updated, { status: 200 })
      })
    }),

    http.post('/tasks/{id}/cancel', async ({ request, params }) => {
      const agent = requireAgent(ctx, request)
      return idempotent(ctx, request, `cancel:${params.id}`, async () => {
        const task = findAgentTask(ctx, agent.id, params.id)
        const body = await readBody(request, 'CancelTaskInput')
        const justification = checkField(justificationSchema, body.justification, 'justification')
        applyTaskEvent(ctx, task, { type: 'cancel' })
        const updated = await updateTask(ctx, task, (t) => {
          t.status = { code: 'canceled', changedAt: isoNow(ctx), reason: justification }
        })
        return HttpResponse.json(updated, { status: 200 })
      })
    }),
  ]
}
