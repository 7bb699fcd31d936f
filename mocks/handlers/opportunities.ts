/** Opportunities: list, read, accept (→ a started task), decline — guarded by src/domain/opportunity. */
import { HttpResponse } from 'msw'
import { checkAccept, checkDecline, effectiveOpportunityStatus } from '@/domain/opportunity'
import type { Opportunity } from '@/api/entities'
import {
  type BackendContext,
  isoNow,
  notFound,
  paginate,
  plain,
  readBody,
  refused,
  requireAgent,
  typedHttp,
  withoutOwner,
} from './support'
import { idempotent } from './idempotency'

type StoredOpportunity = Opportunity & { ownerId: string }

/** The API view: an offer past its expiry reads as expired. */
function present(ctx: BackendContext, offer: StoredOpportunity): Opportunity {
  return plain({
    ...withoutOwner(offer),
    status: effectiveOpportunityStatus(offer, ctx.clock.now()),
  })
}

function findOffer(ctx: BackendContext, agentId: string, taskId: string) {
  const offer = ctx.db.opportunities.findFirst((q) => q.where({ ownerId: agentId, taskId }))
  if (!offer) throw notFound('Oportunidade não encontrada.')
  return offer
}

const STATUS_ORDER = { pending: 0, accepted: 1, declined: 2, expired: 3 } as const

export function opportunityHandlers(ctx: BackendContext) {
  const http = typedHttp(ctx)
  return [
    http.get('/opportunities', ({ request, query, response }) => {
      const agent = requireAgent(ctx, request)
      const wanted = query.get('status')
      const offers = ctx.db.opportunities
        .findMany((q) => q.where({ ownerId: agent.id }))
        .map((offer) => present(ctx, offer))
        .filter((offer) => !wanted || offer.status === wanted)
        .sort(
          (a, b) =>
            STATUS_ORDER[a.status] - STATUS_ORDER[b.status] ||
            a.expiresAt.localeCompare(b.expiresAt),
        )
      return response(200).json(paginate(offers, query.get('cursor'), query.get('limit')))
    }),

    http.get('/opportunities/{taskId}', ({ request, params, response }) => {
      const agent = requireAgent(ctx, request)
      const offer = findOffer(ctx, agent.id, params.taskId)
      const task = ctx.db.tasks.findFirst((q) => q.where({ id: offer.taskId }))
      const mission = task && ctx.db.missions.findFirst((q) => q.where({ id: task.missionId }))
      const project = task && ctx.db.projects.findFirst((q) => q.where({ id: task.projectId }))
      if (!mission || !project) throw notFound('Oportunidade não encontrada.')
      return response(200).json(plain({ opportunity: present(ctx, offer), mission, project }))
    }),

    http.post('/opportunities/{taskId}/accept', async ({ request, params }) => {
      const agent = requireAgent(ctx, request)
      return idempotent(ctx, request, `accept:${params.taskId}`, async () => {
        const offer = findOffer(ctx, agent.id, params.taskId)
        const body = await readBody(request, 'AcceptOpportunityInput')
        const refusal = checkAccept(offer, body.scheduledFor, ctx.clock.now())
        if (refusal) return refused(refusal)
        const now = isoNow(ctx)
        await ctx.db.opportunities.update(
          (q) => q.where({ ownerId: agent.id, taskId: offer.taskId }),
          {
            data(o) {
              o.status = 'accepted'
            },
          },
        )
        const task = await ctx.db.tasks.update((q) => q.where({ id: offer.taskId }), {
          data(t) {
            t.agentId = agent.id
            t.scheduledFor = body.scheduledFor
            t.deadline = offer.task.window.to
            t.status = { code: 'started', changedAt: now }
            t.steps = { accepted: now }
          },
        })
        if (!task) throw notFound('Tarefa não encontrada.')
        ctx.log(`oportunidade ${task.slug} aceita para ${body.scheduledFor}`)
        return HttpResponse.json(plain(task), { status: 200 })
      })
    }),

    http.post('/opportunities/{taskId}/decline', async ({ request, params }) => {
      const agent = requireAgent(ctx, request)
      return idempotent(ctx, request, `decline:${params.taskId}`, async () => {
        const offer = findOffer(ctx, agent.id, params.taskId)
        const body = await readBody(request, 'DeclineOpportunityInput')
        const refusal = checkDecline(offer, ctx.clock.now())
        if (refusal) return refused(refusal)
        const updated = await ctx.db.opportunities.update(
          (q) => q.where({ ownerId: agent.id, taskId: offer.taskId }),
          {
            data(o) {
              o.status = 'declined'
              o.declineReason = body.reason
            },
          },
        )
        return HttpResponse.json(present(ctx, updated!), { status: 200 })
      })
    }),
  ]
}
