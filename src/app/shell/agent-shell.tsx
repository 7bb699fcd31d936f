import { useQuery } from '@tanstack/react-query'
import { useEffect, useState, type ComponentType, type SVGProps } from 'react'
import { Navigate, NavLink, Outlet, useLocation } from 'react-router-dom'
import { isApiError } from '@/api/api-error'
import { meQueryOptions } from '@/features/account/api/me-query'
import { showUnreadOnAppBadge } from '@/lib/app-badge'
import {
  AccountIcon,
  HelpIcon,
  NotificationsIcon,
  OpportunitiesIcon,
  TasksIcon,
} from '@/components/icons'
import { LoadError } from '@/components/load-error'
import { Skeleton } from '@/components/skeleton'
import { useScreenRoom } from '@/components/screen-room'
import { useMessageShowing } from '@/components/snackbar'
import { InitFailure } from '../routes/init-failure'
import { AppUpdateAlerts, LostWorkAlert, ShellAlerts } from './shell-alerts'
import pageStyles from '@/components/page.module.css'
import styles from './agent-shell.module.css'
import { pathTo } from '@/lib/route-patterns'
import { count as countOf } from '@/domain/plural'

type NavEntry = {
  to: '/oppy' | '/tasks' | '/notifs' | '/account' | '/help'
  label: string
  Icon: ComponentType<SVGProps<SVGSVGElement>>
}

/** The five tabs of the bottom navigation (also the tabs the prerendered shells open on). */
export const NAV_ENTRIES: readonly NavEntry[] = [
  { to: '/oppy', label: 'Oportunidades', Icon: OpportunitiesIcon },
  { to: '/tasks', label: 'Tarefas', Icon: TasksIcon },
  { to: '/notifs', label: 'Notificações', Icon: NotificationsIcon },
  { to: '/account', label: 'Conta', Icon: AccountIcon },
  { to: '/help', label: 'Ajuda', Icon: HelpIcon },
]

/** The tab a path belongs to (as NavLink decides which one is current), if any. */
export function navEntryOf(pathname: string): NavEntry | undefined {
  return NAV_ENTRIES.find((e) => pathname === e.to || pathname.startsWith(`${e.to}/`))
}

/**
 * What stands in for the screen until the agent's alerts are known: the tab's title and a
 * list skeleton, in a screen's own box (components/page). The prerendered shell HTML (scripts/prerender.ts) paints exactly this
 * before any script runs; it is replaced, not moved, so nothing shifts.
 */
function ShellSkeleton({ title }: { title: string | undefined }) {
  return (
    <div className={pageStyles.page}>
      <div className={pageStyles.header}>
        {title ? <p className={`${pageStyles.title} ${styles.skeletonTitle}`}>{title}</p> : null}
      </div>
      <Skeleton count={3} height={112} />
    </div>
  )
}

/** The signed-in frame: the page above, the five-entry bottom navigation below. */
export function AgentShell() {
  const me = useQuery(meQueryOptions())
  const navRoom = useScreenRoom<HTMLElement>('bottom', { bar: true })
  // A message takes the navigation's place for its moment: the entries under it are hidden
  // (neither tapped nor reached with Tab unseen), and come back when it goes or is tapped.
  const messageShowing = useMessageShowing()
  const location = useLocation()
  // On a slow link the screen is not held back for the alerts more than a moment.
  const [waitedEnough, setWaitedEnough] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => setWaitedEnough(true), 1000)
    return () => clearTimeout(timer)
  }, [])
  const counts = me.data?.counts
  const waiting = me.isPending && !waitedEnough
  const unread = counts?.unreadNotifications
  // The installed app's icon says how many notifications wait (lib/app-badge).
  useEffect(() => {
    if (unread !== undefined) showUnreadOnAppBadge(unread)
  }, [unread])
  if (me.isError && !me.data) {
    if (isApiError(me.error) && me.error.code === 'maintenance')
      return (
        <Navigate
          to={pathTo('/unavailable', {}, { from: location.pathname + location.search })}
          replace
        />
      )
    // A 401 already sent the agent to sign in again. With no connection the shell still
    // opens (each screen says it is offline, the visit and sign-out work from the phone);
    // anything else means we cannot start.
    const unreachable =
      isApiError(me.error) && (me.error.code === 'offline' || me.error.code === 'timeout')
    if (!unreachable && !(isApiError(me.error) && me.error.status === 401))
      return <InitFailure error={me.error} onRetry={() => void me.refetch()} />
  }
  const badges: Partial<Record<NavEntry['to'], number | undefined>> = {
    '/oppy': counts?.pendingOpportunities,
    '/notifs': counts?.unreadNotifications,
  }
  return (
    <div className={styles.shell}>
      {/* The screen mounts at once (its requests go out beside /me) but is shown with the
          alerts that /me decides, so they never push it down after it has painted. */}
      {waiting && <ShellSkeleton title={navEntryOf(location.pathname)?.label} />}
      <div className={waiting ? styles.waitingForAgent : undefined}>
        <AppUpdateAlerts />
        <LostWorkAlert />
        {me.data && <ShellAlerts agent={me.data} />}
        {me.isError && !me.data && (
          <div className={styles.unreachable}>
            <LoadError
              title="Avisos e contadores indisponíveis"
              error={me.error}
              onRetry={() => void me.refetch()}
            />
          </div>
        )}
        <Outlet />
      </div>
      <nav ref={navRoom} className={styles.nav} aria-label="Navegação principal">
        <ul className={`${styles.list} ${messageShowing ? styles.underMessage : ''}`}>
          {NAV_ENTRIES.map((entry) => (
            <li key={entry.to}>
              <NavLink to={entry.to} className={styles.link}>
                <entry.Icon className={styles.icon} aria-hidden="true" />
                {/* Under the icon; when the five no longer fit (a narrow screen, a large
                    font) it is the entry's name for screen readers only. */}
                <span className={styles.label}>{entry.label}</span>
                <NavBadge to={entry.to} count={badges[entry.to]} />
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  )
}

function NavBadge({ to, count }: { to: NavEntry['to']; count: number | undefined }) {
  if (!count) return null
  return (
    <span className={styles.badge}>
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="visually-hidden">
        {to === '/oppy'
          ? countOf(count, 'pendente', 'pendentes')
          : countOf(count, 'não lida', 'não lidas')}
      </span>
    </span>
  )
}
