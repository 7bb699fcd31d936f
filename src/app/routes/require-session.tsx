import { Navigate, Outlet, useLocation } from 'react-router-dom'
import { currentSession } from '@/lib/session'
import { storageKey } from '@/lib/storage-keys'

/** Routes inside need a session; without one, sign in and come back here. */
export function RequireSession() {
  const location = useLocation()
  if (!currentSession()) {
    sessionStorage.setItem(storageKey.returnTo(), location.pathname + location.search)
    return <Navigate to="/login" replace />
  }
  return <Outlet />
}

export function RootRedirect() {
  return <Navigate to={currentSession() ? '/oppy' : '/login'} replace />
}
