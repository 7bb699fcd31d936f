import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { ButtonLink } from '@/components/button'
import { Notice } from '@/components/notice'
import { Page } from '@/components/page'
import { isApiError } from '@/api/api-error'
import { runtimeConfig } from '@/lib/runtime-config'
import { appDate } from '@/lib/clock'
import { clearSession, currentSession, sessionToken } from '@/lib/session'
import { unsentVisitWrites, visitsWithUnsentWrites } from '@/lib/visit-store/store'
import { requestBackgroundSync } from '@/lib/visit-store/background-sync-request'
import { clearAgentData, endSessionKeepingWork } from '@/lib/agent-data'
import { isAppPath } from '@/lib/app-path'
import { showUnreadOnAppBadge } from '@/lib/app-badge'
import { keepSignOut, sendSignOutsWhenPossible } from '@/lib/pending-sign-out'
import { unsubscribeDevice } from '@/lib/push'
import { meQueryKey } from '@/features/account/api/me-query'
import type { Agent } from '@/api/entities'
import { rememberReturnPath, signOutOnServer } from '../api/sign-in'
import { authCopy } from '../copy'

/**
 * `/logout`: asks first when visit writes are still waiting on the device; otherwise ends
 * the session (this device's push subscription removed on both sides first; the server told,
 * now or — with no signal — as soon as it can be: lib/pending-sign-out), forgets the token and
 * every local trace of this agent, and of no other (lib/agent-data). When the session ended on
 * the server (`expired=1`, or a token the server refused) the agent's visit data stays on the
 * device, to be sent after that agent signs in again, and the phone notes whose it is
 * (lib/kept-work). decision 0023.
 */
export function LogoutPage() {
  const [params] = useSearchParams()
  // A session the server refused is over, whatever the address says.
  const expired = params.get('expired') === '1' || currentSession()?.rejected === true
  const confirmed = params.get('confirm') === '1'
  // Only an agent signing out on purpose is asked; an expiry or a confirmed exit goes on.
  const mustAsk = !expired && !confirmed && sessionToken() !== null
  const [unsent, setUnsent] = useState<number | null>(null)
  useEffect(() => {
    if (!mustAsk) return
    let cancelled = false
    void unsentVisitWrites().then((n) => {
      if (!cancelled) setUnsent(n)
    })
    return () => {
      cancelled = true
    }
  }, [mustAsk])

  if (mustAsk && unsent === null)
    return (
      <Page title={authCopy.logout.confirmTitle}>
        <p role="status">{authCopy.logout.leaving}</p>
      </Page>
    )
  if (mustAsk && unsent !== null && unsent > 0)
    return (
      <Page title={authCopy.logout.confirmTitle} backTo="/account">
        <Notice tone="warning" title={authCopy.logout.unsent(unsent)}>
          {authCopy.logout.unsentHint}
        </Notice>
        <ButtonLink to="/account" block>
          {authCopy.logout.stay}
        </ButtonLink>
        <ButtonLink to="/logout?confirm=1" variant="danger" block>
          {authCopy.logout.leaveAnyway}
        </ButtonLink>
      </Page>
    )
  return <SignedOut expired={expired} />
}

function SignedOut({ expired }: { expired: boolean }) {
  const [params] = useSearchParams()
  const queryClient = useQueryClient()
  const [done, setDone] = useState(false)
  // The server could not be told now: it will be, as soon as it can.
  const [serverLater, setServerLater] = useState(false)

  useEffect(() => {
    let cancelled = false
    const session = currentSession()
    const token = sessionToken()
    const { preview } = runtimeConfig()
    void (async () => {
      let later = false
      if (token && !expired) {
        // While the session still opens the API: this phone stops receiving the agent's pushes.
        await stopPushOnThisDevice()
        // Told now, or kept to be told when the signal returns: the token is forgotten below
        // either way, and never sent again but to end its session.
        const told = await signOutOnServer().then(
          () => true,
          (error: unknown) => isApiError(error) && !error.isTransient,
        )
        if (!told && !preview) {
          await keepSignOut(token)
          later = true
        }
      }
      // Counted while the session still opens the agent's store.
      const visits = expired && session && !preview ? await visitsWithUnsentWrites() : 0
      await clearSession()
      queryClient.clear()
      if (!expired) {
        await clearAgentData({ preview, agentId: session?.agentId })
        showUnreadOnAppBadge(0)
      } else if (session && !preview) {
        const firstName =
          session.firstName ??
          queryClient.getQueryData<Agent>(meQueryKey)?.name.trim().split(/\s+/)[0]
        await endSessionKeepingWork({
          agentId: session.agentId,
          visits,
          since: appDate().toISOString(),
          ...(firstName ? { firstName } : {}),
        })
      }
      if (later) {
        // The app sends it when the connection returns; with the app closed, the service worker.
        sendSignOutsWhenPossible()
        void requestBackgroundSync()
      }
      const back = params.get('return')
      if (isAppPath(back)) rememberReturnPath(back, session?.agentId)
      if (!cancelled) {
        setServerLater(later)
        setDone(true)
      }
    })()
    return () => {
      cancelled = true
    }
  }, [queryClient, params, expired])

  const message = params.get('message')
  const error = params.get('error')
  return (
    <Page title={authCopy.logout.title}>
      {error ? (
        <Notice tone="error">{error}</Notice>
      ) : (
        <Notice>{message ?? authCopy.logout.done}</Notice>
      )}
      {expired && <p>{authCopy.logout.expiredKept}</p>}
      {serverLater && <p>{authCopy.logout.serverLater}</p>}
      {done ? (
        <ButtonLink to="/login" block>
          {authCopy.logout.signInAgain}
        </ButtonLink>
      ) : (
        <p role="status">{authCopy.logout.leaving}</p>
      )}
    </Page>
  )
}

/** Removes this device's push subscription on the server and in the browser (never in the demo). */
async function stopPushOnThisDevice() {
  if (runtimeConfig().preview || !('serviceWorker' in navigator)) return
  const registration = await navigator.serviceWorker.getRegistration().catch(() => undefined)
  await unsubscribeDevice(registration).catch(() => undefined)
}
