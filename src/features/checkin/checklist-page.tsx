/** `checklist`: the checklist part's editor (report/parts/checklist), on the check-in's page. */
import { Page } from '@/components/page'
import { ChecklistEditor } from '@/features/report/parts/checklist/checklist-editor'
import { checkinCopy as copy } from './checkin-copy'
import { partVisitOf, useCheckinVisit } from './checkin-context'
import { DraftGate } from './draft-gate'

export function ChecklistPage() {
  const visit = useCheckinVisit()
  return (
    <Page title={copy.checklistTitle}>
      <DraftGate visit={visit}>
        {(draft) => <ChecklistEditor visit={partVisitOf(visit, draft)} />}
      </DraftGate>
    </Page>
  )
}
