import { screen, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { API, failApi, fakeBackend, fakeServer, renderRoute } from '@/test/render-route'
import { holdTheClock } from '@/test/hold-clock'

describe('Notificações', () => {
  it('lists unread notifications first, marked for sight and for screen readers', async () => {
    holdTheClock()
    await renderRoute('/notifs')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Notificações' }),
    ).toBeInTheDocument()
    const list = await screen.findByRole('list', { name: 'Suas notificações' })
    const links = within(list).getAllByRole('link')
    expect(links).toHaveLength(8)
    // The seed leaves the newest three unread.
    for (const link of links.slice(0, 3)) expect(link).toHaveAccessibleName(/^Não lida: /)
    for (const link of links.slice(3)) expect(link).not.toHaveAccessibleName(/Não lida/)
    expect(links[0]).toHaveAttribute('href', '/notifs/nova-oportunidade-perto-de-voce-1/read')
    expect(within(links[0]!).getByText(/Há uma nova visita paga na sua região/)).toBeInTheDocument()
    // How long ago, by the server's record and a clock that has not moved: one text.
    const newest = fakeBackend.db.notifications.findFirst((q) =>
      q.where({ slug: 'nova-oportunidade-perto-de-voce-1' }),
    )!
    const minutes = Math.floor((fakeBackend.clock.now() - Date.parse(newest.createdAt)) / 60_000)
    expect(minutes).toBeGreaterThan(1)
    expect(within(links[0]!).getByText(`há ${minutes} minutos`)).toBeInTheDocument()
    expect(screen.getByText('Você tem 3 notificações não lidas.')).toBeInTheDocument()
  })

  it('shows an empty state when there is nothing', async () => {
    fakeServer.use(
      http.get(`${API}/notifications/mine`, () =>
        HttpResponse.json({ items: [], total: 0, unreadCount: 0, nextCursor: null }),
      ),
    )
    await renderRoute('/notifs')
    expect(await screen.findByText('Nenhuma notificação por aqui')).toBeInTheDocument()
  })

  it('says so when the list cannot load, and retries', async () => {
    failApi('get', '/notifications/mine', 500)
    const { user } = await renderRoute('/notifs')
    expect(await screen.findByText('Não foi possível carregar as notificações')).toBeInTheDocument()
    fakeServer.resetHandlers()
    await user.click(screen.getByRole('button', { name: 'Tentar de novo' }))
    expect(await screen.findByRole('list', { name: 'Suas notificações' })).toBeInTheDocument()
  })
})
