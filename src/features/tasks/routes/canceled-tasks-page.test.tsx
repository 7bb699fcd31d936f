import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { failApi, fakeBackend, fakeServer, renderRoute } from '@/test/render-route'

// Each screen is a lazy chunk compiled on first use: allow for a slow, busy machine.

describe('Tarefas canceladas', () => {
  it('lists the canceled tasks with their reason', async () => {
    await renderRoute('/tasks/canceled')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Tarefas canceladas' }),
    ).toBeInTheDocument()
    const [canceled] = fakeBackend.db.tasks.findMany((q) =>
      q.where((t) => t.agentId === 'agt_demo' && t.status.code === 'canceled'),
    )
    const row = await screen.findByRole('link', { name: new RegExp(canceled!.location.name) })
    expect(row).toHaveTextContent(`Motivo: ${canceled!.status.reason}`)
    expect(row).toHaveTextContent(/Cancelada em/)
    expect(row).toHaveAttribute('href', `/tasks/${canceled!.slug}`)
  })

  it('says so when there are none', async () => {
    await renderRoute('/tasks/canceled', { scenario: 'new-agent' })
    expect(await screen.findByText('Nenhuma tarefa cancelada')).toBeInTheDocument()
  })

  it('says so when the list cannot load, and retries', async () => {
    failApi('get', '/tasks/mine', 503)
    const { user } = await renderRoute('/tasks/canceled')
    expect(await screen.findByText('Não foi possível carregar suas tarefas')).toBeInTheDocument()
    fakeServer.resetHandlers()
    await user.click(screen.getByRole('button', { name: 'Tentar de novo' }))
    expect(await screen.findByText(/^Motivo:/)).toBeInTheDocument()
  })
})
