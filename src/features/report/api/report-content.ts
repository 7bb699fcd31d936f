/**
 * The report as the device has it (draft + local media), in the shapes the domain rules
 * read, plus what differs between the agent's copy and the server's after a conflict.
 */
import type { Evidence, EvaluationForm, Mission, Report, ReportSection, Task } from '@/api/entities'
import { reportSectionValues } from '@/api/schema.gen'
import { answersById, computeScore } from '@/domain/questionnaire'
import {
  missingSummary,
  reportCompleteness,
  type SectionCompleteness,
} from '@/domain/report-completeness'
import type { LocalMedia, LocalVisit, ReportDraft } from '@/lib/visit-store/db'
import { reportCopy as copy } from '@/features/report/report-copy'
import { PART_ORDER, REPORT_PARTS } from '@/features/report/parts/parts'
import type { PartContent, ReportPart } from '@/features/report/parts/part'

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
) {
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

export type ReportRow = {
  section: ReportSection
  title: string
  complete: boolean
  required: boolean
  missing: string[]
  /** What is missing, as one pt-BR phrase ("Tempo de espera e Tempo de atendimento"). */
  missingText: string
  /** A short summary of what is there ("2 fotos"). */
  summary: string
  /** Writes of this section the server refused (nominations), to fix before sending. */
  refused: number
}

/** The overview rows, in the parts' order, only for what the mission asks (or the report holds). */
export function reportRows(
  content: PartContent,
  mission: Mission,
  form: EvaluationForm,
  /** The visit's nominations (`visitNominations`): counted, and those the server refused. */
  awards: { count: number; refused?: number },
): ReportRow[] {
  const sections = new Map<ReportSection, SectionCompleteness>(
    reportCompleteness(content, mission, form).map((s) => [s.section, s]),
  )
  return PART_ORDER.filter((id) => REPORT_PARTS[id].listed(content, mission)).map((id) => {
    const part: ReportPart = REPORT_PARTS[id]
    const s = sections.get(id)
    const row: ReportRow = {
      section: id,
      title: part.rowTitle?.(mission) ?? part.title,
      complete: s?.complete ?? true,
      required: s?.required ?? false,
      missing: s?.missing.map((m) => m.label) ?? [],
      missingText: missingSummary(s?.missing ?? []),
      summary: part.summary(content, mission, awards.count),
      refused: 0,
    }
    if (id === 'awards') {
      row.refused = awards.refused ?? 0
      // A refused nomination is not "complete": it waits for the agent (retry or discard).
      if (row.refused > 0) row.complete = false
    }
    return row
  })
}

export function draftScore(form: EvaluationForm, draft: Pick<ReportDraft, 'answers'>) {
  return computeScore(form, answersById(draft.answers))
}

/** What differs between the agent's draft and the server's report, one pt-BR line per section. */
export function conflictDifferences(
  draft: ReportDraft,
  theirs: Report,
  form: EvaluationForm,
  mission: Mission,
): string[] {
  const lines: string[] = []
  const mine = new Map(draft.answers.map((a) => [a.questionId, JSON.stringify(a.value)]))
  const server = new Map(theirs.answers.map((a) => [a.questionId, JSON.stringify(a.value)]))
  const questionIds = new Set([...mine.keys(), ...server.keys()])
  const changedAnswers = [...questionIds].filter((id) => mine.get(id) !== server.get(id)).length
  if (changedAnswers > 0) lines.push(copy.diffAnswers(changedAnswers))

  const names = (list: { name: string }[]) =>
    list
      .map((a) => a.name)
      .sort()
      .join(', ')
  if (names(draft.attendants) !== names(theirs.attendants))
    lines.push(copy.diffAttendants(draft.attendants.length, theirs.attendants.length))

  const timeLabel = (code: string) => mission.times.find((t) => t.code === code)?.label ?? code
  const myTimes = new Map(draft.times.map((t) => [t.code, t.seconds]))
  const theirTimes = new Map(theirs.times.map((t) => [t.code, t.seconds]))
  for (const code of new Set([...myTimes.keys(), ...theirTimes.keys()]))
    if (myTimes.get(code) !== theirTimes.get(code))
      lines.push(copy.diffTime(timeLabel(code), myTimes.get(code), theirTimes.get(code)))

  const checked = (list: { itemId: string; checked: boolean }[]) =>
    list
      .filter((c) => c.checked)
      .map((c) => c.itemId)
      .sort()
      .join(',')
  if (checked(draft.checklist) !== checked(theirs.checklist))
    lines.push(
      copy.diffChecklist(
        draft.checklist.filter((c) => c.checked).length,
        theirs.checklist.filter((c) => c.checked).length,
      ),
    )

  const myEvidences = draft.evidenceRefs.map((r) => r.evidenceId ?? r.mediaId).join(',')
  const theirEvidences = theirs.evidences.map((e) => e.id).join(',')
  if (myEvidences !== theirEvidences)
    lines.push(copy.diffEvidences(draft.evidenceRefs.length, theirs.evidences.length))

  if (
    draft.taxReceipts.length !== theirs.taxReceipts.length ||
    JSON.stringify(draft.taxReceipts.map((r) => r.id)) !==
      JSON.stringify(theirs.taxReceipts.map((r) => r.id))
  )
    lines.push(copy.diffReceipts(draft.taxReceipts.length, theirs.taxReceipts.length))
  if ((draft.testimony ?? '').trim() !== (theirs.testimony ?? '').trim())
    lines.push(copy.diffTestimony)
  if (draft.notes.trim() !== theirs.notes.trim()) lines.push(copy.diffNotes)
  const myScore = draftScore(form, draft)
  const theirScore = computeScore(form, answersById(theirs.answers))
  if (myScore !== theirScore) lines.push(copy.diffScore(myScore, theirScore))
  return lines
}
