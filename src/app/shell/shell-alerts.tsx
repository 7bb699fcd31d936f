import { useEffect, useState, useSyncExternalStore } from 'react'
import { Link, useLocation } from 'react-router-dom'
import type { Agent } from '@/api/entities'
import { CloseIcon } from '@/components/icons'
import { deviceStorage } from '@/lib/device-storage'
import { storageKey } from '@/lib/storage-keys'
import { useLostVisits } from '@/lib/visit-store/use-unsent-record'
import {
  appUpdateState,
  applyUpdate,
  dismissOfflineReady,
  subscribeToAppUpdate,
} from '@/lib/app-update'
import styles from './shell-alerts.module.css'
import { count, plural } from '@/domain/plural'
import { pathTo } from '@/lib/route-patterns'
import { outboxCopy } from '@/features/visit/outbox-copy'
import { availabilityFailure, useSetAvailability } from '@/features/account/api/availability'
import { accountCopy } from '@/features/account/copy'

const DISMISSED_KEY = storageKey.bulletinAlertDismissed()

/** The unread-bulletin count the agent put the alert away at (0: never). */
function dismissedAt(): number {
  const n = Number(deviceStorage.get(DISMISSED_KEY) ?? 0)
  return Number.isFinite(n) ? n : 0
}

/**
 * One line each, above every signed-in screen: open pendencies, terms of use to accept,
 * availability off (its action makes the agent available, there and then), new bulletins. The
 * bulletin alert can be put away; it comes back when another bulletin arrives.
 */
export function ShellAlerts({ agent }: { agent: Agent }) {
  const { openPendencies, unreadBulletins } = agent.counts
  const [dismissed, setDismissed] = useState(dismissedAt)
  // Bulletins read since: the next new one must show the alert again (adjusted while
  // rendering, the device copy after).
  if (unreadBulletins < dismissed) setDismissed(unreadBulletins)
  useEffect(() => {
    if (dismissedAt() > unreadBulletins)
      void deviceStorage.set(DISMISSED_KEY, String(unreadBulletins))
  }, [unreadBulletins])

  const availability = useSetAvailability({ saysFailure: false })
  const alerts: ShellAlert[] = []
  if (openPendencies > 0)
    alerts.push({
      key: 'validations',
      tone: 'danger',
      text: count(openPendencies, 'pendência de validação', 'pendências de validação'),
      to: '/tasks/validations',
      action: 'Responder',
    })
  // The terms page says they are needed to go on receiving offers: so does every screen.
  if (agent.termsPending)
    alerts.push({
      key: 'terms',
      tone: 'warning',
      text: 'Termos de uso para aceitar',
      to: '/account/terms',
      action: 'Ler e aceitar',
    })
  if (unreadBulletins > dismissed)
    alerts.push({
      key: 'bulletin',
      tone: 'info',
      text: plural(unreadBulletins, 'Novo comunicado', `${unreadBulletins} novos comunicados`),
      to: '/notes',
      action: 'Ler',
      dismiss: () => {
        setDismissed(unreadBulletins)
        void deviceStorage.set(DISMISSED_KEY, String(unreadBulletins))
      },
    })
  // Shown while the change it asked is on its way or failed (the agent reads "available" on
  // screen at once, as the switch does, and it may come back).
  const availabilityShown = !agent.available || availability.isPending || availability.isError
  if (alerts.length === 0 && !availabilityShown) return null
  const [before, after] = [
    alerts.filter((a) => a.key !== 'bulletin'),
    alerts.filter((a) => a.key === 'bulletin'),
  ]
  return (
    <section className={styles.alerts} aria-label="Avisos">
      {before.map(alertLine)}
      {availabilityShown && <AvailabilityAlert availability={availability} />}
      {after.map(alertLine)}
    </section>
  )
}

type ShellAlert = {
  key: string
  tone: 'warning' | 'info' | 'danger'
  text: string
  to: string
  action: string
  dismiss?: () => void
}

function alertLine(a: ShellAlert) {
  return (
    <p
      key={a.key}
      className={`${styles.alert} ${styles[a.tone]} ${a.dismiss ? styles.dismissible : ''}`}
    >
      <span className={styles.text}>{a.text}</span>
      <Link to={a.to} className={styles.action}>
        {a.action}
      </Link>
      {a.dismiss && (
        <button
          type="button"
          className={styles.dismiss}
          aria-label="Dispensar o aviso de comunicado"
          onClick={a.dismiss}
        >
          <CloseIcon aria-hidden="true" />
        </button>
      )}
    </p>
  )
}

/**
 * "Você está indisponível · Ficar disponível": the action makes the agent available, with the
 * account's own write (`useSetAvailability`), and the line says what is true meanwhile —
 * "Ficando disponível…" while it is on its way, why it did not happen (no connection, the
 * server) with "Tentar de novo"; once the server took it, the line goes and a snackbar says so.
 * The button stays where it was (focus is never lost), inert while the change is on its way.
 */
function AvailabilityAlert({
  availability,
}: {
  availability: ReturnType<typeof useSetAvailability>
}) {
  const text = availability.isPending
    ? accountCopy.becomingAvailable
    : availability.isError
      ? availabilityFailure(availability.error)
      : accountCopy.unavailableAlert
  return (
    <p className={`${styles.alert} ${styles.warning}`}>
      <span className={styles.text} role="status">
        {text}
      </span>
      <button
        type="button"
        className={styles.action}
        aria-disabled={availability.isPending || undefined}
        onClick={() => {
          if (!availability.isPending) availability.mutate(true)
        }}
      >
        {availability.isError ? accountCopy.availabilityAgain : accountCopy.becomeAvailable}
      </button>
    </p>
  )
}

/**
 * Work of a visit the browser deleted from the phone before it reached the server (the unsent
 * record, kept outside IndexedDB), above every signed-in screen — with or without a connection
 * (it needs nothing from the server) — until the agent has read it in the visit.
 */
export function LostWorkAlert() {
  const { lost } = useLostVisits()
  const first = lost[0]
  if (!first) return null
  return (
    <section className={styles.alerts} aria-label="Dados apagados">
      <p className={`${styles.alert} ${styles.danger}`}>
        <span className={styles.text}>{outboxCopy.lostAlert(lost.length)}</span>
        <Link
          to={first.slug ? pathTo('/tasks/:slug/checkin', { slug: first.slug }) : '/tasks'}
          className={styles.action}
        >
          Ver o que refazer
        </Link>
      </p>
    </section>
  )
}

/**
 * What the app says about itself, above the tabs' screens (never inside a visit, whose shell
 * has none of this): a new version ready, with "Atualizar" (the agent chooses when; nothing
 * typed is lost, everything is on the phone); and, once per phone, that it now works with
 * no connection.
 */
export function AppUpdateAlerts() {
  const app = useSyncExternalStore(subscribeToAppUpdate, appUpdateState, appUpdateState)
  const { key } = useLocation()
  const updateReady = useOnNextScreen(app.updateReady, key)
  const offlineReady = useOnNextScreen(app.offlineReady, key)
  if (!updateReady && !offlineReady) return null
  return (
    <section className={styles.alerts} aria-label="Sobre o aplicativo">
      {updateReady && (
        <p className={`${styles.alert} ${styles.info}`}>
          <span className={styles.text}>Nova versão disponível</span>
          <button type="button" className={styles.action} onClick={applyUpdate}>
            Atualizar
          </button>
        </p>
      )}
      {offlineReady && !updateReady && (
        <p className={`${styles.alert} ${styles.success} ${styles.dismissible}`} role="status">
          <span className={styles.text}>Pronto para usar sem internet</span>
          <button
            type="button"
            className={styles.dismiss}
            aria-label="Dispensar o aviso de uso sem internet"
            onClick={dismissOfflineReady}
          >
            <CloseIcon aria-hidden="true" />
          </button>
        </p>
      )}
    </section>
  )
}

/**
 * `active`, except when it turned on while this screen was shown: then from the next screen
 * on. A line appearing above a screen pushes it down — under the agent's thumb, about to tap.
 */
function useOnNextScreen(active: boolean, screen: string): boolean {
  const [held, setHeld] = useState<string | null>(null)
  const [previous, setPrevious] = useState({ active, screen })
  if (previous.active !== active || previous.screen !== screen) {
    if (active && !previous.active && previous.screen === screen) setHeld(screen)
    setPrevious({ active, screen })
  }
  return active && held !== screen
}
