/**
 * What the visit still lacks, from the device's draft (docs/product/visit.md control page): the report
 * completeness rules of src/domain applied to the local working copy, for the parts the visit
 * itself fills (`duringVisit` in the parts' registry; not the questionnaire, answered after the
 * check-out).
 */
import type { EvaluationForm, Mission, Report } from '@/api/entities'
import { reportCompleteness, type SectionCompleteness } from '@/domain/report-completeness'
import type { LocalMedia, ReportDraft } from '@/lib/visit-store/db'
import { draftContent } from '@/features/report/api/draft-content'
import { REPORT_PARTS } from '@/features/report/parts/parts'
import type { ReportPart } from '@/features/report/parts/part'

const NO_FORM: EvaluationForm = { id: '', title: '', pages: [] }

/** The check-in shell's page of a part, when the shell has one (the others are completed in the report). */
export function shellPageOf(section: keyof typeof REPORT_PARTS): string | undefined {
  const part: ReportPart = REPORT_PARTS[section]
  return part.checkinPage
}

export function visitCompleteness(
  draft: ReportDraft,
  mission: Mission,
  media: readonly LocalMedia[],
  report: Report | undefined,
): SectionCompleteness[] {
  return reportCompleteness(draftContent(draft, report, media), mission, NO_FORM).filter(
    (s) => REPORT_PARTS[s.section].duringVisit && s.required,
  )
}
