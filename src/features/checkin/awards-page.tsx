/** `awards`: the awards part's editor (report/parts/awards), on the check-in's page. */
import { Page } from '@/components/page'
import { AwardsEditor } from '@/features/report/parts/awards/awards-editor'
import { checkinCopy as copy } from './checkin-copy'
import { partVisitOf, useCheckinVisit } from './checkin-context'
import { DraftGate } from './draft-gate'

export function AwardsPage() {
  const visit = useCheckinVisit()
  return (
    <Page title={copy.awardsTitle}>
      <DraftGate visit={visit}>
        {(draft) => <AwardsEditor visit={partVisitOf(visit, draft)} />}
      </DraftGate>
    </Page>
  )
}
