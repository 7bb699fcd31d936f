/**
 * What a report still lacks before it can be submitted (docs/product/visit.md): the "questionnaire
 * incomplete pages" error and the report overview both come from here.
 */
import type { EvaluationForm, MissingItem, Mission, Report, ReportSection } from '@/api/entities'
import { answersById, incompletePages } from './questionnaire'
import { testimonySchema } from './text-limits'
import { count, plural } from './plural'

/**
 * What the agent fills in a report, as the rules read it: completeness here, the score, the
 * parts' rows and summaries (`PartContent`), the device's draft (`draftContent`). The one list
 * of its fields: the others are this type.
 */
export type ReportContent = Pick<
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
      label: page.title,
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
            label: `${plural(attendantsMissing, 'Falta', 'Faltam')} ${count(attendantsMissing, 'atendente', 'atendentes')}`,
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
      .map((t) => ({ section: 'times', label: t.label })),
  )

  const checked = new Set(report.checklist.filter((c) => c.checked).map((c) => c.itemId))
  add(
    'checklist',
    mission.checklist.length > 0,
    mission.checklist
      .filter((item) => !checked.has(item.id))
      .map((item) => ({ section: 'checklist', label: item.label })),
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
            label: `${plural(photosMissing, 'Falta', 'Faltam')} ${count(photosMissing, 'foto', 'fotos')}`,
          },
        ]
      : [],
  )

  add(
    'tax-receipts',
    req.taxReceipt,
    req.taxReceipt && report.taxReceipts.length === 0
      ? [{ section: 'tax-receipts', label: 'Falta o cupom fiscal' }]
      : [],
  )

  const hasAudio = report.evidences.some((e) => e.kind === 'audio')
  const hasTestimony = testimonySchema.safeParse(report.testimony ?? '').success
  const proofMissing: Record<Mission['requirements']['proof'], MissingItem[]> = {
    none: [],
    audio: hasAudio ? [] : [{ section: 'audio', label: 'Falta a gravação de áudio' }],
    testimony: hasTestimony
      ? []
      : [{ section: 'testimony', label: 'Falta o depoimento escrito (50 a 1000 caracteres)' }],
    either:
      hasAudio || hasTestimony
        ? []
        : [{ section: 'audio', label: 'Falta a gravação de áudio ou o depoimento escrito' }],
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

let listFormat: Intl.ListFormat | undefined
/** "A, B e C" in pt-BR. */
function andList(items: readonly string[]): string {
  listFormat ??= new Intl.ListFormat('pt-BR', { style: 'long', type: 'conjunction' })
  return listFormat.format(items)
}

/**
 * One section's missing items as one pt-BR phrase that reads as a person writes it: "Tempo
 * de espera e Tempo de atendimento", "as páginas “Fachada” e “Caixa” do questionário", "os
 * itens “Fotografar a fachada” e “Guardar o cupom” do checklist".
 */
export function missingSummary(items: readonly MissingItem[]): string {
  if (items.length === 0) return ''
  const labels = items.map((m) => m.label)
  const quoted = labels.map((l) => `“${l}”`)
  switch (items[0]!.section) {
    case 'answers':
      return `${plural(labels.length, 'A página', 'As páginas')} ${andList(quoted)} do questionário`
    case 'checklist':
      return `${plural(labels.length, 'O item', 'Os itens')} ${andList(quoted)} do checklist`
    default:
      return andList(labels)
  }
}

/** The pt-BR "report incomplete" message of the error catalogue: one phrase per section. */
export function incompleteReportMessage(missing: readonly MissingItem[]): string {
  if (missing.length === 0) return ''
  const bySection = new Map<ReportSection, MissingItem[]>()
  for (const item of missing)
    bySection.set(item.section, [...(bySection.get(item.section) ?? []), item])
  const phrases = [...bySection.values()].map(missingSummary)
  return `Ainda falta completar: ${phrases.join('; ')}.`
}
