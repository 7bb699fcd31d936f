import { screen, within } from '@testing-library/react'
import type { UserEvent } from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { TaskStatusCode } from '@/api/entities'
import { dateTimeTextAt, toLocalInputValue } from '@/lib/sao-paulo-time'
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

/** The two parts of "Nova data e horário": dd/mm/aaaa and hh:mm. */
async function findField() {
  const group = await screen.findByRole('group', { name: 'Nova data e horário' })
  return { date: within(group).getByLabelText('Data'), time: within(group).getByLabelText('Hora') }
}

/** Types an instant as the agent would: its São Paulo day and time. */
async function typeWhen(user: UserEvent, field: Awaited<ReturnType<typeof findField>>, at: number) {
  const text = dateTimeTextAt(at)
  await user.clear(field.date)
  await user.type(field.date, text.date)
  await user.clear(field.time)
  await user.type(field.time, text.time)
  return text
}

describe('Reagendar visita', () => {
  it('saves a new date between now and the deadline and goes back to the task', async () => {
    const { user, router, task } = await openReschedule()
    const field = await findField()
    // The current date, as a pt-BR agent reads it (São Paulo time).
    expect(field.date).toHaveValue(dateTimeTextAt(task.scheduledFor).date)
    expect(field.time).toHaveValue(dateTimeTextAt(task.scheduledFor).time)
    const whenMs = Date.parse(task.scheduledFor) + DAY
    await typeWhen(user, field, whenMs)
    const when = toLocalInputValue(whenMs)
    await user.click(screen.getByRole('button', { name: 'Salvar nova data' }))
    expect(await screen.findByText('Visita reagendada')).toBeInTheDocument()
    expect(await screen.findByRole('link', { name: 'Fazer check-in' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe(`/tasks/${task.slug}`)
    const saved = fakeBackend.db.tasks.findFirst((q) => q.where({ id: task.id }))!
    expect(toLocalInputValue(saved.scheduledFor)).toBe(when)
  })

  it('refuses a date after the deadline next to the field, keeping it', async () => {
    const { user, task } = await openReschedule()
    const field = await findField()
    const late = await typeWhen(user, field, Date.parse(task.deadline) + DAY)
    await user.click(screen.getByRole('button', { name: 'Salvar nova data' }))
    expect(
      await screen.findByText('Escolha uma data entre hoje e o prazo da tarefa.'),
    ).toBeInTheDocument()
    expect(field.date).toHaveAttribute('aria-invalid', 'true')
    expect(field.date).toHaveValue(late.date)
    expect(field.time).toHaveValue(late.time)
    expect(fakeBackend.db.tasks.findFirst((q) => q.where({ id: task.id }))!.scheduledFor).toBe(
      task.scheduledFor,
    )
  })

  it('asks for a date when the field is empty', async () => {
    const { user } = await openReschedule()
    const field = await findField()
    await user.clear(field.date)
    await user.click(screen.getByRole('button', { name: 'Salvar nova data' }))
    expect(
      await screen.findByText('Escolha a nova data e o horário da visita.'),
    ).toBeInTheDocument()
  })

  it('shows the server’s reason when it refuses', async () => {
    const { user, task } = await openReschedule()
    const field = await findField()
    const when = await typeWhen(user, field, Date.parse(task.scheduledFor) + DAY)
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
    expect(field.date).toHaveValue(when.date)
    expect(field.time).toHaveValue(when.time)
  })

  it('does not offer a new date once the task was visited', async () => {
    await openReschedule('visited')
    expect(await screen.findByText('Esta tarefa não pode mais ser reagendada')).toBeInTheDocument()
    expect(screen.queryByRole('group', { name: 'Nova data e horário' })).not.toBeInTheDocument()
  })
})
