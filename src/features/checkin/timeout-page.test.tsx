import 'fake-indexeddb/auto'
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DEMO_AGENT_ID } from '../../../mocks/seed/seed'
import { fakeBackend } from '@/test/render-route'
import { clearVisitStore, openVisit, seedDeviceCheckin, setDeviceOnline } from '@/test/checkin-kit'
import { stopTestSync } from '@/test/visit-kit'

const SLUG = 'T-4826'
const serverTask = () => fakeBackend.db.tasks.findFirst((q) => q.where({ slug: SLUG }))!
const maxMinutes = () =>
  fakeBackend.db.missions.findFirst((q) => q.where({ id: serverTask().missionId }))!.visitMaxMinutes

beforeEach(async () => {
  await clearVisitStore(DEMO_AGENT_ID)
  setDeviceOnline(true)
  // Checked in longer ago than the mission allows: the visit has timed out.
  await seedDeviceCheckin(DEMO_AGENT_ID, serverTask(), maxMinutes() + 1)
})
afterEach(() => stopTestSync())

describe('Tempo esgotado', () => {
  it('"Fazer check-out" first says what is still missing, as on the control page', async () => {
    const { user, router } = await openVisit(`/tasks/${SLUG}/checkin`, DEMO_AGENT_ID)
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tempo esgotado' }),
    ).toBeInTheDocument()
    expect(router.state.location.pathname).toBe(`/tasks/${SLUG}/checkin/timeout`)
    // The button waits for the draft (what is missing) before it checks out.
    const checkout = screen.getByRole('button', { name: 'Fazer check-out' })
    await waitFor(() => expect(checkout).not.toHaveAttribute('aria-busy'))
    await user.click(checkout)
    const sheet = await screen.findByRole('dialog', { name: 'Fazer check-out agora?' })
    expect(within(sheet).getByText('Falta 1 atendente')).toBeInTheDocument()
    expect(within(sheet).getByText('Falta o cupom fiscal')).toBeInTheDocument()
    // Nothing was recorded by opening it; "Agora não" closes it, still on the timeout page.
    expect(serverTask().status.code).toBe('started')
    await user.click(within(sheet).getByRole('button', { name: 'Agora não' }))
    await waitFor(() => expect(sheet).not.toBeVisible())
    expect(router.state.location.pathname).toBe(`/tasks/${SLUG}/checkin/timeout`)

    await user.click(screen.getByRole('button', { name: 'Fazer check-out' }))
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Fazer check-out agora?' })).getByRole(
        'button',
        { name: 'Fazer check-out mesmo assim' },
      ),
    )
    await waitFor(() => expect(router.state.location.pathname).toBe(`/tasks/${SLUG}/form`))
    await waitFor(() => expect(serverTask().status.code).toBe('visited'))
  })
})
