import { useQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import type { Opportunity } from '@/api/entities'
import { LoadError } from '@/components/load-error'
import { Page } from '@/components/page'
import { Badge, EmptyState } from '@/components/status'
import { Skeleton } from '@/components/skeleton'
import { distanceMeters, formatDistance, type LatLng } from '@/domain/geo'
import { effectiveOpportunityStatus } from '@/domain/opportunity'
import { formatDay, formatMoney } from '@/lib/format'
import { opportunityListQueryOptions } from '../api/opportunity-queries'
import { opportunityCopy as copy } from '../copy'
import { formatTimeLeft, useExpiryClock } from '../expiry-countdown'
import { useKnownPosition } from '../use-known-position'
import styles from './opportunities.module.css'
import { pathTo } from '@/lib/route-patterns'

export function OpportunityListPage() {
  const list = useQuery(opportunityListQueryOptions())
  const position = useKnownPosition()
  const offers = list.data?.items ?? []
  const now = useExpiryClock(offers.filter((o) => o.status === 'pending').map((o) => o.expiresAt))
  // Pending offers first (the soonest to expire on top), then the ones that expired.
  const withStatus = offers.map((offer) => ({
    offer,
    status: effectiveOpportunityStatus(offer, now),
  }))
  const byExpiry = (a: { offer: Opportunity }, b: { offer: Opportunity }) =>
    a.offer.expiresAt.localeCompare(b.offer.expiresAt)
  const pending = withStatus.filter((o) => o.status === 'pending').sort(byExpiry)
  const expired = withStatus
    .filter((o) => o.status === 'expired')
    .sort(byExpiry)
    .reverse()
  const shown = [...pending, ...expired]

  return (
    <Page title={copy.listTitle}>
      {list.isPending && <Skeleton count={3} height={132} label={copy.listLoading} />}
      {list.isError && (
        <LoadError
          title={copy.listLoadError}
          error={list.error}
          onRetry={() => void list.refetch()}
          stale={list.data !== undefined}
        />
      )}
      {list.isSuccess && pending.length === 0 && (
        <EmptyState title={copy.listEmptyTitle}>
          <p>{copy.listEmptyBody}</p>
        </EmptyState>
      )}
      {shown.length > 0 && (
        <ul className={styles.list} aria-label={copy.listLabel}>
          {shown.map(({ offer, status }) => (
            <OfferCard
              key={offer.taskId}
              offer={offer}
              expired={status === 'expired'}
              now={now}
              position={position}
            />
          ))}
        </ul>
      )}
    </Page>
  )
}

function OfferCard({
  offer,
  expired,
  now,
  position,
}: {
  offer: Opportunity
  expired: boolean
  now: number
  position: LatLng | null
}) {
  const { task } = offer
  const distance = position ? formatDistance(distanceMeters(position, task.location)) : null
  return (
    <li className={`${styles.card} ${expired ? styles.expiredCard : ''}`}>
      <h2 className={styles.title}>
        {expired ? (
          task.missionTitle
        ) : (
          <Link
            to={pathTo('/oppy/:taskId', { taskId: offer.taskId })}
            className={styles.cardLink}
            // Offers may share a mission: the place tells the links apart.
            aria-label={copy.offerLinkLabel(task.missionTitle, task.location.name)}
          >
            {task.missionTitle}
          </Link>
        )}
      </h2>
      <p className={styles.muted}>
        {task.location.name} · {task.clientName}
      </p>
      <p className={styles.muted}>
        {copy.window(formatDay(task.window.from), formatDay(task.window.to))}
      </p>
      <div className={styles.facts}>
        <span className={styles.pay}>{formatMoney(task.payoutCents)}</span>
        {distance && (
          <span className={styles.distance}>
            <span aria-hidden="true">{copy.distance(distance)}</span>
            <span className="visually-hidden">{copy.distanceLabel(distance)}</span>
          </span>
        )}
        {expired ? (
          <Badge tone="neutral">{copy.expired}</Badge>
        ) : (
          <span className={styles.expiry}>
            {copy.expiresIn(formatTimeLeft(Date.parse(offer.expiresAt) - now))}
          </span>
        )}
      </div>
    </li>
  )
}
