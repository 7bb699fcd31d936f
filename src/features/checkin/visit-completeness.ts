/**
 * What the visit still lacks, from the device's draft (docs/product/visit.md control page): the report
 * completeness rules of src/domain applied to the local working copy, without the
 * questionnaire (answered after the check-out).
 */
import type { EvaluationForm, Evidence, Mission, Report, ReportSection } from '@/api/entities'
import { reportCompleteness, type SectionCompleteness } from '@/domain/report-completeness'
import type { LocalMedia, ReportDraft } from '@/lib/visit-store/db'

/** Sections the check-in shell has a page for; the others are completed in the report. */
export const SHELL_PAGE_OF_SECTION: Partial<Record<ReportSection, string>> = {
  checklist: 'checklist',
  attendants: 'attendants',
  times: 'times',
  evidences: 'evidences',
}

const VISIT_SECTIONS: readonly ReportSection[] = [
  'checklist',
  'attendants',
  'times',
  'evidences',
  'tax-receipts',
  'audio',
  'testimony',
]

const NO_FORM: EvaluationForm = { id: '', title: '', pages: [] }

/** The draft's evidences as the rules see them: kind from the local media or the server's report. */
export function draftEvidences(
  draft: ReportDraft,
  media: readonly LocalMedia[],
  report: Report | undefined,
): Evidence[] {
  return draft.evidenceRefs.flatMap((ref) => {
    const local = media.find(
      (m) =>
        (ref.mediaId && m.id === ref.mediaId) ||
        (ref.evidenceId && m.evidenceId === ref.evidenceId),
    )
    const server = ref.evidenceId
      ? report?.evidences.find((e) => e.id === ref.evidenceId)
      : undefined
    const kind = local?.kind ?? server?.kind
    if (!kind) return []
    return [
      {
        id: ref.evidenceId ?? `local:${ref.mediaId ?? ''}`,
        kind,
        url: server?.url ?? '',
        bytes: local?.bytes ?? server?.bytes ?? 0,
        takenAt: local?.takenAt ?? server?.takenAt ?? draft.updatedAt,
      },
    ]
  })
}

export function visitCompleteness(
  draft: ReportDraft,
  mission: Mission,
  media: readonly LocalMedia[],
  report: Report | undefined,
): SectionCompleteness[] {
  const content = {
    answers: draft.answers,
    attendants: draft.attendants,
    times: draft.times,
    checklist: draft.checklist,
    evidences: draftEvidences(draft, media, report),
    taxReceipts: draft.taxReceipts,
    testimony: draft.testimony,
  }
  return reportCompleteness(content, mission, NO_FORM).filter(
    (s) => VISIT_SECTIONS.includes(s.section) && s.required,
  )
}
