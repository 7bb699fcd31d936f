import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useId, useState } from 'react'
import type { Bulletin } from '@/api/entities'
import { LoadError } from '@/components/load-error'
import { Page } from '@/components/page'
import { EmptyState } from '@/components/status'
import { Skeleton } from '@/components/skeleton'
import { useSnackbar } from '@/components/snackbar'
import { formatDateTime, formatRelative } from '@/lib/format'
import { meQueryKey } from '@/features/account/api/me-query'
import { bulletinsQueryOptions, markBulletinRead } from '../api/notification-queries'
import { notificationCopy as copy } from '../copy'
import { PlainTextParagraphs } from '../plain-text'
import styles from './notifications.module.css'
import { ChevronIcon } from '@/components/icons'

/** The company's bulletins, newest first; opening an unread one marks it read. */
export function BulletinsPage() {
  const queryClient = useQueryClient()
  const snackbar = useSnackbar()
  const bulletins = useQuery(bulletinsQueryOptions())
  const [openIds, setOpenIds] = useState<ReadonlySet<string>>(new Set())
  const markRead = useMutation({
    mutationFn: (id: string) => markBulletinRead(id),
    onSuccess: (updated) => {
      queryClient.setQueryData(bulletinsQueryOptions().queryKey, (list) =>
        list ? { items: list.items.map((b) => (b.id === updated.id ? updated : b)) } : list,
      )
      void queryClient.invalidateQueries({ queryKey: meQueryKey })
    },
    onError: () => snackbar(copy.bulletinReadFailed),
  })

  const items = [...(bulletins.data?.items ?? [])].sort((a, b) =>
    b.publishedAt.localeCompare(a.publishedAt),
  )

  function toggle(bulletin: Bulletin) {
    const opening = !openIds.has(bulletin.id)
    setOpenIds((current) => {
      const next = new Set(current)
      if (opening) next.add(bulletin.id)
      else next.delete(bulletin.id)
      return next
    })
    if (opening && bulletin.readAt === null) markRead.mutate(bulletin.id)
  }

  return (
    <Page title={copy.bulletinsTitle} backTo="/notifs">
      <p className={styles.summary}>{copy.bulletinsLead}</p>
      {bulletins.isPending && <Skeleton label={copy.loadingBulletins} count={3} height={64} />}
      {bulletins.isError && !bulletins.data && (
        <LoadError
          title={copy.bulletinsError}
          error={bulletins.error}
          onRetry={() => void bulletins.refetch()}
        />
      )}
      {bulletins.isSuccess && items.length === 0 && (
        <EmptyState title={copy.bulletinsEmptyTitle}>
          <p>{copy.bulletinsEmptyBody}</p>
        </EmptyState>
      )}
      {items.length > 0 && (
        <ul className={styles.list} aria-label={copy.bulletinsTitle}>
          {items.map((b) => (
            <BulletinItem
              key={b.id}
              bulletin={b}
              open={openIds.has(b.id)}
              onToggle={() => toggle(b)}
            />
          ))}
        </ul>
      )}
    </Page>
  )
}

function BulletinItem({
  bulletin,
  open,
  onToggle,
}: {
  bulletin: Bulletin
  open: boolean
  onToggle: () => void
}) {
  const panelId = useId()
  const unread = bulletin.readAt === null
  return (
    <li className={`${styles.bulletin} ${unread ? styles.unreadRow : ''}`}>
      <h2 className={styles.bulletinHeading}>
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={onToggle}
        >
          <span className={styles.dot} aria-hidden="true" />
          <span className={styles.main}>
            <span className={styles.title}>
              {unread && <span className="visually-hidden">{copy.bulletinUnread}: </span>}
              {bulletin.title}
            </span>
            <time
              className={styles.time}
              dateTime={bulletin.publishedAt}
              title={formatDateTime(bulletin.publishedAt)}
            >
              {copy.publishedAt(formatRelative(bulletin.publishedAt))}
            </time>
          </span>
          <ChevronIcon className={styles.chevron} aria-hidden="true" />
        </button>
      </h2>
      <div id={panelId} className={styles.panel} hidden={!open}>
        {open && <PlainTextParagraphs text={bulletin.body} />}
      </div>
    </li>
  )
}
