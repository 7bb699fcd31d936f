/** `times`: the times part's editor (report/parts/times), on the check-in's page. */
import { Page } from '@/components/page'
import { TimesEditor } from '@/features/report/parts/times/times-editor'
import { checkinCopy as copy } from './checkin-copy'
import { partVisitOf, useCheckinVisit } from './checkin-context'
import { DraftGate } from './draft-gate'

export function TimesPage() {
  const visit = useCheckinVisit()
  return (
    <Page title={copy.timesTitle}>
      <DraftGate visit={visit}>
        {(draft) => <TimesEditor visit={partVisitOf(visit, draft)} />}
      </DraftGate>
    </Page>
  )
}
