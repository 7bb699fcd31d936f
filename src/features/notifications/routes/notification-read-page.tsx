import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'
import { useParams } from 'react-router-dom'
import { isApiError } from '@/api/api-error'
import { Button, ButtonLink } from '@/components/button'
import { LoadError } from '@/components/load-error'
import { Notice } from '@/components/notice'
import { Page } from '@/components/page'
import { Skeleton } from '@/components/skeleton'
import { formatDateTime, formatRelative } from '@/lib/format'
import { meQueryKey } from '@/features/account/api/me-query'
import {
  markNotificationRead,
  notificationKeys,
  notificationQueryOptions,
} from '../api/notification-queries'
import { notificationCopy as copy } from '../copy'
import { isAppPath, isExternalHttpsLink, PlainTextParagraphs } from '../plain-text'
import styles from './notifications.module.css'

/** One notification: shown as plain text, marked read on opening, with its link as "Abrir". */
export function NotificationReadPage() {
  const { slug = '' } = useParams()
  const queryClient = useQueryClient()
  const notification = useQuery(notificationQueryOptions(slug))
  const markRead = useMutation({
    mutationFn: () => markNotificationRead(slug),
    onSuccess: (updated) => {
      queryClient.setQueryData(notificationKeys.detail(slug), updated)
      // The lists and the badge counts change; the detail is already up to date.
      void queryClient.invalidateQueries({
        queryKey: notificationKeys.all,
        predicate: (q) => q.queryKey[1] !== 'detail',
      })
      void queryClient.invalidateQueries({ queryKey: meQueryKey })
    },
  })
  const requested = useRef<string | null>(null)
  const unread = notification.data?.readAt === null
  const { mutate } = markRead
  useEffect(() => {
    if (!unread || requested.current === slug) return
    requested.current = slug
    mutate()
  }, [unread, slug, mutate])

  const notFound =
    !notification.data && isApiError(notification.error) && notification.error.status === 404
  if (notFound)
    return (
      <Page title={copy.notFoundTitle} backTo="/notifs">
        <p>{copy.notFoundBody}</p>
        <ButtonLink to="/notifs" block>
          {copy.backToList}
        </ButtonLink>
      </Page>
    )

  const n = notification.data
  const link = n?.link
  return (
    <Page title={n?.title ?? copy.readTitle} backTo="/notifs">
      {notification.isPending && <Skeleton label={copy.loadingOne} count={2} height={48} />}
      {notification.isError && !n && (
        <LoadError
          title={copy.oneError}
          error={notification.error}
          onRetry={() => void notification.refetch()}
        />
      )}
      {n && (
        <article className={styles.body} aria-label={n.title}>
          <p className={styles.meta}>
            <time dateTime={n.createdAt} title={formatDateTime(n.createdAt)}>
              {copy.receivedAt(formatRelative(n.createdAt))}
            </time>
          </p>
          <PlainTextParagraphs text={n.body} className={styles.body} />
          {markRead.isError && (
            <Notice
              tone="warning"
              action={
                <Button variant="secondary" onClick={() => markRead.mutate()}>
                  {copy.retry}
                </Button>
              }
            >
              {copy.markReadFailed}
            </Notice>
          )}
          <div className={styles.actions}>
            {link && isAppPath(link) && (
              <ButtonLink to={link} block>
                {copy.open}
              </ButtonLink>
            )}
            {link && !isAppPath(link) && isExternalHttpsLink(link) && (
              <ButtonLink to={link} target="_blank" rel="noopener noreferrer" block>
                {copy.open}
              </ButtonLink>
            )}
            <ButtonLink to="/notifs" variant="secondary" block>
              {copy.backToList}
            </ButtonLink>
          </div>
        </article>
      )}
    </Page>
  )
}
