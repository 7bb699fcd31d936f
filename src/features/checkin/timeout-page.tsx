/** `timeout`: the visit reached `visitMaxMinutes`; the only way on is the check-out. */
import { Notice } from '@/components/notice'
import { Page } from '@/components/page'
import { useTaskMedia } from '@/lib/visit-store/hooks'
import { checkinCopy as copy } from './checkin-copy'
import { useCheckinVisit } from './checkin-context'
import { CheckoutButton } from './checkout-button'
import { FailedWrites } from '@/features/visit/outbox-status'
import { visitCompleteness } from './visit-completeness'

export function TimeoutPage() {
  const visit = useCheckinVisit()
  const media = useTaskMedia(visit.task.id)
  // What is still missing, as on the control page: the check-out asks first. Without the
  // draft on the phone (the report could not be read, or there is no connection to read it),
  // it goes ahead; while the draft is still on its way, the button waits for it, so a quick
  // tap does not skip the question.
  const sections = visit.draft
    ? visitCompleteness(visit.draft, visit.mission, media ?? [], visit.serverReport)
    : []
  const draftOnItsWay = !visit.draft && visit.online && !visit.reportLoad.error

  return (
    <Page title={copy.timeoutTitle}>
      <Notice tone="warning" title={copy.timeoutNotice}>
        {copy.timeoutBody(visit.mission.visitMaxMinutes)}
      </Notice>
      <FailedWrites outbox={visit.outbox} />
      <CheckoutButton
        visit={visit}
        sections={sections}
        stayLabel={copy.notYet}
        waiting={draftOnItsWay}
      />
    </Page>
  )
}
