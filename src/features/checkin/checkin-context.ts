/** What the check-in shell hands its pages: the visit as the device and the server know it. */
import { useOutletContext } from 'react-router-dom'
import type { EvaluationForm, Mission, Report, Task } from '@/api/entities'
import type { OutboxSummary } from '@/lib/visit-store/db'
import type { LocalVisit, ReportDraft } from '@/lib/visit-store/db'

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
