import { act, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { sendBulletin } from '../../../mocks/demo-actions'
import { fakeBackend, renderRoute } from '@/test/render-route'
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
})
