import 'fake-indexeddb/auto'
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DEMO_AGENT_ID } from '../../../mocks/seed/seed'
import { fakeBackend } from '@/test/render-route'
import { openVisitDb } from '@/lib/visit-store/db'
import { clearVisitStore, openVisit, seedDeviceCheckin, setDeviceOnline } from '@/test/checkin-kit'
import { stopTestSync } from '@/test/visit-kit'
import { stopwatchKey } from '@/features/report/parts/times/stopwatch'

const SLUG = 'T-4826'
const serverTask = () => fakeBackend.db.tasks.findFirst((q) => q.where({ slug: SLUG }))!
const serverReport = () => fakeBackend.db.reports.findFirst((q) => q.where({ id: 'rep_4826' }))!
const draftTimes = async () =>
  (await (await openVisitDb(DEMO_AGENT_ID)).get('drafts', 'rep_4826'))?.times

beforeEach(async () => {
  await clearVisitStore(DEMO_AGENT_ID)
  setDeviceOnline(true)
  await seedDeviceCheckin(DEMO_AGENT_ID, serverTask(), 10)
})
afterEach(() => stopTestSync())

describe('Tempos', () => {
  it('takes a time typed with digits only: refuses one under 5 seconds, keeping it; saves 02:30 on the device and the server', async () => {
    const { user } = await openVisit(`/tasks/${SLUG}/checkin/times`, DEMO_AGENT_ID)
    const queue = await screen.findByRole('region', { name: 'Tempo na fila' })
    const field = await within(queue).findByRole('textbox', { name: 'Tempo na fila (mm:ss)' })
    expect(within(queue).getByText('Ainda não registrado')).toBeInTheDocument()

    // Digits only, as on a phone's numeric keypad: the colon goes in by itself.
    await user.type(field, '0003')
    expect(field).toHaveValue('00:03')
    await user.click(within(queue).getByRole('button', { name: 'Salvar — Tempo na fila' }))
    expect(await within(queue).findByRole('alert')).toHaveTextContent('O tempo mínimo é 00:05.')
    expect(field).toHaveValue('00:03')

    await user.clear(field)
    await user.type(field, '023')
    expect(field).toHaveValue('02:3')
    await user.click(within(queue).getByRole('button', { name: 'Salvar — Tempo na fila' }))
    expect(await within(queue).findByRole('alert')).toHaveTextContent(
      'Use o formato mm:ss, por exemplo 02:30.',
    )

    await user.clear(field)
    await user.type(field, '0230')
    expect(field).toHaveValue('02:30')
    await user.click(within(queue).getByRole('button', { name: 'Salvar — Tempo na fila' }))
    expect(await within(queue).findByText('Registrado: 02:30')).toBeInTheDocument()
    expect(within(queue).queryByRole('alert')).not.toBeInTheDocument()
    expect(field).toHaveValue('')
    expect(await draftTimes()).toEqual([{ code: 'fila', seconds: 150 }])
    await waitFor(() => expect(serverReport().times).toEqual([{ code: 'fila', seconds: 150 }]))
  })

  it('the stopwatch keeps counting across a reload and records the time when paused', async () => {
    const { user } = await openVisit(`/tasks/${SLUG}/checkin`, DEMO_AGENT_ID)
    await screen.findByRole('heading', { name: 'Controle da visita' })
    // Started 95 s ago, before a reload.
    localStorage.setItem(
      stopwatchKey(serverTask().id, 'atendimento'),
      JSON.stringify({ startedAt: Date.now() - 95_000, accumulatedMs: 0 }),
    )
    await user.click(screen.getByRole('link', { name: 'Tempos' }))
    const service = await screen.findByRole('region', { name: 'Tempo de atendimento' })
    expect(await within(service).findByRole('timer')).toHaveTextContent(/^01:3\d$/)

    await user.click(within(service).getByRole('button', { name: 'Pausar — Tempo de atendimento' }))
    expect(await within(service).findByText(/^Registrado: 01:3\d$/)).toBeInTheDocument()
    const times = await draftTimes()
    expect(times?.find((t) => t.code === 'atendimento')?.seconds).toBeGreaterThanOrEqual(95)
    expect(
      JSON.parse(localStorage.getItem(stopwatchKey(serverTask().id, 'atendimento'))!),
    ).toMatchObject({ startedAt: null })

    await user.click(within(service).getByRole('button', { name: 'Zerar — Tempo de atendimento' }))
    expect(within(service).getByRole('timer')).toHaveTextContent('00:00')
    expect(localStorage.getItem(stopwatchKey(serverTask().id, 'atendimento'))).toBeNull()
  })

  it('a stopwatch stopped under 5 seconds says so and records nothing', async () => {
    const { user } = await openVisit(`/tasks/${SLUG}/checkin/times`, DEMO_AGENT_ID)
    const queue = await screen.findByRole('region', { name: 'Tempo na fila' })
    await user.click(await within(queue).findByRole('button', { name: 'Iniciar — Tempo na fila' }))
    await user.click(within(queue).getByRole('button', { name: 'Pausar — Tempo na fila' }))
    expect(await within(queue).findByRole('alert')).toHaveTextContent('O tempo mínimo é 00:05.')
    expect(within(queue).getByText('Ainda não registrado')).toBeInTheDocument()
    expect(
      within(queue).getByRole('button', { name: 'Continuar — Tempo na fila' }),
    ).toBeInTheDocument()
  })
})
