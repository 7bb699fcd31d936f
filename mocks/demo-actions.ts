/**
 * What the demo presenter can make happen in the world, besides the validator's actions
 * (mocks/handlers/revisions.ts): a new offer, a notification, a bulletin. Deterministic
 * (the backend's seeded random), written into the fake database through mocks/notify.ts, so
 * each is also pushed to the agent's devices.
 */
import type { NotificationKind, Task } from '@/api/entities'
import type { BackendContext } from './handlers/support'
import { announceBulletin, notifyAgent } from './notify'
import { CATALOGUE } from './seed/catalogue'
import { emptyReport } from './seed/reports'
import { DEMO_AGENT_ID, missionIdOf } from './seed/seed'
import { offerOf } from './seed/tasks'
import { DAY, HOUR } from './seed/time'

type NotificationKindName = NotificationKind

const PLACES = [
  {
    name: 'Farmácia Popular — Vila Madalena',
    address: 'Rua Harmonia, 512 — São Paulo — SP',
    lat: -23.5531,
    lng: -46.6893,
  },
  {
    name: 'Drogaria Bem-Estar — Moema',
    address: 'Av. Ibirapuera, 2100 — São Paulo — SP',
    lat: -23.6003,
    lng: -46.6655,
  },
  {
    name: 'Mercado Boa Compra — Tijuca',
    address: 'Rua Conde de Bonfim, 380 — Rio de Janeiro — RJ',
    lat: -22.9237,
    lng: -43.2327,
  },
  {
    name: 'Loja Conecta — Savassi',
    address: 'Rua Pernambuco, 1000 — Belo Horizonte — MG',
    lat: -19.9379,
    lng: -43.9339,
  },
]

function pick<T>(ctx: BackendContext, items: readonly T[]): T {
  return items[Math.floor(ctx.random() * items.length)]!
}

function nextSlugNumber(ctx: BackendContext) {
  const numbers = ctx.db.tasks.all().map((t) => Number(t.slug.slice(2)))
  return Math.max(4820, ...numbers) + 1
}

/** A new pending offer for the demo agent, expiring in `expiresInHours`. */
export async function sendOpportunity(
  ctx: BackendContext,
  options: { expiresInHours?: number } = {},
) {
  const now = ctx.clock.now()
  const entry = pick(ctx, CATALOGUE)
  const place = pick(ctx, PLACES)
  const number = nextSlugNumber(ctx)
  const slug = `T-${number}`
  const from = now + 2 * HOUR
  const to = now + 6 * DAY
  const task: Task = {
    id: `tsk_${number}`,
    slug,
    agentId: '',
    projectId: entry.project.id,
    missionId: missionIdOf(entry.project.id),
    title: entry.mission.title,
    location: { ...place, radiusMeters: 300 },
    status: { code: 'started', changedAt: new Date(now).toISOString() },
    scheduledFor: new Date(from + DAY).toISOString(),
    deadline: new Date(to).toISOString(),
    payoutCents: pick(ctx, [4000, 4500, 5500, 6500]),
    reportId: `rep_${number}`,
    steps: { accepted: new Date(now).toISOString() },
  }
  await ctx.db.tasks.create(task)
  await ctx.db.reports.create(emptyReport(task))
  const offer = await ctx.db.opportunities.create(
    offerOf(task, entry, {
      window: { from, to },
      expiresAt: now + (options.expiresInHours ?? 24) * HOUR,
      createdAt: now,
    }),
  )
  const notification = await sendNotification(ctx, {
    kind: 'task',
    title: 'Nova oportunidade perto de você',
    body: `${entry.mission.title} em ${place.name}. Aceite antes que expire.`,
    link: `/oppy/${task.id}`,
  })
  return { offer, notification }
}

/** A notification for the demo agent, pushed to the agent's devices like any other. */
export function sendNotification(
  ctx: BackendContext,
  content: { kind: NotificationKindName; title: string; body: string; link?: string },
) {
  return notifyAgent(ctx, DEMO_AGENT_ID, content)
}

/** A bulletin for the demo agent. */
export function sendBulletin(ctx: BackendContext, content: { title: string; body: string }) {
  return announceBulletin(ctx, DEMO_AGENT_ID, content)
}
