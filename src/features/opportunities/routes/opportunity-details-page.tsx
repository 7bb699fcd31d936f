import { useQuery } from '@tanstack/react-query'
import { Link, useParams } from 'react-router-dom'
import { Page } from '@/components/page'
import { effectiveOpportunityStatus } from '@/domain/opportunity'
import { missionRequirementLines, visitDurationLine } from '@/domain/mission-requirements'
import { opportunityQueryOptions } from '../api/opportunity-queries'
import { opportunityCopy as copy } from '../copy'
import { useExpiryClock } from '../expiry-countdown'
import { AcceptForm } from './accept-form'
import { OfferFacts } from './offer-facts'
import { OpportunityQueryState } from './opportunity-query-state'
import { OfferStatusNotice } from './offer-status-notice'
import styles from './opportunities.module.css'
import { pathTo } from '@/lib/route-patterns'

export function OpportunityDetailsPage() {
  const { taskId = '' } = useParams()
  const query = useQuery(opportunityQueryOptions(taskId))
  const offer = query.data?.opportunity
  const now = useExpiryClock(offer?.status === 'pending' ? [offer.expiresAt] : [])
  const backTo = pathTo('/oppy/:taskId', { taskId })

  if (!query.data || !offer)
    return (
      <Page title={copy.detailsTitle} backTo={backTo}>
        <OpportunityQueryState query={query} />
      </Page>
    )

  const { mission, project } = query.data
  const status = effectiveOpportunityStatus(offer, now)
  return (
    <Page title={copy.detailsTitle} backTo={backTo}>
      <section className={styles.summary} aria-labelledby="offer-mission-title">
        <h2 id="offer-mission-title" className={styles.title}>
          {offer.task.missionTitle}
        </h2>
        <OfferFacts offer={offer} expired={status === 'expired'} now={now} />
      </section>

      <section className={styles.section} aria-labelledby="offer-briefing">
        <h2 id="offer-briefing">{copy.briefing}</h2>
        <p>{mission.briefing}</p>
      </section>

      <section className={styles.section} aria-labelledby="offer-scenario">
        <h2 id="offer-scenario">{copy.scenario}</h2>
        <p>{mission.scenario}</p>
      </section>

      <section className={styles.section} aria-labelledby="offer-requirements">
        <h2 id="offer-requirements">{copy.requirements}</h2>
        <ul className={styles.bullets}>
          {missionRequirementLines(mission.requirements).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>

      {mission.checklist.length > 0 && (
        <section className={styles.section} aria-labelledby="offer-checklist">
          <h2 id="offer-checklist">{copy.checklist}</h2>
          <ul className={styles.bullets}>
            {mission.checklist.map((item) => (
              <li key={item.id}>{item.label}</li>
            ))}
          </ul>
        </section>
      )}

      <section className={styles.section} aria-labelledby="offer-duration">
        <h2 id="offer-duration">{copy.duration}</h2>
        <p>{visitDurationLine(mission.visitMaxMinutes)}</p>
      </section>

      <section className={styles.section} aria-labelledby="offer-policy">
        <h2 id="offer-policy">{copy.policy}</h2>
        <p>
          {copy.policyLead}{' '}
          <Link to={pathTo('/tasks/policy', {}, { project: project.id })}>{copy.policy}</Link>
        </p>
      </section>

      <OfferStatusNotice offer={offer} status={status} />
      {status === 'pending' && (
        <section className={styles.section} aria-labelledby="offer-accept">
          <h2 id="offer-accept">{copy.acceptSection}</h2>
          <AcceptForm offer={offer} now={now} />
        </section>
      )}
    </Page>
  )
}
