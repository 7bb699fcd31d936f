import { beforeEach, describe, expect, it } from 'vitest'
import type { Report, Task } from '@/api/entities'
import { attendantNameMessages } from '@/domain/attendant-name'
import { timeEntryMessages } from '@/domain/time-entry'
import type { FakeApi } from '../testing/fake-api'
import {
  checkIn,
  checkOut,
  completeReport,
  newApi,
  savedVisit,
  storedReport,
  taskIn,
  uploadOk,
} from './report-test-kit'

let api: FakeApi
beforeEach(async () => {
  api = await newApi()
})

/** The stored report of a task as a full ReportInput (a no-op save). */
function sameContent(report: Report) {
  return {
    version: report.version,
    answers: report.answers,
    attendants: report.attendants,
    times: report.times,
    checklist: report.checklist,
    evidenceIds: report.evidences.map((e) => e.id),
    taxReceipts: report.taxReceipts,
    notes: report.notes,
    ...(report.testimony !== undefined ? { testimony: report.testimony } : {}),
  }
}

describe('GET /reports/{id}', () => {
  it("reads a report of the agent's task", async () => {
    const task = taskIn(api, 'visited')
    const res = await api.call<Report>('GET', `/reports/${task.reportId}`)
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      id: task.reportId,
      taskId: task.id,
      version: 3,
      submittedAt: null,
    })
  })

  it("answers 404 for a report of a task that is not the agent's, or unknown", async () => {
    const offered = api.db.tasks.findFirst((q) => q.where({ agentId: '' }))!
    expect((await api.call('GET', `/reports/${offered.reportId}`)).status).toBe(404)
    const unknown = await api.call('GET', '/reports/rep_nope')
    expect(unknown.status).toBe(404)
    expect(unknown.body).toMatchObject({ code: 'not_found', detail: 'Relatório não encontrado.' })
  })

  it('answers 401 without a token', async () => {
    const res = await api.call('GET', `/reports/${taskIn(api, 'visited').reportId}`, {
      token: null,
    })
    expect(res.status).toBe(401)
  })
})

describe('PUT /reports/{id}', () => {
  it('saves the whole report during the visit: version + 1, recomputed score, evidences in order', async () => {
    const task = taskIn(api, 'started')
    await checkIn(api, task)
    const body = await completeReport(api, task)
    body.evidenceIds.reverse()
    const res = await api.call<Report>('PUT', `/reports/${task.reportId}`, { body })
    expect(res.status).toBe(200)
    expect(res.body.version).toBe(1)
    expect(res.body.score).toBe(100)
    expect(res.body.evidences.map((e) => e.id)).toEqual(body.evidenceIds)
    expect(res.body.attendants[0]).toEqual({
      code: 'att_1',
      name: 'Márcia Andrade',
      traits: ['cordial'],
    })
    expect(res.body.testimony).toBe(body.testimony)
    expect((await api.call<Report>('GET', `/reports/${task.reportId}`)).body).toEqual(res.body)
  })

  it('scores poor answers low and tidies attendant names', async () => {
    const task = taskIn(api, 'started', 1)
    await checkIn(api, task)
    const body = await completeReport(api, task, 'poor')
    body.attendants = [{ code: 'att_1', name: '  joão   Pereira ', traits: [] }]
    const res = await api.call<Report>('PUT', `/reports/${task.reportId}`, { body })
    expect(res.status).toBe(200)
    expect(res.body.score).toBeLessThan(30)
    expect(res.body.attendants[0]!.name).toBe('joão Pereira')
  })

  it('drops the evidences left out of evidenceIds, which then cannot come back', async () => {
    const task = taskIn(api, 'started')
    await checkIn(api, task)
    const a = await uploadOk(api, task)
    const b = await uploadOk(api, task)
    expect(storedReport(api, task).evidences.map((e) => e.id)).toEqual([a.id, b.id])
    const body = { ...sameContent(storedReport(api, task)), evidenceIds: [b.id] }
    const saved = await api.call<Report>('PUT', `/reports/${task.reportId}`, { body })
    expect(saved.body.evidences.map((e) => e.id)).toEqual([b.id])
    const again = await api.call('PUT', `/reports/${task.reportId}`, {
      body: { ...body, version: 1, evidenceIds: [a.id, b.id] },
    })
    expect(again.status).toBe(422)
    expect(again.body.fields).toEqual([
      { field: 'evidenceIds.0', message: 'Esta evidência não foi enviada para esta tarefa.' },
    ])
  })

  it('edits a visited report', async () => {
    const task = taskIn(api, 'visited')
    const report = storedReport(api, task)
    const res = await api.call<Report>('PUT', `/reports/${task.reportId}`, {
      body: { ...sameContent(report), notes: 'Fila grande.' },
    })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ version: 4, notes: 'Fila grande.', score: report.score })
  })

  it('refuses with 409 before the check-in', async () => {
    const task = taskIn(api, 'started')
    const res = await api.call('PUT', `/reports/${task.reportId}`, {
      body: sameContent(storedReport(api, task)),
    })
    expect(res.status).toBe(409)
    expect(res.body).toMatchObject({
      code: 'transition_refused',
      detail: 'Faça o check-in antes de preencher o relatório.',
    })
  })

  it.each(['validating', 'contested', 'approved', 'rejected', 'canceled'] as const)(
    'refuses with 409 when the task is %s',
    async (status) => {
      const task = taskIn(api, status)
      const report = storedReport(api, task)
      const res = await api.call('PUT', `/reports/${task.reportId}`, { body: sameContent(report) })
      expect(res.status).toBe(409)
      expect(res.body.code).toBe('transition_refused')
      expect(storedReport(api, task).version).toBe(report.version)
    },
  )

  it('refuses a stale version with 409 and the current report', async () => {
    const task = taskIn(api, 'visited')
    const report = storedReport(api, task)
    const res = await api.call('PUT', `/reports/${task.reportId}`, {
      body: { ...sameContent(report), version: 2, notes: 'antiga' },
    })
    expect(res.status).toBe(409)
    expect(res.body.code).toBe('stale_version')
    expect(res.body.current).toMatchObject({ id: report.id, version: 3, notes: report.notes })
    expect(storedReport(api, task).notes).toBe(report.notes)
  })

  it('refuses attendant names, times and testimony with the pt-BR field messages', async () => {
    const task = taskIn(api, 'visited')
    const report = storedReport(api, task)
    const res = await api.call('PUT', `/reports/${task.reportId}`, {
      body: {
        ...sameContent(report),
        attendants: [
          { code: 'a1', name: 'Atendente', traits: [] },
          { code: 'a2', name: 'Maria da Silva', traits: [] },
          { code: 'a3', name: 'Ana2', traits: [] },
          { code: 'a4', name: 'Ana Souza', traits: [] },
        ],
        times: [{ code: report.times[0]!.code, seconds: 3 }],
        testimony: 'x'.repeat(1001),
      },
    })
    expect(res.status).toBe(422)
    expect(res.body.code).toBe('validation_failed')
    expect(res.body.fields).toEqual(
      expect.arrayContaining([
        { field: 'attendants.0.name', message: attendantNameMessages.genericWord },
        { field: 'attendants.1.name', message: attendantNameMessages.tooManyWords },
        { field: 'attendants.2.name', message: attendantNameMessages.lettersOnly },
        { field: 'times.0.seconds', message: timeEntryMessages.tooShort },
        { field: 'testimony', message: 'Use no máximo 1000 caracteres (1 a mais).' },
      ]),
    )
    expect(res.body.fields).toHaveLength(5)
    expect(storedReport(api, task).version).toBe(3)
  })

  it('refuses content that does not fit the mission and form', async () => {
    const task = taskIn(api, 'visited')
    const report = storedReport(api, task)
    const base = sameContent(report)
    const yesno = report.answers.find((a) => typeof a.value === 'boolean')!
    const res = await api.call('PUT', `/reports/${task.reportId}`, {
      body: {
        ...base,
        answers: [
          ...base.answers.map((a) => (a === yesno ? { ...a, value: 'talvez' } : a)),
          { questionId: 'q-nope', value: true, answeredAt: yesno.answeredAt },
        ],
        times: [...base.times, { code: 'nope', seconds: 60 }],
        checklist: [{ itemId: 'chk-nope', checked: true }],
        evidenceIds: [...base.evidenceIds, 'evd_nope'],
      },
    })
    expect(res.status).toBe(422)
    const fields = res.body.fields as Array<{ field: string; message: string }>
    const i = base.answers.findIndex((a) => a.questionId === yesno.questionId)
    expect(fields).toEqual(
      expect.arrayContaining([
        { field: `answers.${i}.value`, message: 'Responda sim ou não.' },
        {
          field: `answers.${base.answers.length}.questionId`,
          message: 'Esta pergunta não faz parte do questionário da missão.',
        },
        {
          field: `times.${base.times.length}.code`,
          message: 'Este tempo não faz parte da missão.',
        },
        { field: 'checklist.0.itemId', message: 'Este item não faz parte do checklist da missão.' },
        {
          field: `evidenceIds.${base.evidenceIds.length}`,
          message: 'Esta evidência não foi enviada para esta tarefa.',
        },
      ]),
    )
  })

  it('refuses a body that breaks the spec schema with 422', async () => {
    const task = taskIn(api, 'visited')
    const res = await api.call('PUT', `/reports/${task.reportId}`, {
      body: { version: 3, answers: 'nenhuma' },
    })
    expect(res.status).toBe(422)
    expect(res.body.fields.map((f: { field: string }) => f.field)).toEqual(
      expect.arrayContaining(['answers', 'attendants', 'evidenceIds']),
    )
  })

  it('answers 404 for a report that is not the agent’s and 401 without a token', async () => {
    const task = taskIn(api, 'visited')
    const body = sameContent(storedReport(api, task))
    expect((await api.call('PUT', '/reports/rep_nope', { body })).status).toBe(404)
    expect((await api.call('PUT', `/reports/${task.reportId}`, { body, token: null })).status).toBe(
      401,
    )
  })

  it('replays a repeated Idempotency-Key: same body, saved once', async () => {
    const task = taskIn(api, 'visited')
    const body = { ...sameContent(storedReport(api, task)), notes: 'Primeira vez.' }
    const first = await api.call<Report>('PUT', `/reports/${task.reportId}`, {
      body,
      idempotencyKey: 'report-save-0001',
    })
    const second = await api.call<Report>('PUT', `/reports/${task.reportId}`, {
      body,
      idempotencyKey: 'report-save-0001',
    })
    expect(first.status).toBe(200)
    expect(second.status).toBe(200)
    expect(second.body).toEqual(first.body)
    expect(second.headers.get('Idempotent-Replay')).toBe('true')
    expect(storedReport(api, task).version).toBe(4)
  })
})

describe('POST /reports/{id}/submission', () => {
  it('submits a complete visited report: validating, submittedAt, pending payout', async () => {
    const task = taskIn(api, 'visited')
    const res = await api.call<{ report: Report; task: Task }>(
      'POST',
      `/reports/${task.reportId}/submission`,
      { body: { version: 3 } },
    )
    expect(res.status).toBe(200)
    const now = new Date(api.clock.now()).toISOString()
    expect(res.body.report.submittedAt).toBe(now)
    expect(res.body.task.status).toEqual({ code: 'validating', changedAt: now })
    expect(res.body.task.steps.submitted).toBe(now)
    const payouts = api.db.transactions.findMany((q) => q.where({ taskId: task.id }))
    expect(payouts).toHaveLength(1)
    expect(payouts[0]).toMatchObject({
      ownerId: 'agt_demo',
      kind: 'task',
      status: 'pending',
      amountCents: task.payoutCents,
      description: `Visita ${task.slug} — ${task.location.name}`,
    })
  })

  it('replays a repeated Idempotency-Key with one payout', async () => {
    const task = taskIn(api, 'visited')
    const opts = { body: { version: 3 }, idempotencyKey: 'submit-once-0001' }
    const first = await api.call('POST', `/reports/${task.reportId}/submission`, opts)
    const second = await api.call('POST', `/reports/${task.reportId}/submission`, opts)
    expect(second.status).toBe(200)
    expect(second.body).toEqual(first.body)
    expect(api.db.transactions.findMany((q) => q.where({ taskId: task.id }))).toHaveLength(1)
    // A new key is a new request: the task is no longer visited.
    const third = await api.call('POST', `/reports/${task.reportId}/submission`, {
      body: { version: 3 },
    })
    expect(third.status).toBe(409)
    expect(third.body).toMatchObject({
      code: 'transition_refused',
      detail: 'O relatório só pode ser enviado depois do check-out.',
    })
  })

  it('refuses an incomplete report with 422 report_incomplete listing what is missing', async () => {
    const task = taskIn(api, 'started')
    await checkIn(api, task)
    const photo = await uploadOk(api, task)
    await checkOut(api, task)
    const res = await api.call('POST', `/reports/${task.reportId}/submission`, {
      body: { version: 0 },
    })
    expect(res.status).toBe(422)
    expect(res.body.code).toBe('report_incomplete')
    const sections = (res.body.missing as Array<{ section: string }>).map((m) => m.section)
    expect(sections).toEqual(
      expect.arrayContaining([
        'answers',
        'attendants',
        'times',
        'checklist',
        'tax-receipts',
        'testimony',
      ]),
    )
    expect(sections).not.toContain('evidences') // the one photo required was uploaded
    expect(res.body.missing[0]).toEqual({
      section: 'answers',
      pageId: 'mercado-chegada',
      label: 'Chegada',
    })
    expect(res.body.detail).toMatch(
      /^Ainda falta completar: As páginas “Chegada”, .* do questionário; /,
    )
    expect(storedReport(api, task).evidences.map((e) => e.id)).toEqual([photo.id])
    expect(api.db.tasks.findFirst((q) => q.where({ id: task.id }))!.status.code).toBe('visited')
  })

  it('refuses a stale version with 409 and the current report', async () => {
    const task = taskIn(api, 'visited')
    const res = await api.call('POST', `/reports/${task.reportId}/submission`, {
      body: { version: 1 },
    })
    expect(res.status).toBe(409)
    expect(res.body.code).toBe('stale_version')
    expect(res.body.current.version).toBe(3)
  })

  it('refuses with 409 a report whose task is not visited (still in the visit)', async () => {
    const { task, report } = await savedVisit(api)
    const res = await api.call('POST', `/reports/${task.reportId}/submission`, {
      body: { version: report.version },
    })
    expect(res.status).toBe(409)
    expect(res.body.code).toBe('transition_refused')
  })

  it('answers 404 and 401', async () => {
    expect(
      (await api.call('POST', '/reports/rep_nope/submission', { body: { version: 0 } })).status,
    ).toBe(404)
    const task = taskIn(api, 'visited')
    expect(
      (
        await api.call('POST', `/reports/${task.reportId}/submission`, {
          body: { version: 3 },
          token: null,
        })
      ).status,
    ).toBe(401)
  })
})
