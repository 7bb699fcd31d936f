/**
 * The fault matrix (issue #8): every screen that loads data, against every way its calls can
 * fail — a 500, an HTML page instead of JSON, a body that drifted from openapi.yaml, no answer
 * (the client's time limit), no connection — shows a pt-BR message with a retry, never a
 * blank page, the error page or an uncaught error, and comes back once the fault is gone.
 * A 503 "in maintenance" opens /unavailable, which returns to the screen when the service is
 * back. Faults come from the fake backend's switches (mocks/faults.ts); the client runs with
 * the development/demo response validator and a short time limit, so the real timeout path
 * runs in milliseconds.
 */
import 'fake-indexeddb/auto'
import { act, screen, waitFor } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { FaultKind } from '../../mocks/faults'
import { DEMO_AGENT_ID, DEMO_INVITATION } from '../../mocks/seed/seed'
import { API_ERROR_MESSAGES } from '@/api/api-error'
import { validateApiResponse } from '@/preview/response-validator'
import { handleMaintenance } from '@/app/maintenance'
import { setApiTimeoutForTests, setMaintenanceHandler, setResponseValidator } from '@/lib/api'
import { recordCheckout } from '@/lib/visit-store/store'
import { resetVisitDevice } from './visit-kit'
import { seedDeviceCheckin } from './checkin-kit'
import { fakeBackend, renderRoute } from './render-route'

const TIMEOUT_MS = 300

type ScreenCase = {
  /** What the agent calls the screen. */
  name: string
  path: string
  /** The calls the screen cannot show itself without (openapi path templates, GET). */
  loads: string[]
  /** Something only the loaded screen shows. */
  ready: () => Promise<unknown>
  /** Device state the screen needs (a check-in made on this phone). */
  prepare?: () => Promise<void>
  /** A screen outside the signed-in app (it shows maintenance itself, no /unavailable). */
  signedOut?: { scenario: 'new-agent' }
}

const heading = (name: string | RegExp) => () =>
  screen.findByRole('heading', { level: 1, name }, { timeout: 5000 })
const text = (value: string | RegExp) => () => screen.findAllByText(value, {}, { timeout: 5000 })
/** The first words of a long text, as a pattern (it may be split in paragraphs). */
const startOf = (long: string) =>
  new RegExp(`^${long.slice(0, 30).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)

// Seed 4821, busy-agent (what renderRoute resets to): the demo agent's tasks by status.
const STARTED = 'T-4826'
const VISITED = 'T-4828'
const VALIDATING = 'T-4829'
const CONTESTED = 'T-4830'

function serverTask(slug: string) {
  const task = fakeBackend.db.tasks.findFirst((q) => q.where({ slug }))
  if (!task) throw new Error(`${slug} is not seeded`)
  return task
}

async function checkedInOnServerAndDevice(slug: string, minutesAgo = 1) {
  await fakeBackend.db.tasks.update((q) => q.where({ slug }), {
    data(t) {
      t.steps.checkin = {
        at: new Date(fakeBackend.clock.now() - minutesAgo * 60_000).toISOString(),
        lat: t.location.lat,
        lng: t.location.lng,
        accuracy: 10,
      }
    },
  })
  await seedDeviceCheckin(DEMO_AGENT_ID, serverTask(slug), minutesAgo)
}

/** Checked in, then checked out on this phone with no connection (not sent: no sync loop). */
async function checkedOutOffline(slug: string) {
  await checkedInOnServerAndDevice(slug, 10)
  await recordCheckout(serverTask(slug), true)
}

/** Built after the first reset, when the seeded ids are known. */
function screens(): ScreenCase[] {
  const offer = fakeBackend.db.opportunities.findMany((q) => q.where(() => true))[0]!
  const offerTask = fakeBackend.db.tasks.findFirst((q) => q.where({ id: offer.taskId }))!
  const started = serverTask(STARTED)
  const canceled = serverTask('T-4834')
  const notification = fakeBackend.db.notifications.findMany((q) =>
    q.where((n) => n.ownerId === DEMO_AGENT_ID),
  )[0]!
  const bulletin = fakeBackend.db.bulletins.findMany((q) => q.where(() => true))[0]!
  const transaction = fakeBackend.db.transactions.findMany((q) =>
    q.where((t) => t.ownerId === DEMO_AGENT_ID),
  )[0]!
  const project = fakeBackend.db.projects.findFirst((q) => q.where({ id: started.projectId }))!
  const mission = fakeBackend.db.missions.findFirst((q) => q.where({ id: started.missionId }))!
  const agent = fakeBackend.db.agents.findFirst((q) => q.where({ id: DEMO_AGENT_ID }))!
  const terms = fakeBackend.db.terms.findMany((q) => q.where(() => true))[0]!
  return [
    {
      name: 'Oportunidades',
      path: '/oppy',
      loads: ['/opportunities', '/me'],
      ready: text(offerTask.title),
    },
    {
      name: 'Resumo da oportunidade',
      path: `/oppy/${offer.taskId}`,
      loads: ['/opportunities/{taskId}'],
      ready: heading(offerTask.title),
    },
    {
      name: 'Detalhes da oportunidade',
      path: `/oppy/${offer.taskId}/details`,
      loads: ['/opportunities/{taskId}'],
      ready: text(offerTask.location.address),
    },
    { name: 'Tarefas', path: '/tasks', loads: ['/tasks/mine'], ready: text(started.title) },
    {
      name: 'Tarefas canceladas',
      path: '/tasks/canceled',
      loads: ['/tasks/mine'],
      ready: text(canceled.title),
    },
    {
      name: 'Política de conduta',
      path: '/tasks/policy',
      loads: ['/tasks/mine', '/projects/{id}'],
      ready: text(startOf(project.policy)),
    },
    {
      name: 'Validações',
      path: '/tasks/validations',
      loads: ['/tasks/mine'],
      ready: text(serverTask(CONTESTED).title),
    },
    {
      name: 'Tarefa',
      path: `/tasks/${STARTED}`,
      loads: ['/tasks/{id}'],
      ready: heading(started.title),
    },
    {
      name: 'Detalhes da tarefa',
      path: `/tasks/${STARTED}/details`,
      // The project (client name) is optional there: the page shows without it.
      loads: ['/tasks/{id}', '/missions/{id}'],
      ready: text(mission.briefing),
    },
    {
      name: 'Reagendar',
      path: `/tasks/${STARTED}/reschedule`,
      loads: ['/tasks/{id}'],
      ready: () => screen.findByRole('group', { name: 'Nova data e horário' }, { timeout: 5000 }),
    },
    {
      name: 'Status da tarefa',
      path: `/tasks/${VALIDATING}/status`,
      loads: ['/tasks/{id}'],
      ready: text('Situação atual'),
    },
    {
      name: 'Relatório',
      path: `/tasks/${VISITED}/report`,
      loads: ['/tasks/{id}', '/reports/{id}', '/missions/{id}', '/forms/{id}'],
      ready: heading('Relatório'),
    },
    {
      name: 'Relatório enviado',
      path: `/tasks/${VALIDATING}/status/answers`,
      loads: ['/tasks/{id}', '/reports/{id}', '/missions/{id}', '/forms/{id}'],
      ready: () =>
        screen.findByRole('navigation', { name: 'Outras partes do relatório' }, { timeout: 5000 }),
    },
    {
      name: 'Pendências',
      path: `/tasks/${CONTESTED}/validation`,
      // The mission only names the fields of time pendencies: the page shows without it.
      loads: ['/tasks/{id}', '/reports/{id}/revisions/current'],
      ready: text(/^O validador pediu ajustes no relatório/),
    },
    {
      name: 'Questionário',
      path: `/tasks/${VISITED}/form`,
      loads: ['/tasks/{id}', '/reports/{id}', '/forms/{id}'],
      ready: () =>
        screen.findByRole('log', { name: 'Conversa com o Avaliador' }, { timeout: 5000 }),
    },
    {
      name: 'Check-in',
      path: `/tasks/${STARTED}/checkin`,
      // Before the check-in only the task is needed (the mission comes with the visit pages).
      loads: ['/tasks/{id}'],
      ready: heading('Check-in'),
    },
    {
      name: 'Controle da visita',
      path: `/tasks/${STARTED}/checkin`,
      loads: ['/tasks/{id}', '/missions/{id}', '/reports/{id}'],
      prepare: () => checkedInOnServerAndDevice(STARTED),
      ready: heading('Controle da visita'),
    },
    // The visit's pages get the task, the mission and the report through the check-in shell;
    // each is its own route.
    ...(
      [
        // The instructions are the mission's: they show without the report.
        ['Instruções', 'instructions', ['/tasks/{id}', '/missions/{id}']],
        ['Checklist', 'checklist', ['/tasks/{id}', '/missions/{id}', '/reports/{id}']],
        ['Atendentes', 'attendants', ['/tasks/{id}', '/missions/{id}', '/reports/{id}']],
        ['Tempos', 'times', ['/tasks/{id}', '/missions/{id}', '/reports/{id}']],
        ['Fotos', 'evidences', ['/tasks/{id}', '/missions/{id}', '/reports/{id}']],
        ['Observações', 'notes', ['/tasks/{id}', '/missions/{id}', '/reports/{id}']],
      ] as const
    ).map(([title, page, loads]): ScreenCase => ({
      name: `${title} da visita`,
      path: `/tasks/${STARTED}/checkin/${page}`,
      loads: [...loads],
      prepare: () => checkedInOnServerAndDevice(STARTED),
      ready: heading(title),
    })),
    {
      name: 'Tempo esgotado',
      path: `/tasks/${STARTED}/checkin/timeout`,
      loads: ['/tasks/{id}', '/missions/{id}'],
      prepare: () => checkedInOnServerAndDevice(STARTED, mission.visitMaxMinutes + 1),
      ready: heading('Tempo esgotado'),
    },
    {
      name: 'Check-out guardado',
      path: `/tasks/${STARTED}/checkin/offline-checkout`,
      loads: ['/tasks/{id}', '/missions/{id}'],
      prepare: () => checkedOutOffline(STARTED),
      ready: heading('Check-out guardado'),
    },
    {
      name: 'Prêmios da visita',
      path: `/tasks/${STARTED}/checkin/awards`,
      loads: ['/awards/mine'],
      prepare: () => checkedInOnServerAndDevice(STARTED),
      ready: heading('Prêmios'),
    },
    {
      name: 'Notificações',
      path: '/notifs',
      loads: ['/notifications/mine'],
      ready: text(notification.title),
    },
    {
      name: 'Notificação',
      path: `/notifs/${notification.slug}/read`,
      loads: ['/notifications/{slug}'],
      ready: heading(notification.title),
    },
    { name: 'Comunicados', path: '/notes', loads: ['/bulletins'], ready: text(bulletin.title) },
    {
      name: 'Conta',
      path: '/account',
      // Whether terms wait for acceptance comes with the agent (termsPending).
      loads: ['/me'],
      ready: text(agent.name),
    },
    {
      name: 'Perfil',
      path: '/account/profile',
      loads: ['/me/profile'],
      ready: () => screen.findByRole('button', { name: 'Editar perfil' }, { timeout: 5000 }),
    },
    {
      name: 'Termos de uso',
      path: '/account/terms',
      loads: ['/terms/current'],
      ready: text(terms.title),
    },
    {
      name: 'Carteira',
      path: '/account/wallet',
      loads: ['/wallet', '/awards/mine'],
      ready: text(transaction.description),
    },
    {
      name: 'Dados bancários',
      path: '/account/bank-info',
      // The profile only pre-fills a first bank account: the form shows without it.
      loads: ['/wallet'],
      ready: () => screen.findByLabelText('Nome do titular', {}, { timeout: 5000 }),
    },
    {
      name: 'Movimentação',
      path: `/account/details/transactions/${transaction.id}`,
      loads: ['/wallet'],
      ready: text(transaction.description),
    },
    {
      name: 'Ativação da conta',
      path: `/activation?id=${DEMO_INVITATION.id}&token=${DEMO_INVITATION.token}`,
      loads: ['/terms/current'],
      signedOut: { scenario: 'new-agent' },
      ready: () =>
        screen.findByRole(
          'heading',
          { level: 2, name: 'Termos de uso do Avaliador' },
          { timeout: 5000 },
        ),
    },
    {
      name: 'Prêmio',
      path: '/account/details/awards/NOTA10',
      loads: ['/awards/mine'],
      ready: heading('Prêmio não encontrado'),
    },
  ]
}

const KINDS: Array<{ fault: FaultKind; message: string | RegExp }> = [
  { fault: 'server-error', message: 'Falha simulada no servidor.' },
  { fault: 'not-json', message: API_ERROR_MESSAGES.invalid_response },
  { fault: 'schema-mismatch', message: API_ERROR_MESSAGES.invalid_response },
  { fault: 'hang', message: API_ERROR_MESSAGES.timeout },
  // The client's "Sem conexão. Verifique a internet…", or a screen's own offline notice.
  { fault: 'network-error', message: /Sem conexão/ },
]

const consoleErrors: unknown[][] = []
const uncaught: unknown[] = []
const onWindowError = (event: ErrorEvent) => uncaught.push(event.error ?? event.message)

beforeAll(async () => {
  setResponseValidator(validateApiResponse)
  setApiTimeoutForTests(TIMEOUT_MS)
  window.addEventListener('error', onWindowError)
})
afterAll(() => {
  setResponseValidator(undefined)
  setApiTimeoutForTests(undefined)
  window.removeEventListener('error', onWindowError)
})
beforeEach(async () => {
  await resetVisitDevice(DEMO_AGENT_ID)
  consoleErrors.length = 0
  uncaught.length = 0
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => consoleErrors.push(args))
  // The client logs each invalid answer (operation and JSON pointer): expected here.
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})
afterEach(async () => {
  vi.restoreAllMocks()
  fakeBackend.clearFaults()
  await resetVisitDevice(DEMO_AGENT_ID)
})

/** Renders the app signed in, switches the faults on, then opens the screen. */
async function openWithFault(item: ScreenCase, rules: Parameters<typeof fakeBackend.addFaults>) {
  const rendered = await renderRoute(
    '/preparando',
    item.signedOut ? { signedIn: false, scenario: item.signedOut.scenario } : {},
  )
  setMaintenanceHandler(() => handleMaintenance(rendered.router))
  await item.prepare?.()
  fakeBackend.addFaults(...rules)
  await act(() => rendered.router.navigate(item.path))
  return rendered
}

function expectNoCrash() {
  expect(screen.queryByRole('heading', { name: 'Algo deu errado' })).not.toBeInTheDocument()
  expect(uncaught).toEqual([])
  expect(consoleErrors).toEqual([])
}

// The seeded ids (offers, notifications, transactions) are known once the database is seeded.
await fakeBackend.reset({ scenario: 'busy-agent', seed: 4821 })
const SCREENS = screens()
const ONLY = process.env.FAULT_MATRIX_ONLY?.split(',')

describe.each(SCREENS.filter((s) => !ONLY || ONLY.includes(s.name)))('$name ($path)', (item) => {
  const cases = item.loads.flatMap((load) => KINDS.map((kind) => ({ load, ...kind })))
  it.each(cases)(
    '$fault on GET $load: a pt-BR message with a retry, then the screen',
    async ({ load, fault, message }) => {
      const label = `${item.name} (${item.path}) with ${fault} on GET ${load}`
      const { user } = await openWithFault(item, [{ method: 'GET', path: load, fault }])
      await waitFor(() => expect(document.body, label).toHaveTextContent(message), {
        timeout: 5000,
      })
      // (The visit's header may say "Sem conexão" before the screen does: wait for the retry.)
      const retry = await screen.findAllByRole('button', { name: 'Tentar de novo' })
      expect(retry.length, label).toBeGreaterThan(0)
      expectNoCrash()

      fakeBackend.clearFaults()
      await user.click(retry[0]!)
      await item.ready()
      expectNoCrash()
    },
  )
})

describe.each(SCREENS.filter((s) => !s.signedOut && (!ONLY || ONLY.includes(s.name))))(
  '$name ($path) in maintenance',
  (item) => {
    it(`503 on GET ${item.loads[0]} opens /unavailable, which brings the agent back when the service returns`, async () => {
      const { user, router } = await openWithFault(item, [
        { method: 'GET', path: item.loads[0]!, fault: 'unavailable' },
      ])
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Serviço indisponível' }),
      ).toBeInTheDocument()
      expect(router.state.location.pathname).toBe('/unavailable')
      expect(new URLSearchParams(router.state.location.search).get('from')).toBe(item.path)
      // The health check says "maintenance" too while it lasts.
      expect(await screen.findByText('Estamos em manutenção')).toBeInTheDocument()
      expectNoCrash()

      fakeBackend.clearFaults()
      await user.click(screen.getByRole('button', { name: 'Tentar agora' }))
      await item.ready()
      expect(router.state.location.pathname).toBe(item.path)
      expectNoCrash()
    })
  },
)

describe.each(SCREENS.filter((s) => !ONLY || ONLY.includes(s.name)))(
  '$name ($path) in the production build (no development validator)',
  (item) => {
    beforeEach(() => setResponseValidator(undefined))
    afterEach(() => setResponseValidator(validateApiResponse))

    it.each(item.loads)(
      'a drifted body on GET %s: the pt-BR message with a retry in the screen, never the error page, then the screen',
      async (load) => {
        const label = `${item.name} with a drifted ${load}`
        const { user, router } = await openWithFault(item, [
          { method: 'GET', path: load, fault: 'schema-mismatch' },
        ])
        await waitFor(
          () => expect(document.body, label).toHaveTextContent(API_ERROR_MESSAGES.invalid_response),
          { timeout: 5000 },
        )
        expect(router.state.location.pathname + router.state.location.search).toBe(item.path)
        const retry = await screen.findAllByRole('button', { name: 'Tentar de novo' })
        expectNoCrash()
        // The screen stays in the app, with a way out: the navigation, or its back link (the
        // visit has its own header). Not for /me: without the agent the app cannot start, and
        // says so with a retry.
        if (!item.signedOut && load !== '/me')
          expect(
            screen.queryByRole('navigation', { name: 'Navegação principal' }) ??
              screen.queryAllByRole('link', { name: /^Voltar/ })[0],
            label,
          ).toBeInTheDocument()

        fakeBackend.clearFaults()
        await user.click(retry[0]!)
        await item.ready()
        expectNoCrash()
      },
    )
  },
)
