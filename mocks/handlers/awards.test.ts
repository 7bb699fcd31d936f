import { beforeEach, describe, expect, it } from 'vitest'
import type { AwardGiven } from '@/api/entities'
import type { FakeApi } from '../testing/fake-api'
import { catalogueOfTask, NOW, newApi, savedVisit, storedReport, taskIn } from './report-test-kit'

let api: FakeApi
beforeEach(async () => {
  api = await newApi()
})

async function perfectVisit() {
  const { task, report } = await savedVisit(api, 0, 'perfect')
  const award = catalogueOfTask(api, task).mission.awards[0]!
  return {
    task,
    report,
    award,
    body: { code: award.code, taskId: task.id, attendantCode: report.attendants[0]!.code },
  }
}

describe('POST /awards/', () => {
  it('nominates an attendant when the score reaches the goal', async () => {
    const { task, report, award, body } = await perfectVisit()
    expect(report.score).toBeGreaterThanOrEqual(award.goal)
    const res = await api.call<AwardGiven>('POST', '/awards/', { body })
    expect(res.status).toBe(201)
    expect(res.body).toEqual({
      id: expect.stringMatching(/^awd_/),
      code: award.code,
      taskId: task.id,
      attendantCode: 'att_1',
      attendantName: report.attendants[0]!.name,
      score: 100,
      status: 'created',
      createdAt: new Date(NOW).toISOString(),
    })
    const stored = storedReport(api, task)
    expect(stored.awards).toEqual([res.body.id])
    expect(stored.version).toBe(report.version)
  })

  it('accepts the task slug as taskId', async () => {
    const { task, body } = await perfectVisit()
    const res = await api.call<AwardGiven>('POST', '/awards/', {
      body: { ...body, taskId: task.slug },
    })
    expect(res.status).toBe(201)
    expect(res.body.taskId).toBe(task.id)
  })

  it('refuses a second nomination for the same award with 409 award_already_given', async () => {
    const { award, body } = await perfectVisit()
    expect((await api.call('POST', '/awards/', { body })).status).toBe(201)
    const again = await api.call('POST', '/awards/', { body })
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({
      code: 'award_already_given',
      detail: `O prêmio “${award.title}” já foi indicado nesta visita.`,
    })
    expect(api.db.awards.count()).toBe(1)
  })

  it('refuses a score below the goal with 422 award_below_goal', async () => {
    const { task, report } = await savedVisit(api, 1, 'poor')
    const award = catalogueOfTask(api, task).mission.awards[0]!
    const res = await api.call('POST', '/awards/', {
      body: { code: award.code, taskId: task.id, attendantCode: report.attendants[0]!.code },
    })
    expect(res.status).toBe(422)
    expect(res.body).toMatchObject({
      code: 'award_below_goal',
      detail: `A nota da visita (${report.score}) não alcança a meta do prêmio (${award.goal}).`,
    })
    expect(api.db.awards.count()).toBe(0)
  })

  it('refuses an award outside the mission and an attendant outside the report with 422 fields', async () => {
    const { body } = await perfectVisit()
    const res = await api.call('POST', '/awards/', {
      body: { ...body, code: 'CONSULTOR', attendantCode: 'att_9' },
    })
    expect(res.status).toBe(422)
    expect(res.body.fields).toEqual([
      { field: 'code', message: 'Este prêmio não faz parte da missão da tarefa.' },
      { field: 'attendantCode', message: 'Este atendente não está no relatório da visita.' },
    ])
  })

  it('refuses with 409 when the report can no longer change', async () => {
    const task = taskIn(api, 'validating')
    const report = storedReport(api, task)
    const award = catalogueOfTask(api, task).mission.awards[0]!
    const res = await api.call('POST', '/awards/', {
      body: { code: award.code, taskId: task.id, attendantCode: report.attendants[0]!.code },
    })
    expect(res.status).toBe(409)
    expect(res.body).toMatchObject({
      code: 'transition_refused',
      detail: 'O relatório já foi enviado e não pode mais ser alterado.',
    })
  })

  it("answers 404 for a task that is not the agent's", async () => {
    const { body } = await perfectVisit()
    const offered = api.db.tasks.findFirst((q) => q.where({ agentId: '' }))!
    expect(
      (await api.call('POST', '/awards/', { body: { ...body, taskId: offered.id } })).status,
    ).toBe(404)
    expect(
      (await api.call('POST', '/awards/', { body: { ...body, taskId: 'tsk_nope' } })).status,
    ).toBe(404)
  })

  it('refuses a body without the required fields with 422', async () => {
    const res = await api.call('POST', '/awards/', { body: { code: 'NOTA10' } })
    expect(res.status).toBe(422)
    expect(res.body.fields.map((f: { field: string }) => f.field).sort()).toEqual([
      'attendantCode',
      'taskId',
    ])
  })

  it('answers 401 without a token', async () => {
    const { body } = await perfectVisit()
    expect((await api.call('POST', '/awards/', { body, token: null })).status).toBe(401)
  })

  it('replays a repeated Idempotency-Key: same award, created once', async () => {
    const { task, body } = await perfectVisit()
    const first = await api.call('POST', '/awards/', {
      body,
      idempotencyKey: 'award-nominate-0001',
    })
    const second = await api.call('POST', '/awards/', {
      body,
      idempotencyKey: 'award-nominate-0001',
    })
    expect(second.status).toBe(201)
    expect(second.body).toEqual(first.body)
    expect(api.db.awards.count()).toBe(1)
    expect(storedReport(api, task).awards).toEqual([first.body.id])
  })
})
