import { Navigate, Outlet, useLocation } from 'react-router-dom'
import { rememberReturnPath } from '@/features/auth/api/sign-in'
import { keptWorkOnDevice } from '@/lib/kept-work'
import { currentSession, previousAgentId } from '@/lib/session'
import { expiredSignOutPath } from '../session-expiry'

/**
 * Routes inside need a session; without one, sign in and come back here — the way back is the
 * last agent's (this page's, or the one whose work waits on the phone): another agent signing
 * in does not land on it (decision 0023). A session the server refused (the app was
 * closed before its sign-out page ran) goes there now.
 */
export function RequireSession() {
  const location = useLocation()
  const session = currentSession()
  const here = location.pathname + location.search
  if (session?.rejected) return <Navigate to={expiredSignOutPath(here)} replace />
  if (!session) {
    rememberReturnPath(here, previousAgentId() ?? keptWorkOnDevice()[0]?.agentId)
    return <Navigate to="/login" replace />
  }
  return <Outlet />
}

export function RootRedirect() {
  return <Navigate to={currentSession() ? '/oppy' : '/login'} replace />
}
