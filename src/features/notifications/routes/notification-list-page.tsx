import { useInfiniteQuery } from '@tanstack/react-query'
import { Link } from 'react-router-dom'
import { Button } from '@/components/button'
import { LoadError } from '@/components/load-error'
import { Page } from '@/components/page'
import { EmptyState } from '@/components/status'
import { Skeleton } from '@/components/skeleton'
import { formatDateTime, formatRelative } from '@/lib/format'
import type { Notification } from '@/api/entities'
import { notificationPagesQueryOptions } from '../api/notification-queries'
import { notificationCopy as copy } from '../copy'
import { excerptOf } from '../plain-text'
import styles from './notifications.module.css'
import { pathTo } from '@/lib/route-patterns'

/** Unread first, then newest first: the server's order, kept if pages arrive out of it. */
function unreadFirst(a: Notification, b: Notification) {
  const unread = Number(b.readAt === null) - Number(a.readAt === null)
  return unread || b.createdAt.localeCompare(a.createdAt)
}

export function NotificationListPage() {
  const pages = useInfiniteQuery(notificationPagesQueryOptions())
  const seen = new Set<string>()
  const items = (pages.data?.pages.flatMap((p) => p.items) ?? [])
    .filter((n) => (seen.has(n.id) ? false : (seen.add(n.id), true)))
    .sort(unreadFirst)
  const unreadCount = pages.data?.pages[0]?.unreadCount ?? 0

  return (
    <Page title={copy.listTitle}>
      {pages.isPending && <Skeleton label={copy.loadingList} count={4} />}
      {pages.isError && !pages.data && (
        <LoadError
          title={copy.listError}
          error={pages.error}
          onRetry={() => void pages.refetch()}
        />
      )}
      {pages.isSuccess && items.length === 0 && (
        <EmptyState title={copy.emptyTitle}>
          <p>{copy.emptyBody}</p>
        </EmptyState>
      )}
      {items.length > 0 && (
        <>
          {unreadCount > 0 && <p className={styles.summary}>{copy.unreadCount(unreadCount)}</p>}
          <ul className={styles.list} aria-label={copy.listLabel}>
            {items.map((n) => {
              const unread = n.readAt === null
              return (
                <li key={n.id} className={styles.item}>
                  <Link
                    to={pathTo('/notifs/:slug/read', { slug: n.slug })}
                    className={`${styles.row} ${unread ? styles.unreadRow : ''}`}
                  >
                    <span className={styles.dot} aria-hidden="true" />
                    <span className={styles.main}>
                      <span className={styles.title}>
                        {unread && <span className="visually-hidden">{copy.unread}: </span>}
                        {n.title}
                      </span>
                      <span className={styles.excerpt}>{excerptOf(n.body)}</span>
                      <time
                        className={styles.time}
                        dateTime={n.createdAt}
                        title={formatDateTime(n.createdAt)}
                      >
                        {formatRelative(n.createdAt)}
                      </time>
                    </span>
                  </Link>
                </li>
              )
            })}
          </ul>
        </>
      )}
      {pages.hasNextPage && (
        <Button
          variant="secondary"
          block
          busy={pages.isFetchingNextPage}
          onClick={() => void pages.fetchNextPage()}
        >
          {copy.loadMore}
        </Button>
      )}
      {pages.isSuccess && (
        <p className={styles.meta}>
          <Link to="/notes" className={styles.aloneLink}>
            {copy.bulletinsLink}
          </Link>
        </p>
      )}
    </Page>
  )
}
