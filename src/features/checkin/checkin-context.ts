/** What the check-in shell hands its pages: the visit as the device and the server know it. */
import { useOutletContext } from 'react-router-dom'
import type { EvaluationForm, Mission, Report, Task } from '@/api/entities'
import type { OutboxSummary } from '@/lib/visit-store/db'
import type { LocalVisit, ReportDraft } from '@/lib/visit-store/db'
import { REPORT_PARTS } from '@/features/report/parts/parts'
import type { PartId, PartVisit, ReportPart } from '@/features/report/parts/part'
import { pathTo } from '@/lib/route-patterns'

export type CheckinVisit = {
  slug: string
  /** `/tasks/<slug>/checkin`: the pages' base path. */
  basePath: string
  task: Task
  mission: Mission
  form: EvaluationForm | undefined
  /** The server's report (for uploaded evidences); undefined offline before the first load. */
  report: Report | undefined
  visit: LocalVisit
  /** The working copy on the device; undefined while loading or when never downloaded. */
  draft: ReportDraft | undefined
  reportLoad: { pending: boolean; error: unknown; retry: () => void }
  outbox: OutboxSummary | undefined
  online: boolean
  /** Records the check-out (queued; online → questionnaire, offline → offline-checkout). */
  checkout: () => Promise<void>
}

export function useCheckinVisit(): CheckinVisit {
  return useOutletContext<CheckinVisit>()
}

/**
 * The visit as a part's editor takes it (the same editor renders in the report): another
 * part's link opens its check-in page when the shell has one, its report section otherwise.
 */
export function partVisitOf(visit: CheckinVisit, draft: ReportDraft): PartVisit {
  return {
    task: visit.task,
    mission: visit.mission,
    form: visit.form,
    draft,
    serverReport: visit.report,
    localVisit: visit.visit,
    pathOf: (part: PartId) => {
      const { checkinPage }: ReportPart = REPORT_PARTS[part]
      return checkinPage
        ? `${visit.basePath}/${checkinPage}`
        : pathTo('/tasks/:slug/report/:section', { slug: visit.task.slug, section: part })
    },
  }
}
