import type { Opportunity } from '@/api/entities'
import { formatDateTime, formatMoney } from '@/lib/format'
import { opportunityCopy as copy } from '../copy'
import { formatTimeLeft } from '../expiry-countdown'
import styles from './opportunities.module.css'

/** Client, place, pay, window and expiry of an offer, as a description list. */
export function OfferFacts({
  offer,
  expired,
  now,
}: {
  offer: Opportunity
  expired: boolean
  now: number
}) {
  const { task } = offer
  return (
    <dl className={styles.factList}>
      <div>
        <dt>{copy.client}</dt>
        <dd>
          {task.clientName}
          <span className={styles.address}>{task.projectName}</span>
        </dd>
      </div>
      <div>
        <dt>{copy.place}</dt>
        <dd>
          {task.location.name}
          <span className={styles.address}>{task.location.address}</span>
        </dd>
      </div>
      <div>
        <dt>{copy.pay}</dt>
        <dd className={styles.pay}>{formatMoney(task.payoutCents)}</dd>
      </div>
      <div>
        <dt>{copy.period}</dt>
        <dd>{copy.window(formatDateTime(task.window.from), formatDateTime(task.window.to))}</dd>
      </div>
      <div>
        <dt>{copy.expiry}</dt>
        <dd>
          {expired ? (
            copy.expired
          ) : (
            <span className={styles.expiry}>
              {copy.expiresIn(formatTimeLeft(Date.parse(offer.expiresAt) - now))}
            </span>
          )}
          <span className={styles.address}>{copy.expiryAt(formatDateTime(offer.expiresAt))}</span>
        </dd>
      </div>
    </dl>
  )
}
