import { useQuery } from '@tanstack/react-query'
import { useParams } from 'react-router-dom'
import type { Transaction } from '@/api/entities'
import { ButtonLink } from '@/components/button'
import { LoadError } from '@/components/load-error'
import { Page } from '@/components/page'
import { Skeleton } from '@/components/skeleton'
import { formatDate, formatDateTime, formatMoney } from '@/lib/format'
import { walletQueryOptions } from '../api/wallet-queries'
import { walletCopy as copy } from '../copy'
import { TaskLink } from './task-link'
import { TransactionStatusBadge } from './transaction-badges'
import styles from './wallet.module.css'

type Step = { key: string; title: string; at?: string; done: boolean; expected?: string }

/** Created → available → paid for credits; requested → paid for withdrawals. */
function transactionSteps(t: Transaction): Step[] {
  if (t.amountCents < 0)
    return [
      { key: 'created', title: copy.steps.requested, at: t.createdAt, done: true },
      {
        key: 'paid',
        title: copy.steps.paid,
        ...(t.paidAt ? { at: t.paidAt } : {}),
        done: t.status === 'paid',
      },
    ]
  const available = t.status === 'available' || t.status === 'paid'
  return [
    { key: 'created', title: copy.steps.created, at: t.createdAt, done: true },
    {
      key: 'available',
      title: copy.steps.available,
      ...(available && t.availableAt ? { at: t.availableAt } : {}),
      ...(!available && t.availableAt ? { expected: t.availableAt } : {}),
      done: available,
    },
    {
      key: 'paid',
      title: copy.steps.paid,
      ...(t.paidAt ? { at: t.paidAt } : {}),
      done: t.status === 'paid',
    },
  ]
}

export function TransactionDetailPage() {
  const { id = '' } = useParams()
  const wallet = useQuery(walletQueryOptions())
  const t = wallet.data?.transactions.find((x) => x.id === id)

  if (wallet.isSuccess && !t)
    return (
      <Page title={copy.transactionNotFound} backTo="/account/wallet">
        <p>{copy.transactionNotFoundBody}</p>
        <ButtonLink to="/account/wallet" block>
          {copy.backToWallet}
        </ButtonLink>
      </Page>
    )

  return (
    <Page title={t ? copy.kind[t.kind] : copy.transactionTitle} backTo="/account/wallet">
      {wallet.isPending && <Skeleton label={copy.loadingWallet} count={3} height={56} />}
      {wallet.isError && !wallet.data && (
        <LoadError
          title={copy.walletError}
          error={wallet.error}
          onRetry={() => void wallet.refetch()}
        />
      )}
      {t && (
        <>
          <p className={styles.amountBig}>{formatMoney(t.amountCents)}</p>
          <p>{t.description}</p>
          <dl className={styles.facts}>
            <div className={styles.fact}>
              <dt>{copy.statusLabel}</dt>
              <dd>
                <TransactionStatusBadge status={t.status} />
              </dd>
            </div>
            <div className={styles.fact}>
              <dt>{copy.kindLabel}</dt>
              <dd>{copy.kind[t.kind]}</dd>
            </div>
          </dl>
          <h2 className={styles.sectionTitle}>{copy.timelineTitle}</h2>
          <ol className={styles.timeline} aria-label={copy.timelineTitle}>
            {transactionSteps(t).map((step) => (
              <li
                key={step.key}
                className={`${styles.step} ${step.done ? styles.done : styles.upcoming}`}
              >
                <span className={styles.marker} aria-hidden="true" />
                <span className={styles.stepTitle}>
                  {step.title}
                  <span className="visually-hidden">
                    {' '}
                    ({step.done ? copy.stepDone : copy.stepWaiting})
                  </span>
                </span>
                {step.at && step.done && (
                  <time className={styles.muted} dateTime={step.at}>
                    {formatDateTime(step.at)}
                  </time>
                )}
                {step.expected && (
                  <span className={styles.muted}>{copy.expectedOn(formatDate(step.expected))}</span>
                )}
              </li>
            ))}
          </ol>
          {t.taskId && <TaskLink taskId={t.taskId} />}
        </>
      )}
    </Page>
  )
}
