import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router-dom'
import type { AwardGiven } from '@/api/entities'
import { Button } from '@/components/button'
import { List, ListItem } from '@/components/list'
import { LoadError } from '@/components/load-error'
import { Notice } from '@/components/notice'
import { Page } from '@/components/page'
import { EmptyState } from '@/components/status'
import { Skeleton } from '@/components/skeleton'
import { formatDate, formatMoney } from '@/lib/format'
import { myAwardsQueryOptions, walletQueryOptions } from '../api/wallet-queries'
import { bankLabel } from '../banks'
import { walletCopy as copy } from '../copy'
import { TransactionStatusBadge } from './transaction-badges'
import { WithdrawSheet } from './withdraw-sheet'
import { useAwardDefinitions } from './award-definitions'
import styles from './wallet.module.css'
import { pathTo } from '@/lib/route-patterns'

export function WalletPage() {
  const wallet = useQuery(walletQueryOptions())
  const awards = useQuery(myAwardsQueryOptions())
  const [withdrawing, setWithdrawing] = useState(false)
  const w = wallet.data

  return (
    <Page title={copy.walletTitle} backTo="/account">
      {wallet.isPending && <Skeleton label={copy.loadingWallet} count={3} />}
      {wallet.isError && !w && (
        <LoadError
          title={copy.walletError}
          error={wallet.error}
          onRetry={() => void wallet.refetch()}
        />
      )}
      {w && (
        <>
          <section className={styles.totals} aria-label={copy.walletTitle}>
            <div className={styles.total}>
              <span className={styles.totalLabel}>{copy.balance}</span>
              <strong className={styles.balance}>{formatMoney(w.balanceCents)}</strong>
            </div>
            <div className={styles.total}>
              <span className={styles.totalLabel}>{copy.pending}</span>
              <strong className={styles.pendingAmount}>{formatMoney(w.pendingCents)}</strong>
              <span className={styles.muted}>{copy.pendingHint}</span>
            </div>
          </section>
          <Button block onClick={() => setWithdrawing(true)}>
            {copy.withdraw}
          </Button>
          {w.bank ? (
            <p className={styles.muted}>
              {copy.bankSummary(bankLabel(w.bank.bankCode), w.bank.account)}{' '}
              <Link to="/account/bank-info">{copy.bankLink}</Link>
            </p>
          ) : (
            <Notice
              tone="warning"
              action={<Link to="/account/bank-info?next=%2Faccount%2Fwallet">{copy.goToBank}</Link>}
            >
              {copy.bankMissing}
            </Notice>
          )}
          <WithdrawSheet wallet={w} open={withdrawing} onClose={() => setWithdrawing(false)} />

          <h2 className={styles.sectionTitle}>{copy.transactionsTitle}</h2>
          {w.transactions.length === 0 ? (
            <EmptyState title={copy.noTransactionsTitle}>
              <p>{copy.noTransactionsBody}</p>
            </EmptyState>
          ) : (
            <List label={copy.transactionsTitle}>
              {w.transactions.map((t) => (
                <ListItem
                  key={t.id}
                  to={pathTo('/account/details/transactions/:id', { id: t.id })}
                  title={t.description}
                  subtitle={`${copy.kind[t.kind]} · ${formatDate(t.createdAt)}`}
                  trailing={
                    <span className={styles.trailing}>
                      <span className={t.amountCents < 0 ? styles.debit : styles.credit}>
                        {formatMoney(t.amountCents)}
                      </span>
                      <TransactionStatusBadge status={t.status} />
                    </span>
                  }
                />
              ))}
            </List>
          )}
          {awards.data && awards.data.items.length > 0 && (
            <AwardsSummary awards={awards.data.items} />
          )}
          {awards.isError && !awards.data && (
            <LoadError
              title={copy.awardsError}
              error={awards.error}
              onRetry={() => void awards.refetch()}
            />
          )}
        </>
      )}
    </Page>
  )
}

function AwardsSummary({ awards }: { awards: readonly AwardGiven[] }) {
  const definitions = useAwardDefinitions(awards)
  const byCode = new Map<string, number>()
  for (const a of awards) byCode.set(a.code, (byCode.get(a.code) ?? 0) + 1)
  return (
    <>
      <h2 className={styles.sectionTitle}>{copy.awardsTitle}</h2>
      <List label={copy.awardsTitle}>
        {[...byCode].map(([code, count]) => (
          <ListItem
            key={code}
            to={pathTo('/account/details/awards/:code', { code })}
            title={definitions.get(code)?.title ?? copy.awardUnnamed}
            subtitle={copy.awardsCount(count)}
          />
        ))}
      </List>
    </>
  )
}
