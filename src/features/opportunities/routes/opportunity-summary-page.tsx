import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useParams } from 'react-router-dom'
import { Button, ButtonLink } from '@/components/button'
import { Page } from '@/components/page'
import { effectiveOpportunityStatus } from '@/domain/opportunity'
import { opportunityQueryOptions } from '../api/opportunity-queries'
import { opportunityCopy as copy } from '../copy'
import { useExpiryClock } from '../expiry-countdown'
import { DeclineSheet } from './decline-sheet'
import { OfferFacts } from './offer-facts'
import { OfferStatusNotice } from './offer-status-notice'
import { OpportunityQueryState } from './opportunity-query-state'
import styles from './opportunities.module.css'
import { pathTo } from '@/lib/route-patterns'

export function OpportunitySummaryPage() {
  const { taskId = '' } = useParams()
  const query = useQuery(opportunityQueryOptions(taskId))
  const offer = query.data?.opportunity
  const now = useExpiryClock(offer?.status === 'pending' ? [offer.expiresAt] : [])
  const [declining, setDeclining] = useState(false)

  if (!offer)
    return (
      <Page title={copy.summaryTitle} backTo="/oppy">
        <OpportunityQueryState query={query} />
      </Page>
    )

  const status = effectiveOpportunityStatus(offer, now)
  const detailsPath = pathTo('/oppy/:taskId/details', { taskId: offer.taskId })
  return (
    <Page title={offer.task.missionTitle} backTo="/oppy">
      <section className={styles.summary} aria-label={copy.summaryTitle}>
        <OfferFacts offer={offer} expired={status === 'expired'} now={now} />
      </section>
      <OfferStatusNotice offer={offer} status={status} />
      {status === 'pending' ? (
        <div className={styles.actions}>
          <ButtonLink to={detailsPath} block>
            {copy.accept}
          </ButtonLink>
          <Button variant="secondary" block onClick={() => setDeclining(true)}>
            {copy.decline}
          </Button>
        </div>
      ) : (
        <ButtonLink to={detailsPath} variant="secondary" block>
          {copy.seeDetails}
        </ButtonLink>
      )}
      {status === 'pending' && (
        <DeclineSheet taskId={offer.taskId} open={declining} onClose={() => setDeclining(false)} />
      )}
    </Page>
  )
}
