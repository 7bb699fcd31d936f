/**
 * How the worker answers navigations — kept here, alone, so it is easy to change (prerendered
 * pages per route will replace the single shell): every navigation of the app gets the app
 * shell (index.html) from the precache, so any screen opens with no signal; the API and the
 * demo (`/preview`, whose own MSW worker and files are none of ours) go to the network.
 */
import { createHandlerBoundToURL } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'

export const NAVIGATION_DENYLIST = [/^\/api\//, /^\/preview(\/|$)/]

export function serveAppShellForNavigations() {
  registerRoute(
    new NavigationRoute(createHandlerBoundToURL('/index.html'), {
      denylist: NAVIGATION_DENYLIST,
    }),
  )
}
