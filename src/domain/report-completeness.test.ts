import { describe, it, expect } from 'vitest'
import fc from 'fast-check'
import type { Evidence, Mission, MissingItem, Report, ReportSection } from '@/api/entities'
// Test-only: the seeded catalogue gives realistic missions and forms (tests are not bundled).
import { CATALOGUE, type CatalogueEntry } from '../../mocks/seed/catalogue'
import {
  incompleteReportMessage,
  missingSummary,
  isReportComplete,
  missingItems,
  reportCompleteness,
  type ReportContent,
} from './report-completeness'

const AT = '2026-03-10T12:00:00Z'

function missionOf(
  entry: CatalogueEntry,
  overrides: Partial<Mission['requirements']> = {},
): Mission {
  return {
    ...entry.mission,
    id: `msn_${entry.project.id}`,
    projectId: entry.project.id,
    formId: entry.form.id,
    requirements: { ...entry.mission.requirements, ...overrides },
  }
}

const EMPTY: ReportContent = {
  answers: [],
  attendants: [],
  times: [],
  checklist: [],
  evidences: [],
  taxReceipts: [],
}

function evidence(id: string, kind: Evidence['kind']): Evidence {
  return { id, kind, url: `/api/media/${id}/content`, bytes: 1000, takenAt: AT }
}

const TESTIMONY_50 = 'O atendente foi cordial e explicou tudo com calma!!'.slice(0, 50)

/** A report that satisfies every requirement of the entry's mission and form. */
function completeReport(entry: CatalogueEntry, mission = missionOf(entry)): ReportContent {
  const prefix = entry.form.pages[0]!.id.replace('-chegada', '')
  const values: Record<string, Report['answers'][number]['value']> = {
    [`${prefix}-q1`]: true,
    [`${prefix}-q2`]: true,
    [`${prefix}-q3`]: 90,
    [`${prefix}-q4`]: 'evd_photo_0',
    [`${prefix}-q5`]: 'perguntou',
    [`${prefix}-q6`]: true,
    [`${prefix}-q7`]: ['ouviu'],
    [`${prefix}-q8`]: false,
    [`${prefix}-q10`]: 4,
    [`${prefix}-q12`]: true,
  }
  const req = mission.requirements
  const photos = Array.from({ length: req.minPhotos }, (_, i) =>
    evidence(`evd_photo_${i}`, 'photo'),
  )
  const proof =
    req.proof === 'audio' || req.proof === 'either' ? [evidence('evd_audio', 'audio')] : []
  return {
    answers: Object.entries(values).map(([questionId, value]) => ({
      questionId,
      value,
      answeredAt: AT,
    })),
    attendants: Array.from({ length: req.minAttendants }, (_, i) => ({
      code: `att_${i}`,
      name: ['Márcia Andrade', 'João Silva', 'Ana Souza'][i % 3]!,
      traits: ['cordial'],
    })),
    times: mission.times.map((t) => ({ code: t.code, seconds: 120 })),
    checklist: mission.checklist.map((c) => ({ itemId: c.id, checked: true })),
    evidences: [...photos, evidence('evd_receipt', 'receipt'), ...proof],
    taxReceipts: req.taxReceipt
      ? [
          {
            id: 'tr_1',
            evidenceId: 'evd_receipt',
            cnpj: '11222333000181',
            number: '123',
            amountCents: 4990,
            issuedAt: '2026-03-10',
          },
        ]
      : [],
    testimony: req.proof === 'testimony' ? TESTIMONY_50 : undefined,
  }
}

function bySection(items: MissingItem[]): Partial<Record<ReportSection, string[]>> {
  const out: Partial<Record<ReportSection, string[]>> = {}
  for (const m of items) (out[m.section] ??= []).push(m.label)
  return out
}

const [FARMA, MERCADO, CELULAR] = CATALOGUE as [CatalogueEntry, CatalogueEntry, CatalogueEntry]

// ---------------------------------------------------------------------------------------------

describe('an empty report', () => {
  it('catalogue sanity: the three missions ask for either, testimony and audio proof', () => {
    expect([FARMA, MERCADO, CELULAR].map((e) => e.mission.requirements.proof)).toEqual([
      'either',
      'testimony',
      'audio',
    ])
  })

  for (const entry of CATALOGUE) {
    it(`${entry.mission.title}: lists exactly what is missing, section by section`, () => {
      const mission = missionOf(entry)
      const req = mission.requirements
      const missing = missingItems(EMPTY, mission, entry.form)
      const sections = bySection(missing)

      // answers: one item per page, by title and id, in form order
      const answerItems = missing.filter((m) => m.section === 'answers')
      expect(answerItems.map((m) => m.pageId)).toEqual(entry.form.pages.map((p) => p.id))
      entry.form.pages.forEach((page, i) => expect(answerItems[i]!.label).toBe(page.title))

      // attendants: one item with the count
      expect(sections.attendants).toHaveLength(1)
      expect(sections.attendants![0]).toMatch(new RegExp(`\\b${req.minAttendants} atendentes?\\b`))

      // times: each mission time by its label
      expect(sections.times).toHaveLength(mission.times.length)
      mission.times.forEach((t, i) => expect(sections.times![i]).toBe(t.label))

      // checklist: each item by its label
      expect(sections.checklist).toHaveLength(mission.checklist.length)
      mission.checklist.forEach((c, i) => expect(sections.checklist![i]).toBe(c.label))

      // evidences: the photo count
      expect(sections.evidences).toHaveLength(1)
      expect(sections.evidences![0]).toMatch(new RegExp(`\\b${req.minPhotos} fotos?\\b`))

      // tax receipt only when the mission asks for it
      expect(sections['tax-receipts']).toEqual(
        req.taxReceipt ? ['Falta o cupom fiscal'] : undefined,
      )

      // proof
      if (req.proof === 'audio') {
        expect(sections.audio).toHaveLength(1)
        expect(sections.audio![0]).toMatch(/áudio/i)
        expect(sections.testimony).toBeUndefined()
      } else if (req.proof === 'testimony') {
        expect(sections.testimony).toHaveLength(1)
        expect(sections.testimony![0]).toMatch(/50 a 1000/)
        expect(sections.audio).toBeUndefined()
      } else {
        expect(sections.audio).toHaveLength(1)
        expect(sections.audio![0]).toMatch(/áudio ou o depoimento/i)
        expect(sections.testimony).toBeUndefined()
      }

      expect(missing).toHaveLength(
        entry.form.pages.length +
          1 +
          mission.times.length +
          mission.checklist.length +
          1 +
          (req.taxReceipt ? 1 : 0) +
          1,
      )
      expect(isReportComplete(EMPTY, mission, entry.form)).toBe(false)
    })
  }

  it('says what is missing as one pt-BR phrase per part', () => {
    const missing = missingItems(EMPTY, missionOf(FARMA), FARMA.form)
    expect(incompleteReportMessage(missing)).toBe(
      'Ainda falta completar: As páginas “Chegada”, “Atendimento” e “Finalização” do questionário; ' +
        'Falta 1 atendente; Tempo de espera e Tempo de atendimento; ' +
        'Os itens “Fotografar a fachada”, “Fotografar a gôndola de protetores” e “Guardar o cupom fiscal” do checklist; ' +
        'Faltam 2 fotos; Falta o cupom fiscal; Falta a gravação de áudio ou o depoimento escrito.',
    )
    expect(missingSummary([{ section: 'checklist', label: 'Fotografar a fachada' }])).toBe(
      'O item “Fotografar a fachada” do checklist',
    )
    expect(missingSummary([{ section: 'times', label: 'Tempo de espera' }])).toBe('Tempo de espera')
  })

  it('farma, literally', () => {
    expect(missingItems(EMPTY, missionOf(FARMA), FARMA.form)).toEqual([
      { section: 'answers', pageId: 'farma-chegada', label: 'Chegada' },
      {
        section: 'answers',
        pageId: 'farma-atendimento',
        label: 'Atendimento',
      },
      {
        section: 'answers',
        pageId: 'farma-finalizacao',
        label: 'Finalização',
      },
      { section: 'attendants', label: 'Falta 1 atendente' },
      { section: 'times', label: 'Tempo de espera' },
      { section: 'times', label: 'Tempo de atendimento' },
      { section: 'checklist', label: 'Fotografar a fachada' },
      { section: 'checklist', label: 'Fotografar a gôndola de protetores' },
      { section: 'checklist', label: 'Guardar o cupom fiscal' },
      { section: 'evidences', label: 'Faltam 2 fotos' },
      { section: 'tax-receipts', label: 'Falta o cupom fiscal' },
      { section: 'audio', label: 'Falta a gravação de áudio ou o depoimento escrito' },
    ])
  })

  it('marks which sections are required for each mission', () => {
    const required = (entry: CatalogueEntry) =>
      Object.fromEntries(
        reportCompleteness(EMPTY, missionOf(entry), entry.form).map((s) => [s.section, s.required]),
      )
    expect(required(FARMA)).toEqual({
      answers: true,
      attendants: true,
      times: true,
      checklist: true,
      evidences: true,
      'tax-receipts': true,
      audio: true,
      testimony: false,
    })
    expect(required(MERCADO)).toMatchObject({ audio: false, testimony: true, 'tax-receipts': true })
    expect(required(CELULAR)).toMatchObject({
      audio: true,
      testimony: false,
      'tax-receipts': false,
    })
  })
})

describe('a complete report', () => {
  for (const entry of CATALOGUE) {
    it(`${entry.mission.title}: complete, no message`, () => {
      const mission = missionOf(entry)
      const report = completeReport(entry, mission)
      expect(missingItems(report, mission, entry.form)).toEqual([])
      expect(isReportComplete(report, mission, entry.form)).toBe(true)
      expect(incompleteReportMessage(missingItems(report, mission, entry.form))).toBe('')
      for (const s of reportCompleteness(report, mission, entry.form))
        expect(s, s.section).toMatchObject({ complete: true, missing: [] })
    })
  }

  it('becomes incomplete when any one requirement is taken away', () => {
    const mission = missionOf(FARMA)
    const full = completeReport(FARMA, mission)
    const cases: Array<[string, ReportContent, ReportSection]> = [
      [
        'an answer',
        { ...full, answers: full.answers.filter((a) => a.questionId !== 'farma-q10') },
        'answers',
      ],
      ['the attendant', { ...full, attendants: [] }, 'attendants'],
      ['a time', { ...full, times: full.times.slice(1) }, 'times'],
      [
        'a checklist mark',
        {
          ...full,
          checklist: full.checklist.map((c, i) => (i === 0 ? { ...c, checked: false } : c)),
        },
        'checklist',
      ],
      [
        'a photo',
        { ...full, evidences: full.evidences.filter((e) => e.id !== 'evd_photo_1') },
        'evidences',
      ],
      ['the tax receipt', { ...full, taxReceipts: [] }, 'tax-receipts'],
      [
        'the audio',
        { ...full, evidences: full.evidences.filter((e) => e.kind !== 'audio') },
        'audio',
      ],
    ]
    for (const [what, report, section] of cases) {
      const missing = missingItems(report, mission, FARMA.form)
      expect(
        missing.map((m) => m.section),
        what,
      ).toEqual([section])
      expect(isReportComplete(report, mission, FARMA.form), what).toBe(false)
    }
  })
})

describe('details', () => {
  const mission = missionOf(FARMA)

  it('only photos count as photos (not receipts or audio)', () => {
    const report: ReportContent = {
      ...completeReport(FARMA, mission),
      evidences: [
        evidence('p', 'photo'),
        evidence('r', 'receipt'),
        evidence('r2', 'receipt'),
        evidence('a', 'audio'),
      ],
    }
    expect(bySection(missingItems(report, mission, FARMA.form))).toEqual({
      evidences: ['Falta 1 foto'],
    })
  })

  it('counts the attendants still missing, singular and plural', () => {
    const two = missionOf(FARMA, { minAttendants: 2 })
    const base = completeReport(FARMA, two)
    expect(missingItems(base, two, FARMA.form)).toEqual([])
    expect(bySection(missingItems({ ...base, attendants: [] }, two, FARMA.form))).toEqual({
      attendants: ['Faltam 2 atendentes'],
    })
    expect(
      bySection(missingItems({ ...base, attendants: base.attendants.slice(1) }, two, FARMA.form)),
    ).toEqual({
      attendants: ['Falta 1 atendente'],
    })
  })

  it('a checklist mark for an unknown item does not count', () => {
    const full = completeReport(FARMA, mission)
    const report = {
      ...full,
      checklist: [...full.checklist.slice(1), { itemId: 'chk-outro', checked: true }],
    }
    expect(bySection(missingItems(report, mission, FARMA.form))).toEqual({
      checklist: ['Fotografar a fachada'],
    })
  })

  it('nothing required → not required and complete', () => {
    const bare = missionOf(FARMA, {
      minPhotos: 0,
      minAttendants: 0,
      taxReceipt: false,
      proof: 'none',
    })
    const noExtras: Mission = { ...bare, checklist: [], times: [] }
    const report = { ...EMPTY, answers: completeReport(FARMA, mission).answers }
    expect(isReportComplete(report, noExtras, FARMA.form)).toBe(true)
    for (const s of reportCompleteness(report, noExtras, FARMA.form))
      if (s.section !== 'answers') expect(s.required, s.section).toBe(false)
  })
})

describe('proof (audio / testimony 50–1000 / either)', () => {
  const base = completeReport(FARMA)
  const withProof = (testimony: string | undefined, audio: boolean): ReportContent => ({
    ...base,
    evidences: base.evidences
      .filter((e) => e.kind !== 'audio')
      .concat(audio ? [evidence('au', 'audio')] : []),
    testimony,
  })
  const proofSections = (
    proof: Mission['requirements']['proof'],
    testimony: string | undefined,
    audio: boolean,
  ) =>
    missingItems(withProof(testimony, audio), missionOf(FARMA, { proof }), FARMA.form).map(
      (m) => m.section,
    )

  const t = (n: number) => 'a'.repeat(n)

  it('audio: needs an audio evidence; a testimony does not replace it', () => {
    expect(proofSections('audio', undefined, true)).toEqual([])
    expect(proofSections('audio', t(200), false)).toEqual(['audio'])
  })

  it('testimony: 50 to 1000 characters after trimming; audio does not replace it', () => {
    expect(proofSections('testimony', t(50), false)).toEqual([])
    expect(proofSections('testimony', t(1000), false)).toEqual([])
    expect(proofSections('testimony', t(49), false)).toEqual(['testimony'])
    expect(proofSections('testimony', t(1001), false)).toEqual(['testimony'])
    expect(proofSections('testimony', `   ${t(49)}   `, false)).toEqual(['testimony'])
    expect(proofSections('testimony', undefined, true)).toEqual(['testimony'])
    // Characters are code points: 50 emoji are 100 UTF-16 units but 50 characters.
    expect(proofSections('testimony', '😀'.repeat(50), false)).toEqual([])
    expect(proofSections('testimony', '😀'.repeat(1000), false)).toEqual([])
  })

  it('either: audio or a valid testimony', () => {
    expect(proofSections('either', undefined, true)).toEqual([])
    expect(proofSections('either', t(50), false)).toEqual([])
    expect(proofSections('either', t(49), false)).toEqual(['audio'])
    expect(proofSections('either', undefined, false)).toEqual(['audio'])
  })

  it('none: nothing', () => {
    expect(proofSections('none', undefined, false)).toEqual([])
  })

  it('property: testimony length decides, for every length 0..1100', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1100 }), fc.boolean(), (n, audio) => {
        const ok = n >= 50 && n <= 1000
        expect(proofSections('testimony', t(n), audio)).toEqual(ok ? [] : ['testimony'])
        expect(proofSections('either', t(n), audio)).toEqual(ok || audio ? [] : ['audio'])
      }),
    )
  })
})

describe('incompleteReportMessage', () => {
  it('is empty when nothing is missing', () => {
    expect(incompleteReportMessage([])).toBe('')
  })

  it('names the incomplete pages and sections', () => {
    const message = incompleteReportMessage(missingItems(EMPTY, missionOf(FARMA), FARMA.form))
    for (const title of [
      'Chegada',
      'Atendimento',
      'Finalização',
      'Tempo de espera',
      'cupom fiscal',
    ])
      expect(message).toContain(title)
  })

  it('names only the pages still missing', () => {
    const mission = missionOf(FARMA)
    const full = completeReport(FARMA, mission)
    const report = {
      ...full,
      answers: full.answers.filter((a) => a.questionId !== 'farma-q12'),
    }
    const message = incompleteReportMessage(missingItems(report, mission, FARMA.form))
    expect(message).toContain('Finalização')
    expect(message).not.toContain('Chegada')
    expect(message).not.toContain('Atendimento')
    expect(message).toMatch(/^Ainda falta completar: .+\.$/)
  })
})
