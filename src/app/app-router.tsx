/**
 * React Router's `RouterProvider`, listened to by the rest of the app only after it listens.
 *
 * A router state change made while nobody listens is handed by React Router to its first
 * subscriber. `RouterProvider` reads the state when it renders and subscribes once that render
 * is committed; the app's first render is a transition React slices over several tasks
 * (issue #14), so changes do happen in that window. In the field: an app opened with an
 * expired session gets its 401 while the first screen renders, and the way to /logout ends
 * before the provider listens. When another listener (the route prefetch) had subscribed
 * first, it took the hand-over: the address bar showed /logout and the screen stayed on the
 * old page. So every other listener subscribes from here, after the provider.
 */
import { useLayoutEffect } from 'react'
import { RouterProvider, type DataRouter } from 'react-router-dom'

type Props = {
  router: DataRouter
  onError?: Parameters<typeof RouterProvider>[0]['onError']
  /** Subscribes the app's own router listeners; returns what stops them. Keep it stable. */
  listen: () => () => void
}

export function AppRouter({ router, onError, listen }: Props) {
  return (
    <>
      <RouterProvider router={router} onError={onError} />
      {/* A later sibling: its layout effect runs after the provider's, which subscribes. */}
      <AfterProviderListens listen={listen} />
    </>
  )
}

function AfterProviderListens({ listen }: { listen: Props['listen'] }) {
  useLayoutEffect(listen, [listen])
  return null
}
