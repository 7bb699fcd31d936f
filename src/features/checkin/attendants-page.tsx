/** `attendants`: the attendants part's editor (report/parts/attendants), on the check-in's page. */
import { Page } from '@/components/page'
import { AttendantsEditor } from '@/features/report/parts/attendants/attendants-editor'
import { checkinCopy as copy } from './checkin-copy'
import { partVisitOf, useCheckinVisit } from './checkin-context'
import { DraftGate } from './draft-gate'

export function AttendantsPage() {
  const visit = useCheckinVisit()
  return (
    <Page title={copy.attendantsTitle}>
      <DraftGate visit={visit}>
        {(draft) => <AttendantsEditor visit={partVisitOf(visit, draft)} />}
      </DraftGate>
    </Page>
  )
}
