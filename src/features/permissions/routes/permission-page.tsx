import { useEffect, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { Button, ButtonLink } from '@/components/button'
import { Notice } from '@/components/notice'
import { Page } from '@/components/page'
import { appPathOr } from '@/lib/app-path'
import {
  askPermission,
  locationPermission,
  permissionState,
  type PermissionKind,
  type PermissionOutcome,
} from '@/lib/device-media/device-permissions'
import { useDevicePush, type DevicePush } from '@/lib/use-device-push'
import { ASK_LOCATION_PARAM, documentNavigation } from '@/lib/document-navigation'
import { permissionCommonCopy as common, permissionCopy, pushCopy } from '../copy'
import styles from './permissions.module.css'
import { pathTo } from '@/lib/route-patterns'

type Phase = 'checking' | 'explain' | 'asking' | 'already-granted' | 'refused' | PermissionOutcome

/** Explains why the app needs a permission, then asks for it, then says what came of it. */
export function PermissionPage({ kind }: { kind: PermissionKind }) {
  const copy = permissionCopy[kind]
  const [params] = useSearchParams()
  // A `?next=` the app may go to: a path of this app, never another origin.
  const next = appPathOr(params.get('next'), '/oppy')
  const [phase, setPhase] = useState<Phase>('checking')
  const push = useDevicePush()
  const subscribes =
    kind === 'notifications' && push.availability !== 'unsupported' && push.availability !== 'demo'

  // Opened again by "Tentar de novo" after a refusal at the prompt: ask at once.
  const askOnOpen = kind === 'position' && params.has(ASK_LOCATION_PARAM)
  useEffect(() => {
    let cancelled = false
    void permissionState(kind).then((state) => {
      if (cancelled) return
      if (askOnOpen && state === 'prompt') return void ask()
      setPhase(state === 'granted' ? 'already-granted' : state === 'prompt' ? 'explain' : state)
    })
    return () => {
      cancelled = true
    }
    // Once per kind of permission.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [kind])

  async function ask() {
    setPhase('asking')
    const before = kind === 'position' ? await locationPermission() : undefined
    const outcome = await askPermission(kind)
    // Refused at the prompt, which the browser would show again (Safari set to "Ask"): not
    // the settings' block. WebKit answers the rest of this page with the refusal, so the
    // retry opens the page anew.
    setPhase(outcome === 'denied' && before === 'prompt' ? 'refused' : outcome)
    // Allowed: this phone subscribes to the server's pushes at once (lib/push.ts).
    if (outcome === 'granted' && subscribes) await push.turnOn()
  }

  const continueLink = (
    <ButtonLink to={next} block>
      {common.continue}
    </ButtonLink>
  )

  return (
    <Page title={copy.title} backTo={next}>
      <section className={styles.why} aria-label={copy.title}>
        <p>{copy.lead}</p>
        <ul className={styles.reasons}>
          {copy.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
        <p className={styles.muted}>{copy.privacy}</p>
      </section>

      {phase === 'checking' && <p role="status">{common.checking}</p>}

      {(phase === 'explain' || phase === 'asking' || phase === 'dismissed') && (
        <div className={styles.actions}>
          {phase === 'dismissed' && <Notice tone="warning">{copy.dismissed}</Notice>}
          {phase === 'asking' && <p role="status">{common.asking}</p>}
          <Button block busy={phase === 'asking'} onClick={() => void ask()}>
            {copy.ask}
          </Button>
          <ButtonLink to={next} variant="ghost" block>
            {common.notNow}
          </ButtonLink>
        </div>
      )}

      {(phase === 'granted' || phase === 'already-granted') && !subscribes && (
        <div className={styles.actions}>
          <Notice tone="success" title={copy.granted}>
            {phase === 'granted' ? copy.grantedBody : common.alreadyGranted}
          </Notice>
          {kind === 'notifications' && (
            <p className={styles.muted}>
              {push.availability === 'demo' ? pushCopy.demo : pushCopy.onlyWhileOpen}
            </p>
          )}
          {continueLink}
        </div>
      )}

      {(phase === 'granted' || phase === 'already-granted') && subscribes && (
        <div className={styles.actions}>
          <PushOnThisDevice push={push} justGranted={phase === 'granted'} />
          {continueLink}
        </div>
      )}

      {phase === 'denied' && (
        <div className={styles.actions}>
          <Notice tone="error" title={copy.denied}>
            <p className={styles.flush}>{copy.deniedBody}</p>
            <ol className={styles.steps}>
              {copy.howToEnable.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </Notice>
          <Button variant="secondary" block onClick={() => void ask()}>
            {common.checkAgain}
          </Button>
          <ButtonLink to={next} variant="ghost" block>
            {common.notNow}
          </ButtonLink>
        </div>
      )}

      {phase === 'refused' && (
        <div className={styles.actions}>
          <Notice tone="warning" title={copy.refusedTitle}>
            {copy.refused}
          </Notice>
          <Button
            block
            onClick={() =>
              documentNavigation.assign(
                pathTo('/permissions/position', {}, { next, [ASK_LOCATION_PARAM]: 'perguntar' }),
              )
            }
          >
            {common.tryAgain}
          </Button>
          <ButtonLink to={next} variant="ghost" block>
            {common.notNow}
          </ButtonLink>
        </div>
      )}

      {phase === 'unavailable' && (
        <div className={styles.actions}>
          <Notice tone="warning">{copy.unavailable}</Notice>
          <Button block onClick={() => void ask()}>
            {common.tryAgain}
          </Button>
        </div>
      )}

      {phase === 'unsupported' && (
        <div className={styles.actions}>
          <Notice tone="warning">
            {kind === 'notifications' && push.availability === 'install-first'
              ? pushCopy.installFirst
              : copy.unsupported}
          </Notice>
          {continueLink}
        </div>
      )}
    </Page>
  )
}

/** Notifications allowed: whether this phone receives the pushes, and how to make it. */
function PushOnThisDevice({ push, justGranted }: { push: DevicePush; justGranted: boolean }) {
  const copy = permissionCopy.notifications
  if (push.busy || push.receiving === null) return <p role="status">{pushCopy.activating}</p>
  if (push.receiving)
    return (
      <Notice tone="success" title={copy.granted}>
        {justGranted ? copy.grantedBody : common.alreadyGranted}
      </Notice>
    )
  return (
    <>
      {push.error ? (
        <Notice tone="warning" title={pushCopy.failedTitle}>
          {push.error}
        </Notice>
      ) : (
        <Notice>{pushCopy.notYet}</Notice>
      )}
      <Button block onClick={() => void push.turnOn()}>
        {push.error ? common.tryAgain : pushCopy.turnOn}
      </Button>
    </>
  )
}

export function NotificationPermissionPage() {
  return <PermissionPage kind="notifications" />
}

export function PositionPermissionPage() {
  return <PermissionPage kind="position" />
}
