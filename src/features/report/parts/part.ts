/**
 * What a part of the report is (docs/architecture.md, "The report's parts"): one folder under
 * `report/parts/` owns its editor (rendered by the check-in page and by the report section
 * alike), its copy, its summary on the report's overview, and which completeness rule of
 * `src/domain/report-completeness.ts` it answers to (the rule stays in the domain: the fake
 * backend refuses an incomplete report with the same one).
 */
import type { ComponentType } from 'react'
import type { EvaluationForm, Mission, Report, ReportSection, Task } from '@/api/entities'
import type { ReportContent } from '@/domain/report-completeness'
import type { LocalVisit, ReportDraft } from '@/lib/visit-store/db'

export type PartId = ReportSection

/** The report's content as the rules and summaries read it (the draft's, or the server's). */
export type PartContent = ReportContent

export type ReportPart = {
  id: PartId
  /** Its name, as the overview, the section page and the validator say it. */
  title: string
  /** Filled during the visit: the check-in's "what is missing" counts it (the questionnaire is not). */
  duringVisit: boolean
  /**
   * The check-in shell's page of this part, when it has one (`/tasks/:slug/checkin/:part`):
   * its path, its place among the shell's tabs (after "Instruções", before "Observações"), and
   * its editor, which the page loads with it (only this part's). The tab and the page's title
   * are the part's `title`.
   */
  checkinPage?: CheckinPage
  /** Whether the overview lists it, for this mission and what the report holds. */
  listed: (content: PartContent, mission: Mission) => boolean
  /** The overview's title of its row, when the mission changes it ("Áudio ou depoimento"). */
  rowTitle?: (mission: Mission) => string
  /** A short summary of what is there ("2 fotos"); `nominations` counts the visit's nominations. */
  summary: (content: PartContent, mission: Mission, nominations: number) => string
}

/** A part's page in the check-in shell (`ReportPart['checkinPage']`). */
export type CheckinPage = {
  /** Its path under `/tasks/:slug/checkin/` (the `:part` of the route). */
  path: string
  /** Its place among the part pages' tabs, from 1. */
  tab: number
  /** Its editor, loaded when the page opens (a chunk of its own). */
  editor: () => Promise<ComponentType<{ visit: PartVisit }>>
}

/** What a part's editor is given, on the check-in page and in the report alike. */
export type PartVisit = {
  task: Task
  mission: Mission
  /** Undefined while the form is not on the device (the check-in can start without it). */
  form: EvaluationForm | undefined
  draft: ReportDraft
  serverReport: Report | undefined
  localVisit: LocalVisit | undefined
  /** Where another part's editor is, from here (the check-in's page or the report's section). */
  pathOf: (part: PartId) => string
}
