/**
 * What the visit still lacks, from the device's draft (docs/product/visit.md control page): the report
 * completeness rules of src/domain applied to the local working copy, for the parts the visit
 * itself fills (`duringVisit` in the parts' registry; not the questionnaire, answered after the
 * check-out).
 */
import type { EvaluationForm, Mission, Report } from '@/api/entities'
import { reportCompleteness, type SectionCompleteness } from '@/domain/report-completeness'
import type { LocalMedia, ReportDraft } from '@/lib/visit-store/db'
import { draftContent } from '@/features/visit/draft-content'
import { REPORT_PARTS } from '@/features/report/parts/parts'

const NO_FORM: EvaluationForm = { id: '', title: '', pages: [] }

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
