import { beforeEach, describe, expect, it } from 'vitest'
import type { EvaluationForm, Mission, Project } from '@/api/entities'
import { createFakeApi, type FakeApi } from '../testing/fake-api'

let api: FakeApi
beforeEach(async () => {
  api = await createFakeApi()
})

describe('catalogue', () => {
  it('reads a project with its cycle and policy', async () => {
    const res = await api.call<Project>('GET', '/projects/prj_farma')
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ id: 'prj_farma', code: 'FARMA-SP', cycleId: 'cyc_farma_2026' })
    expect(res.body.cycle.id).toBe(res.body.cycleId)
    expect(res.body.policy).toContain('cliente comum')
  })

  it('reads a mission with requirements, checklist, times and awards', async () => {
    const res = await api.call<Mission>('GET', '/missions/msn_farma')
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ id: 'msn_farma', projectId: 'prj_farma', formId: 'frm_farma' })
    expect(res.body.requirements).toEqual({
      minPhotos: 2,
      taxReceipt: true,
      proof: 'either',
      minAttendants: 1,
      checkinMaxAccuracyMeters: 100,
    })
    expect(res.body.awards.map((a) => a.code)).toEqual(['NOTA10'])
  })

  it('reads an evaluation form with its pages', async () => {
    const res = await api.call<EvaluationForm>('GET', '/forms/frm_mercado')
    expect(res.status).toBe(200)
    expect(res.body.pages.map((p) => p.title)).toEqual(['Chegada', 'Atendimento', 'Finalização'])
  })

  it.each([
    ['/projects/prj_nope', 'Projeto não encontrado.'],
    ['/missions/msn_nope', 'Missão não encontrada.'],
    ['/forms/frm_nope', 'Questionário não encontrado.'],
  ])('answers 404 for an unknown id (%s)', async (path, detail) => {
    const res = await api.call('GET', path)
    expect(res.status).toBe(404)
    expect(res.body).toMatchObject({ code: 'not_found', detail })
  })

  it.each(['/projects/prj_farma', '/missions/msn_farma', '/forms/frm_farma'])(
    'answers 401 without a token (%s)',
    async (path) => {
      const res = await api.call('GET', path, { token: null })
      expect(res.status).toBe(401)
      expect(res.body.code).toBe('unauthorized')
    },
  )
})
