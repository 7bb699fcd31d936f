/** Where a 401 anywhere sends the agent: sign out with a message, and remember the way back. */
import type { createMemoryRouter } from 'react-router-dom'
import { pathTo } from '@/lib/route-patterns'

type AppRouter = Pick<ReturnType<typeof createMemoryRouter>, 'state' | 'navigate'>

export const SESSION_EXPIRED_MESSAGE =
  'Sua sessão expirou. Entre novamente para continuar de onde parou.'

export function handleSessionExpired(router: AppRouter) {
  const { pathname, search } = router.state.location
  if (pathname.startsWith('/logout') || pathname.startsWith('/login')) return
  // /logout forgets the session, then keeps `return` for the next sign-in. The session is not
  // cleared here: while /logout's code loads, the screen being left still shows, and a
  // navigation meanwhile into a signed-in route would find no session and send the agent to
  // /login instead (requireSession), losing the message and the way back.
  void router.navigate(expiredSignOutPath(pathname + search))
}

/** The sign-out page of a session the server ended, with the message and the way back. */
export function expiredSignOutPath(back: string) {
  return pathTo('/logout', {}, { expired: 1, message: SESSION_EXPIRED_MESSAGE, return: back })
}
