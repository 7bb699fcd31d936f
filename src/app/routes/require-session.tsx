import type { LoaderFunctionArgs } from 'react-router-dom'
import { rememberReturnPath } from '@/features/auth/api/sign-in'
import { keptWorkOnDevice } from '@/lib/kept-work'
import { runtimeConfig } from '@/lib/runtime-config'
import { currentSession, previousAgentId } from '@/lib/session'
import { expiredSignOutPath } from '../session-expiry'

/**
 * Where an address that needs a session sends the agent now, or null to stay: without a
 * session, sign in and come back here — the way back is the last agent's (this page's, or the
 * one whose work waits on the phone): another agent signing in does not land on it (decision
 * 0023). A session the server refused (the app was closed before its sign-out page ran) goes
 * there now.
 */
function sessionRedirect(here: string): string | null {
  const session = currentSession()
  if (session?.rejected) return expiredSignOutPath(here)
  if (session) return null
  rememberReturnPath(here, previousAgentId() ?? keptWorkOnDevice()[0]?.agentId)
  return '/login'
}

/**
 * The loader of the routes that need a session, run on every navigation into or between them
 * (`shouldRevalidate` in router.tsx): the router goes on to /login before anything renders, so
 * the first screen React paints over the prerendered document is the sign-in, never a blank
 * while its code loads (issue #42), and a screen left for the sign-in stays until it paints.
 */
export function requireSession({ request }: LoaderFunctionArgs) {
  const to = sessionRedirect(pathInApp(new URL(request.url)))
  return to ? replace(to) : null
}

/** `/`'s loader: the offers, or the sign-in — decided before the first render (see requireSession). */
export function rootRedirect() {
  return replace(currentSession() ? '/oppy' : '/login')
}

/**
 * React Router's `replace(to)`: a redirect that takes the address's place in the history (so
 * Back does not come back to it to be sent on again), written out: the helper's code would be
 * 0.1 KiB more on /login's first load, which has none to spare (scripts/bundle-size.ts).
 * require-session.test.tsx checks that the router still reads it as a replace.
 */
function replace(to: string) {
  return new Response(null, { status: 302, headers: { Location: to, 'X-Remix-Replace': 'true' } })
}

/** A request's path and query as the app's routes see them (the demo's /preview taken off). */
function pathInApp(url: URL): string {
  // The router runs its loaders only for addresses under its basename: the runtime config's.
  return (url.pathname.slice(runtimeConfig().basename.length) || '/') + url.search
}
