/**
 * Tasks and what hangs off them: offers waiting on the opportunities page, the agent's own
 * tasks with their reports, open revisions for contested ones, and wallet transactions for
 * validated work.
 */
import type { Faker } from '@faker-js/faker'
import type { Mission, Task, TaskStatusCode } from '@/api/entities'
import type { Database } from '../db'
import { CATALOGUE, type CatalogueEntry } from './catalogue'
import { DEMO_AGENT_ID } from './demo'
import { emptyReport, filledReport } from './reports'
import type { ScenarioPlan } from './scenarios'
import { DAY, HOUR, iso } from './time'

/** Real-looking places around São Paulo, Rio and Belo Horizonte, by project. */
const CITY_CENTRES: Record<string, { city: string; uf: string; lat: number; lng: number }> = {
  prj_farma: { city: 'São Paulo', uf: 'SP', lat: -23.5614, lng: -46.6559 },
  prj_mercado: { city: 'Rio de Janeiro', uf: 'RJ', lat: -22.9068, lng: -43.1729 },
  prj_celular: { city: 'Belo Horizonte', uf: 'MG', lat: -19.9167, lng: -43.9345 },
}

const PLACE_PREFIX: Record<string, string[]> = {
  prj_farma: ['Farmácia', 'Drogaria'],
  prj_mercado: ['Supermercado', 'Mercado'],
  prj_celular: ['Loja', 'Quiosque'],
}

/** The id of a project's mission in the seeded catalogue. */
export function missionIdOf(projectId: string) {
  return `msn_${projectId.slice(4)}`
}

type MakeTask = (status: TaskStatusCode | 'offer', index: number) => Task

/** Tasks numbered T-4821, T-4822… in the order they are made. */
function taskFactory(faker: Faker, now: number): MakeTask {
  let slugNumber = 4821
  return (status, index) => {
    const entry = CATALOGUE[index % CATALOGUE.length]!
    const centre = CITY_CENTRES[entry.project.id]!
    const slug = `T-${slugNumber++}`
    const id = `tsk_${slug.slice(2)}`
    const scheduled =
      status === 'offer' || status === 'started'
        ? now +
          faker.number.int({ min: 1, max: 6 }) * DAY +
          faker.number.int({ min: 9, max: 17 }) * HOUR -
          (now % DAY)
        : now - faker.number.int({ min: 2, max: 15 }) * DAY
    const prefix = faker.helpers.arrayElement(PLACE_PREFIX[entry.project.id]!)
    const location: Task['location'] = {
      name: `${prefix} ${faker.company.name().split(/[ ,]/)[0]} — ${faker.location.street().replace(/^(Rua|Avenida|Travessa|Alameda) /, '')}`,
      address: `${faker.location.street()}, ${faker.number.int({ min: 10, max: 3000 })} — ${centre.city} — ${centre.uf}`,
      lat: round6(centre.lat + faker.number.float({ min: -0.05, max: 0.05 })),
      lng: round6(centre.lng + faker.number.float({ min: -0.05, max: 0.05 })),
      radiusMeters: 300,
    }
    // Accepted two days before the visit, and never later than now (a visit scheduled for next
    // week was accepted already): no timeline runs backwards.
    const accepted = Math.min(scheduled - 2 * DAY, now - HOUR)
    const steps: Task['steps'] = { accepted: iso(accepted) }
    if (['visited', 'validating', 'approved', 'contested', 'rejected'].includes(status)) {
      // At the door: about 8 m from the place, with a good fix (what a validator expects).
      steps.checkin = {
        at: iso(scheduled),
        lat: round6(location.lat + 0.00007),
        lng: location.lng,
        accuracy: 12,
      }
      steps.checkout = { at: iso(scheduled + 35 * 60_000), offline: false }
    }
    if (['validating', 'approved', 'contested', 'rejected'].includes(status))
      steps.submitted = iso(scheduled + 2 * HOUR)
    // The open round of pendencies (seedOpenRevision) came 20 h after the report.
    if (status === 'contested') steps.contested = iso(scheduled + 22 * HOUR)
    if (['approved', 'rejected'].includes(status)) steps.validated = iso(scheduled + DAY)
    const code: TaskStatusCode = status === 'offer' ? 'started' : status
    // The status changed when the step that made it happened: a visit is 'visited' from its
    // check-out, 'contested' from the validator's pendencies (not from the report before).
    const madeBy: Partial<Record<TaskStatusCode, string | undefined>> = {
      visited: steps.checkout?.at,
      validating: steps.submitted,
      contested: steps.contested,
      approved: steps.validated,
      rejected: steps.validated,
    }
    return {
      id,
      slug,
      agentId: DEMO_AGENT_ID,
      projectId: entry.project.id,
      missionId: missionIdOf(entry.project.id),
      title: entry.mission.title,
      location,
      status: {
        code,
        changedAt: madeBy[code] ?? iso(accepted),
        ...(code === 'rejected'
          ? {
              reason:
                'As fotos não mostram a loja avaliada e o cupom fiscal é de outro estabelecimento.',
            }
          : {}),
        ...(code === 'canceled'
          ? {
              reason:
                'Cancelada pelo avaliador: a loja estava fechada para reforma no dia agendado.',
            }
          : {}),
      },
      scheduledFor: iso(scheduled),
      deadline: iso(scheduled + 5 * DAY),
      payoutCents: faker.helpers.arrayElement([3500, 4000, 4500, 5500, 6000, 7500]),
      reportId: `rep_${slug.slice(2)}`,
      steps,
    }
  }
}

function round6(n: number) {
  return Math.round(n * 1e6) / 1e6
}

/**
 * Seeds the plan's offers, then the agent's own tasks. Offers come first so task numbers and
 * the faker sequence stay the same for a given seed.
 */
export async function seedTasks(db: Database, faker: Faker, now: number, plan: ScenarioPlan) {
  const makeTask = taskFactory(faker, now)
  await seedOffers(db, makeTask, now, plan.offers)
  await seedOwnTasks(db, makeTask, faker, plan)
}

/** A pending offer of `task` to the demo agent (the seed and the demo panel make them). */
export function offerOf(
  task: Task,
  entry: CatalogueEntry,
  times: { window: { from: number; to: number }; expiresAt: number; createdAt: number },
) {
  return {
    ownerId: DEMO_AGENT_ID,
    taskId: task.id,
    task: {
      projectName: entry.project.name,
      clientName: entry.project.clientName,
      missionTitle: entry.mission.title,
      location: task.location,
      payoutCents: task.payoutCents,
      window: { from: iso(times.window.from), to: iso(times.window.to) },
    },
    expiresAt: iso(times.expiresAt),
    createdAt: iso(times.createdAt),
    status: 'pending' as const,
  }
}

async function seedOffers(db: Database, makeTask: MakeTask, now: number, count: number) {
  for (let i = 0; i < count; i++) {
    const task = makeTask('offer', i)
    const entry = CATALOGUE[i % CATALOGUE.length]!
    const from = Date.parse(task.scheduledFor) - DAY
    await db.opportunities.create(
      offerOf(task, entry, {
        window: { from: Math.max(now, from), to: from + 7 * DAY },
        // The first offer expires soon, to show the countdown; the others in days.
        expiresAt: now + (i === 0 ? 3 * HOUR : (i + 1) * DAY),
        createdAt: now - (i + 1) * HOUR,
      }),
    )
    // The offered task exists but is nobody's until accepted.
    await db.tasks.create({ ...task, agentId: '' })
    await db.reports.create(emptyReport(task))
  }
}

async function seedOwnTasks(db: Database, makeTask: MakeTask, faker: Faker, plan: ScenarioPlan) {
  const { statuses } = plan
  for (let i = 0; i < plan.tasks; i++) {
    const status = statuses[i % statuses.length]!
    const task = makeTask(status, i + 1)
    const entry = CATALOGUE[(i + 1) % CATALOGUE.length]!
    await db.tasks.create(task)
    const report =
      status === 'started' || status === 'canceled'
        ? emptyReport(task)
        : filledReport(task, entry.mission as Mission, entry.form, faker, status !== 'visited')
    await db.reports.create(report)
    if (status === 'contested') await seedOpenRevision(db, task, report.id)
    // The first dozen tasks carry the wallet's history.
    if (i < 12) await seedTransaction(db, task, { paid: i < 6 })
  }
}

/** Round 1 of validation, asking for a better façade photo and a time to confirm. */
async function seedOpenRevision(db: Database, task: Task, reportId: string) {
  const number = task.slug.slice(2)
  await db.revisions.create({
    id: `rev_${number}_1`,
    reportId,
    taskId: task.id,
    round: 1,
    createdAt: task.steps.contested!,
    status: 'open',
    pendencies: [
      {
        id: `pen_${number}_1`,
        section: 'evidences',
        message:
          'A foto da fachada está desfocada e não mostra o nome da loja. Envie outra foto ou explique.',
      },
      {
        id: `pen_${number}_2`,
        section: 'times',
        field: 'atendimento',
        message:
          'O tempo de atendimento (00:40) parece curto para o roteiro. Confirme o tempo correto.',
      },
    ],
  })
}

/** Approved work is paid or available; work under validation is pending. Others earn nothing yet. */
async function seedTransaction(db: Database, task: Task, { paid }: { paid: boolean }) {
  const id = `trx_${task.slug.slice(2)}`
  const description = `Visita ${task.slug} — ${task.location.name}`
  if (task.status.code === 'approved') {
    const validated = Date.parse(task.steps.validated!)
    await db.transactions.create({
      ownerId: DEMO_AGENT_ID,
      id,
      kind: 'task',
      amountCents: task.payoutCents,
      status: paid ? 'paid' : 'available',
      createdAt: task.steps.validated!,
      availableAt: iso(validated + 7 * DAY),
      ...(paid ? { paidAt: iso(validated + 9 * DAY) } : {}),
      taskId: task.id,
      description,
    })
  } else if (task.status.code === 'validating') {
    await db.transactions.create({
      ownerId: DEMO_AGENT_ID,
      id,
      kind: 'task',
      amountCents: task.payoutCents,
      status: 'pending',
      createdAt: task.steps.submitted!,
      taskId: task.id,
      description,
    })
  }
}
