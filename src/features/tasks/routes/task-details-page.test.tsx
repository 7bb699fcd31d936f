import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { failApi, fakeBackend, fakeServer, renderRoute } from '@/test/render-route'

// Each screen is a lazy chunk compiled on first use: allow for a slow, busy machine.

function startedTask() {
  const [task] = fakeBackend.db.tasks.findMany((q) =>
    q.where((t) => t.agentId === 'agt_demo' && t.status.code === 'started'),
  )
  return task!
}

describe('Detalhes da tarefa', () => {
  it('shows the mission, briefing, scenario, requirements, checklist, times, awards, place, deadline and pay', async () => {
    const { router } = await renderRoute('/tasks')
    const task = startedTask()
    const mission = fakeBackend.db.missions.findFirst((q) => q.where({ id: task.missionId }))!
    const project = fakeBackend.db.projects.findFirst((q) => q.where({ id: task.projectId }))!
    await router.navigate(`/tasks/${task.slug}/details`)
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Detalhes da tarefa' }),
    ).toBeInTheDocument()
    expect(await screen.findByRole('heading', { level: 2, name: task.title })).toBeInTheDocument()
    expect(await screen.findByText(mission.briefing)).toBeInTheDocument()
    expect(screen.getByText(mission.scenario)).toBeInTheDocument()
    expect(await screen.findByText(project.name)).toBeInTheDocument()
    const requirements = screen.getByRole('region', { name: 'O que você precisa fazer' })
    expect(
      within(requirements).getByText(`Até ${mission.visitMaxMinutes} minutos no local`),
    ).toBeInTheDocument()
    const checklist = screen.getByRole('region', { name: 'Checklist da visita' })
    for (const item of mission.checklist)
      expect(within(checklist).getByText(item.label)).toBeInTheDocument()
    const times = screen.getByRole('region', { name: 'Tempos a registrar' })
    for (const time of mission.times)
      expect(within(times).getByText(time.label)).toBeInTheDocument()
    const awards = screen.getByRole('region', { name: 'Prêmios disponíveis' })
    const [award] = mission.awards
    expect(within(awards).getByText(award!.title)).toBeInTheDocument()
    expect(within(awards).getByText(new RegExp(`nota mínima ${award!.goal}`))).toHaveTextContent(
      /R\$\s?\d/,
    )
    expect(screen.getByText(task.location.address)).toBeInTheDocument()
    expect(screen.getByText('Prazo')).toBeInTheDocument()
    expect(screen.getByText('Pagamento')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute(
      'href',
      `/tasks/${task.slug}`,
    )
  })

  it('keeps the task facts when the mission cannot load, and retries', async () => {
    const { user, router } = await renderRoute('/tasks')
    const task = startedTask()
    failApi('get', '/missions/:id', 500)
    await router.navigate(`/tasks/${task.slug}/details`)
    expect(await screen.findByText('Não foi possível carregar a missão')).toBeInTheDocument()
    expect(screen.getByText(task.location.address)).toBeInTheDocument()
    fakeServer.resetHandlers()
    await user.click(screen.getByRole('button', { name: 'Tentar de novo' }))
    expect(await screen.findByRole('heading', { name: 'Roteiro' })).toBeInTheDocument()
  })

  it('says when the task does not exist', async () => {
    await renderRoute('/tasks/T-0000/details')
    expect(await screen.findByText('Tarefa não encontrada')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Ver minhas tarefas' })).toHaveAttribute(
      'href',
      '/tasks',
    )
  })
})
