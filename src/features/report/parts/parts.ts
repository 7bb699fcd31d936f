/**
 * The parts of the report, in the order the agent fills them (the overview's order). Typed
 * against every `ReportSection` of openapi.yaml: a section with no part, or a part of no
 * section, does not compile. Their editors are registered in `part-editors.tsx`, typed the
 * same way (kept apart so the check-in's control page does not load every editor).
 */
import type { ReportSection } from '@/api/entities'
import { answersPart } from './answers/answers-part'
import { attendantsPart } from './attendants/attendants-part'
import { audioPart } from './audio/audio-part'
import { awardsPart } from './awards/awards-part'
import { checklistPart } from './checklist/checklist-part'
import type { CheckinPage, PartId, ReportPart } from './part'
import { photosPart } from './photos/photos-part'
import { receiptsPart } from './receipts/receipts-part'
import { testimonyPart } from './testimony/testimony-part'
import { timesPart } from './times/times-part'

export const REPORT_PARTS = {
  answers: answersPart,
  attendants: attendantsPart,
  times: timesPart,
  checklist: checklistPart,
  evidences: photosPart,
  'tax-receipts': receiptsPart,
  audio: audioPart,
  testimony: testimonyPart,
  awards: awardsPart,
} as const satisfies { [Id in PartId]: ReportPart & { id: Id } }

/** The parts in the overview's order. */
export const PART_ORDER = Object.keys(REPORT_PARTS) as ReportSection[]

/** A part the check-in shell has a page for. */
export type CheckinPart = ReportPart & { checkinPage: CheckinPage }

/** The parts with a page in the check-in shell, in its tabs' order. */
export const CHECKIN_PARTS: readonly CheckinPart[] = PART_ORDER.map(
  (id): ReportPart => REPORT_PARTS[id],
)
  .filter((part): part is CheckinPart => part.checkinPage !== undefined)
  .sort((a, b) => a.checkinPage.tab - b.checkinPage.tab)

/** The part whose check-in page is at `path` (the route's `:part`), if any. */
export function checkinPartAt(path: string | undefined): CheckinPart | undefined {
  return CHECKIN_PARTS.find((part) => part.checkinPage.path === path)
}

/** A part's name ("Cupom fiscal"). */
export function partTitle(part: PartId): string {
  return REPORT_PARTS[part].title
}

/** A `:section` in a link that names no part. */
export const unknownPartCopy = {
  title: 'Seção não encontrada',
  body: 'Esta parte do relatório não existe.',
} as const
