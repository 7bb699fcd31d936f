import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { TaskStatusCode } from '@/api/entities'
import { failApi, fakeBackend, fakeServer, renderRoute } from '@/test/render-route'

// Each screen is a lazy chunk compiled on first use: allow for a slow, busy machine.

function firstTask(status: TaskStatusCode) {
  const [task] = fakeBackend.db.tasks.findMany((q) =>
    q.where((t) => t.agentId === 'agt_demo' && t.status.code === status),
  )
  return task!
}

async function openHub(status: TaskStatusCode, options: Parameters<typeof renderRoute>[1] = {}) {
  const rendered = await renderRoute('/tasks', options)
  const task = firstTask(status)
  await rendered.router.navigate(`/tasks/${task.slug}`)
  await screen.findByRole('heading', { level: 1, name: task.title })
  return { ...rendered, task }
}

const justification =
  'A loja vai estar fechada para reforma durante toda a semana da visita, confirmei por telefone.'

describe('Tarefa (hub)', () => {
  it('shows place, map link, date, pay and status, with check-in as the main step', async () => {
    const { task } = await openHub('started')
    expect(screen.getByText(task.slug)).toBeInTheDocument()
    expect(screen.getByText('Agendada')).toBeInTheDocument()
    expect(screen.getByText(task.location.address)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: /^Abrir .* no mapa/ })).toHaveAttribute(
      'href',
      `https://www.google.com/maps/search/?api=1&query=${task.location.lat},${task.location.lng}`,
    )
    expect(screen.getByText(/R\$\s?\d/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Fazer check-in' })).toHaveAttribute(
      'href',
      `/tasks/${task.slug}/checkin`,
    )
    const more = screen.getByRole('navigation', { name: 'Outras ações' })
    expect(within(more).getByRole('link', { name: 'Detalhes' })).toHaveAttribute(
      'href',
      `/tasks/${task.slug}/details`,
    )
    expect(within(more).getByRole('link', { name: 'Ver status' })).toHaveAttribute(
      'href',
      `/tasks/${task.slug}/status`,
    )
    expect(within(more).getByRole('link', { name: 'Reagendar' })).toHaveAttribute(
      'href',
      `/tasks/${task.slug}/reschedule`,
    )
    expect(within(more).getByRole('button', { name: 'Cancelar tarefa' })).toBeInTheDocument()
  })

  it('continues a visit already checked in', async () => {
    const rendered = await renderRoute('/tasks')
    const task = firstTask('started')
    await fakeBackend.db.tasks.update((q) => q.where({ id: task.id }), {
      data(t) {
        t.steps.checkin = {
          at: new Date().toISOString(),
          lat: t.location.lat,
          lng: t.location.lng,
          accuracy: 10,
        }
      },
    })
    await rendered.router.navigate(`/tasks/${task.slug}`)
    expect(await screen.findByRole('link', { name: 'Continuar visita' })).toHaveAttribute(
      'href',
      `/tasks/${task.slug}/checkin`,
    )
    expect(screen.queryByRole('link', { name: 'Reagendar' })).not.toBeInTheDocument()
  })

  it.each([
    ['visited', 'Preencher relatório', '/report'],
    ['contested', 'Responder pendências', '/validation'],
    ['approved', 'Ver relatório', '/status'],
    ['rejected', 'Ver relatório', '/status'],
  ] as const)('offers the next step of a %s task', async (status, label, path) => {
    const { task } = await openHub(status)
    expect(screen.getByRole('link', { name: label })).toHaveAttribute(
      'href',
      `/tasks/${task.slug}${path}`,
    )
    expect(screen.queryByRole('link', { name: 'Reagendar' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Cancelar tarefa' })).not.toBeInTheDocument()
  })

  it('says it is waiting for the validation of a submitted report', async () => {
    await openHub('validating')
    expect(screen.getByText('Aguardando a validação do relatório')).toBeInTheDocument()
    expect(screen.getAllByRole('link', { name: 'Ver status' }).length).toBeGreaterThan(0)
  })

  it('shows why a task was rejected', async () => {
    const { task } = await openHub('rejected')
    expect(screen.getByText('Motivo da reprovação')).toBeInTheDocument()
    expect(screen.getByText(task.status.reason!)).toBeInTheDocument()
  })

  it('cancels only with a justification of at least 50 characters, keeping what was typed', async () => {
    const { user, task } = await openHub('started')
    await user.click(screen.getByRole('button', { name: 'Cancelar tarefa' }))
    const sheet = await screen.findByRole('dialog', { name: 'Cancelar tarefa' })
    const field = within(sheet).getByLabelText('Justificativa')
    await user.type(field, 'Loja fechada')
    expect(within(sheet).getByText('12/1000')).toBeInTheDocument()
    await user.click(within(sheet).getByRole('button', { name: 'Cancelar a tarefa' }))
    expect(within(sheet).getByRole('alert')).toHaveTextContent(
      'Escreva pelo menos 50 caracteres (faltam 38).',
    )
    expect(field).toHaveAttribute('aria-invalid', 'true')
    expect(field).toHaveValue('Loja fechada')
    expect(fakeBackend.db.tasks.findFirst((q) => q.where({ id: task.id }))!.status.code).toBe(
      'started',
    )

    await user.clear(field)
    await user.type(field, justification)
    expect(within(sheet).getByText(`${justification.length}/1000`)).toBeInTheDocument()
    await user.click(within(sheet).getByRole('button', { name: 'Cancelar a tarefa' }))
    expect(await screen.findByText('Tarefa cancelada')).toBeInTheDocument()
    expect(await screen.findByText('Cancelada')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Cancelar tarefa' })).not.toBeInTheDocument()
    expect(fakeBackend.db.tasks.findFirst((q) => q.where({ id: task.id }))!.status).toMatchObject({
      code: 'canceled',
      reason: justification,
    })
  })

  it('keeps the justification when canceling fails', async () => {
    const { user } = await openHub('started')
    await user.click(screen.getByRole('button', { name: 'Cancelar tarefa' }))
    const sheet = await screen.findByRole('dialog', { name: 'Cancelar tarefa' })
    const field = within(sheet).getByLabelText('Justificativa')
    await user.type(field, justification)
    failApi('post', '/tasks/:id/cancel', 409, {
      type: 'about:blank',
      title: 'Ação recusada',
      status: 409,
      code: 'transition_refused',
      detail: 'Só é possível cancelar tarefas que ainda não foram visitadas.',
    })
    await user.click(within(sheet).getByRole('button', { name: 'Cancelar a tarefa' }))
    expect(
      await within(sheet).findByText(
        'Só é possível cancelar tarefas que ainda não foram visitadas.',
      ),
    ).toBeInTheDocument()
    expect(field).toHaveValue(justification)
    fakeServer.resetHandlers()
  })

  it('says when the task does not exist, with a link to the tasks', async () => {
    const { user, router } = await renderRoute('/tasks/T-0000')
    expect(await screen.findByText('Tarefa não encontrada')).toBeInTheDocument()
    await user.click(screen.getByRole('link', { name: 'Ver minhas tarefas' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Tarefas' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/tasks')
  })

  it('says so when the task cannot load, and retries', async () => {
    failApi('get', '/tasks/:id', 500)
    const { user } = await renderRoute('/tasks/T-4826')
    expect(await screen.findByText('Não foi possível carregar a tarefa')).toBeInTheDocument()
    fakeServer.resetHandlers()
    await user.click(screen.getByRole('button', { name: 'Tentar de novo' }))
    expect(await screen.findByRole('link', { name: 'Fazer check-in' })).toBeInTheDocument()
  })
})
