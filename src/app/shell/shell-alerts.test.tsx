import { act, screen, waitFor, within } from '@testing-library/react'
import { http, HttpResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { sendBulletin } from '../../../mocks/demo-actions'
import { DEMO_AGENT_ID } from '../../../mocks/seed/seed'
import { API, failApi, fakeBackend, fakeServer, renderRoute } from '@/test/render-route'
import { meQueryOptions } from '@/features/account/api/me-query'

const alerts = () => screen.findByRole('region', { name: 'Avisos' })

describe('the shell alerts', () => {
  it('say each thing in one short line with its action', async () => {
    await renderRoute('/oppy', { scenario: 'contested' })
    const region = await alerts()
    const lines = within(region).getAllByRole('paragraph')
    expect(lines.map((p) => p.textContent)).toEqual([
      '4 pendências de validaçãoResponder',
      'Novo comunicadoLer',
    ])
    expect(
      within(lines[1]!).getByRole('button', { name: 'Dispensar o aviso de comunicado' }),
    ).toBeInTheDocument()
    expect(within(region).getByRole('link', { name: 'Responder' })).toHaveAttribute(
      'href',
      '/tasks/validations',
    )
  })

  it('let the agent put the bulletin alert away, until another bulletin arrives', async () => {
    const { user, queryClient } = await renderRoute('/oppy')
    const region = await alerts()
    await user.click(
      within(region).getByRole('button', { name: 'Dispensar o aviso de comunicado' }),
    )
    await waitFor(() => expect(screen.queryByText('Novo comunicado')).not.toBeInTheDocument())
    // Still away on the next screen and after the counts refresh.
    await user.click(screen.getByRole('link', { name: /^Tarefas/ }))
    await screen.findByRole('heading', { level: 1, name: 'Tarefas' })
    await act(() => queryClient.refetchQueries(meQueryOptions()))
    expect(screen.queryByText('Novo comunicado')).not.toBeInTheDocument()

    await sendBulletin(fakeBackend.context, {
      title: 'Treinamento novo',
      body: 'Assista ao vídeo sobre fotos de fachada antes da próxima visita.',
    })
    await act(() => queryClient.refetchQueries(meQueryOptions()))
    expect(await screen.findByText('2 novos comunicados')).toBeInTheDocument()
  })

  it('ask an agent with terms pending to accept them, on every screen, until accepted', async () => {
    const { user } = await renderRoute('/tasks', { scenario: 'new-agent' })
    const region = await alerts()
    expect(within(region).getByText('Termos de uso para aceitar')).toBeInTheDocument()
    await user.click(within(region).getByRole('link', { name: 'Ler e aceitar' }))
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Termos de uso' }),
    ).toBeInTheDocument()
    await user.click(await screen.findByRole('button', { name: 'Li e aceito os termos' }))
    await waitFor(() =>
      expect(screen.queryByText('Termos de uso para aceitar')).not.toBeInTheDocument(),
    )
  })

  it('say nothing of terms the agent accepted', async () => {
    await renderRoute('/oppy')
    expect(within(await alerts()).queryByText('Termos de uso para aceitar')).not.toBeInTheDocument()
  })

  describe('“Ficar disponível” makes the agent available, and the line says what is true meanwhile', () => {
    const demoAgent = () => fakeBackend.db.agents.findFirst((q) => q.where({ id: DEMO_AGENT_ID }))!
    async function openUnavailable() {
      const rendered = await renderRoute('/rota-inexistente')
      await fakeBackend.db.agents.update((q) => q.where({ id: DEMO_AGENT_ID }), {
        data(a) {
          a.available = false
        },
      })
      await act(() => rendered.router.navigate('/oppy'))
      const region = await alerts()
      expect(await within(region).findByText('Você está indisponível')).toBeInTheDocument()
      return { ...rendered, region }
    }

    it('on its way, then done: the server has it, the line goes, and Conta’s switch is on', async () => {
      const { user, region, router } = await openUnavailable()
      // The server's answer held until the test lets it through.
      let release!: () => void
      const held = new Promise<void>((resolve) => (release = resolve))
      fakeServer.use(
        http.put(`${API}/me/availability`, async () => {
          await held
        }),
      )
      const action = within(region).getByRole('button', { name: 'Ficar disponível' })
      await user.click(action)
      expect(await within(region).findByText('Ficando disponível…')).toBeInTheDocument()
      expect(action).toHaveAttribute('aria-disabled', 'true')
      expect(demoAgent().available).toBe(false)
      // A second tap while it is on its way asks nothing more.
      await user.click(action)

      release()
      expect(
        await screen.findByText('Você está disponível para novas oportunidades.'),
      ).toBeInTheDocument()
      await waitFor(() => expect(screen.queryByText('Ficando disponível…')).not.toBeInTheDocument())
      expect(screen.queryByText('Você está indisponível')).not.toBeInTheDocument()
      expect(demoAgent().available).toBe(true)
      await act(() => router.navigate('/account'))
      expect(
        await screen.findByRole('switch', { name: /^Disponível para novas oportunidades/ }),
      ).toBeChecked()
    })

    it('with no connection: says the agent is still unavailable, and “Tentar de novo” does it once back', async () => {
      const { user, region } = await openUnavailable()
      fakeServer.use(http.put(`${API}/me/availability`, () => HttpResponse.error()))
      await user.click(within(region).getByRole('button', { name: 'Ficar disponível' }))
      expect(
        await within(region).findByText('Sem conexão: você continua indisponível'),
      ).toBeInTheDocument()
      expect(demoAgent().available).toBe(false)

      fakeServer.resetHandlers()
      await user.click(within(region).getByRole('button', { name: 'Tentar de novo' }))
      await waitFor(() => expect(demoAgent().available).toBe(true))
      await waitFor(() =>
        expect(screen.queryByText(/continua indisponível/)).not.toBeInTheDocument(),
      )
    })

    it('refused by the server: says so, and the agent is still unavailable', async () => {
      const { user, region } = await openUnavailable()
      failApi('put', '/me/availability', 500)
      await user.click(within(region).getByRole('button', { name: 'Ficar disponível' }))
      expect(
        await within(region).findByText(
          'Não deu para ficar disponível: você continua indisponível',
        ),
      ).toBeInTheDocument()
      expect(within(region).getByRole('button', { name: 'Tentar de novo' })).toBeInTheDocument()
      expect(demoAgent().available).toBe(false)
    })
  })
})
