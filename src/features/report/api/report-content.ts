/**
 * The report's overview rows (over the parts' registry) and what differs between the agent's
 * copy and the server's after a conflict. The draft's own shapes are in draft-content.ts.
 */
import type { EvaluationForm, Mission, Report, ReportSection } from '@/api/entities'
import { answersById, computeScore } from '@/domain/questionnaire'
import {
  missingSummary,
  reportCompleteness,
  type SectionCompleteness,
} from '@/domain/report-completeness'
import type { ReportDraft } from '@/lib/visit-store/db'
import { draftScore } from './draft-content'
import { reportCopy as copy } from '@/features/report/report-copy'
import { PART_ORDER, REPORT_PARTS } from '@/features/report/parts/parts'
import type { PartContent, ReportPart } from '@/features/report/parts/part'

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
