import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { failApi, fakeServer, renderRoute } from '@/test/render-route'

describe('Oportunidades', () => {
  it('lists the pending offers with pay, place and expiry', async () => {
    await renderRoute('/oppy')
    expect(await screen.findByRole('heading', { name: 'Oportunidades' })).toBeInTheDocument()
    const cards = await screen.findAllByRole('heading', { level: 2 })
    expect(cards).toHaveLength(5)
    const first = cards[0]!.closest('li')!
    expect(within(first).getByText(/R\$\s?\d/)).toBeInTheDocument()
    expect(within(first).getByText(/Expira em/)).toBeInTheDocument()
  })

  it('shows the pending count on the navigation badge', async () => {
    await renderRoute('/oppy')
    const nav = await screen.findByRole('navigation', { name: 'Navegação principal' })
    expect(await within(nav).findByText('5 pendentes')).toBeInTheDocument()
  })

  it('says so when the list cannot load, and retries', async () => {
    failApi('get', '/opportunities', 500)
    const { user } = await renderRoute('/oppy')
    expect(
      await screen.findByText('Não foi possível carregar as oportunidades'),
    ).toBeInTheDocument()
    expect(screen.getByText('Falha simulada no servidor.')).toBeInTheDocument()
    fakeServer.resetHandlers()
    await user.click(screen.getByRole('button', { name: 'Tentar de novo' }))
    expect(await screen.findAllByRole('heading', { level: 2 })).toHaveLength(5)
  })

  it('sends a signed-out visitor to sign in', async () => {
    const { router } = await renderRoute('/oppy', { signedIn: false })
    expect(await screen.findByRole('heading', { name: 'Entrar' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
  })
})
