/** The signed-in agent (with badge counts), availability, profile and terms of use. */
import { HttpResponse } from 'msw'
import { z } from 'zod-fake-backend'
import type { Agent, AgentCounts, Terms } from '@/api/entities'
import { effectiveOpportunityStatus } from '@/domain/opportunity'
import {
  type BackendContext,
  checkField,
  isoNow,
  notFound,
  plain,
  problem,
  readBody,
  requireAgent,
  typedHttp,
} from './support'
import { idempotent } from './idempotency'

const ADULT_AGE_YEARS = 18

function countWhere<T>(records: readonly T[], predicate: (record: T) => boolean) {
  let n = 0
  for (const record of records) if (predicate(record)) n++
  return n
}

/** The counts behind the app's badges and alerts, as of the fake clock. */
export function countsOf(ctx: BackendContext, agentId: string): AgentCounts {
  const now = ctx.clock.now()
  const { db } = ctx
  const taskIds = new Set(db.tasks.findMany((q) => q.where({ agentId })).map((t) => t.id))
  const openPendencies = db.revisions
    .findMany((q) => q.where((r) => r.status === 'open' && taskIds.has(r.taskId)))
    .reduce((sum, r) => sum + r.pendencies.filter((p) => !p.resolution).length, 0)
  return {
    pendingOpportunities: countWhere(
      db.opportunities.all(),
      (o) => o.ownerId === agentId && effectiveOpportunityStatus(o, now) === 'pending',
    ),
    unreadNotifications: countWhere(
      db.notifications.all(),
      (n) => n.ownerId === agentId && n.readAt === null,
    ),
    openPendencies,
    unreadBulletins: countWhere(
      db.bulletins.all(),
      (b) => b.ownerId === agentId && b.readAt === null,
    ),
  }
}

/** The agent as the API returns it: stored fields plus counts and terms computed now. */
export function agentWithCounts(ctx: BackendContext, agent: Agent): Agent {
  const terms = currentTerms(ctx)
  return {
    ...plain(agent),
    termsPending: terms !== undefined && agent.termsVersionAccepted !== terms.version,
    counts: countsOf(ctx, agent.id),
  }
}

/** The terms in force: the latest published. */
export function currentTerms(ctx: BackendContext) {
  const all = ctx.db.terms.findMany().sort((a, b) => b.publishedAt.localeCompare(a.publishedAt))
  return all[0]
}

/** "Ana Paula Souza" → "Ana Souza": the short name shown in the app, as the seed builds it. */
export function shortNameOf(fullName: string) {
  const words = fullName.trim().split(/\s+/)
  return words.length > 1 ? `${words[0]} ${words[words.length - 1]}` : (words[0] ?? '')
}

/** A birth date in the past of someone at least 18 years old (as of the fake clock). */
function birthDateSchema(now: number) {
  const today = new Date(now)
  const adultLimit = new Date(
    Date.UTC(today.getUTCFullYear() - ADULT_AGE_YEARS, today.getUTCMonth(), today.getUTCDate()),
  )
  return z.string().refine((date) => Date.parse(`${date}T00:00:00Z`) <= adultLimit.getTime(), {
    message: `Você precisa ter pelo menos ${ADULT_AGE_YEARS} anos para ser avaliador.`,
  })
}

export function meHandlers(ctx: BackendContext) {
  const http = typedHttp(ctx)
  const { db } = ctx
  /**
   * When each agent accepted each terms version (`agentId:version` → ISO time). Terms are
   * global records, so the per-agent time lives here; an acceptance the seed made (before
   * this process) reads as the terms' publication time.
   */
  const acceptances = new Map<string, string>()

  const termsFor = (agent: Agent, terms: Terms): Terms => {
    const accepted = agent.termsVersionAccepted === terms.version
    return {
      ...plain(terms),
      acceptedAt: accepted
        ? (acceptances.get(`${agent.id}:${terms.version}`) ?? terms.publishedAt)
        : null,
    }
  }

  const updateAgent = async (agent: Agent, change: (draft: Agent) => void) => {
    const updated = await db.agents.update((q) => q.where({ id: agent.id }), { data: change })
    return agentWithCounts(ctx, updated ?? agent)
  }

  const profileOf = (agentId: string) => {
    // Seeded agents always have a profile; a missing one is a broken fake database.
    const profile = db.profiles.findFirst((q) => q.where({ agentId }))
    if (!profile) throw notFound('Perfil não encontrado.')
    return profile
  }

  return [
    http.get('/me', ({ request, response }) => {
      const agent = requireAgent(ctx, request)
      return response(200).json(agentWithCounts(ctx, agent))
    }),

    http.put('/me/availability', async ({ request }) => {
      const agent = requireAgent(ctx, request)
      return idempotent(ctx, request, `availability:${agent.id}`, async () => {
        const body = await readBody(request, 'AvailabilityInput')
        const updated = await updateAgent(agent, (a) => {
          a.available = body.available
        })
        ctx.log(
          `${agent.name} ${body.available ? 'disponível' : 'indisponível'} para novas oportunidades`,
        )
        return HttpResponse.json(updated, { status: 200 })
      })
    }),

    http.get('/me/profile', ({ request, response }) => {
      const agent = requireAgent(ctx, request)
      return response(200).json(plain(profileOf(agent.id)))
    }),

    http.put('/me/profile', async ({ request }) => {
      const agent = requireAgent(ctx, request)
      return idempotent(ctx, request, `profile:${agent.id}`, async () => {
        const profile = profileOf(agent.id)
        const body = await readBody(request, 'ProfileInput')
        checkField(birthDateSchema(ctx.clock.now()), body.birthDate, 'birthDate')
        const fullName = body.fullName.trim().replace(/\s+/g, ' ')
        const email = body.email.trim().toLowerCase()
        // agentId, phone and cpf are not the agent's to change here.
        const updated = await db.profiles.update((q) => q.where({ agentId: profile.agentId }), {
          data(p) {
            p.fullName = fullName
            p.displayName = body.displayName.trim()
            p.email = email
            p.birthDate = body.birthDate
            p.address = body.address
          },
        })
        await db.agents.update((q) => q.where({ id: agent.id }), {
          data(a) {
            a.name = shortNameOf(fullName)
            a.email = email
          },
        })
        return HttpResponse.json(plain(updated ?? profile), { status: 200 })
      })
    }),

    http.get('/terms/current', ({ request, response }) => {
      const agent = requireAgent(ctx, request)
      const terms = currentTerms(ctx)
      if (!terms) throw notFound('Termos de uso não encontrados.')
      return response(200).json(termsFor(agent, terms))
    }),

    http.put('/terms/{version}/acceptance', async ({ request, params }) => {
      const agent = requireAgent(ctx, request)
      return idempotent(ctx, request, `terms:${agent.id}`, async () => {
        const terms = currentTerms(ctx)
        if (!terms || terms.version !== params.version)
          throw problem(409, 'transition_refused', 'Esta versão dos termos não é a atual.')
        const key = `${agent.id}:${terms.version}`
        // Accepting again keeps the first acceptance time.
        if (agent.termsVersionAccepted !== terms.version) acceptances.set(key, isoNow(ctx))
        const updated = await updateAgent(agent, (a) => {
          a.termsVersionAccepted = terms.version
        })
        ctx.log(`${agent.name} aceitou os termos ${terms.version}`)
        return HttpResponse.json(updated, { status: 200 })
      })
    }),
  ]
}
