/**
 * A report section to read, not change: the submitted report (`/tasks/:slug/status/:section`)
 * or a report the agent cannot edit now. Evidences come from the server's report.
 */
import type { EvaluationForm, Mission, Report, ReportSection, Task } from '@/api/entities'
import { EmptyState } from '@/components/status'
import { EvidenceList } from '@/features/report/parts/photos/evidence-list'
import { TaxReceiptForm } from '@/features/report/parts/receipts/tax-receipt-form'
import { reportCopy as copy } from '@/features/report/report-copy'
import styles from '@/features/report/report.module.css'
import { AnswersList } from './answers-section'
import { AttendantsList } from './attendants-section'
import { AwardsList, useTaskAwards } from './awards-section'
import { ChecklistList } from './checklist-section'
import { TimesList } from './times-section'
import { partTitle } from '@/features/report/parts/parts'

export type ReadOnlyContent = Pick<
  Report,
  'answers' | 'attendants' | 'times' | 'checklist' | 'taxReceipts' | 'testimony'
>

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
  switch (section) {
    case 'answers':
      return <AnswersList form={form} answers={content.answers} />
    case 'attendants':
      return <AttendantsList attendants={content.attendants} />
    case 'times':
      return <TimesList mission={mission} times={content.times} />
    case 'checklist':
      return <ChecklistList mission={mission} checklist={content.checklist} />
    case 'evidences':
      return (
        <EvidenceList
          reportId={task.reportId}
          taskId={task.id}
          kinds={['photo']}
          readOnly
          emptyText={copy.noEvidences}
        />
      )
    case 'audio':
      return (
        <>
          <EvidenceList
            reportId={task.reportId}
            taskId={task.id}
            kinds={['audio']}
            readOnly
            emptyText={copy.noAudio}
          />
          {/* "Áudio ou depoimento" is one part of the report: the testimony shows here too. */}
          {mission.requirements.proof === 'either' && content.testimony && (
            <section aria-label={partTitle('testimony')}>
              <h2 className={styles.groupTitle}>{partTitle('testimony')}</h2>
              <p className={styles.testimony}>{content.testimony}</p>
            </section>
          )}
        </>
      )
    case 'tax-receipts':
      return <TaxReceiptForm reportId={task.reportId} taskId={task.id} readOnly />
    case 'testimony':
      return content.testimony ? (
        <p className={styles.testimony}>{content.testimony}</p>
      ) : (
        <EmptyState title={copy.noTestimony} />
      )
    case 'awards':
      return <ReadOnlyAwards task={task} mission={mission} />
  }
}

function ReadOnlyAwards({ task, mission }: { task: Task; mission: Mission }) {
  const { given } = useTaskAwards(task.id)
  return <AwardsList mission={mission} given={given} />
}
