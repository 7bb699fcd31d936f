/**
 * False while React adopts prerendered HTML (and in the prerender itself), true from the
 * render after: what a prerendered screen uses to keep an action off until its handlers are
 * attached (a form submitted before that would go to the server as a plain GET, with what was
 * typed in the URL). In a screen rendered in the browser from the start it is true at once.
 */
import { useSyncExternalStore } from 'react'

const noSubscription = () => () => {}

export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
}
