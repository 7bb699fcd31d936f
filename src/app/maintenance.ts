/** Where a read answered "in maintenance" (503) sends the agent: the unavailable screen, and back. */
import type { createMemoryRouter } from 'react-router-dom'
import { pathTo } from '@/lib/route-patterns'

type AppRouter = Pick<ReturnType<typeof createMemoryRouter>, 'state' | 'navigate'>

export function handleMaintenance(router: AppRouter) {
  const { pathname, search } = router.state.location
  // Already there, or signing in/out: those screens show the error themselves.
  if (/^\/(unavailable|login|logout|activation)(\/|$)/.test(pathname)) return
  void router.navigate(pathTo('/unavailable', {}, { from: pathname + search }), {
    replace: true,
  })
}
