/** One editable section of the report (`/tasks/:slug/report/:section`). */
import type { ReportSection } from '@/api/entities'
import type { VisitReport } from '@/features/report/api/use-visit-report'
import { AnswersSection } from './answers-section'
import { AttendantsSection } from './attendants-section'
import { AwardsSection } from './awards-section'
import { ChecklistSection } from './checklist-section'
import { AudioSection, EvidencesSection, TaxReceiptsSection } from './media-sections'
import { ReadOnlySection } from './read-only-section'
import { TestimonySection } from './testimony-section'
import { TimesSection } from './times-section'

export function EditableSection({ section, data }: { section: ReportSection; data: VisitReport }) {
  if (!data.editable) return <ReadOnlySection section={section} data={data} />
  switch (section) {
    case 'answers':
      return <AnswersSection form={data.form} answers={data.draft.answers} slug={data.task.slug} />
    case 'attendants':
      return <AttendantsSection data={data} />
    case 'times':
      return <TimesSection data={data} />
    case 'checklist':
      return <ChecklistSection data={data} />
    case 'evidences':
      return <EvidencesSection data={data} />
    case 'tax-receipts':
      return <TaxReceiptsSection data={data} />
    case 'audio':
      return <AudioSection data={data} />
    case 'testimony':
      return <TestimonySection data={data} />
    case 'awards':
      return <AwardsSection data={data} />
  }
}
