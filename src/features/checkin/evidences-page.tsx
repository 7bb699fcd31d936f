/** `evidences`: the photos part's editor (report/parts/photos), on the check-in's page. */
import { Page } from '@/components/page'
import { PhotosEditor } from '@/features/report/parts/photos/photos-editor'
import { checkinCopy as copy } from './checkin-copy'
import { partVisitOf, useCheckinVisit } from './checkin-context'
import { DraftGate } from './draft-gate'

export function EvidencesPage() {
  const visit = useCheckinVisit()
  return (
    <Page title={copy.evidencesTitle}>
      <DraftGate visit={visit}>
        {(draft) => <PhotosEditor visit={partVisitOf(visit, draft)} />}
      </DraftGate>
    </Page>
  )
}
