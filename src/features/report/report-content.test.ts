import { describe, expect, it } from 'vitest'
import type { Mission } from '@/api/entities'
import { CATALOGUE } from '../../../mocks/seed/catalogue'
import { reportRows } from './report-content'

const farma = CATALOGUE.find((e) => e.project.id === 'prj_farma')!
const mission = {
  ...farma.mission,
  id: 'msn_farma',
  projectId: 'prj_farma',
  formId: farma.form.id,
} as Mission
const empty = {
  answers: [],
  attendants: [],
  times: [],
  checklist: [],
  evidences: [],
  taxReceipts: [],
  testimony: '',
}

describe('report rows of a mission that takes audio or a written testimony', () => {
  it('are one requirement, one row', () => {
    expect(mission.requirements.proof).toBe('either')
    const rows = reportRows(empty, mission, farma.form, { count: 0 })
    expect(rows.filter((r) => r.section === 'audio' || r.section === 'testimony')).toEqual([
      {
        section: 'audio',
        title: 'Áudio ou depoimento',
        complete: false,
        required: true,
        missing: ['Falta a gravação de áudio ou o depoimento escrito'],
        missingText: 'Falta a gravação de áudio ou o depoimento escrito',
        summary: 'Grave um áudio ou escreva um depoimento',
        refused: 0,
      },
    ])
  })

  it('are complete with a testimony alone', () => {
    const testimony =
      'A atendente explicou as diferenças entre os protetores e indicou o de FPS 50.'
    const row = reportRows({ ...empty, testimony }, mission, farma.form, { count: 0 }).find(
      (r) => r.section === 'audio',
    )!
    expect(row.complete).toBe(true)
    expect(row.summary).toBe(`Depoimento: ${testimony.length} caracteres`)
  })
})
