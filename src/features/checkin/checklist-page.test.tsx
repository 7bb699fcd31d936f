import 'fake-indexeddb/auto'
import { screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DEMO_AGENT_ID } from '../../../mocks/seed/seed'
import { fakeBackend } from '@/test/render-route'
import { openVisitDb } from '@/lib/visit-store/db'
import { clearVisitStore, openVisit, seedDeviceCheckin, setDeviceOnline } from '@/test/checkin-kit'
import { stopTestSync } from '@/test/visit-kit'

const SLUG = 'T-4826'
const serverTask = () => fakeBackend.db.tasks.findFirst((q) => q.where({ slug: SLUG }))!
const serverReport = () => fakeBackend.db.reports.findFirst((q) => q.where({ id: 'rep_4826' }))!

beforeEach(async () => {
  await clearVisitStore(DEMO_AGENT_ID)
  setDeviceOnline(true)
  await seedDeviceCheckin(DEMO_AGENT_ID, serverTask(), 10)
})
afterEach(() => stopTestSync())

describe('Checklist', () => {
  it('saves each tick on the device at once, then on the server', async () => {
    const { user } = await openVisit(`/tasks/${SLUG}/checkin/checklist`, DEMO_AGENT_ID)
    expect(await screen.findByRole('group', { name: 'Itens da missão' })).toBeInTheDocument()
    const counter = screen.getByRole('checkbox', { name: 'Fotografar o balcão da padaria' })
    const queue = screen.getByRole('checkbox', { name: 'Observar a fila do caixa rápido' })
    expect(counter).not.toBeChecked()

    await user.click(queue)
    expect(queue).toBeChecked()
    expect(await screen.findByText('Salvo neste aparelho')).toBeInTheDocument()
    expect(screen.getByText('1 de 2 itens feitos')).toBeInTheDocument()
    const draft = await (await openVisitDb(DEMO_AGENT_ID)).get('drafts', 'rep_4826')
    expect(draft?.checklist).toEqual([{ itemId: 'chk-fila', checked: true }])
    await waitFor(() =>
      expect(serverReport().checklist).toEqual([{ itemId: 'chk-fila', checked: true }]),
    )

    await user.click(queue)
    expect(queue).not.toBeChecked()
    await waitFor(async () =>
      expect(
        (await (await openVisitDb(DEMO_AGENT_ID)).get('drafts', 'rep_4826'))?.checklist,
      ).toEqual([{ itemId: 'chk-fila', checked: false }]),
    )
  })

  it('restores the ticks from the device when the page opens again', async () => {
    const { user } = await openVisit(`/tasks/${SLUG}/checkin/checklist`, DEMO_AGENT_ID)
    await user.click(
      await screen.findByRole('checkbox', { name: 'Fotografar o balcão da padaria' }),
    )
    await screen.findByText('Salvo neste aparelho')
    await user.click(screen.getByRole('link', { name: 'Instruções' }))
    expect(await screen.findByRole('heading', { name: 'Instruções' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Cenário' })).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Checklist' }))
    // The page shows the shell's copy of the draft, re-read from the device after each tick.
    await waitFor(() =>
      expect(
        screen.getByRole('checkbox', { name: 'Fotografar o balcão da padaria' }),
      ).toBeChecked(),
    )
  })
})
