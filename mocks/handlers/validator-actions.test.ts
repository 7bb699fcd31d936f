import { getResponse } from 'msw'
import { beforeEach, describe, expect, it } from 'vitest'
import type { Report, Revision, Task } from '@/api/entities'
import { createFakeApi, type FakeApi } from '../testing/fake-api'
import {
  approveReport,
  completeAward,
  contestReport,
  rejectAward,
  rejectReport,
  ValidatorActionError,
} from './revisions'
import {
  checkIn,
  checkOut,
  completeReport,
  JUSTIFICATION,
  NOW,
  newApi,
  storedReport,
  taskIn,
  uploadOk,
} from './report-test-kit'

let api: FakeApi
beforeEach(async () => {
  api = await newApi()
})

const DAY = 24 * 60 * 60 * 1000
const iso = (ms: number) => new Date(ms).toISOString()
const ctx = () => api.backend.context
const storedTask = (id: string) => api.db.tasks.findFirst((q) => q.where({ id }))!
const notificationsOf = (task: Task) =>
  api.db.notifications.findMany((q) =>
    q.where(
      (n) =>
        (n.link ?? '').startsWith(`/tasks/${task.slug}`) && n.createdAt === iso(api.clock.now()),
    ),
  )

async function nominate(task: Task, status: 'created' | 'pending' = 'created') {
  return api.db.awards.create({
    id: `awd_test_${status}`,
    code: 'NOTA10',
    taskId: task.id,
    attendantCode: 'att_1',
    attendantName: 'Renata Moura',
    score: 90,
    status,
    createdAt: iso(NOW - DAY),
  })
}

describe('approveReport', () => {
  it('approves a report in validation: task approved, payout pending for 7 days, nominations in analysis', async () => {
    const task = taskIn(api, 'validating')
    await nominate(task)
    const updated = await approveReport(ctx(), task.id)
    expect(updated.status).toEqual({ code: 'approved', changedAt: iso(NOW) })
    expect(updated.steps.validated).toBe(iso(NOW))
    expect(storedTask(task.id).status.code).toBe('approved')
    const payouts = api.db.transactions.findMany((q) => q.where({ taskId: task.id }))
    expect(payouts).toHaveLength(1)
    expect(payouts[0]).toMatchObject({
      status: 'pending',
      availableAt: iso(NOW + 7 * DAY),
      amountCents: task.payoutCents,
    })
    expect(api.db.awards.findFirst((q) => q.where({ taskId: task.id }))!.status).toBe('pending')
    const [notification] = notificationsOf(task)
    expect(notification).toMatchObject({
      kind: 'task',
      title: 'Tarefa aprovada',
      readAt: null,
      ownerId: 'agt_demo',
    })
    expect(notification!.slug).toBe(`tarefa-aprovada-${task.slug.toLowerCase()}`)
  })

  it('creates the pending payout when the task has none yet, by slug', async () => {
    const task = taskIn(api, 'validating')
    api.db.transactions.deleteMany((q) => q.where({ taskId: task.id }))
    await approveReport(ctx(), task.slug)
    expect(api.db.transactions.findMany((q) => q.where({ taskId: task.id }))).toEqual([
      expect.objectContaining({
        kind: 'task',
        status: 'pending',
        description: `Visita ${task.slug} — ${task.location.name}`,
      }),
    ])
  })

  it.each(['started', 'visited', 'contested', 'approved', 'rejected', 'canceled'] as const)(
    'refuses a task that is %s with the state machine message',
    async (status) => {
      const task = taskIn(api, status)
      const attempt = approveReport(ctx(), task.id)
      await expect(attempt).rejects.toThrow(ValidatorActionError)
      await expect(approveReport(ctx(), task.id)).rejects.toThrow(
        'Só relatórios em validação podem ser aprovados.',
      )
      expect(storedTask(task.id).status).toEqual(task.status)
    },
  )

  it('refuses an unknown task', async () => {
    await expect(approveReport(ctx(), 'tsk_nope')).rejects.toThrow('Tarefa não encontrada.')
  })
})

describe('contestReport', () => {
  it('contests with pendencies: a new open round, earlier rounds closed, the agent notified', async () => {
    const task = taskIn(api, 'validating')
    const first = await contestReport(ctx(), task.id, [
      { section: 'evidences', message: 'A foto da fachada está escura.' },
    ])
    expect(first.status).toEqual({ code: 'contested', changedAt: iso(NOW) })
    const round1 = api.db.revisions.findFirst((q) => q.where({ taskId: task.id, round: 1 }))!
    expect(round1).toMatchObject({
      id: `rev_${task.slug.slice(2)}_1`,
      reportId: task.reportId,
      status: 'open',
    })
    expect(round1.pendencies).toEqual([
      {
        id: expect.stringMatching(/^pen_/),
        section: 'evidences',
        message: 'A foto da fachada está escura.',
      },
    ])
    const [notification] = notificationsOf(task)
    expect(notification).toMatchObject({
      kind: 'validation',
      link: `/tasks/${task.slug}/validation`,
      title: 'Relatório com pendências',
    })

    // The agent answers; the validator contests again: round 2 opens, round 1 closes.
    const answers = round1.pendencies.map((p) => ({
      pendencyId: p.id,
      justification: JUSTIFICATION,
    }))
    expect(
      (await api.call('PUT', `/revisions/${round1.id}/answers`, { body: { answers } })).status,
    ).toBe(200)
    api.clock.advance(DAY)
    await contestReport(ctx(), task.id, [
      { section: 'times', field: 'atendimento', message: 'Confirme o tempo de atendimento.' },
      { section: 'attendants', message: 'Informe o sobrenome da atendente.' },
    ])
    const rounds = api.db.revisions
      .findMany((q) => q.where({ taskId: task.id }))
      .sort((a, b) => a.round - b.round)
    expect(rounds.map((r) => [r.round, r.status])).toEqual([
      [1, 'closed'],
      [2, 'open'],
    ])
    expect(rounds[1]!.pendencies[0]).toMatchObject({ section: 'times', field: 'atendimento' })
    const current = await api.call<Revision>('GET', `/reports/${task.reportId}/revisions/current`)
    expect(current.body.round).toBe(2)
    expect(
      api.db.notifications.findMany((q) =>
        q.where({ kind: 'validation', link: `/tasks/${task.slug}/validation` }),
      ).length,
    ).toBeGreaterThanOrEqual(2)
  })

  it('refuses no pendencies, empty messages and tasks not in validation', async () => {
    const task = taskIn(api, 'validating')
    await expect(contestReport(ctx(), task.id, [])).rejects.toThrow(
      'Informe pelo menos uma pendência.',
    )
    await expect(
      contestReport(ctx(), task.id, [{ section: 'answers', message: '  ' }]),
    ).rejects.toThrow(ValidatorActionError)
    await expect(
      contestReport(ctx(), taskIn(api, 'approved').id, [{ section: 'answers', message: 'x' }]),
    ).rejects.toThrow('Só relatórios em validação podem receber pendências.')
    expect(storedTask(task.id).status.code).toBe('validating')
    expect(api.db.revisions.findMany((q) => q.where({ taskId: task.id }))).toEqual([])
  })
})

describe('rejectReport', () => {
  it('rejects with a reason: no payout, nominations not granted, the agent notified', async () => {
    const task = taskIn(api, 'validating')
    await nominate(task, 'pending')
    expect(api.db.transactions.findMany((q) => q.where({ taskId: task.id }))).toHaveLength(1)
    const updated = await rejectReport(ctx(), task.id, '  O cupom fiscal é de outra loja.  ')
    expect(updated.status).toEqual({
      code: 'rejected',
      changedAt: iso(NOW),
      reason: 'O cupom fiscal é de outra loja.',
    })
    expect(api.db.transactions.findMany((q) => q.where({ taskId: task.id }))).toEqual([])
    expect(api.db.awards.findFirst((q) => q.where({ taskId: task.id }))!.status).toBe('rejected')
    expect(notificationsOf(task)[0]).toMatchObject({
      title: 'Relatório reprovado',
      body: expect.stringContaining('O cupom fiscal é de outra loja.'),
    })
  })

  it('refuses an empty reason and tasks not in validation', async () => {
    const task = taskIn(api, 'validating')
    await expect(rejectReport(ctx(), task.id, ' ')).rejects.toThrow(
      'Informe o motivo da reprovação.',
    )
    await expect(
      rejectReport(ctx(), taskIn(api, 'visited').id, 'Fotos de outra loja.'),
    ).rejects.toThrow('Só relatórios em validação podem ser reprovados.')
    expect(storedTask(task.id).status.code).toBe('validating')
  })
})

describe('completeAward and rejectAward: the validator decides a nomination in analysis', () => {
  const stored = (id: string) => api.db.awards.findFirst((q) => q.where({ id }))!
  const awardNotifications = () =>
    api.db.notifications.findMany((q) =>
      q.where((n) => (n.link ?? '').startsWith('/account/details/awards/')),
    )

  it('grants one: the nomination is complete and the agent is told who won what', async () => {
    const task = taskIn(api, 'validating')
    const award = await nominate(task, 'pending')
    const granted = await completeAward(ctx(), award.id)
    expect(granted.status).toBe('complete')
    expect(stored(award.id).status).toBe('complete')
    expect(awardNotifications()[0]).toMatchObject({
      kind: 'task',
      title: 'Prêmio concedido',
      body: expect.stringContaining('Renata Moura'),
      link: '/account/details/awards/NOTA10',
    })
  })

  it('refuses one: not granted, and the agent is told', async () => {
    const task = taskIn(api, 'validating')
    const award = await nominate(task, 'pending')
    expect((await rejectAward(ctx(), award.id)).status).toBe('rejected')
    expect(awardNotifications()[0]).toMatchObject({ title: 'Prêmio não concedido' })
  })

  it('only a nomination in analysis can be decided, once', async () => {
    const task = taskIn(api, 'validating')
    const created = await nominate(task, 'created')
    await expect(completeAward(ctx(), created.id)).rejects.toThrow(
      'Só indicações em análise podem ser concedidas ou recusadas.',
    )
    expect(stored(created.id).status).toBe('created')
    await api.db.awards.update((q) => q.where({ id: created.id }), {
      data(a) {
        a.status = 'pending'
      },
    })
    await completeAward(ctx(), created.id)
    await expect(rejectAward(ctx(), created.id)).rejects.toBeInstanceOf(ValidatorActionError)
    expect(stored(created.id).status).toBe('complete')
    await expect(completeAward(ctx(), 'awd_none')).rejects.toThrow('Indicação não encontrada.')
  })

  it('through the control plane: POST __fake/awards/{id}/complete or /reject', async () => {
    const control = await createFakeApi({ controlApi: true })
    const task = control.db.tasks.findFirst((q) => q.where({ status: { code: 'validating' } }))!
    const award = await control.db.awards.create({
      id: 'awd_control',
      code: 'NOTA10',
      taskId: task.id,
      attendantCode: 'att_1',
      attendantName: 'Renata Moura',
      score: 90,
      status: 'pending',
      createdAt: iso(NOW),
    })
    const post = async (path: string) => {
      const origin = 'http://fake.test'
      const response = await getResponse(
        control.backend.handlers,
        new Request(`${origin}${control.backend.context.baseUrl}/__fake/${path}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: '{}',
        }),
        { baseUrl: origin },
      )
      return { status: response!.status, body: (await response!.json()) as Record<string, unknown> }
    }
    expect(await post(`awards/${award.id}/complete`)).toMatchObject({
      status: 200,
      body: { id: award.id, status: 'complete' },
    })
    const mine = await control.call('GET', '/awards/mine')
    expect(mine.body.items).toContainEqual(
      expect.objectContaining({ id: award.id, status: 'complete' }),
    )
    expect((await post(`awards/${award.id}/reject`)).status).toBe(409)
    expect((await post(`awards/${award.id}/grant`)).status).toBe(404)
  })
})

describe('a full visit', () => {
  it.each([0, 1])(
    'started task #%i: check-in, uploads, report, checkout, submit, contest, answer, approve',
    async (index) => {
      const task = taskIn(api, 'started', index)
      expect(task.steps.checkin).toBeUndefined()

      const checkedIn = await checkIn(api, task)
      expect(checkedIn.steps.checkin).toMatchObject({
        lat: task.location.lat,
        lng: task.location.lng,
        accuracy: 10,
      })

      // An extra photo the agent later removes from the report.
      const discarded = await uploadOk(api, task)
      const body = await completeReport(api, task)
      expect(body.evidenceIds).not.toContain(discarded.id)
      const saved = await api.call<Report>('PUT', `/reports/${task.reportId}`, { body })
      expect(saved.status).toBe(200)
      expect(saved.body.score).toBe(100)
      expect(saved.body.evidences.map((e) => e.id)).toEqual(body.evidenceIds)

      const award = (await api.call('GET', `/missions/${task.missionId}`)).body.awards[0]
      const nominated = await api.call('POST', '/awards/', {
        body: { code: award.code, taskId: task.id, attendantCode: 'att_1' },
      })
      expect(nominated.status).toBe(201)

      const visited = await checkOut(api, task)
      expect(visited.status.code).toBe('visited')

      const submitted = await api.call<{ report: Report; task: Task }>(
        'POST',
        `/reports/${task.reportId}/submission`,
        {
          body: { version: saved.body.version },
        },
      )
      expect(submitted.status).toBe(200)
      expect(submitted.body.task.status.code).toBe('validating')
      expect(submitted.body.report.submittedAt).toBe(iso(NOW))
      expect(api.db.transactions.findFirst((q) => q.where({ taskId: task.id }))).toMatchObject({
        status: 'pending',
      })

      // Once submitted the report is read-only.
      const late = await api.call('PUT', `/reports/${task.reportId}`, {
        body: { ...body, version: saved.body.version },
      })
      expect(late.status).toBe(409)

      api.clock.advance(DAY)
      await contestReport(ctx(), task.id, [
        { section: 'evidences', message: 'A foto da fachada está desfocada.' },
        { section: 'times', field: body.times[0]!.code, message: 'Confirme o tempo.' },
      ])
      expect(storedTask(task.id).status.code).toBe('contested')
      const revision = await api.call<Revision>(
        'GET',
        `/reports/${task.reportId}/revisions/current`,
      )
      expect(revision.body).toMatchObject({ status: 'open', round: 1 })

      // A new photo for the pendency, then the answers.
      const newPhoto = await uploadOk(api, task)
      const answered = await api.call<Revision>('PUT', `/revisions/${revision.body.id}/answers`, {
        body: {
          answers: [
            {
              pendencyId: revision.body.pendencies[0]!.id,
              justification: JUSTIFICATION,
              correctedValue: newPhoto.id,
            },
            {
              pendencyId: revision.body.pendencies[1]!.id,
              justification: JUSTIFICATION,
              correctedValue: '02:30',
            },
          ],
        },
      })
      expect(answered.status).toBe(200)
      expect(answered.body.status).toBe('answered')
      expect(storedTask(task.id).status.code).toBe('validating')

      api.clock.advance(DAY)
      const approved = await approveReport(ctx(), task.id)
      expect(approved.status.code).toBe('approved')
      expect(approved.steps).toMatchObject({ submitted: iso(NOW), validated: iso(NOW + 2 * DAY) })
      expect(api.db.transactions.findFirst((q) => q.where({ taskId: task.id }))).toMatchObject({
        status: 'pending',
        availableAt: iso(NOW + 9 * DAY),
      })
      expect(api.db.awards.findFirst((q) => q.where({ taskId: task.id }))!.status).toBe('pending')
      expect(api.db.revisions.findFirst((q) => q.where({ taskId: task.id }))!.status).toBe('closed')
      expect(storedReport(api, task).evidences.map((e) => e.id)).toEqual([
        ...body.evidenceIds,
        newPhoto.id,
      ])

      // Terminal: nothing else happens to it.
      await expect(
        contestReport(ctx(), task.id, [{ section: 'answers', message: 'x' }]),
      ).rejects.toThrow(ValidatorActionError)
      const task2 = (await api.call<Task>('GET', `/tasks/${task.slug}`)).body
      expect(task2.status.code).toBe('approved')
    },
  )
})
