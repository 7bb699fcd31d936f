/**
 * The check-in shell (`/tasks/:slug/checkin`, docs/product/visit.md): no bottom navigation; a header with
 * the task, the visit timer (counted from the stored check-in time, so it survives a
 * reload), the visit's pages and what is waiting to be sent. Before the check-in it shows
 * the check-in step instead of the pages; at `visitMaxMinutes` it sends the agent to
 * `timeout`.
 */
import { useCallback, useMemo, useState, type FocusEvent, type ReactNode } from 'react'
import {
  Link,
  Navigate,
  NavLink,
  Outlet,
  useLocation,
  useNavigation,
  useParams,
} from 'react-router-dom'
import { isApiError } from '@/api/api-error'
import { LoadError } from '@/components/load-error'
import { Notice } from '@/components/notice'
import { Page } from '@/components/page'
import { Button, ButtonLink } from '@/components/button'
import { EmptyState } from '@/components/status'
import { Skeleton } from '@/components/skeleton'
import { elapsedSeconds, formatElapsed } from '@/domain/visit-timer'
import type { OutboxSummary } from '@/lib/visit-store/db'
import { useOutboxSummary } from '@/lib/visit-store/hooks'
import type { LocalVisit } from '@/lib/visit-store/db'
import { SyncProblemNotice } from '@/features/visit/outbox-status'
import { LostVisitNotice } from '@/features/visit/lost-visit'
import { DeviceRoomNotice } from '@/features/visit/device-room'
import { VisitStatusBar } from '@/features/visit/visit-status-bar'
import { useScreenRoom } from '@/components/screen-room'
import { isConnectionProblem, useVisitReport } from '@/features/visit/use-visit-report'
import { checkinCopy as copy } from './checkin-copy'
import type { CheckinVisit } from './checkin-context'
import { CheckinStep } from './checkin-step'
import { useOnline } from '@/lib/use-online'
import { useServerTimeChecks } from '@/lib/server-time-checks'
import { useNow } from '@/lib/use-now'
import { AFTER_VISIT_PAGE, decideShell, TIMEOUT_PAGE, type ShellTarget } from './shell-rules'
import styles from './checkin.module.css'
import { BackIcon, TimerIcon } from '@/components/icons'
import { pathTo } from '@/lib/route-patterns'
import { CHECKIN_PARTS } from '@/features/report/parts/parts'

/** The visit's pages, as its tabs: the control, the instructions, each part's page, the notes. */
const PAGES = [
  { to: '', label: copy.pages.control },
  { to: 'instructions', label: copy.pages.instructions },
  ...CHECKIN_PARTS.map((part) => ({ to: part.checkinPage.path, label: part.title })),
  { to: 'notes', label: copy.pages.notes },
]

/** Every page of the shell: its tabs', and the two after the visit's time. */
const SHELL_PAGES: ReadonlySet<string> = new Set([
  ...PAGES.map((page) => page.to),
  TIMEOUT_PAGE,
  AFTER_VISIT_PAGE,
])

export function CheckinShell() {
  const { slug = '' } = useParams()
  const basePath = useMemo(() => pathTo('/tasks/:slug/checkin', { slug }), [slug])
  const location = useLocation()
  const child = location.pathname.slice(basePath.length).replace(/^\/|\/$/g, '')
  const online = useOnline()
  const now = useNow(1000)
  const data = useVisitReport(slug, { ensureLocalVisit: true })
  const { task, mission, draft, serverReport, form } = data
  const visit = data.localVisit
  const outbox = useOutboxSummary(task?.id)
  // The timer follows the server's clock while the visit is open, not only the phone's.
  useServerTimeChecks(Boolean(visit?.checkin && !visit.checkout))
  // While its check-out opens the next page (the chat, or its offline page) the shell redirects
  // nothing: the visit it reads may already say "checked out" on the way there. From the tap
  // (`leaving`, set by the button before it writes, for as long as this screen is the one
  // shown: the store may say "checked out" before the write returns) to the page's arrival
  // (the router's navigation).
  const [leavingFrom, setLeavingFrom] = useState<string>()
  const routerNavigating = useNavigation().state !== 'idle'
  const navigating = routerNavigating || leavingFrom === location.key
  const setLeaving = useCallback(
    (leaving: boolean) => setLeavingFrom(leaving ? location.key : undefined),
    [location.key],
  )

  const { reportQuery, storeError } = data
  const { refetch: refetchReport } = reportQuery
  const retryReport = useCallback(() => void refetchReport(), [refetchReport])
  const context = useMemo<CheckinVisit | null>(
    () =>
      task && mission && visit
        ? {
            slug,
            basePath,
            task,
            mission,
            form,
            serverReport,
            localVisit: visit,
            draft,
            reportLoad: {
              pending: reportQuery.isPending,
              error: reportQuery.error ?? storeError,
              retry: retryReport,
            },
            outbox,
            online,
            setLeaving,
          }
        : null,
    [
      slug,
      basePath,
      task,
      mission,
      form,
      serverReport,
      visit,
      draft,
      reportQuery.isPending,
      reportQuery.error,
      storeError,
      retryReport,
      outbox,
      online,
      setLeaving,
    ],
  )

  // ------------------------------------------------------------ the task itself
  if (!task) {
    const { taskQuery } = data
    return (
      <ShellFrame online={online} outbox={undefined}>
        <Page title={copy.visitTitle} backTo="/tasks">
          {taskQuery.isPending && <Skeleton count={3} label={copy.loading} />}
          {taskQuery.isError &&
            (isApiError(taskQuery.error) && taskQuery.error.status === 404 ? (
              // An unknown or foreign slug (a wrong link): retrying cannot help.
              <EmptyState
                title={copy.notFoundTitle}
                action={<ButtonLink to="/tasks">{copy.backToTasks}</ButtonLink>}
              >
                <p>{copy.notFoundBody}</p>
              </EmptyState>
            ) : isConnectionProblem(taskQuery.error) && !online ? (
              <Notice
                tone="warning"
                title={copy.offlineTitle}
                action={
                  <Button variant="secondary" onClick={() => void taskQuery.refetch()}>
                    {copy.retry}
                  </Button>
                }
              >
                {copy.offlineNoData}
              </Notice>
            ) : (
              <LoadError
                title={copy.loadError}
                error={taskQuery.error}
                onRetry={() => void taskQuery.refetch()}
              />
            ))}
        </Page>
      </ShellFrame>
    )
  }

  // An address under a task's shell that names none of its pages: as any unknown address.
  if (!SHELL_PAGES.has(child)) return <UnknownPage />

  const hub = pathTo('/tasks/:slug', { slug: task.slug })
  const decision = decideShell({
    child,
    status: task.status.code,
    navigating,
    visit,
    mission,
    now,
  })
  const pathOf = (target: ShellTarget) =>
    target === 'hub' ? hub : target === '' ? basePath : `${basePath}/${target}`

  if (decision.show === 'redirect') return <Navigate to={pathOf(decision.to)} replace />

  if (decision.show === 'loading-visit')
    return (
      <ShellFrame online={online} outbox={outbox} task={task} hub={hub}>
        <Page title={copy.visitTitle}>
          <Skeleton count={3} label={copy.loading} />
        </Page>
      </ShellFrame>
    )

  if (decision.show === 'checkin-step')
    return (
      <ShellFrame online={online} outbox={outbox} task={task} hub={hub}>
        <CheckinStep task={task} mission={mission} basePath={basePath} />
      </ShellFrame>
    )

  if (decision.show === 'loading-mission' || !context || !visit) {
    const { missionQuery } = data
    return (
      <ShellFrame online={online} outbox={outbox} task={task} hub={hub}>
        <Page title={copy.visitTitle}>
          {missionQuery.isError ? (
            isConnectionProblem(missionQuery.error) && !online ? (
              <Notice tone="warning" title={copy.offlineTitle}>
                {copy.missionOffline}
              </Notice>
            ) : (
              <LoadError
                title={copy.loadError}
                error={missionQuery.error}
                onRetry={() => void missionQuery.refetch()}
              />
            )
          ) : (
            <Skeleton count={3} label={copy.loading} />
          )}
        </Page>
      </ShellFrame>
    )
  }

  return (
    <ShellFrame
      online={online}
      outbox={outbox}
      task={task}
      hub={hub}
      timer={<VisitTimer visit={visit} now={now} to={basePath} warn={decision.timedOut} />}
      nav={decision.nav ? <VisitNav basePath={basePath} /> : null}
    >
      <Outlet context={context} />
    </ShellFrame>
  )
}

/** Said as the app's not-found page says it (this chunk's own words: not in the start's files). */
export function UnknownPage() {
  return (
    <Page title={copy.unknownPageTitle}>
      <p>{copy.unknownPageBody}</p>
      <ButtonLink to="/" block>
        {copy.unknownPageLink}
      </ButtonLink>
    </Page>
  )
}

function ShellFrame({
  online,
  outbox,
  task,
  hub,
  timer,
  nav,
  children,
}: {
  online: boolean
  outbox: OutboxSummary | undefined
  task?: { id: string; title: string; slug: string }
  hub?: string
  timer?: ReactNode
  nav?: ReactNode
  children: ReactNode
}) {
  const headerRoom = useScreenRoom<HTMLElement>('top')
  return (
    <div className={styles.shell}>
      <header ref={headerRoom} className={styles.header}>
        <div className={styles.headerInner}>
          <div className={styles.titleRow}>
            <Link to={hub ?? '/tasks'} className={styles.back} aria-label={copy.backToTask}>
              <BackIcon aria-hidden="true" />
            </Link>
            <p className={styles.taskTitle}>
              <span className={styles.titleText}>{task?.title ?? copy.visitTitle}</span>
              {task && <span className={styles.slug}>{task.slug}</span>}
            </p>
            {timer}
          </div>
          {nav}
        </div>
      </header>
      <div className={styles.shellAlert}>
        <SyncProblemNotice outbox={outbox} />
        {task && <LostVisitNotice taskId={task.id} />}
        {task && <DeviceRoomNotice />}
      </div>
      {children}
      <VisitStatusBar online={online} outbox={outbox} taskId={task?.id} />
    </div>
  )
}

function VisitTimer({
  visit,
  now,
  to,
  warn,
}: {
  visit: LocalVisit
  now: number
  to: string
  warn: boolean
}) {
  if (!visit.checkin) return null
  const until = visit.checkout ? Date.parse(visit.checkout.at) : now
  const seconds = elapsedSeconds(visit.checkin.at, until)
  return (
    <Link
      to={to}
      className={`${styles.timer} ${warn ? styles.timerWarning : ''}`}
      aria-label={copy.timerLabel(seconds)}
    >
      <TimerIcon aria-hidden="true" />
      {formatElapsed(seconds)}
    </Link>
  )
}

/**
 * The row of the visit's pages scrolls sideways; the page a keyboard user tabs to is brought
 * whole into it (a browser leaves a partly shown one where it is), its focus ring too.
 */
function revealFocusedPage(event: FocusEvent<HTMLElement>) {
  const row = event.currentTarget
  const tab = event.target.getBoundingClientRect()
  const shown = row.getBoundingClientRect()
  const ring = 8
  if (tab.left < shown.left + ring) row.scrollLeft -= shown.left + ring - tab.left
  else if (tab.right > shown.right - ring) row.scrollLeft += tab.right - (shown.right - ring)
}

function VisitNav({ basePath }: { basePath: string }) {
  return (
    <nav className={styles.nav} aria-label={copy.visitPages} onFocus={revealFocusedPage}>
      <ul className={styles.navList}>
        {PAGES.map((page) => (
          <li key={page.to}>
            <NavLink
              to={page.to ? `${basePath}/${page.to}` : basePath}
              end
              className={styles.navLink}
            >
              {page.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
