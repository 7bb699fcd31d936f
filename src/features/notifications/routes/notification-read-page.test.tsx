import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { DEMO_AGENT_ID } from '../../../../mocks/seed/seed'
import { failApi, fakeBackend, fakeServer, renderRoute } from '@/test/render-route'

const nav = () => screen.getByRole('navigation', { name: 'Navegação principal' })

describe('Ler uma notificação', () => {
  it('opening one from the list marks it read and lowers the unread badge', async () => {
    const { user, router } = await renderRoute('/notifs')
    await screen.findByRole('list', { name: 'Suas notificações' })
    expect(await within(nav()).findByText('3 não lidas')).toBeInTheDocument()

    await user.click(
      screen.getByRole('link', { name: /^Não lida: Nova oportunidade perto de você/ }),
    )
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Nova oportunidade perto de você' }),
    ).toBeInTheDocument()
    expect(screen.getByText(/Há uma nova visita paga na sua região/)).toBeInTheDocument()
    expect(await within(nav()).findByText('2 não lidas')).toBeInTheDocument()
    const stored = fakeBackend.db.notifications.findFirst((q) =>
      q.where({ slug: 'nova-oportunidade-perto-de-voce-1' }),
    )
    expect(stored?.readAt).not.toBeNull()

    await user.click(screen.getByRole('link', { name: 'Abrir' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/oppy'))
  })

  it('shows the body as text, never as markup, one paragraph per line', async () => {
    const { router, container } = await renderRoute('/rota-inexistente')
    await fakeBackend.db.notifications.create({
      ownerId: DEMO_AGENT_ID,
      id: 'ntf_xss',
      slug: 'teste-xss',
      kind: 'system',
      title: 'Aviso <b>importante</b>',
      body: 'Primeira linha <img src=x onerror=alert(1)>\nSegunda linha',
      createdAt: new Date().toISOString(),
      readAt: null,
    })
    await router.navigate('/notifs/teste-xss/read')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Aviso <b>importante</b>' }),
    ).toBeInTheDocument()
    expect(screen.getByText('Primeira linha <img src=x onerror=alert(1)>')).toBeInTheDocument()
    expect(screen.getByText('Segunda linha').tagName).toBe('P')
    expect(container.querySelector('img')).toBeNull()
    expect(container.querySelector('b')).toBeNull()
    // No link: no "Abrir".
    expect(screen.queryByRole('link', { name: 'Abrir' })).not.toBeInTheDocument()
  })

  it('follows a deep link through the in-app dispatcher', async () => {
    const { user, router } = await renderRoute('/rota-inexistente')
    await fakeBackend.db.notifications.create({
      ownerId: DEMO_AGENT_ID,
      id: 'ntf_deep',
      slug: 'carteira',
      kind: 'payment',
      title: 'Saque pago',
      body: 'Seu saque foi pago.',
      createdAt: new Date().toISOString(),
      readAt: null,
      link: '/event/wallet',
    })
    await router.navigate('/notifs/carteira/read')
    await user.click(await screen.findByRole('link', { name: 'Abrir' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/wallet'))
  })

  it('says so for an unknown notification', async () => {
    await renderRoute('/notifs/nao-existe/read')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Notificação não encontrada' }),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Ver todas as notificações' })).toHaveAttribute(
      'href',
      '/notifs',
    )
  })

  it('offers a retry when it cannot load', async () => {
    failApi('get', '/notifications/pagamento-disponivel-2', 503)
    const { user } = await renderRoute('/notifs/pagamento-disponivel-2/read')
    expect(await screen.findByText('Não foi possível abrir a notificação')).toBeInTheDocument()
    fakeServer.resetHandlers()
    await user.click(screen.getByRole('button', { name: 'Tentar de novo' }))
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pagamento disponível' }),
    ).toBeInTheDocument()
  })
})
