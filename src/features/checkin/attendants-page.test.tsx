import 'fake-indexeddb/auto'
import { screen, waitFor, within } from '@testing-library/react'
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

describe('Atendentes', () => {
  it('refuses a role instead of a name, keeping what was typed; saves a real name on the device and then on the server', async () => {
    const { user } = await openVisit(`/tasks/${SLUG}/checkin/attendants`, DEMO_AGENT_ID)
    expect(await screen.findByRole('heading', { name: 'Atendentes', level: 1 })).toBeInTheDocument()
    expect(await screen.findByText('Nenhum atendente registrado ainda')).toBeInTheDocument()

    const name = screen.getByRole('textbox', { name: 'Nome do atendente' })
    await user.type(name, 'Vendedor')
    await user.click(screen.getByRole('button', { name: 'Adicionar atendente' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Informe o nome real do atendente, não um cargo ou termo genérico.',
    )
    expect(name).toHaveValue('Vendedor')
    expect(name).toHaveAttribute('aria-invalid', 'true')
    expect(name).toHaveFocus()

    await user.clear(name)
    await user.type(name, 'Márcia Andrade')
    // The old message was about "Vendedor": with a valid name typed it is gone, before saving.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(name).not.toHaveAttribute('aria-invalid', 'true')
    expect(name).not.toHaveAccessibleDescription(/nome real do atendente/)
    const traits = screen.getByRole('group', { name: 'Características' })
    await user.click(within(traits).getByRole('button', { name: 'cordial' }))
    await user.click(within(traits).getByRole('button', { name: 'com crachá' }))
    expect(within(traits).getByRole('button', { name: 'cordial' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await user.click(screen.getByRole('button', { name: 'Adicionar atendente' }))

    const list = await screen.findByRole('list', { name: 'Atendentes registrados' })
    expect(within(list).getByText('Márcia Andrade', { selector: 'strong' })).toBeInTheDocument()
    expect(within(list).getByText('cordial, com crachá')).toBeInTheDocument()
    expect(name).toHaveValue('')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()

    const db = await openVisitDb(DEMO_AGENT_ID)
    const draft = await db.get('drafts', 'rep_4826')
    expect(draft?.attendants).toEqual([
      {
        code: expect.stringMatching(/^att_[0-9a-f]{8}$/),
        name: 'Márcia Andrade',
        traits: ['cordial', 'com crachá'],
      },
    ])

    await waitFor(() =>
      expect(serverReport().attendants.map((a) => a.name)).toEqual(['Márcia Andrade']),
    )
    expect(serverReport().attendants[0]!.code).toBe(draft!.attendants[0]!.code)
  })

  it('edits and removes an attendant', async () => {
    const { user } = await openVisit(`/tasks/${SLUG}/checkin/attendants`, DEMO_AGENT_ID)
    const name = await screen.findByRole('textbox', { name: 'Nome do atendente' })
    await screen.findByText('Nenhum atendente registrado ainda')
    await user.type(name, 'Márcia Andrade')
    await user.click(screen.getByRole('button', { name: 'Adicionar atendente' }))
    await user.click(await screen.findByRole('button', { name: 'Editar Márcia Andrade' }))
    expect(screen.getByRole('heading', { name: 'Editando Márcia Andrade' })).toBeInTheDocument()
    expect(name).toHaveValue('Márcia Andrade')
    await user.clear(name)
    await user.type(name, 'Márcia Souza')
    await user.click(screen.getByRole('button', { name: 'Salvar alterações' }))
    expect(await screen.findByRole('button', { name: 'Editar Márcia Souza' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Novo atendente' })).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Remover Márcia Souza' }))
    const sheet = await screen.findByRole('dialog', { name: 'Remover atendente?' })
    await user.click(within(sheet).getByRole('button', { name: 'Remover' }))
    expect(await screen.findByText('Nenhum atendente registrado ainda')).toBeInTheDocument()
    await waitFor(async () =>
      expect(
        (await (await openVisitDb(DEMO_AGENT_ID)).get('drafts', 'rep_4826'))?.attendants,
      ).toEqual([]),
    )
  })

  it('keeps a half-typed name when the agent leaves the page and comes back', async () => {
    const { user } = await openVisit(`/tasks/${SLUG}/checkin/attendants`, DEMO_AGENT_ID)
    await user.type(await screen.findByRole('textbox', { name: 'Nome do atendente' }), 'Jo')
    await user.click(
      within(screen.getByRole('group', { name: 'Características' })).getByRole('button', {
        name: 'ágil',
      }),
    )
    await user.click(screen.getByRole('link', { name: 'Observações' }))
    await screen.findByRole('heading', { name: 'Observações' })
    await user.click(screen.getByRole('link', { name: 'Atendentes' }))
    expect(await screen.findByRole('textbox', { name: 'Nome do atendente' })).toHaveValue('Jo')
    expect(screen.getByRole('button', { name: 'ágil' })).toHaveAttribute('aria-pressed', 'true')
  })
})
