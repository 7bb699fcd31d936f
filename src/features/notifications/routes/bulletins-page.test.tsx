import { screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { API, failApi, fakeBackend, fakeServer, renderRoute } from '@/test/render-route'

describe('Comunicados', () => {
  it('lists bulletins newest first; opening an unread one shows it and marks it read', async () => {
    const { user } = await renderRoute('/notes')
    const list = await screen.findByRole('list', { name: 'Comunicados' })
    expect(await screen.findByText('Novo comunicado')).toBeInTheDocument()
    const toggles = within(list).getAllByRole('button')
    expect(toggles.map((b) => b.textContent)).toEqual([
      expect.stringContaining('Novo projeto em Campinas'),
      expect.stringContaining('Como fotografar a fachada'),
      expect.stringContaining('Pagamentos no feriado'),
    ])
    const first = toggles[0]!
    expect(first).toHaveAccessibleName(/^Não lido: Novo projeto em Campinas/)
    expect(first).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByText(/supermercados de Campinas/)).not.toBeInTheDocument()

    await user.click(first)
    expect(first).toHaveAttribute('aria-expanded', 'true')
    expect(screen.getByText(/supermercados de Campinas/)).toBeVisible()
    await waitFor(() => expect(first).not.toHaveAccessibleName(/Não lido/))
    expect(
      fakeBackend.db.bulletins.findFirst((q) => q.where({ id: 'blt_1' }))?.readAt,
    ).not.toBeNull()
    // The shell's "new bulletin" alert goes away with the refreshed counts.
    await waitFor(() => expect(screen.queryByText('Novo comunicado')).not.toBeInTheDocument())

    await user.click(first)
    expect(first).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByText(/supermercados de Campinas/)).not.toBeInTheDocument()
  })

  it('shows an empty state', async () => {
    fakeServer.use(http.get(`${API}/bulletins`, () => HttpResponse.json({ items: [] })))
    await renderRoute('/notes')
    expect(await screen.findByText('Nenhum comunicado publicado')).toBeInTheDocument()
  })

  it('offers a retry when they cannot load', async () => {
    failApi('get', '/bulletins', 500)
    const { user } = await renderRoute('/notes')
    expect(await screen.findByText('Não foi possível carregar os comunicados')).toBeInTheDocument()
    fakeServer.resetHandlers()
    await user.click(screen.getByRole('button', { name: 'Tentar de novo' }))
    expect(await screen.findByRole('list', { name: 'Comunicados' })).toBeInTheDocument()
  })
})
