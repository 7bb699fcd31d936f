import { act, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { failApi, fakeBackend, fakeServer, renderRoute, routeLoaded } from '@/test/render-route'
import { holdTheClock } from '@/test/hold-clock'

// Each screen is a lazy chunk compiled on first use: allow for a slow, busy machine.

const HOUR = 3_600_000

function soonestOffer() {
  const [offer] = fakeBackend.db.opportunities
    .findMany((q) => q.where({ status: 'pending' }))
    .sort((a, b) => a.expiresAt.localeCompare(b.expiresAt))
  return offer!
}

function storedOffer(taskId: string) {
  return fakeBackend.db.opportunities.findFirst((q) => q.where({ taskId }))!
}

describe('Oportunidade (resumo)', () => {
  it('shows the mission, client, place, pay, window and expiry, and accepting leads to the details', async () => {
    holdTheClock()
    const { user, router } = await renderRoute('/account')
    const offer = soonestOffer()
    await act(() => router.navigate(`/oppy/${offer.taskId}`))
    expect(
      await screen.findByRole('heading', { level: 1, name: offer.task.missionTitle }),
    ).toBeInTheDocument()
    expect(screen.getByText(offer.task.clientName)).toBeInTheDocument()
    expect(screen.getByText(offer.task.location.name)).toBeInTheDocument()
    expect(screen.getByText(offer.task.location.address)).toBeInTheDocument()
    expect(screen.getByText(/R\$\s?\d/)).toBeInTheDocument()
    expect(screen.getByText(/^De .+ a .+/)).toBeInTheDocument()
    // The offer expires 3 h after the seed's now, and the clock has not moved.
    expect(screen.getByText('Expira em 3 h')).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Aceitar' }))
    expect(
      await screen.findByRole('heading', { name: 'Detalhes da oportunidade' }),
    ).toBeInTheDocument()
    expect(router.state.location.pathname).toBe(`/oppy/${offer.taskId}/details`)
    expect(storedOffer(offer.taskId).status).toBe('pending')
  })

  it('asks for a reason before declining, keeps what was typed, then declines', async () => {
    const { user, router } = await renderRoute('/account')
    const offer = soonestOffer()
    await act(() => router.navigate(`/oppy/${offer.taskId}`))
    await user.click(await screen.findByRole('button', { name: 'Recusar' }))
    const sheet = await screen.findByRole('dialog', { name: 'Recusar oportunidade' })
    await user.click(within(sheet).getByRole('button', { name: 'Recusar oportunidade' }))
    expect(within(sheet).getByRole('alert')).toHaveTextContent('Escolha um motivo para recusar.')

    await user.click(within(sheet).getByRole('button', { name: 'Outro' }))
    expect(within(sheet).getByRole('button', { name: 'Outro' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await user.click(within(sheet).getByRole('button', { name: 'Recusar oportunidade' }))
    const field = within(sheet).getByLabelText('Conte o motivo')
    expect(field).toHaveAttribute('aria-invalid', 'true')
    expect(within(sheet).getByText('Escreva o motivo da recusa.')).toBeInTheDocument()
    expect(storedOffer(offer.taskId).status).toBe('pending')

    await user.type(field, 'Vou viajar nessa semana')
    await user.click(within(sheet).getByRole('button', { name: 'Recusar oportunidade' }))
    expect(await screen.findByText('Oportunidade recusada')).toBeInTheDocument()
    const list = await screen.findByRole('list', { name: 'Oportunidades disponíveis' })
    expect(router.state.location.pathname).toBe('/oppy')
    expect(within(list).getAllByRole('listitem')).toHaveLength(4)
    expect(storedOffer(offer.taskId)).toMatchObject({
      status: 'declined',
      declineReason: 'Vou viajar nessa semana',
    })
  })

  it('declines with a common reason, and keeps it chosen when the server fails', async () => {
    const { user, router } = await renderRoute('/account')
    const offer = soonestOffer()
    await act(() => router.navigate(`/oppy/${offer.taskId}`))
    await user.click(await screen.findByRole('button', { name: 'Recusar' }))
    const sheet = await screen.findByRole('dialog', { name: 'Recusar oportunidade' })
    await user.click(within(sheet).getByRole('button', { name: 'Fica longe' }))
    failApi('post', '/opportunities/:taskId/decline', 500)
    await user.click(within(sheet).getByRole('button', { name: 'Recusar oportunidade' }))
    expect(await within(sheet).findByText('Não foi possível recusar')).toBeInTheDocument()
    expect(within(sheet).getByText('Falha simulada no servidor.')).toBeInTheDocument()
    expect(within(sheet).getByRole('button', { name: 'Fica longe' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )

    fakeServer.resetHandlers()
    await user.click(within(sheet).getByRole('button', { name: 'Recusar oportunidade' }))
    expect(await screen.findByText('Oportunidade recusada')).toBeInTheDocument()
    expect(storedOffer(offer.taskId)).toMatchObject({
      status: 'declined',
      declineReason: 'Fica longe',
    })
  })

  it('offers neither accept nor decline once the offer expired', async () => {
    const { router, backend } = await renderRoute('/account')
    const offer = soonestOffer()
    backend.clock.advance(3 * HOUR + 60_000)
    await act(() => router.navigate(`/oppy/${offer.taskId}`))
    expect(await screen.findByText('Esta oportunidade expirou')).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Aceitar' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Recusar' })).not.toBeInTheDocument()
    expect(screen.getByText('Expirada')).toBeInTheDocument()
  })

  it('says when the offer does not exist, with a way back', async () => {
    const { user, router } = await renderRoute('/oppy/tsk_nao_existe')
    expect(await screen.findByText('Oportunidade não encontrada')).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Ver oportunidades' }))
    // The next screen's code loaded (lazy): the router is there only then.
    await routeLoaded(router)
    expect(router.state.location.pathname).toBe('/oppy')
  })

  it('says so when the offer cannot load, and retries', async () => {
    failApi('get', '/opportunities/:taskId', 500)
    const { user, router } = await renderRoute('/account')
    const offer = soonestOffer()
    await act(() => router.navigate(`/oppy/${offer.taskId}`))
    expect(await screen.findByText('Não foi possível carregar a oportunidade')).toBeInTheDocument()
    fakeServer.resetHandlers()
    await user.click(screen.getByRole('button', { name: 'Tentar de novo' }))
    expect(
      await screen.findByRole('heading', { level: 1, name: offer.task.missionTitle }),
    ).toBeInTheDocument()
  })
})
