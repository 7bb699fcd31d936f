/** One part of the report (`/tasks/:slug/report/:section`): its editor, or its view when the report cannot be changed now. */
import type { ReportSection } from '@/api/entities'
import type { VisitReport } from '@/features/visit/use-visit-report'
import { PART_EDITORS, type PartUi } from '@/features/report/parts/part-editors'
import { partVisitOf } from '@/features/report/parts/part-visit'
import { ReadOnlySection } from './read-only-section'

export function EditableSection({ section, data }: { section: ReportSection; data: VisitReport }) {
  if (!data.editable) return <ReadOnlySection section={section} data={data} />
  const { Editor }: PartUi = PART_EDITORS[section]
  return <Editor visit={partVisitOf(data)} />
}
