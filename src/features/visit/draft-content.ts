/**
 * The device's draft in the shapes the domain's rules read (its evidences, its content, its
 * score), and whether the agent may change it. Light on purpose (no copy, no completeness
 * rules): the check-in's pages and the visit loader read it, and it must not pull the report's
 * pages into their chunks.
 */
import type { Evidence, EvaluationForm, Report, ReportSection, Task } from '@/api/entities'
import { reportSectionValues } from '@/api/schema.gen'
import { answersById, computeScore } from '@/domain/questionnaire'
import type { ReportContent } from '@/domain/report-completeness'
import type { LocalMedia, LocalVisit, ReportDraft } from '@/lib/visit-store/db'

export function isReportSection(value: string): value is ReportSection {
  return (reportSectionValues as readonly string[]).includes(value)
}

/** The agent may change the report: after checkout, or during the visit once checked in (here or on the server). */
export function reportEditable(task: Task, localVisit: LocalVisit | undefined): boolean {
  if (task.status.code === 'visited') return true
  if (task.status.code === 'started') return Boolean(task.steps.checkin ?? localVisit?.checkin)
  return false
}

/**
 * The evidences of the draft, in order: the server's entry where known (its report, or the
 * other version of a conflict), the device's photo or recording otherwise. The one list every
 * screen counts (the overview, the check-in's pages and "what is missing"). A reference that
 * neither knows (its local record gone, the server's report not loaded) is kept, with the kind
 * the draft noted for it, or as a photo, the kind almost every evidence is: dropping it would
 * make a photo the agent took disappear from the count, and the check-in ask for one more.
 */
export function draftEvidences(
  draft: ReportDraft,
  serverReport: Pick<Report, 'evidences'> | undefined,
  media: readonly LocalMedia[],
): Evidence[] {
  const known = [...(serverReport?.evidences ?? []), ...(draft.conflict?.evidences ?? [])]
  return draft.evidenceRefs.map((ref) => {
    const server = ref.evidenceId ? known.find((e) => e.id === ref.evidenceId) : undefined
    if (server) return server
    const local = media.find(
      (m) =>
        (ref.mediaId && m.id === ref.mediaId) ||
        (ref.evidenceId && m.evidenceId === ref.evidenceId),
    )
    return {
      id: ref.evidenceId ?? `local:${ref.mediaId ?? ''}`,
      kind: local?.kind ?? ref.kind ?? 'photo',
      url: '',
      bytes: local?.bytes ?? 0,
      takenAt: local?.takenAt ?? draft.updatedAt,
      ...(local?.caption ? { caption: local.caption } : {}),
    }
  })
}

/** The draft in the shape of a report's content (what completeness and the score read). */
export function draftContent(
  draft: ReportDraft,
  serverReport: Report | undefined,
  media: readonly LocalMedia[],
): ReportContent {
  return {
    answers: draft.answers,
    attendants: draft.attendants,
    times: draft.times,
    checklist: draft.checklist,
    evidences: draftEvidences(draft, serverReport, media),
    taxReceipts: draft.taxReceipts,
    testimony: draft.testimony,
  }
}

export function draftScore(form: EvaluationForm, draft: Pick<ReportDraft, 'answers'>) {
  return computeScore(form, answersById(draft.answers))
}
