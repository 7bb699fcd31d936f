import { useQuery } from '@tanstack/react-query'
import { apiErrorMessage } from '@/api/api-error'
import { Button } from '@/components/button'
import { Notice } from '@/components/notice'
import { Page } from '@/components/page'
import { formatMoney, formatRelative, formatDay } from '@/lib/format'
import { opportunityListQueryOptions } from '../api/opportunity-queries'
import styles from './opportunities.module.css'

export function OpportunityListPage() {
  const list = useQuery(opportunityListQueryOptions())
  const pending = list.data?.items.filter((o) => o.status === 'pending') ?? []
  return (
    <Page title="Oportunidades">
      {list.isPending && (
        <ul className={styles.list} aria-label="Carregando oportunidades" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <li key={i} className={styles.skeleton} />
          ))}
        </ul>
      )}
      {list.isError && (
        <Notice
          tone="error"
          title="Não foi possível carregar as oportunidades"
          action={<Button onClick={() => void list.refetch()}>Tentar de novo</Button>}
        >
          {apiErrorMessage(list.error)}
        </Notice>
      )}
      {list.isSuccess && pending.length === 0 && (
        <Notice title="Nenhuma oportunidade agora">
          Quando houver visitas na sua região, elas aparecem aqui. Mantenha sua disponibilidade
          ativada.
        </Notice>
      )}
      {pending.length > 0 && (
        <ul className={styles.list}>
          {pending.map((offer) => (
            <li key={offer.taskId} className={styles.card}>
              <h2 className={styles.title}>{offer.task.missionTitle}</h2>
              <p className={styles.muted}>
                {offer.task.location.name} · {offer.task.clientName}
              </p>
              <p className={styles.muted}>
                De {formatDay(offer.task.window.from)} a {formatDay(offer.task.window.to)}
              </p>
              <span className={styles.pay}>{formatMoney(offer.task.payoutCents)}</span>
              <span className={styles.expiry}>Expira {formatRelative(offer.expiresAt)}</span>
            </li>
          ))}
        </ul>
      )}
    </Page>
  )
}
