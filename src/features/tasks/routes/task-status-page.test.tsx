import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { TaskStatusCode } from '@/api/entities'
import { fakeBackend, renderRoute } from '@/test/render-route'

// Each screen is a lazy chunk compiled on first use: allow for a slow, busy machine.

function firstTask(status: TaskStatusCode) {
  const [task] = fakeBackend.db.tasks.findMany((q) =>
    q.where((t) => t.agentId === 'agt_demo' && t.status.code === status),
  )
  return task!
}

async function openStatus(status: TaskStatusCode) {
  const rendered = await renderRoute('/tasks')
  const task = firstTask(status)
  await rendered.router.navigate(`/tasks/${task.slug}/status`)
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Status da tarefa' }),
  ).toBeInTheDocument()
  await screen.findByRole('region', { name: 'Linha do tempo' })
  return { ...rendered, task }
}

function timelineSteps() {
  const timeline = screen.getByRole('region', { name: 'Linha do tempo' })
  return within(timeline).getAllByRole('listitem')
}

describe('Status da tarefa', () => {
  it('shows every step of an approved task with its time, and links to the submitted report', async () => {
    const { task } = await openStatus('approved')
    const steps = timelineSteps()
    expect(steps.map((s) => s.querySelector('strong')?.textContent)).toEqual([
      'Aceita',
      'Check-in',
      'Check-out',
      'Relatório enviado',
      'Validada',
    ])
    for (const step of steps) expect(step).toHaveTextContent(/\d{2}\/\d{2}\/\d{4}/)
    expect(screen.getByText('Aprovada')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Ver relatório enviado' })).toHaveAttribute(
      'href',
      `/tasks/${task.slug}/status/answers`,
    )
  })

  it('marks the steps still ahead of a scheduled task', async () => {
    await openStatus('started')
    const steps = timelineSteps()
    expect(steps[0]).toHaveTextContent(/\d{2}\/\d{2}\/\d{4}/)
    for (const step of steps.slice(1)) expect(step).toHaveTextContent('Ainda não')
    expect(screen.queryByRole('link', { name: 'Ver relatório enviado' })).not.toBeInTheDocument()
  })

  it('says when the check-out was made offline', async () => {
    const rendered = await renderRoute('/tasks')
    const task = firstTask('visited')
    await fakeBackend.db.tasks.update((q) => q.where({ id: task.id }), {
      data(t) {
        t.steps.checkout = { at: t.steps.checkout!.at, offline: true }
      },
    })
    await rendered.router.navigate(`/tasks/${task.slug}/status`)
    await screen.findByRole('region', { name: 'Linha do tempo' })
    expect(timelineSteps()[2]).toHaveTextContent(
      'Feito sem conexão e enviado quando a internet voltou.',
    )
  })

  it('shows the reason of a rejected task', async () => {
    const { task } = await openStatus('rejected')
    expect(screen.getByText('Reprovada')).toBeInTheDocument()
    expect(screen.getByText('Motivo da reprovação')).toBeInTheDocument()
    expect(screen.getByText(task.status.reason!)).toBeInTheDocument()
  })

  it('shows the reason of a canceled task', async () => {
    const { task } = await openStatus('canceled')
    expect(screen.getByText('Motivo do cancelamento')).toBeInTheDocument()
    expect(screen.getByText(task.status.reason!)).toBeInTheDocument()
  })

  it('says when the task does not exist', async () => {
    await renderRoute('/tasks/T-0000/status')
    expect(await screen.findByText('Tarefa não encontrada')).toBeInTheDocument()
  })
})
