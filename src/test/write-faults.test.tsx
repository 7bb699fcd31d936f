/**
 * Writes outside the visit outbox against the fault switches: when a save fails (a 500, no
 * answer in time, no connection, an answer that is not JSON or broke the contract) the agent
 * sees why in pt-BR, everything typed is still there, and sending again uses the same
 * Idempotency-Key, so the server applies it once.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { FaultKind } from '../../mocks/faults'
import { walletOf } from '../../mocks/handlers/wallet'
import { DEMO_AGENT_ID } from '../../mocks/seed/seed'
import { API_ERROR_MESSAGES } from '@/api/api-error'
import { validateApiResponse } from '@/preview/response-validator'
import { setApiTimeoutForTests, setResponseValidator } from '@/lib/api'
import { dateTimeTextAt, toLocalInputValue } from '@/lib/sao-paulo-time'
import {
  API,
  fakeBackend,
  fakeServer,
  freshBackend,
  loadEveryScreen,
  renderRoute,
} from './render-route'

const DAY = 24 * 3_600_000
const JUSTIFICATION =
  'A loja vai estar fechada para reforma durante toda a semana da visita, confirmei por telefone.'

type Rendered = Awaited<ReturnType<typeof renderRoute>>

type WriteCase = {
  name: string
  method: 'POST' | 'PUT'
  /** openapi template of the write, for the fault switch. */
  path: string
  /** Opens the screen and types the agent's input; returns how to send it and check it. */
  start: (rendered: Rendered) => Promise<{
    send: () => Promise<void>
    /** Everything typed is still on screen. */
    kept: () => void
  }>
  /** The success the agent sees. */
  done: () => Promise<unknown>
  /** The server changed once. */
  appliedOnce: () => void
}

const soonestOffer = () =>
  fakeBackend.db.opportunities
    .findMany((q) => q.where({ status: 'pending' }))
    .sort((a, b) => a.expiresAt.localeCompare(b.expiresAt))[0]!
const started = () =>
  fakeBackend.db.tasks.findFirst((q) =>
    q.where({ agentId: DEMO_AGENT_ID, status: { code: 'started' } }),
  )!
const withdrawals = () =>
  walletOf(fakeBackend.context, DEMO_AGENT_ID).transactions.filter((t) => t.kind === 'withdrawal')

let rescheduledTo = ''

async function go(rendered: Rendered, path: string) {
  await act(() => rendered.router.navigate(path))
}

/** Fills a date-and-time group (dd/mm/aaaa, hh:mm) with an instant's São Paulo text. */
async function typeDateTime(group: string, at: number) {
  const fields = within(await screen.findByRole('group', { name: group }))
  const text = dateTimeTextAt(at)
  fireEvent.change(fields.getByLabelText('Data'), { target: { value: text.date } })
  fireEvent.change(fields.getByLabelText('Hora'), { target: { value: text.time } })
  return text
}

function expectDateTime(group: string, text: { date: string; time: string }) {
  const fields = within(screen.getByRole('group', { name: group }))
  expect(fields.getByLabelText('Data')).toHaveValue(text.date)
  expect(fields.getByLabelText('Hora')).toHaveValue(text.time)
}

const WRITES: WriteCase[] = [
  {
    name: 'aceitar oportunidade',
    method: 'POST',
    path: '/opportunities/{taskId}/accept',
    async start(rendered) {
      const offer = soonestOffer()
      await go(rendered, `/oppy/${offer.taskId}/details`)
      const when = await typeDateTime(
        'Data e horário da visita',
        Date.parse(offer.task.window.from) + DAY,
      )
      return {
        send: () => rendered.user.click(screen.getByRole('button', { name: 'Aceitar e agendar' })),
        kept: () => expectDateTime('Data e horário da visita', when),
      }
    },
    done: () => screen.findByText('Tarefa aceita'),
    appliedOnce: () => {
      const accepted = fakeBackend.db.opportunities.findMany((q) => q.where({ status: 'accepted' }))
      expect(accepted).toHaveLength(1)
    },
  },
  {
    name: 'recusar oportunidade',
    method: 'POST',
    path: '/opportunities/{taskId}/decline',
    async start(rendered) {
      const offer = soonestOffer()
      await go(rendered, `/oppy/${offer.taskId}`)
      await rendered.user.click(await screen.findByRole('button', { name: 'Recusar' }))
      const sheet = await screen.findByRole('dialog', { name: 'Recusar oportunidade' })
      await rendered.user.click(within(sheet).getByRole('button', { name: 'Outro' }))
      await rendered.user.type(within(sheet).getByLabelText('Conte o motivo'), 'Vou viajar')
      return {
        send: () =>
          rendered.user.click(within(sheet).getByRole('button', { name: 'Recusar oportunidade' })),
        kept: () => {
          expect(within(sheet).getByRole('button', { name: 'Outro' })).toHaveAttribute(
            'aria-pressed',
            'true',
          )
          expect(within(sheet).getByLabelText('Conte o motivo')).toHaveValue('Vou viajar')
        },
      }
    },
    done: () => screen.findByText('Oportunidade recusada'),
    appliedOnce: () =>
      expect(
        fakeBackend.db.opportunities.findMany((q) => q.where({ status: 'declined' })),
      ).toMatchObject([{ declineReason: 'Vou viajar' }]),
  },
  {
    name: 'salvar dados bancários',
    method: 'PUT',
    path: '/wallet/bank',
    async start(rendered) {
      await go(rendered, '/account/bank-info')
      const branch = await screen.findByRole('textbox', { name: 'Agência (sem dígito)' })
      await rendered.user.clear(branch)
      await rendered.user.type(branch, '4321')
      return {
        send: () =>
          rendered.user.click(screen.getByRole('button', { name: 'Salvar dados bancários' })),
        kept: () =>
          expect(screen.getByRole('textbox', { name: 'Agência (sem dígito)' })).toHaveValue('4321'),
      }
    },
    done: () => screen.findByText('Dados bancários salvos'),
    appliedOnce: () =>
      expect(
        fakeBackend.db.banks.findFirst((q) => q.where({ ownerId: DEMO_AGENT_ID }))?.bank.branch,
      ).toBe('4321'),
  },
  {
    name: 'salvar perfil',
    method: 'PUT',
    path: '/me/profile',
    async start(rendered) {
      await go(rendered, '/account/profile')
      await rendered.user.click(await screen.findByRole('button', { name: 'Editar perfil' }))
      const display = screen.getByRole('textbox', { name: 'Como quer ser chamado(a)' })
      await rendered.user.clear(display)
      await rendered.user.type(display, 'Jô')
      return {
        send: () => rendered.user.click(screen.getByRole('button', { name: 'Salvar alterações' })),
        kept: () =>
          expect(screen.getByRole('textbox', { name: 'Como quer ser chamado(a)' })).toHaveValue(
            'Jô',
          ),
      }
    },
    done: () => screen.findByText('Perfil atualizado'),
    appliedOnce: () =>
      expect(
        fakeBackend.db.profiles.findFirst((q) => q.where({ agentId: DEMO_AGENT_ID }))?.displayName,
      ).toBe('Jô'),
  },
  {
    name: 'pedir saque',
    method: 'POST',
    path: '/wallet/withdrawals',
    async start(rendered) {
      await go(rendered, '/account/wallet')
      await rendered.user.click(await screen.findByRole('button', { name: 'Sacar' }))
      const sheet = await screen.findByRole('dialog', { name: 'Sacar' })
      const amount = within(sheet).getByRole('textbox', { name: 'Valor do saque (R$)' })
      await rendered.user.type(amount, '5')
      return {
        send: () =>
          rendered.user.click(within(sheet).getByRole('button', { name: /^Sacar R\$\s5,00$/ })),
        kept: () => expect(amount).toHaveValue('5'),
      }
    },
    done: () => screen.findByText(/^Saque de R\$\s5,00 solicitado$/),
    appliedOnce: () => expect(withdrawals()).toHaveLength(1),
  },
  {
    name: 'reagendar',
    method: 'PUT',
    path: '/tasks/{id}/schedule',
    async start(rendered) {
      const task = started()
      await go(rendered, `/tasks/${task.slug}/reschedule`)
      const whenMs = Date.parse(task.scheduledFor) + DAY
      rescheduledTo = toLocalInputValue(whenMs)
      const when = await typeDateTime('Nova data e horário', whenMs)
      return {
        send: () => rendered.user.click(screen.getByRole('button', { name: 'Salvar nova data' })),
        kept: () => expectDateTime('Nova data e horário', when),
      }
    },
    done: () => screen.findByText('Visita reagendada'),
    appliedOnce: () => expect(toLocalInputValue(started().scheduledFor)).toBe(rescheduledTo),
  },
  {
    name: 'cancelar tarefa',
    method: 'POST',
    path: '/tasks/{id}/cancel',
    async start(rendered) {
      const task = started()
      await go(rendered, `/tasks/${task.slug}`)
      await rendered.user.click(await screen.findByRole('button', { name: 'Cancelar tarefa' }))
      const sheet = await screen.findByRole('dialog', { name: 'Cancelar tarefa' })
      const field = within(sheet).getByLabelText('Justificativa')
      await rendered.user.type(field, JUSTIFICATION)
      return {
        send: () =>
          rendered.user.click(within(sheet).getByRole('button', { name: 'Cancelar a tarefa' })),
        kept: () => expect(field).toHaveValue(JUSTIFICATION),
      }
    },
    done: () => screen.findByText('Tarefa cancelada'),
    appliedOnce: () =>
      expect(
        fakeBackend.db.tasks.findMany((q) =>
          q.where((t) => t.agentId === DEMO_AGENT_ID && t.status.reason === JUSTIFICATION),
        ),
      ).toHaveLength(1),
  },
]

const FAULTS: Array<{ fault: FaultKind; message: string | RegExp }> = [
  { fault: 'server-error', message: 'Falha simulada no servidor.' },
  { fault: 'hang', message: API_ERROR_MESSAGES.timeout },
  { fault: 'network-error', message: API_ERROR_MESSAGES.offline },
  { fault: 'not-json', message: API_ERROR_MESSAGES.invalid_response },
  // Applied by the server, answered drifted: the retry is answered from the key's replay.
  { fault: 'schema-mismatch', message: API_ERROR_MESSAGES.invalid_response },
]

beforeAll(async () => {
  setResponseValidator(validateApiResponse)
  // Each write ends on another screen (the task it accepted, the list…): its code is loaded
  // here, not inside the wait for the success the agent sees.
  await loadEveryScreen()
})
afterAll(() => {
  setResponseValidator(undefined)
  setApiTimeoutForTests(undefined)
})
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})
afterEach(() => {
  vi.restoreAllMocks()
  fakeBackend.clearFaults()
  setApiTimeoutForTests(undefined)
})

/** The Idempotency-Key of every request of one write while `run` goes. */
async function keysOf(method: string, template: string, run: () => Promise<void>) {
  const pattern = new RegExp(`^${API}${template.replace(/\{[^}]+\}/g, '[^/]+')}$`)
  const keys: Array<string | null> = []
  const listener = ({ request }: { request: Request }) => {
    if (request.method === method && pattern.test(request.url.split('?')[0]!))
      keys.push(request.headers.get('Idempotency-Key'))
  }
  fakeServer.events.on('request:start', listener)
  try {
    await run()
  } finally {
    fakeServer.events.removeListener('request:start', listener)
  }
  return keys
}

describe.each(WRITES)('$name ($method $path)', (write) => {
  it.each(FAULTS)(
    '$fault: says why, keeps what was typed, and the retry applies it once',
    async ({ fault, message }) => {
      const rendered = await renderRoute('/preparando')
      const form = await write.start(rendered)
      const keys = await keysOf(write.method, write.path, async () => {
        fakeBackend.addFaults({ method: write.method, path: write.path, fault, times: 1 })
        // A request that never answers gives up after 300 ms here (15 s in the app); only that
        // one: the retry and the next screen's reads are not raced against 300 ms of a busy
        // machine.
        if (fault === 'hang') setApiTimeoutForTests(300)
        await form.send()
        await waitFor(() => expect(document.body).toHaveTextContent(message), { timeout: 5000 })
        setApiTimeoutForTests(undefined)
        form.kept()
        await form.send()
        await write.done()
      })
      expect(keys).toHaveLength(2)
      expect(keys[0]).toBeTruthy()
      expect(keys[1]).toBe(keys[0])
      write.appliedOnce()
    },
  )
})

describe('marcar notificação como lida', () => {
  it.each(FAULTS)(
    '$fault: says so, keeps the notification on screen, and retries',
    async ({ fault }) => {
      await freshBackend()
      const unread = fakeBackend.db.notifications.findMany((q) =>
        q.where((n) => n.ownerId === DEMO_AGENT_ID && n.readAt === null),
      )[0]!
      const rendered = await renderRoute('/preparando')
      fakeBackend.addFaults({ method: 'PUT', path: '/notifications/{slug}/read', fault, times: 1 })
      if (fault === 'hang') setApiTimeoutForTests(300)
      await go(rendered, `/notifs/${unread.slug}/read`)
      const notice = await screen.findByText(/Não conseguimos marcar/, {}, { timeout: 5000 })
      setApiTimeoutForTests(undefined)
      expect(screen.getByRole('heading', { level: 1, name: unread.title })).toBeInTheDocument()
      await rendered.user.click(
        within(notice.closest('[role="status"]')!).getByRole('button', { name: 'Tentar de novo' }),
      )
      await waitFor(() =>
        expect(
          fakeBackend.db.notifications.findFirst((q) => q.where({ slug: unread.slug }))?.readAt,
        ).not.toBeNull(),
      )
      await waitFor(() =>
        expect(screen.queryByText(/Não conseguimos marcar/)).not.toBeInTheDocument(),
      )
    },
  )
})
