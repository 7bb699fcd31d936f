import { Navigate, Outlet, useLocation } from 'react-router-dom'
import { currentSession } from '@/lib/session'

/** Routes inside need a session; without one, sign in and come back here. */
export function RequireSession() {
  const location = useLocation()
  if (!currentSession()) {
    sessionStorage.setItem('avaliador.return-to', location.pathname + location.search)
    return <Navigate to="/login" replace />
  }
  return <Outlet />
}

export function RootRedirect() {
  return <Navigate to={currentSession() ? '/oppy' : '/login'} replace />
}
