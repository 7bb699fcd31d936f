/** One part of the report (`/tasks/:slug/report/:section`): its editor, or its view when the report cannot be changed now. */
import type { ReportSection } from '@/api/entities'
import type { VisitReport } from '@/features/report/api/use-visit-report'
import { PART_EDITORS, type PartUi } from '@/features/report/parts/part-editors'
import { ReadOnlySection } from './read-only-section'
import { pathTo } from '@/lib/route-patterns'

export function EditableSection({ section, data }: { section: ReportSection; data: VisitReport }) {
  if (!data.editable) return <ReadOnlySection section={section} data={data} />
  const { Editor }: PartUi = PART_EDITORS[section]
  const slug = encodeURIComponent(data.task.slug)
  return (
    <Editor
      visit={{
        task: data.task,
        mission: data.mission,
        form: data.form,
        draft: data.draft,
        serverReport: data.serverReport,
        localVisit: data.localVisit,
        pathOf: (part) => pathTo('/tasks/:slug/report/:section', { slug, section: part }),
      }}
    />
  )
}
