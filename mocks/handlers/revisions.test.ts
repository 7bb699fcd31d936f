import { beforeEach, describe, expect, it } from 'vitest'
import type { Revision } from '@/api/entities'
import type { FakeApi } from '../testing/fake-api'
import { JUSTIFICATION, NOW, newApi, taskIn } from './report-test-kit'

let api: FakeApi
beforeEach(async () => {
  api = await newApi()
})

function contested() {
  const task = taskIn(api, 'contested')
  const revision = api.db.revisions.findFirst((q) => q.where({ taskId: task.id }))!
  return { task, revision }
}

const answersFor = (revision: Revision) =>
  revision.pendencies.map((p, i) => ({
    pendencyId: p.id,
    justification: `${JUSTIFICATION} (${i + 1})`,
  }))

describe('GET /reports/{id}/revisions/current', () => {
  it('reads the latest round of a contested report', async () => {
    const { task, revision } = contested()
    const res = await api.call<Revision>('GET', `/reports/${task.reportId}/revisions/current`)
    expect(res.status).toBe(200)
    expect(res.body).toEqual(JSON.parse(JSON.stringify(revision)))
    expect(res.body).toMatchObject({ status: 'open', round: 1 })
    expect(res.body.pendencies).toHaveLength(2)
  })

  it('answers 404 for a report never contested, a report not of the agent, and 401 without a token', async () => {
    const validating = taskIn(api, 'validating')
    const none = await api.call('GET', `/reports/${validating.reportId}/revisions/current`)
    expect(none.status).toBe(404)
    expect(none.body.detail).toBe('Este relatório não tem revisões do validador.')
    expect((await api.call('GET', '/reports/rep_nope/revisions/current')).status).toBe(404)
    const { task } = contested()
    expect(
      (await api.call('GET', `/reports/${task.reportId}/revisions/current`, { token: null }))
        .status,
    ).toBe(401)
  })
})

describe('PUT /revisions/{id}/answers', () => {
  it('answers every pendency: revision answered with resolutions, task back to validating', async () => {
    const { task, revision } = contested()
    const answers = answersFor(revision)
    answers[1] = { ...answers[1]!, correctedValue: '04:10' } as (typeof answers)[number]
    const res = await api.call<Revision>('PUT', `/revisions/${revision.id}/answers`, {
      body: { answers },
    })
    expect(res.status).toBe(200)
    const at = new Date(NOW).toISOString()
    expect(res.body.status).toBe('answered')
    expect(res.body.pendencies.map((p) => p.resolution)).toEqual([
      { justification: answers[0]!.justification, at },
      { justification: answers[1]!.justification, correctedValue: '04:10', at },
    ])
    const stored = api.db.tasks.findFirst((q) => q.where({ id: task.id }))!
    expect(stored.status).toEqual({ code: 'validating', changedAt: at })
    const current = await api.call<Revision>('GET', `/reports/${task.reportId}/revisions/current`)
    expect(current.body).toEqual(res.body)
  })

  it('refuses a short justification with the pt-BR message on answers.N.justification', async () => {
    const { task, revision } = contested()
    const answers = answersFor(revision)
    answers[1]!.justification = '   Foto ok.   '
    const res = await api.call('PUT', `/revisions/${revision.id}/answers`, { body: { answers } })
    expect(res.status).toBe(422)
    expect(res.body.fields).toEqual([
      {
        field: 'answers.1.justification',
        message: 'Escreva pelo menos 50 caracteres (faltam 42).',
      },
    ])
    expect(api.db.tasks.findFirst((q) => q.where({ id: task.id }))!.status.code).toBe('contested')
    const long = await api.call('PUT', `/revisions/${revision.id}/answers`, {
      body: { answers: [answers[0]!, { ...answers[1]!, justification: 'a'.repeat(1002) }] },
    })
    expect(long.body.fields).toEqual([
      { field: 'answers.1.justification', message: 'Use no máximo 1000 caracteres (2 a mais).' },
    ])
  })

  it('refuses answers that leave a pendency out, name an unknown one or repeat one', async () => {
    const { revision } = contested()
    const [first, second] = answersFor(revision)
    const missing = await api.call('PUT', `/revisions/${revision.id}/answers`, {
      body: { answers: [first] },
    })
    expect(missing.status).toBe(422)
    expect(missing.body.detail).toBe('Responda todas as pendências antes de enviar.')
    expect(missing.body.fields).toEqual([
      {
        field: 'answers',
        message: `Responda também a pendência “${revision.pendencies[1]!.message}”`,
      },
    ])
    const wrong = await api.call('PUT', `/revisions/${revision.id}/answers`, {
      body: { answers: [first, second, { ...first!, pendencyId: 'pen_nope' }, first] },
    })
    expect(wrong.status).toBe(422)
    expect(wrong.body.fields).toEqual([
      { field: 'answers.2.pendencyId', message: 'Esta pendência não faz parte da revisão.' },
      { field: 'answers.3.pendencyId', message: 'Esta pendência foi respondida mais de uma vez.' },
    ])
    expect(api.db.revisions.findFirst((q) => q.where({ id: revision.id }))!.status).toBe('open')
  })

  it('refuses with 409 a revision already answered', async () => {
    const { revision } = contested()
    const body = { answers: answersFor(revision) }
    expect((await api.call('PUT', `/revisions/${revision.id}/answers`, { body })).status).toBe(200)
    const again = await api.call('PUT', `/revisions/${revision.id}/answers`, { body })
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({
      code: 'transition_refused',
      detail: 'Esta revisão já foi respondida.',
    })
  })

  it('replays a repeated Idempotency-Key: same body, answered once', async () => {
    const { task, revision } = contested()
    const body = { answers: answersFor(revision) }
    const first = await api.call('PUT', `/revisions/${revision.id}/answers`, {
      body,
      idempotencyKey: 'answer-rev-0001',
    })
    api.clock.advance(60_000)
    const second = await api.call('PUT', `/revisions/${revision.id}/answers`, {
      body,
      idempotencyKey: 'answer-rev-0001',
    })
    expect(second.status).toBe(200)
    expect(second.body).toEqual(first.body)
    expect(api.db.tasks.findFirst((q) => q.where({ id: task.id }))!.status.changedAt).toBe(
      new Date(NOW).toISOString(),
    )
  })

  it('answers 404 for an unknown revision and 401 without a token', async () => {
    const { revision } = contested()
    const body = { answers: answersFor(revision) }
    expect((await api.call('PUT', '/revisions/rev_nope/answers', { body })).status).toBe(404)
    expect(
      (await api.call('PUT', `/revisions/${revision.id}/answers`, { body, token: null })).status,
    ).toBe(401)
  })
})
