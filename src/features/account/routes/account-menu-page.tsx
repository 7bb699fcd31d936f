import { useQuery } from '@tanstack/react-query'
import { formatPhone } from '@/domain/phone'
import { ButtonLink } from '@/components/button'
import { List, ListItem } from '@/components/list'
import { LoadError } from '@/components/load-error'
import { Page } from '@/components/page'
import { useSnackbar } from '@/components/snackbar'
import { Badge, Switch } from '@/components/status'
import { Skeleton } from '@/components/skeleton'
import { useSetAvailability } from '../api/availability'
import { meQueryOptions } from '../api/me-query'
import { accountCopy as copy } from '../copy'
import styles from './account.module.css'
import { useDevicePush } from '@/lib/use-device-push'
import { Notice } from '@/components/notice'

/** The account menu: who is signed in, availability for new offers, and the account's screens. */
export function AccountMenuPage() {
  const me = useQuery(meQueryOptions())
  const availability = useSetAvailability()
  const agent = me.data
  // The server says it, with the agent (the shell's alert reads the same answer).
  const termsPending = agent?.termsPending ?? false
  const l = copy.links

  return (
    <Page title={copy.menuTitle}>
      {me.isPending && <Skeleton label={copy.loadingMe} count={2} height={56} />}
      {me.isError && !agent && (
        <LoadError title={copy.meError} error={me.error} onRetry={() => void me.refetch()} />
      )}
      {agent && (
        <section className={styles.identity} aria-label={agent.name}>
          <span className={styles.avatar} aria-hidden="true">
            {initialsOf(agent.name)}
          </span>
          <span className={styles.who}>
            <strong className={styles.name}>{agent.name}</strong>
            <span className={styles.muted}>{formatPhone(agent.phone)}</span>
          </span>
        </section>
      )}
      {agent && (
        <div className={styles.card}>
          <Switch
            label={copy.available}
            description={agent.available ? copy.availableOn : copy.availableOff}
            checked={agent.available}
            onChange={(next) => availability.mutate(next)}
          />
        </div>
      )}

      <DevicePushCard />

      <h2 className={styles.sectionTitle}>{copy.sections.account}</h2>
      <List label={copy.sections.account}>
        <ListItem title={l.profile} subtitle={l.profileHint} to="/account/profile" />
        <ListItem title={l.bank} subtitle={l.bankHint} to="/account/bank-info" />
        <ListItem title={l.wallet} subtitle={l.walletHint} to="/account/wallet" />
      </List>

      <h2 className={styles.sectionTitle}>{copy.sections.app}</h2>
      <List label={copy.sections.app}>
        <ListItem title={l.device} subtitle={l.deviceHint} to="/tasks/permissions" />
        <ListItem
          title={l.notifications}
          subtitle={l.notificationsHint}
          to="/permissions/notifications"
        />
      </List>

      <h2 className={styles.sectionTitle}>{copy.sections.about}</h2>
      <List label={copy.sections.about}>
        <ListItem
          title={l.terms}
          to="/account/terms"
          trailing={termsPending ? <Badge tone="warning">{l.termsPending}</Badge> : undefined}
        />
        <ListItem title={l.privacy} to="/about/privacy" />
        <ListItem title={l.help} to="/help" />
      </List>

      <ButtonLink to="/logout" variant="secondary" block>
        {copy.signOut}
      </ButtonLink>
    </Page>
  )
}

function initialsOf(name: string) {
  const words = name.trim().split(/\s+/)
  return (
    (words[0]?.[0] ?? '') + (words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '')
  ).toUpperCase()
}

/** Whether this phone receives the agent's notifications, with the switch (lib/push.ts). */
function DevicePushCard() {
  const push = useDevicePush()
  const snackbar = useSnackbar()
  const c = copy.push
  if (push.availability === 'demo')
    return (
      <Notice tone="info" title={c.label}>
        <p className={styles.flush}>{c.demo}</p>
        {typeof Notification !== 'undefined' && Notification.permission === 'default' && (
          <ButtonLink to="/permissions/notifications?next=%2Faccount" variant="ghost">
            {c.allow}
          </ButtonLink>
        )}
      </Notice>
    )
  if (push.availability === 'install-first' || push.availability === 'unsupported')
    return (
      <Notice tone="info" title={c.label}>
        {push.availability === 'install-first' ? c.installFirst : c.unsupported}
      </Notice>
    )
  if (push.availability === 'blocked')
    return (
      <Notice tone="warning" title={c.blockedTitle}>
        <p className={styles.flush}>{c.blocked}</p>
        <ButtonLink to="/permissions/notifications?next=%2Faccount" variant="ghost">
          {c.howTo}
        </ButtonLink>
      </Notice>
    )
  const description =
    push.receiving === null ? c.checking : push.busy ? c.turningOn : push.receiving ? c.on : c.off
  return (
    <div className={styles.card}>
      <Switch
        label={c.label}
        description={description}
        checked={push.receiving === true}
        disabled={push.busy || push.receiving === null}
        onChange={(next) =>
          void (next ? push.turnOn() : push.turnOff().then(() => true)).then((done) => {
            if (done) snackbar(next ? c.turnedOn : c.turnedOff)
          })
        }
      />
      {push.error && <Notice tone="error">{push.error}</Notice>}
    </div>
  )
}
