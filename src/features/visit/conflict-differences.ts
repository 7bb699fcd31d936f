/**
 * What differs between the agent's copy of the report and the server's after a conflict, one
 * pt-BR line per part, for the conflict sheet (conflict-sheet.tsx).
 */
import type { EvaluationForm, Mission, Report } from '@/api/entities'
import { answersById, computeScore } from '@/domain/questionnaire'
import type { ReportDraft } from '@/lib/visit-store/db'
import { draftScore } from './draft-content'
import { visitCopy as copy } from './visit-copy'

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
