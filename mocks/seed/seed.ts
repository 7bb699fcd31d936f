/**
 * Deterministic pt-BR seed of the fake database: the same seed, scenario and clock give the
 * same world. Scenarios:
 *   new-agent   — just activated: a few offers, no tasks, no bank data, terms not accepted
 *   busy-agent  — (default) tasks in every status, offers, notifications, a wallet with history
 *   contested   — like busy-agent, with reports under open pendencies to resolve
 *   large       — 5,000 tasks and 20,000 notifications, for scale and list performance
 */
import { Faker, pt_BR, base } from '@faker-js/faker'
import type { Answer, EvaluationForm, Mission, Task, TaskStatusCode } from '@/api/entities'
import { cpfCheckDigits } from '@/domain/cpf'
import { computeScore, answersById, visibleQuestions } from '@/domain/questionnaire'
import type { Database } from '../db'
import { ATTENDANT_TRAITS } from '@/domain/attendant-traits'
import { CATALOGUE, TERMS_BODY, TERMS_VERSION } from './catalogue'
import { DEMO_AGENT_ID, DEMO_INVITATION, DEMO_PHONE, DEMO_TOKEN } from './demo'

export const SCENARIOS = ['new-agent', 'busy-agent', 'contested', 'large'] as const
export type ScenarioName = (typeof SCENARIOS)[number]
export const DEFAULT_SCENARIO: ScenarioName = 'busy-agent'
export const DEFAULT_SEED = 4821

// The demo identity lives in ./demo (the pacts and the verifier import it without the seed).
export { DEMO_AGENT_ID, DEMO_INVITATION, DEMO_PHONE, DEMO_TOKEN }

export function isScenarioName(value: unknown): value is ScenarioName {
  return typeof value === 'string' && (SCENARIOS as readonly string[]).includes(value)
}

type SeedOptions = { seed: number; scenario: ScenarioName; now: number }

const HOUR = 3_600_000
const DAY = 24 * HOUR

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

export async function seedDatabase(db: Database, { seed, scenario, now }: SeedOptions) {
  const faker = new Faker({ locale: [pt_BR, base] })
  faker.seed(seed)
  faker.setDefaultRefDate(now)
  const iso = (t: number) => new Date(t).toISOString()

  // ------------------------------------------------------------------ catalogue
  const cycleStart = now - 20 * DAY
  for (const entry of CATALOGUE) {
    const cycleId = `cyc_${entry.project.id.slice(4)}_2026`
    await db.projects.create({
      ...entry.project,
      cycleId,
      cycle: { id: cycleId, startsAt: iso(cycleStart), endsAt: iso(cycleStart + 60 * DAY) },
    })
    await db.forms.create(entry.form)
    await db.missions.create({
      ...entry.mission,
      id: missionIdOf(entry.project.id),
      projectId: entry.project.id,
      formId: entry.form.id,
    })
  }
  await db.terms.create({
    version: TERMS_VERSION,
    title: 'Termos de uso do Avaliador',
    body: TERMS_BODY,
    publishedAt: iso(now - 30 * DAY),
    acceptedAt: null,
  })

  // ------------------------------------------------------------------ the agent
  const firstName = faker.person.firstName('female')
  const lastName = faker.person.lastName()
  const fullName = `${firstName} ${faker.person.lastName()} ${lastName}`
  const email = faker.internet
    .email({ firstName, lastName, provider: 'exemplo.com.br' })
    .toLowerCase()
  const cpf = generateCpf(faker)
  const isNew = scenario === 'new-agent'
  await db.agents.create({
    id: DEMO_AGENT_ID,
    name: `${firstName} ${lastName}`,
    phone: DEMO_PHONE,
    email,
    cpf,
    status: 'active',
    available: true,
    termsVersionAccepted: isNew ? null : TERMS_VERSION,
    counts: {
      pendingOpportunities: 0,
      unreadNotifications: 0,
      openPendencies: 0,
      unreadBulletins: 0,
    },
  })
  await db.profiles.create({
    agentId: DEMO_AGENT_ID,
    fullName,
    displayName: firstName,
    email,
    phone: DEMO_PHONE,
    birthDate: iso(faker.date.birthdate({ mode: 'age', min: 21, max: 55 }).getTime()).slice(0, 10),
    cpf,
    address: {
      street: faker.location.street(),
      number: String(faker.number.int({ min: 10, max: 3000 })),
      complement:
        faker.helpers.maybe(() => `Apto ${faker.number.int({ min: 11, max: 154 })}`) ?? '',
      district: faker.helpers.arrayElement([
        'Bela Vista',
        'Consolação',
        'Pinheiros',
        'Vila Mariana',
        'Moema',
      ]),
      city: 'São Paulo',
      state: 'SP',
      zip: faker.string.numeric(8),
    },
  })
  await db.sessions.create({
    token: DEMO_TOKEN,
    agentId: DEMO_AGENT_ID,
    expiresAt: iso(now + 365 * DAY),
  })
  await db.invitations.create({
    ...DEMO_INVITATION,
    agentId: DEMO_AGENT_ID,
    expiresAt: iso(now + 7 * DAY),
    usedAt: null,
  })
  if (!isNew) {
    await db.banks.create({
      ownerId: DEMO_AGENT_ID,
      bank: {
        holderName: fullName,
        cpf,
        bankCode: '260',
        branch: '0001',
        account: `${faker.string.numeric(7)}-${faker.string.numeric(1)}`,
        accountType: 'corrente',
        pixKey: email,
      },
    })
  }

  // ------------------------------------------------------------------ tasks and offers
  let slugNumber = 4821
  const makeTask = (status: TaskStatusCode | 'offer', index: number): Task => {
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
    const accepted = scheduled - 2 * DAY
    const steps: Task['steps'] = { accepted: iso(accepted) }
    if (['visited', 'validating', 'approved', 'contested', 'rejected'].includes(status)) {
      steps.checkin = { at: iso(scheduled), lat: centre.lat, lng: centre.lng, accuracy: 12 }
      steps.checkout = { at: iso(scheduled + 35 * 60_000), offline: false }
    }
    if (['validating', 'approved', 'contested', 'rejected'].includes(status))
      steps.submitted = iso(scheduled + 2 * HOUR)
    if (['approved', 'rejected'].includes(status)) steps.validated = iso(scheduled + DAY)
    const code: TaskStatusCode = status === 'offer' ? 'started' : status
    return {
      id,
      slug,
      agentId: DEMO_AGENT_ID,
      projectId: entry.project.id,
      missionId: missionIdOf(entry.project.id),
      title: entry.mission.title,
      location: {
        name: `${prefix} ${faker.company.name().split(/[ ,]/)[0]} — ${faker.location.street().replace(/^(Rua|Avenida|Travessa|Alameda) /, '')}`,
        address: `${faker.location.street()}, ${faker.number.int({ min: 10, max: 3000 })} — ${centre.city} — ${centre.uf}`,
        lat: round6(centre.lat + faker.number.float({ min: -0.05, max: 0.05 })),
        lng: round6(centre.lng + faker.number.float({ min: -0.05, max: 0.05 })),
        radiusMeters: 300,
      },
      status: {
        code,
        changedAt: iso(
          steps.validated
            ? Date.parse(steps.validated)
            : steps.submitted
              ? Date.parse(steps.submitted)
              : accepted,
        ),
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

  const offerCount = isNew ? 3 : scenario === 'large' ? 40 : 5
  for (let i = 0; i < offerCount; i++) {
    const task = makeTask('offer', i)
    const entry = CATALOGUE[i % CATALOGUE.length]!
    const from = Date.parse(task.scheduledFor) - DAY
    await db.opportunities.create({
      ownerId: DEMO_AGENT_ID,
      taskId: task.id,
      task: {
        projectName: entry.project.name,
        clientName: entry.project.clientName,
        missionTitle: entry.mission.title,
        location: task.location,
        payoutCents: task.payoutCents,
        window: { from: iso(Math.max(now, from)), to: iso(from + 7 * DAY) },
      },
      // The first offer expires soon, to show the countdown; the others in days.
      expiresAt: iso(now + (i === 0 ? 3 * HOUR : (i + 1) * DAY)),
      createdAt: iso(now - (i + 1) * HOUR),
      status: 'pending',
    })
    // The offered task exists but is nobody's until accepted.
    await db.tasks.create({ ...task, agentId: '' })
    await db.reports.create(emptyReport(task))
  }

  if (!isNew) {
    const statuses: TaskStatusCode[] =
      scenario === 'contested'
        ? ['contested', 'contested', 'started', 'validating', 'approved', 'approved']
        : [
            'started',
            'started',
            'visited',
            'validating',
            'contested',
            'approved',
            'approved',
            'approved',
            'canceled',
            'rejected',
          ]
    const total = scenario === 'large' ? 5000 : statuses.length
    for (let i = 0; i < total; i++) {
      const status = statuses[i % statuses.length]!
      const task = makeTask(status, i + 1)
      const entry = CATALOGUE[(i + 1) % CATALOGUE.length]!
      await db.tasks.create(task)
      const report =
        status === 'started' || status === 'canceled'
          ? emptyReport(task)
          : filledReport(task, entry.mission as Mission, entry.form, faker, status !== 'visited')
      await db.reports.create(report)
      if (status === 'contested') {
        await db.revisions.create({
          id: `rev_${task.slug.slice(2)}_1`,
          reportId: report.id,
          taskId: task.id,
          round: 1,
          createdAt: iso(Date.parse(task.steps.submitted!) + 20 * HOUR),
          status: 'open',
          pendencies: [
            {
              id: `pen_${task.slug.slice(2)}_1`,
              section: 'evidences',
              message:
                'A foto da fachada está desfocada e não mostra o nome da loja. Envie outra foto ou explique.',
            },
            {
              id: `pen_${task.slug.slice(2)}_2`,
              section: 'times',
              field: 'atendimento',
              message:
                'O tempo de atendimento (00:40) parece curto para o roteiro. Confirme o tempo correto.',
            },
          ],
        })
      }
      if (status === 'approved' && i < 12) {
        await db.transactions.create({
          ownerId: DEMO_AGENT_ID,
          id: `trx_${task.slug.slice(2)}`,
          kind: 'task',
          amountCents: task.payoutCents,
          status: i < 6 ? 'paid' : 'available',
          createdAt: task.steps.validated!,
          availableAt: iso(Date.parse(task.steps.validated!) + 7 * DAY),
          ...(i < 6 ? { paidAt: iso(Date.parse(task.steps.validated!) + 9 * DAY) } : {}),
          taskId: task.id,
          description: `Visita ${task.slug} — ${task.location.name}`,
        })
      }
      if (status === 'validating' && i < 12) {
        await db.transactions.create({
          ownerId: DEMO_AGENT_ID,
          id: `trx_${task.slug.slice(2)}`,
          kind: 'task',
          amountCents: task.payoutCents,
          status: 'pending',
          createdAt: task.steps.submitted!,
          taskId: task.id,
          description: `Visita ${task.slug} — ${task.location.name}`,
        })
      }
    }
  }

  // ------------------------------------------------------------------ notifications and bulletins
  const notificationCount = isNew ? 2 : scenario === 'large' ? 20_000 : 8
  const myTasks = db.tasks.findMany((q) => q.where({ agentId: DEMO_AGENT_ID }), { take: 50 })
  const templates = [
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
  for (let i = 0; i < notificationCount; i++) {
    const t = myTasks.length > 0 ? myTasks[i % myTasks.length] : undefined
    const content = templates[i % templates.length]!(t)
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
  const bulletins = [
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
  for (const [i, b] of bulletins.entries()) {
    await db.bulletins.create({
      ownerId: DEMO_AGENT_ID,
      id: `blt_${i + 1}`,
      ...b,
      publishedAt: iso(now - (i * 4 + 1) * DAY),
      readAt: i === 0 ? null : iso(now - i * 4 * DAY),
    })
  }
}

export function missionIdOf(projectId: string) {
  return `msn_${projectId.slice(4)}`
}

function emptyReport(task: Task) {
  return {
    id: task.reportId,
    taskId: task.id,
    projectId: task.projectId,
    cycleId: `cyc_${task.projectId.slice(4)}_2026`,
    version: 0,
    answers: [],
    awards: [],
    attendants: [],
    times: [],
    checklist: [],
    evidences: [],
    taxReceipts: [],
    notes: '',
    score: 0,
    submittedAt: null,
  }
}

function filledReport(
  task: Task,
  mission: Mission,
  form: EvaluationForm,
  faker: Faker,
  submitted: boolean,
) {
  const at = task.steps.checkin?.at ?? task.scheduledFor
  const answers: Answer[] = []
  // Answer in order so showIf follow-ups see their triggers.
  for (let round = 0; round < 3; round++) {
    for (const { question } of visibleQuestions(form, answersById(answers))) {
      if (answers.some((a) => a.questionId === question.id)) continue
      const value = sampleAnswer(question, faker, task)
      if (value !== undefined) answers.push({ questionId: question.id, value, answeredAt: at })
    }
  }
  const attendantName = `${faker.person.firstName()} ${faker.person.lastName()}`.replace(
    /[^\p{L} ]/gu,
    '',
  )
  const photos = Array.from({ length: Math.max(1, mission.requirements.minPhotos) }, (_, i) => ({
    id: `evd_${task.slug.slice(2)}_${i + 1}`,
    kind: 'photo' as const,
    url: `/api/media/evd_${task.slug.slice(2)}_${i + 1}/content`,
    bytes: 180_000 + i * 1000,
    mimeType: 'image/jpeg',
    width: 1920,
    height: 1440,
    takenAt: at,
    caption: i === 0 ? 'Fachada' : 'Interior',
  }))
  const receipt = {
    id: `evd_${task.slug.slice(2)}_r`,
    kind: 'receipt' as const,
    url: `/api/media/evd_${task.slug.slice(2)}_r/content`,
    bytes: 120_000,
    mimeType: 'image/jpeg',
    width: 1080,
    height: 1920,
    takenAt: at,
    caption: 'Cupom fiscal',
  }
  const audio = {
    id: `evd_${task.slug.slice(2)}_a`,
    kind: 'audio' as const,
    url: `/api/media/evd_${task.slug.slice(2)}_a/content`,
    bytes: 240_000,
    mimeType: 'audio/webm',
    durationSecs: 95,
    takenAt: at,
  }
  const evidences = [
    ...photos,
    ...(mission.requirements.taxReceipt ? [receipt] : []),
    ...(mission.requirements.proof === 'audio' || mission.requirements.proof === 'either'
      ? [audio]
      : []),
  ]
  return {
    ...emptyReport(task),
    version: 3,
    answers,
    attendants: [
      {
        code: `att_${task.slug.slice(2)}_1`,
        name: attendantName,
        traits: faker.helpers.arrayElements([...ATTENDANT_TRAITS], 2),
      },
    ],
    times: mission.times.map((t) => ({
      code: t.code,
      seconds: faker.number.int({ min: 30, max: 600 }),
    })),
    checklist: mission.checklist.map((c) => ({ itemId: c.id, checked: true })),
    evidences,
    taxReceipts: mission.requirements.taxReceipt
      ? [
          {
            id: `rcp_${task.slug.slice(2)}`,
            evidenceId: receipt.id,
            cnpj: '11222333000181',
            number: faker.string.numeric(6),
            amountCents: faker.number.int({ min: 800, max: 6000 }),
            issuedAt: at.slice(0, 10),
          },
        ]
      : [],
    ...(mission.requirements.proof === 'testimony'
      ? {
          testimony:
            'Fui atendido com cordialidade pela operadora do caixa, que confirmou o preço e ofereceu a nota fiscal com CPF. A fila andou rápido.',
        }
      : {}),
    notes: 'Loja cheia no horário do almoço.',
    score: computeScore(form, answersById(answers)),
    submittedAt: submitted ? (task.steps.submitted ?? null) : null,
  }
}

function sampleAnswer(
  question: EvaluationForm['pages'][number]['questions'][number],
  faker: Faker,
  task: Task,
) {
  switch (question.kind) {
    case 'yesno':
      return faker.datatype.boolean({ probability: 0.8 })
    case 'single':
      return faker.helpers.arrayElement(question.options ?? []).value
    case 'multi':
      return faker.helpers.arrayElements(
        (question.options ?? []).map((o) => o.value),
        { min: 1, max: 3 },
      )
    case 'scale':
      return faker.number.int({ min: question.min ?? 1, max: question.max ?? 5 })
    case 'number':
      return faker.number.int({ min: question.min ?? 0, max: Math.min(question.max ?? 10, 10) })
    case 'text':
      return 'O atendente explicou os pontos do programa e como cadastrar o CPF.'
    case 'time':
      return `0${faker.number.int({ min: 1, max: 9 })}:${String(faker.number.int({ min: 0, max: 59 })).padStart(2, '0')}`
    case 'photo':
      return `evd_${task.slug.slice(2)}_1`
  }
}

function generateCpf(faker: Faker): string {
  const base = faker.string.numeric({ length: 9, allowLeadingZeros: true })
  return base + cpfCheckDigits(base)
}

function slugify(text: string) {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

function round6(n: number) {
  return Math.round(n * 1e6) / 1e6
}
