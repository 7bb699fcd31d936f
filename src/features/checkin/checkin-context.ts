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
  serverReport: Report | undefined
  /** The visit as this device recorded it (check-in, check-out). */
  localVisit: LocalVisit
  /** The working copy on the device; undefined while loading or when never downloaded. */
  draft: ReportDraft | undefined
  reportLoad: { pending: boolean; error: unknown; retry: () => void }
  outbox: OutboxSummary | undefined
  online: boolean
  /**
   * The check-out button is recording the check-out and will open the next page (true), or
   * its write failed and the agent stays (false): meanwhile the shell redirects nothing.
   */
  setLeaving: (leaving: boolean) => void
}

export function useCheckinVisit(): CheckinVisit {
  return useOutletContext<CheckinVisit>()
}
