import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { DEMO_AGENT_ID } from '../../../../mocks/seed/seed'
import { fakeBackend, renderRoute } from '@/test/render-route'

/** How many of the demo agent's tasks the server has in `status`. */
const onServer = (status: string) =>
  fakeBackend.db.tasks.findMany((q) =>
    q.where((t) => t.agentId === DEMO_AGENT_ID && t.status.code === status),
  ).length

describe('Tarefas with thousands of tasks (large scenario)', () => {
  it('counts every group from the server and shows every group that has tasks, the first page included', async () => {
    await renderRoute('/tasks', { scenario: 'large' })
    // The newest 100 changes are all scheduled visits; the 500 contested tasks (1,000 open
    // pendencies) are older, and still head the list.
    const expected = [
      ['Com pendências', 'contested'],
      ['Agendadas', 'started'],
      ['Visitadas — relatório a enviar', 'visited'],
      ['Em validação', 'validating'],
      ['Aprovadas', 'approved'],
      ['Reprovadas', 'rejected'],
    ] as const
    const headings = await screen.findAllByRole('heading', { level: 2 })
    expect(headings.map((h) => h.textContent)).toEqual(
      expected.map(([title, status]) => `${title} (${onServer(status)})`),
    )
    expect(onServer('contested')).toBeGreaterThan(100)
    const contested = screen.getByRole('region', { name: /^Com pendências/ })
    expect(await within(contested).findAllByRole('link')).toHaveLength(20)
    expect(within(contested).getByRole('status')).toHaveTextContent(
      `Mostrando 20 de ${onServer('contested')} tarefas.`,
    )
    expect(screen.getByRole('link', { name: 'Pendências de validação' })).toBeInTheDocument()
  })

  it(
    'loads more of one group on request, keeping its server count',
    { timeout: 30_000 },
    async () => {
      const { user } = await renderRoute('/tasks', { scenario: 'large' })
      const approved = await screen.findByRole('region', { name: /^Aprovadas/ })
      await user.click(
        await within(approved).findByRole('button', { name: 'Carregar mais tarefas: Aprovadas' }),
      )
      expect(
        await within(approved).findByText(`Mostrando 40 de ${onServer('approved')} tarefas.`),
      ).toBeInTheDocument()
      expect(within(approved).getAllByRole('link')).toHaveLength(40)
      expect(within(approved).getByRole('heading')).toHaveTextContent(
        `Aprovadas (${onServer('approved')})`,
      )
    },
  )
})
