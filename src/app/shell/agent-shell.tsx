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
import { InitFailure } from '../routes/init-failure'
import { ShellAlerts } from './shell-alerts'
import styles from './agent-shell.module.css'

type NavEntry = {
  to: string
  label: string
  Icon: ComponentType<SVGProps<SVGSVGElement>>
  badge?: number
}

function badgeLabel(count: number, singular: string, plural: string) {
  return `${count} ${count === 1 ? singular : plural}`
}

/** The signed-in frame: the page above, the five-entry bottom navigation below. */
export function AgentShell() {
  const me = useQuery(meQueryOptions())
  const location = useLocation()
  // On a slow link the screen is not held back for the alerts more than a moment.
  const [waitedEnough, setWaitedEnough] = useState(false)
  useEffect(() => {
    const timer = setTimeout(() => setWaitedEnough(true), 1000)
    return () => clearTimeout(timer)
  }, [])
  const counts = me.data?.counts
  const unread = counts?.unreadNotifications
  // The installed app's icon says how many notifications wait (lib/app-badge).
  useEffect(() => {
    if (unread !== undefined) showUnreadOnAppBadge(unread)
  }, [unread])
  if (me.isError && !me.data) {
    if (isApiError(me.error) && me.error.code === 'maintenance')
      return (
        <Navigate
          to={`/unavailable?from=${encodeURIComponent(location.pathname + location.search)}`}
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
  const entries: NavEntry[] = [
    {
      to: '/oppy',
      label: 'Oportunidades',
      Icon: OpportunitiesIcon,
      badge: counts?.pendingOpportunities,
    },
    { to: '/tasks', label: 'Tarefas', Icon: TasksIcon },
    {
      to: '/notifs',
      label: 'Notificações',
      Icon: NotificationsIcon,
      badge: counts?.unreadNotifications,
    },
    { to: '/account', label: 'Conta', Icon: AccountIcon },
    { to: '/help', label: 'Ajuda', Icon: HelpIcon },
  ]
  return (
    <div className={styles.shell}>
      {/* The screen mounts at once (its requests go out beside /me) but is shown with the
          alerts that /me decides, so they never push it down after it has painted. */}
      <div className={me.isPending && !waitedEnough ? styles.waitingForAgent : undefined}>
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
      <nav className={styles.nav} aria-label="Navegação principal">
        <ul className={styles.list}>
          {entries.map((entry) => (
            <li key={entry.to}>
              <NavLink to={entry.to} className={styles.link}>
                <entry.Icon className={styles.icon} aria-hidden="true" />
                {entry.label}
                {entry.badge ? (
                  <span className={styles.badge}>
                    <span aria-hidden="true">{entry.badge > 99 ? '99+' : entry.badge}</span>
                    <span className="visually-hidden">
                      {entry.to === '/oppy'
                        ? badgeLabel(entry.badge, 'pendente', 'pendentes')
                        : badgeLabel(entry.badge, 'não lida', 'não lidas')}
                    </span>
                  </span>
                ) : null}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  )
}
