import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { ButtonLink } from '@/components/button'
import { Notice } from '@/components/notice'
import { Page } from '@/components/page'
import { runtimeConfig } from '@/lib/runtime-config'
import { clearSession, currentSession, sessionToken } from '@/lib/session'
import { unsentVisitWrites } from '@/lib/visit-store/store'
import { clearAgentData } from '@/lib/agent-data'
import { isAppPath } from '@/lib/app-path'
import { showUnreadOnAppBadge } from '@/lib/app-badge'
import { unsubscribeDevice } from '@/lib/push'
import { rememberReturnPath, signOutOnServer } from '../api/sign-in'
import { authCopy } from '../copy'

/**
 * `/logout`: asks first when visit writes are still waiting on the device; otherwise ends
 * the session (server told, best effort; this device's push subscription removed on both
 * sides first), forgets the token and every local trace of the agent. When the session expired (`expired=1`) the visit data stays on the device, to be
 * sent after the agent signs in again.
 */
export function LogoutPage() {
  const [params] = useSearchParams()
  const expired = params.get('expired') === '1'
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

  useEffect(() => {
    let cancelled = false
    const hadToken = sessionToken() !== null
    const agentId = currentSession()?.agentId
    void (async () => {
      if (hadToken && !expired) {
        // While the session still opens the API: this phone stops receiving the agent's pushes.
        await stopPushOnThisDevice()
        await signOutOnServer().catch(() => undefined)
      }
      await clearSession()
      queryClient.clear()
      if (!expired) {
        await clearAgentData({ preview: runtimeConfig().preview, agentId })
        showUnreadOnAppBadge(0)
      }
      const back = params.get('return')
      if (isAppPath(back)) rememberReturnPath(back)
      if (!cancelled) setDone(true)
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
