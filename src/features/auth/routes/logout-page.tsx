import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { useSearchParams } from 'react-router-dom'
import { ButtonLink } from '@/components/button'
import { Notice } from '@/components/notice'
import { Page } from '@/components/page'
import { clearSession, sessionToken } from '@/lib/session'
import { clearAgentData } from '@/lib/agent-data'
import { isAppPath } from '@/lib/app-path'
import { rememberReturnPath, signOutOnServer } from '../api/sign-in'
import { authCopy } from '../copy'

/** Ends the session: tells the server (best effort), forgets the token and every local trace of the agent. */
export function LogoutPage() {
  const [params] = useSearchParams()
  const queryClient = useQueryClient()
  const [done, setDone] = useState(false)

  useEffect(() => {
    let cancelled = false
    const hadToken = sessionToken() !== null
    void (async () => {
      if (hadToken) await signOutOnServer().catch(() => undefined)
      clearSession()
      queryClient.clear()
      await clearAgentData()
      const back = params.get('return')
      if (isAppPath(back)) rememberReturnPath(back)
      if (!cancelled) setDone(true)
    })()
    return () => {
      cancelled = true
    }
  }, [queryClient, params])

  const message = params.get('message')
  const error = params.get('error')
  return (
    <Page title={authCopy.logout.title}>
      {error ? (
        <Notice tone="error">{error}</Notice>
      ) : (
        <Notice>{message ?? authCopy.logout.done}</Notice>
      )}
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
