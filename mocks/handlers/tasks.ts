/** Tasks: list, read, check-in by position, check-out, reschedule, cancel — guarded by the domain state machine. */
import type { Task } from '@/api/entities'
import { checkinReach, outsideRadiusMessage } from '@/domain/geo'
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

/**
 * The device's time of a step sent late (queued offline): kept when it is within the past
 * day and not in the future; otherwise the server's time.
 */
function deviceTime(ctx: BackendContext, at: string) {
  const now = ctx.clock.now()
  const t = Date.parse(at)
  const plausible = Number.isFinite(t) && t <= now + 60_000 && t >= now - 24 * 3_600_000
  return plausible ? new Date(Math.min(t, now)).toISOString() : isoNow(ctx)
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
      return response(200).json(plain(paginate(tasks, query.get('cursor'), query.get('limit'))))
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
        const reach = checkinReach({ position: body, location: task.location })
        if (!reach.allowed)
          return problem(422, 'outside_radius', outsideRadiusMessage(reach.distanceMeters), {
            distanceMeters: Math.round(reach.distanceMeters),
          })
        const updated = await updateTask(ctx, task, (t) => {
          t.steps.checkin = {
            at: deviceTime(ctx, body.at),
            lat: body.lat,
            lng: body.lng,
            accuracy: body.accuracy,
          }
        })
        ctx.log(`check-in ${task.slug} a ${Math.round(reach.distanceMeters)} m do local`)
        return Response.json(updated, { status: 200 })
      })
    }),

    http.put('/tasks/{id}/checkout', async ({ request, params }) => {
      const agent = requireAgent(ctx, request)
      return idempotent(ctx, request, `checkout:${params.id}`, async () => {
        const task = findAgentTask(ctx, agent.id, params.id)
        const body = await readBody(request, 'CheckoutInput')
        applyTaskEvent(ctx, task, { type: 'checkout' })
        const now = isoNow(ctx)
        const updated = await updateTask(ctx, task, (t) => {
          // The device's time is kept when the checkout was queued offline.
          t.steps.checkout = { at: body.offline ? body.at : now, offline: body.offline }
          t.status = { code: 'visited', changedAt: now }
        })
        ctx.log(`check-out ${task.slug}${body.offline ? ' (enviado depois, estava offline)' : ''}`)
        return Response.json(updated, { status: 200 })
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
        return Response.json(updated, { status: 200 })
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
        return Response.json(updated, { status: 200 })
      })
    }),
  ]
}
