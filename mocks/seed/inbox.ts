/** The agent's notifications (newest three unread) and the team's bulletins. */
import type { Faker } from '@faker-js/faker'
import type { Task } from '@/api/entities'
import type { Database } from '../db'
import { DEMO_AGENT_ID } from './demo'
import { DAY, HOUR, iso } from './time'

const TEMPLATES = [
  () => ({
    kind: 'task' as const,
    title: 'Nova oportunidade perto de você',
    body: 'Há uma nova visita paga na sua região. Veja os detalhes e aceite antes que expire.',
    link: '/oppy',
  }),
  (t?: Task) => ({
    kind: 'payment' as const,
    title: 'Pagamento disponível',
    body: `O valor da visita ${t?.slug ?? ''} está disponível para saque na sua carteira.`,
    link: '/account/wallet',
  }),
  (t?: Task) => ({
    kind: 'validation' as const,
    title: 'Relatório com pendências',
    body: `O validador pediu ajustes no relatório da visita ${t?.slug ?? ''}. Responda em até 48 horas.`,
    link: t ? `/tasks/${t.slug}/validation` : '/tasks/validations',
  }),
  (t?: Task) => ({
    kind: 'task' as const,
    title: 'Visita amanhã',
    body: `Lembrete: sua visita ${t?.slug ?? ''} está agendada para amanhã. Confira o roteiro.`,
    link: t ? `/tasks/${t.slug}` : '/tasks',
  }),
  () => ({
    kind: 'system' as const,
    title: 'Atualize seus dados bancários',
    body: 'Confira seus dados bancários para receber sem atrasos.',
    link: '/account/bank-info',
  }),
]

/** Notifications cycle through the templates, about the agent's first 50 tasks, 3 hours apart. */
export async function seedNotifications(db: Database, faker: Faker, now: number, count: number) {
  const myTasks = db.tasks.findMany((q) => q.where({ agentId: DEMO_AGENT_ID }), { take: 50 })
  for (let i = 0; i < count; i++) {
    const t = myTasks.length > 0 ? myTasks[i % myTasks.length] : undefined
    const content = TEMPLATES[i % TEMPLATES.length]!(t)
    const createdAt = now - i * 3 * HOUR - faker.number.int({ min: 0, max: 50 }) * 60_000
    await db.notifications.create({
      ownerId: DEMO_AGENT_ID,
      id: `ntf_${i + 1}`,
      slug: `${slugify(content.title)}-${i + 1}`,
      ...content,
      createdAt: iso(createdAt),
      // The newest three are unread.
      readAt: i < 3 ? null : iso(createdAt + HOUR),
    })
  }
}

const BULLETINS = [
  {
    title: 'Novo projeto em Campinas',
    body: 'A partir da próxima semana teremos visitas em supermercados de Campinas. Deixe sua disponibilidade ativada para receber as oportunidades.',
  },
  {
    title: 'Como fotografar a fachada',
    body: 'Fotografe de frente, a cerca de 5 metros, com o nome da loja legível e sem pessoas em primeiro plano.',
  },
  {
    title: 'Pagamentos no feriado',
    body: 'Os saques pedidos na sexta-feira serão pagos na terça-feira por causa do feriado.',
  },
]

/** Three bulletins four days apart; the newest unread. */
export async function seedBulletins(db: Database, now: number) {
  for (const [i, b] of BULLETINS.entries()) {
    await db.bulletins.create({
      ownerId: DEMO_AGENT_ID,
      id: `blt_${i + 1}`,
      ...b,
      publishedAt: iso(now - (i * 4 + 1) * DAY),
      readAt: i === 0 ? null : iso(now - i * 4 * DAY),
    })
  }
}

function slugify(text: string) {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}
