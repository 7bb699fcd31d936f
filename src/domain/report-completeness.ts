/**
 * What a report still lacks before it can be submitted (docs/product/visit.md): the "questionnaire
 * incomplete pages" error and the report overview both come from here.
 */
import type { EvaluationForm, MissingItem, Mission, Report, ReportSection } from '@/api/entities'
import { answersById, incompletePages } from './questionnaire'
import { testimonySchema } from './text-limits'

type ReportContent = Pick<
  Report,
  'answers' | 'attendants' | 'times' | 'checklist' | 'evidences' | 'taxReceipts' | 'testimony'
>

export type SectionCompleteness = {
  section: ReportSection
  required: boolean
  complete: boolean
  missing: MissingItem[]
}

export function reportCompleteness(
  report: ReportContent,
  mission: Mission,
  form: EvaluationForm,
): SectionCompleteness[] {
  const req = mission.requirements
  const result: SectionCompleteness[] = []
  const add = (section: ReportSection, required: boolean, missing: MissingItem[]) =>
    result.push({ section, required, complete: missing.length === 0, missing })

  add(
    'answers',
    true,
    incompletePages(form, answersById(report.answers)).map((page) => ({
      section: 'answers',
      pageId: page.id,
      label: `Página “${page.title}” do questionário`,
    })),
  )

  const attendantsMissing = Math.max(0, req.minAttendants - report.attendants.length)
  add(
    'attendants',
    req.minAttendants > 0,
    attendantsMissing > 0
      ? [
          {
            section: 'attendants',
            label:
              attendantsMissing === 1
                ? 'Falta 1 atendente'
                : `Faltam ${attendantsMissing} atendentes`,
          },
        ]
      : [],
  )

  const recorded = new Set(report.times.map((t) => t.code))
  add(
    'times',
    mission.times.length > 0,
    mission.times
      .filter((t) => !recorded.has(t.code))
      .map((t) => ({ section: 'times', label: `Tempo “${t.label}”` })),
  )

  const checked = new Set(report.checklist.filter((c) => c.checked).map((c) => c.itemId))
  add(
    'checklist',
    mission.checklist.length > 0,
    mission.checklist
      .filter((item) => !checked.has(item.id))
      .map((item) => ({ section: 'checklist', label: `Item “${item.label}” do checklist` })),
  )

  const photos = report.evidences.filter((e) => e.kind === 'photo').length
  const photosMissing = Math.max(0, req.minPhotos - photos)
  add(
    'evidences',
    req.minPhotos > 0,
    photosMissing > 0
      ? [
          {
            section: 'evidences',
            label: photosMissing === 1 ? 'Falta 1 foto' : `Faltam ${photosMissing} fotos`,
          },
        ]
      : [],
  )

  add(
    'tax-receipts',
    req.taxReceipt,
    req.taxReceipt && report.taxReceipts.length === 0
      ? [{ section: 'tax-receipts', label: 'Cupom fiscal' }]
      : [],
  )

  const hasAudio = report.evidences.some((e) => e.kind === 'audio')
  const hasTestimony = testimonySchema.safeParse(report.testimony ?? '').success
  const proofMissing: Record<Mission['requirements']['proof'], MissingItem[]> = {
    none: [],
    audio: hasAudio ? [] : [{ section: 'audio', label: 'Gravação de áudio' }],
    testimony: hasTestimony
      ? []
      : [{ section: 'testimony', label: 'Depoimento escrito (50 a 1000 caracteres)' }],
    either:
      hasAudio || hasTestimony
        ? []
        : [{ section: 'audio', label: 'Gravação de áudio ou depoimento escrito' }],
  }
  const proof = proofMissing[req.proof]
  add(
    'audio',
    req.proof === 'audio' || req.proof === 'either',
    proof.filter((m) => m.section === 'audio'),
  )
  add(
    'testimony',
    req.proof === 'testimony',
    proof.filter((m) => m.section === 'testimony'),
  )
  return result
}

export function missingItems(
  report: ReportContent,
  mission: Mission,
  form: EvaluationForm,
): MissingItem[] {
  return reportCompleteness(report, mission, form).flatMap((s) => s.missing)
}

export function isReportComplete(
  report: ReportContent,
  mission: Mission,
  form: EvaluationForm,
): boolean {
  return missingItems(report, mission, form).length === 0
}

/** The pt-BR "questionnaire incomplete pages" message of the error catalogue. */
export function incompleteReportMessage(missing: readonly MissingItem[]): string {
  if (missing.length === 0) return ''
  return `Ainda falta completar: ${missing.map((m) => m.label).join('; ')}.`
}
