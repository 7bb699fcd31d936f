import type { Opportunity } from '@/api/entities'
import { ButtonLink } from '@/components/button'
import { Notice } from '@/components/notice'
import { opportunityCopy as copy } from '../copy'

/** Why an offer can no longer be answered (nothing for a pending one). */
export function OfferStatusNotice({
  offer,
  status,
}: {
  offer: Opportunity
  status: Opportunity['status']
}) {
  switch (status) {
    case 'pending':
      return null
    case 'expired':
      return (
        <Notice tone="warning" title={copy.expiredNotice}>
          {copy.expiredBody}
        </Notice>
      )
    case 'accepted':
      return (
        <Notice
          tone="success"
          title={copy.acceptedNotice}
          action={
            <ButtonLink to="/tasks" variant="secondary">
              {copy.seeTasks}
            </ButtonLink>
          }
        >
          {copy.acceptedBody}
        </Notice>
      )
    case 'declined':
      return (
        <Notice title={copy.declinedNotice}>
          {offer.declineReason ? copy.declinedReason(offer.declineReason) : null}
        </Notice>
      )
  }
}
