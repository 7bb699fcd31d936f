/**
 * The report's overview rows, over the parts' registry (the overview and the submitted
 * report). The draft's own shapes are the visit's (features/visit/draft-content.ts).
 */
import type { EvaluationForm, Mission, ReportSection } from '@/api/entities'
import {
  missingSummary,
  reportCompleteness,
  type SectionCompleteness,
} from '@/domain/report-completeness'
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
