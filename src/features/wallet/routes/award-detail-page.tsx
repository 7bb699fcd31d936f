import { useQuery } from '@tanstack/react-query'
import { useParams } from 'react-router-dom'
import type { AwardGiven } from '@/api/entities'
import { ButtonLink } from '@/components/button'
import { LoadError } from '@/components/load-error'
import { Page } from '@/components/page'
import { Skeleton } from '@/components/skeleton'
import { formatDateTime, formatMoney } from '@/lib/format'
import { missionQueryOptions, taskQueryOptions } from '@/features/tasks/api/task-queries'
import { myAwardsQueryOptions } from '../api/wallet-queries'
import { walletCopy as copy } from '../copy'
import { AwardStatusBadge } from './transaction-badges'
import { TaskLink } from './task-link'
import styles from './wallet.module.css'

/** Every nomination the agent made for one award (by code): status, score and task. */
export function AwardDetailPage() {
  const { code = '' } = useParams()
  const awards = useQuery(myAwardsQueryOptions())
  const mine = awards.data?.items.filter((a) => a.code === code) ?? []

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
    <Page title={copy.awardTitle(code)} backTo="/account/wallet">
      {awards.isPending && <Skeleton label={copy.loadingAwards} count={2} />}
      {awards.isError && !awards.data && (
        <LoadError
          title={copy.awardsError}
          error={awards.error}
          onRetry={() => void awards.refetch()}
        />
      )}
      {mine[0] && <AwardDefinitionSummary code={code} taskId={mine[0].taskId} />}
      {mine.length > 0 && (
        <ul className={styles.cards} aria-label={copy.awardTitle(code)}>
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

/** The award's title, criteria and prize, from the mission of the task it was given in. */
function AwardDefinitionSummary({ code, taskId }: { code: string; taskId: string }) {
  const task = useQuery({ ...taskQueryOptions(taskId), retry: false })
  const missionId = task.data?.missionId
  const mission = useQuery({
    ...missionQueryOptions(missionId ?? ''),
    enabled: Boolean(missionId),
    retry: false,
  })
  const definition = mission.data?.awards.find((a) => a.code === code)
  if (!definition) return null
  return (
    <section className={styles.card} aria-label={definition.title}>
      <h2 className={styles.sectionTitle}>{definition.title}</h2>
      <p className={styles.muted}>{definition.criteria}</p>
      <p className={styles.muted}>{copy.awardPrize(formatMoney(definition.prizeCents))}</p>
    </section>
  )
}
