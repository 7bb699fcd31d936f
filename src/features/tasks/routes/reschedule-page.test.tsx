import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { TaskStatusCode } from '@/api/entities'
import { toLocalInputValue } from '@/lib/sao-paulo-time'
import { failApi, fakeBackend, renderRoute } from '@/test/render-route'

// Each screen is a lazy chunk compiled on first use: allow for a slow, busy machine.

const DAY = 24 * 3_600_000

function firstTask(status: TaskStatusCode) {
  const [task] = fakeBackend.db.tasks.findMany((q) =>
    q.where((t) => t.agentId === 'agt_demo' && t.status.code === status),
  )
  return task!
}

async function openReschedule(status: TaskStatusCode = 'started') {
  const rendered = await renderRoute('/tasks')
  const task = firstTask(status)
  await rendered.router.navigate(`/tasks/${task.slug}/reschedule`)
  expect(
    await screen.findByRole('heading', { level: 1, name: 'Reagendar visita' }),
  ).toBeInTheDocument()
  return { ...rendered, task }
}

describe('Reagendar visita', () => {
  it('saves a new date between now and the deadline and goes back to the task', async () => {
    const { user, router, task } = await openReschedule()
    const field = await screen.findByLabelText('Nova data e horário')
    expect(field).toHaveValue(toLocalInputValue(task.scheduledFor))
    expect(field).toHaveAttribute(
      'max',
      toLocalInputValue(Math.floor(Date.parse(task.deadline) / 60_000) * 60_000),
    )
    const when = toLocalInputValue(Date.parse(task.scheduledFor) + DAY)
    fireEvent.change(field, { target: { value: when } })
    await user.click(screen.getByRole('button', { name: 'Salvar nova data' }))
    expect(await screen.findByText('Visita reagendada')).toBeInTheDocument()
    expect(await screen.findByRole('link', { name: 'Fazer check-in' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe(`/tasks/${task.slug}`)
    const saved = fakeBackend.db.tasks.findFirst((q) => q.where({ id: task.id }))!
    expect(toLocalInputValue(saved.scheduledFor)).toBe(when)
  })

  it('refuses a date after the deadline next to the field, keeping it', async () => {
    const { user, task } = await openReschedule()
    const field = await screen.findByLabelText('Nova data e horário')
    const late = toLocalInputValue(Date.parse(task.deadline) + DAY)
    fireEvent.change(field, { target: { value: late } })
    await user.click(screen.getByRole('button', { name: 'Salvar nova data' }))
    expect(
      await screen.findByText('Escolha uma data entre hoje e o prazo da tarefa.'),
    ).toBeInTheDocument()
    expect(field).toHaveAttribute('aria-invalid', 'true')
    expect(field).toHaveValue(late)
    expect(fakeBackend.db.tasks.findFirst((q) => q.where({ id: task.id }))!.scheduledFor).toBe(
      task.scheduledFor,
    )
  })

  it('asks for a date when the field is empty', async () => {
    const { user } = await openReschedule()
    const field = await screen.findByLabelText('Nova data e horário')
    fireEvent.change(field, { target: { value: '' } })
    await user.click(screen.getByRole('button', { name: 'Salvar nova data' }))
    expect(
      await screen.findByText('Escolha a nova data e o horário da visita.'),
    ).toBeInTheDocument()
  })

  it('shows the server’s reason when it refuses', async () => {
    const { user, task } = await openReschedule()
    const field = await screen.findByLabelText('Nova data e horário')
    const when = toLocalInputValue(Date.parse(task.scheduledFor) + DAY)
    fireEvent.change(field, { target: { value: when } })
    failApi('put', '/tasks/:id/schedule', 409, {
      type: 'about:blank',
      title: 'Prazo encerrado',
      status: 409,
      code: 'deadline_passed',
      detail: 'O prazo desta tarefa já passou; não é possível reagendar.',
    })
    await user.click(screen.getByRole('button', { name: 'Salvar nova data' }))
    expect(
      await screen.findByText('O prazo desta tarefa já passou; não é possível reagendar.'),
    ).toBeInTheDocument()
    expect(screen.getByText('Não foi possível reagendar')).toBeInTheDocument()
    expect(field).toHaveValue(when)
  })

  it('does not offer a new date once the task was visited', async () => {
    await openReschedule('visited')
    expect(await screen.findByText('Esta tarefa não pode mais ser reagendada')).toBeInTheDocument()
    expect(screen.queryByLabelText('Nova data e horário')).not.toBeInTheDocument()
  })
})
