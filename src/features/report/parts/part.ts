/**
 * What a part of the report is (docs/architecture.md, "The report's parts"): one folder under
 * `report/parts/` owns its editor (rendered by the check-in page and by the report section
 * alike), its copy, its summary on the report's overview, and which completeness rule of
 * `src/domain/report-completeness.ts` it answers to (the rule stays in the domain: the fake
 * backend refuses an incomplete report with the same one).
 */
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
  /** The check-in shell's page that renders this part's editor, when it has one. */
  checkinPage?: string
  /** Whether the overview lists it, for this mission and what the report holds. */
  listed: (content: PartContent, mission: Mission) => boolean
  /** The overview's title of its row, when the mission changes it ("Áudio ou depoimento"). */
  rowTitle?: (mission: Mission) => string
  /** A short summary of what is there ("2 fotos"); `nominations` counts the visit's nominations. */
  summary: (content: PartContent, mission: Mission, nominations: number) => string
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
