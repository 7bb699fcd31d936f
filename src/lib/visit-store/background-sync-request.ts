/**
 * The app's half of sending the outbox with the app closed: after every queued write it asks
 * the browser for a Background Sync (`visit-outbox`). The browser then wakes the service
 * worker when there is a connection — even after the agent closed every tab — and the worker
 * sends the outbox (./background-sync.ts). Where Background Sync is missing (Safari, Firefox)
 * nothing is asked and the app sends on its next open, as before. Never in the demo: its
 * writes go to the fake backend inside the page.
 */
import { runtimeConfig } from '@/lib/runtime-config'

/** The tag the worker listens for. */
export const OUTBOX_SYNC_TAG = 'visit-outbox'

type SyncManager = { register(tag: string): Promise<void> }

export async function requestBackgroundSync(): Promise<boolean> {
  if (runtimeConfig().preview) return false
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return false
  try {
    // getRegistration, not `ready`: with no worker (development, a first visit) it never resolves.
    const registration = await navigator.serviceWorker.getRegistration()
    const sync = (registration as (ServiceWorkerRegistration & { sync?: SyncManager }) | undefined)
      ?.sync
    if (!registration?.active || !sync) return false
    await sync.register(OUTBOX_SYNC_TAG)
    return true
  } catch {
    // Refused (permission, a private window): the app sends on its next open.
    return false
  }
}
