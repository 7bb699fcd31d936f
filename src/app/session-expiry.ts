/** Where a 401 anywhere sends the agent: sign out with a message, and remember the way back. */
import type { createMemoryRouter } from 'react-router-dom'
import { clearSession } from '@/lib/session'

type AppRouter = Pick<ReturnType<typeof createMemoryRouter>, 'state' | 'navigate'>

export const SESSION_EXPIRED_MESSAGE =
  'Sua sessão expirou. Entre novamente para continuar de onde parou.'

export function handleSessionExpired(router: AppRouter) {
  const { pathname, search } = router.state.location
  if (pathname.startsWith('/logout') || pathname.startsWith('/login')) return
  void clearSession()
  // /logout wipes the agent's storage, then keeps `return` for the next sign-in.
  void router.navigate(
    `/logout?expired=1&message=${encodeURIComponent(SESSION_EXPIRED_MESSAGE)}&return=${encodeURIComponent(pathname + search)}`,
  )
}
