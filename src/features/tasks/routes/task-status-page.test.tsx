import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { TaskStatusCode } from '@/api/entities'
import { API, fakeBackend, fakeServer, renderRoute } from '@/test/render-route'
import { timelineOf } from './task-status-page'

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

const requests: string[] = []
fakeServer.events.on('request:start', ({ request }) => {
  requests.push(new URL(request.url).pathname.slice(new URL(API, 'http://x').pathname.length))
})
const requestedPaths = () => requests

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

  it('shows the validator’s round of pendencies, and when it was answered', async () => {
    const { task } = await openStatus('contested')
    const revision = fakeBackend.db.revisions.findFirst((q) =>
      q.where((r) => r.taskId === task.id && r.status === 'open'),
    )!
    const count = revision.pendencies.length
    const stepOfRound = async () =>
      (await screen.findByText(/^Pendências do validador/)).closest('li')!
    // The round's size comes with the revision, read after the task.
    await waitFor(async () =>
      expect(await stepOfRound()).toHaveTextContent(
        count === 1 ? '1 pendência' : `${count} pendências`,
      ),
    )
    const round = screen.getByText(/^Pendências do validador/)
    const step = round.closest('li')!
    expect(step).toHaveTextContent(/\d{2}\/\d{2}\/\d{4}/)
    const labels = timelineSteps().map((s) => s.querySelector('strong')?.textContent)
    expect(labels.indexOf(round.textContent)).toBe(labels.indexOf('Relatório enviado') + 1)
    const answered = within(timelineSteps()[labels.indexOf('Pendências respondidas')]!)
    expect(answered.getByText('Ainda não')).toBeInTheDocument()
  })

  it('dates an answered round by its last answer', () => {
    const at = (h: number) => new Date(Date.UTC(2026, 10, 20, h)).toISOString()
    const validating = firstTask('validating')
    const task = { ...validating, steps: { ...validating.steps, contested: at(10) } }
    const steps = timelineOf(task, {
      id: 'rev_1',
      reportId: task.reportId,
      taskId: task.id,
      round: 2,
      createdAt: at(10),
      status: 'answered',
      pendencies: [
        {
          id: 'p1',
          section: 'evidences',
          message: 'Foto',
          resolution: { justification: 'x'.repeat(50), at: at(12) },
        },
        {
          id: 'p2',
          section: 'times',
          message: 'Tempo',
          resolution: { justification: 'y'.repeat(50), at: at(13) },
        },
      ],
    })
    expect(steps.map((s) => [s.label, s.at, s.note])).toEqual(
      expect.arrayContaining([
        ['Pendências do validador (2ª rodada)', at(10), '2 pendências'],
        ['Pendências respondidas', at(13), undefined],
      ]),
    )
  })

  it('asks for no revision when the task never had pendencies', async () => {
    const { task } = await openStatus('approved')
    expect(task.steps.contested).toBeUndefined()
    expect(screen.queryByText(/^Pendências do validador/)).not.toBeInTheDocument()
    expect(requestedPaths()).toContain(`/tasks/${task.slug}`)
    expect(requestedPaths()).not.toContain(`/reports/${task.reportId}/revisions/current`)
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
