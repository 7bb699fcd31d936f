import { screen, waitFor, within } from '@testing-library/react'
import { http } from 'msw'
import { describe, expect, it } from 'vitest'
import {
  API,
  failApi,
  fakeBackend,
  fakeServer,
  renderRoute,
  routeLoaded,
} from '@/test/render-route'

// Each screen is a lazy chunk compiled on first use: allow for a slow, busy machine.

function contestedTasks() {
  return fakeBackend.db.tasks.findMany((q) =>
    q.where((t) => t.agentId === 'agt_demo' && t.status.code === 'contested'),
  )
}

function projectCode(projectId: string) {
  return fakeBackend.db.projects.findFirst((q) => q.where({ id: projectId }))!.code
}

describe('Pendências de validação', () => {
  it('lists the tasks with open pendencies, each leading to its validation', async () => {
    await renderRoute('/tasks/validations', { scenario: 'contested' })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Pendências de validação' }),
    ).toBeInTheDocument()
    const tasks = contestedTasks()
    expect(tasks).toHaveLength(2)
    for (const task of tasks) {
      const row = await screen.findByRole('link', { name: new RegExp(task.location.name) })
      expect(row).toHaveAttribute('href', `/tasks/${task.slug}/validation`)
      expect(row).toHaveTextContent(projectCode(task.projectId))
      expect(row).toHaveTextContent(/Pendências desde/)
    }
  })

  it('filters by project through the channel', async () => {
    const { user, router } = await renderRoute('/tasks/validations', { scenario: 'contested' })
    const [first, second] = contestedTasks()
    const code = projectCode(second!.projectId)
    const filter = await screen.findByRole('group', { name: 'Filtrar por projeto' })
    expect(within(filter).getByRole('button', { name: 'Todos' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await user.click(within(filter).getByRole('button', { name: code }))
    // The next screen's code loaded (lazy): the router is there only then.
    await routeLoaded(router)
    expect(router.state.location.pathname).toBe(`/tasks/validations/${code}`)
    // The unfiltered list holds the second task too: wait for the filtered list itself (the
    // second task there and the first gone, together), not for a row both lists show, nor for
    // the moment between the two lists when neither is on screen.
    await waitFor(() => {
      expect(screen.getByRole('link', { name: new RegExp(second!.location.name) })).toBeVisible()
      expect(
        screen.queryByRole('link', { name: new RegExp(first!.location.name) }),
      ).not.toBeInTheDocument()
    })
    expect(
      within(screen.getByRole('group', { name: 'Filtrar por projeto' })).getByRole('button', {
        name: code,
      }),
    ).toHaveAttribute('aria-pressed', 'true')
    await user.click(screen.getByRole('button', { name: 'Todos' }))
    // The next screen's code loaded (lazy): the router is there only then.
    await routeLoaded(router)
    expect(router.state.location.pathname).toBe('/tasks/validations')
    expect(
      await screen.findByRole('link', { name: new RegExp(first!.location.name) }),
    ).toBeInTheDocument()
  })

  it('shows the rows with their projects at once: nothing moves in after them', async () => {
    // The projects answer only when the test says so (a slow network).
    let release!: () => void
    const released = new Promise<void>((resolve) => (release = resolve))
    let asked = false
    fakeServer.use(
      http.get(`${API}/projects/:id`, async () => {
        asked = true
        await released
        return undefined
      }),
    )
    await renderRoute('/tasks/validations', { scenario: 'contested' })
    expect(
      await screen.findByRole('status', { name: 'Carregando as pendências' }),
    ).toBeInTheDocument()
    // The tasks are in; their projects are being asked.
    await waitFor(() => expect(asked).toBe(true))
    expect(screen.queryByRole('link', { name: /Pendências desde/ })).not.toBeInTheDocument()
    expect(screen.queryByRole('group', { name: 'Filtrar por projeto' })).not.toBeInTheDocument()
    release()
    const [task] = contestedTasks()
    const row = await screen.findByRole('link', { name: new RegExp(task!.location.name) })
    expect(row).toHaveTextContent(projectCode(task!.projectId))
    expect(screen.getByRole('group', { name: 'Filtrar por projeto' })).toBeInTheDocument()
  })

  it('opens filtered from a channel link', async () => {
    await renderRoute('/tasks/validations/MERCADO-RJ', { scenario: 'contested' })
    const [task] = contestedTasks().filter((t) => projectCode(t.projectId) === 'MERCADO-RJ')
    expect(
      await screen.findByRole('link', { name: new RegExp(task!.location.name) }),
    ).toBeInTheDocument()
    expect(screen.getAllByRole('link', { name: /Pendências desde/ })).toHaveLength(1)
  })

  it('says there is nothing open in a project without pendencies', async () => {
    await renderRoute('/tasks/validations/FARMA-SP', { scenario: 'contested' })
    expect(await screen.findByText('Nenhuma pendência aberta')).toBeInTheDocument()
    expect(screen.getByText('Nenhuma pendência aberta no projeto FARMA-SP.')).toBeInTheDocument()
  })

  it('says there is nothing open when no report came back', async () => {
    await renderRoute('/tasks/validations', { scenario: 'new-agent' })
    expect(await screen.findByText('Nenhuma pendência aberta')).toBeInTheDocument()
  })

  it('says so when the list cannot load, and retries', async () => {
    failApi('get', '/tasks/mine', 500)
    const { user } = await renderRoute('/tasks/validations', { scenario: 'contested' })
    expect(await screen.findByText('Não foi possível carregar suas tarefas')).toBeInTheDocument()
    fakeServer.resetHandlers()
    await user.click(screen.getByRole('button', { name: 'Tentar de novo' }))
    expect(await screen.findAllByRole('link', { name: /Pendências desde/ })).toHaveLength(2)
  })
})
