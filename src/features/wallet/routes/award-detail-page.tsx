import { useQuery } from '@tanstack/react-query'
import { useParams } from 'react-router-dom'
import type { AwardGiven } from '@/api/entities'
import { ButtonLink } from '@/components/button'
import { LoadError } from '@/components/load-error'
import { Page } from '@/components/page'
import { Skeleton } from '@/components/skeleton'
import { formatDateTime, formatMoney } from '@/lib/format'
import { myAwardsQueryOptions } from '../api/wallet-queries'
import { walletCopy as copy } from '../copy'
import { AwardStatusBadge } from './transaction-badges'
import { TaskLink } from './task-link'
import { useAwardDefinitions } from './award-definitions'
import styles from './wallet.module.css'

/**
 * Every nomination the agent made for one award (by code), under the award's title (never its
 * code): the award's criteria and prize, then each nomination's status, score and task.
 */
export function AwardDetailPage() {
  const { code = '' } = useParams()
  const awards = useQuery(myAwardsQueryOptions())
  const mine = awards.data?.items.filter((a) => a.code === code) ?? []
  const definition = useAwardDefinitions(mine.slice(0, 1)).get(code)
  const title = definition?.title ?? copy.awardUnnamed

  if (awards.isSuccess && mine.length === 0)
    return (
      <Page title={copy.awardNotFound} backTo="/account/wallet">
        <p>{copy.awardNotFoundBody}</p>
        <ButtonLink to="/account/wallet" block>
          {copy.backToWallet}
        </ButtonLink>
      </Page>
    )

  return (
    <Page title={title} backTo="/account/wallet">
      {awards.isPending && <Skeleton label={copy.loadingAwards} count={2} />}
      {awards.isError && !awards.data && (
        <LoadError
          title={copy.awardsError}
          error={awards.error}
          onRetry={() => void awards.refetch()}
        />
      )}
      {definition && (
        <section className={styles.card} aria-labelledby="award-about">
          <h2 id="award-about" className={styles.cardTitle}>
            {copy.awardAbout}
          </h2>
          <p className={styles.cardText}>{definition.criteria}</p>
          <p className={styles.muted}>{copy.awardPrize(formatMoney(definition.prizeCents))}</p>
        </section>
      )}
      {mine.length > 0 && (
        <ul className={styles.cards} aria-label={copy.awardNominations}>
          {mine.map((award) => (
            <NominationCard key={award.id} award={award} />
          ))}
        </ul>
      )}
    </Page>
  )
}

function NominationCard({ award }: { award: AwardGiven }) {
  return (
    <li className={styles.card}>
      <div className={styles.cardHeader}>
        <p>{copy.attendant(award.attendantName)}</p>
        <AwardStatusBadge status={award.status} />
      </div>
      <p className={styles.muted}>{copy.score(award.score)}</p>
      <p className={styles.muted}>{copy.nominatedOn(formatDateTime(award.createdAt))}</p>
      <TaskLink taskId={award.taskId} />
    </li>
  )
}
