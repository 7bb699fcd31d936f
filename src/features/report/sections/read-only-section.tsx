/**
 * A part of the report to read, not change: the submitted report (`/tasks/:slug/status/:section`)
 * or a report the agent cannot edit now. Evidences come from the server's report.
 */
import type { EvaluationForm, Mission, ReportSection, Task } from '@/api/entities'
import {
  PART_EDITORS,
  type PartUi,
  type ReadOnlyContent,
} from '@/features/report/parts/part-editors'

export type ReadOnlySectionProps = {
  section: ReportSection
  data: { task: Task; mission: Mission; form: EvaluationForm; draft?: ReadOnlyContent }
  /** The server's report; the draft is shown when absent. */
  report?: ReadOnlyContent
}

export function ReadOnlySection({ section, data, report }: ReadOnlySectionProps) {
  const { task, mission, form } = data
  const content = report ?? data.draft
  if (!content) return null
  const { View }: PartUi = PART_EDITORS[section]
  return <View task={task} mission={mission} form={form} content={content} />
}
