import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { TaskStatusCode } from '@/api/entities'
import { failApi, fakeBackend, fakeServer, renderRoute } from '@/test/render-route'

// Each screen is a lazy chunk compiled on first use: allow for a slow, busy machine.

function myTasks(status: TaskStatusCode) {
  return fakeBackend.db.tasks.findMany((q) =>
    q.where((t) => t.agentId === 'agt_demo' && t.status.code === status),
  )
}

function group(heading: RegExp) {
  return screen.getByRole('region', { name: heading })
}

describe('Tarefas', () => {
  it('groups my tasks by status, most urgent first, with the next step of each', async () => {
    await renderRoute('/tasks')
    expect(await screen.findByRole('heading', { level: 1, name: 'Tarefas' })).toBeInTheDocument()
    await screen.findByRole('heading', { name: /^Com pendências/ })
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)
    expect(headings).toEqual([
      'Com pendências (1)',
      'Agendadas (2)',
      'Visitadas — relatório a enviar (1)',
      'Em validação (1)',
      'Aprovadas (3)',
      'Reprovadas (1)',
    ])
    const steps: Array<[RegExp, string, string]> = [
      [/^Com pendências/, 'Responder pendências', 'Com pendências'],
      [/^Agendadas/, 'Fazer check-in', 'Agendada'],
      [/^Visitadas/, 'Preencher relatório', 'Visitada'],
      [/^Em validação/, 'Aguardando validação', 'Em validação'],
      [/^Aprovadas/, 'Concluída', 'Aprovada'],
      [/^Reprovadas/, 'Concluída', 'Reprovada'],
    ]
    for (const [heading, step, badge] of steps) {
      const rows = within(group(heading)).getAllByRole('link')
      for (const row of rows) {
        expect(row).toHaveTextContent(step)
        expect(row).toHaveTextContent(badge)
      }
    }
  })

  it('shows title, place and date on each row, linking to the task', async () => {
    const { user, router } = await renderRoute('/tasks')
    const [visited] = myTasks('visited')
    const row = await screen.findByRole('link', { name: new RegExp(visited!.location.name) })
    expect(row).toHaveTextContent(visited!.title)
    expect(row).toHaveTextContent(/Visita \d{2}\/\d{2}\/\d{4}/)
    expect(row).toHaveAttribute('href', `/tasks/${visited!.slug}`)
    await user.click(row)
    expect(await screen.findByRole('link', { name: 'Preencher relatório' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe(`/tasks/${visited!.slug}`)
  })

  it('leaves canceled tasks to their own page, and links to the policy and the device check', async () => {
    await renderRoute('/tasks')
    const [canceled] = myTasks('canceled')
    await screen.findByRole('heading', { name: /^Agendadas/ })
    expect(screen.queryByText(canceled!.location.name)).not.toBeInTheDocument()
    const more = screen.getByRole('navigation', { name: 'Mais' })
    expect(within(more).getByRole('link', { name: 'Tarefas canceladas' })).toHaveAttribute(
      'href',
      '/tasks/canceled',
    )
    expect(within(more).getByRole('link', { name: 'Política de conduta' })).toHaveAttribute(
      'href',
      '/tasks/policy',
    )
    expect(within(more).getByRole('link', { name: 'Verificar o aparelho' })).toHaveAttribute(
      'href',
      '/tasks/permissions',
    )
    expect(within(more).getByRole('link', { name: 'Pendências de validação' })).toHaveAttribute(
      'href',
      '/tasks/validations',
    )
  })

  it('welcomes a new agent with a way to the opportunities', async () => {
    await renderRoute('/tasks', { scenario: 'new-agent' })
    expect(await screen.findByText('Você ainda não tem tarefas')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Ver oportunidades' })).toHaveAttribute('href', '/oppy')
  })

  it('says so when the tasks cannot load, and retries', async () => {
    failApi('get', '/tasks/mine', 500)
    const { user } = await renderRoute('/tasks')
    expect(await screen.findByText('Não foi possível carregar suas tarefas')).toBeInTheDocument()
    expect(screen.getByText('Falha simulada no servidor.')).toBeInTheDocument()
    fakeServer.resetHandlers()
    await user.click(screen.getByRole('button', { name: 'Tentar de novo' }))
    expect(await screen.findByRole('heading', { name: /^Agendadas/ })).toBeInTheDocument()
  })
})
