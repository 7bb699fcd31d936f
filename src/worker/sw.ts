/// <reference lib="webworker" />
/**
 * The app's service worker (scope `/`), written here and built by vite-plugin-pwa's
 * `injectManifest` (vite.config.ts), which fills in the precache list:
 *
 * - the app's own files precached (never the demo's: `/preview` has MSW's worker), the app
 *   shell for navigations (./navigation.ts); a new version waits for the agent's go;
 * - `push`: the server's message as a pt-BR system notification, the app badge updated;
 * - `notificationclick`: focus a window of the app and take it to the link, or open one;
 * - `sync` (`visit-outbox`): the visit outbox sent with every page of the app closed, by the
 *   same module the app uses (src/lib/visit-store/background-sync.ts);
 * - `pushsubscriptionchange`: the browser's new subscription registered with the server.
 *
 * No handler may throw the worker down: each catches what it does not expect.
 */
import { clientsClaim } from 'workbox-core'
import { cleanupOutdatedCaches, precacheAndRoute } from 'workbox-precaching'
import { showUnreadOnAppBadge } from '@/lib/app-badge'
import { keepRegistered, subscribeDevice } from '@/lib/push'
import { loadSessionFromMirror } from '@/lib/session'
import { OUTBOX_SYNC_TAG, sendOutboxInBackground } from '@/lib/visit-store/background-sync'
import { serveAppShellForNavigations } from './navigation'
import { isAppWindow, linkOfNotification, messageOf, notificationOptions } from './notifications'
import { OPEN_PATH_MESSAGE, SKIP_WAITING_MESSAGE } from '@/lib/service-worker-messages'

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<string | { url: string; revision: string | null }>
}

/** A Background Sync event (not in TypeScript's lib yet). */
type SyncEvent = ExtendableEvent & { tag: string; lastChance: boolean }
/** `pushsubscriptionchange` as Chromium and Firefox fire it. */
type PushSubscriptionChangeEvent = ExtendableEvent & {
  oldSubscription?: PushSubscription | null
  newSubscription?: PushSubscription | null
}

// A new version waits until every page of the old one is closed, or until the agent taps
// "Atualizar" (the page asks with SKIP_WAITING, src/lib/app-update.ts): an open visit keeps the
// code and the precached files it started with. The first install takes the open page at once.
clientsClaim()
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === SKIP_WAITING_MESSAGE)
    void self.skipWaiting()
})

precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()
serveAppShellForNavigations()

const log = (what: string, error: unknown) =>
  console.warn(`[sw] ${what}:`, error instanceof Error ? error.message : String(error))

self.addEventListener('push', (event) => {
  const message = messageOf(event.data)
  if (!message) return
  event.waitUntil(
    self.registration
      .showNotification(message.title, notificationOptions(message))
      .then(() => {
        if (message.unreadCount !== undefined) showUnreadOnAppBadge(message.unreadCount)
      })
      .catch((error: unknown) => log('notificação não mostrada', error)),
  )
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const link = linkOfNotification(event.notification.data)
  const opening = openInApp(link).catch((error: unknown) => log('link não aberto', error))
  try {
    event.waitUntil(opening)
  } catch {
    // An event made by a script (not by a tap) has no lifetime to extend; the link still opens.
  }
})

/** Takes a window of the app to `path` (focused), or opens one there. */
async function openInApp(path: string) {
  const origin = self.location.origin
  const windows = (await self.clients.matchAll({ type: 'window', includeUncontrolled: true }))
    .filter((client): client is WindowClient => 'focus' in client)
    .filter((client) => isAppWindow(client.url, origin))
  const target = windows.find((w) => w.focused) ?? windows[0]
  if (!target) {
    await self.clients.openWindow(new URL(path, origin).href)
    return
  }
  // Focus needs the tap's activation; without it the window is still taken to the link.
  await target.focus().catch(() => undefined)
  // The app navigates itself (no reload, nothing typed lost): src/app/start-app.tsx.
  target.postMessage({ type: OPEN_PATH_MESSAGE, path })
}

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent
  if (sync.tag !== OUTBOX_SYNC_TAG) return
  // A rejection asks the browser to try again later (writes left in the outbox).
  sync.waitUntil(sendOutboxInBackground())
})

self.addEventListener('pushsubscriptionchange', (event) => {
  const change = event as PushSubscriptionChangeEvent
  change.waitUntil(
    (async () => {
      if (!(await loadSessionFromMirror())) return
      const renewed =
        change.newSubscription ?? (await self.registration.pushManager.getSubscription())
      if (renewed) await keepRegistered(renewed)
      else await subscribeDevice(self.registration)
    })().catch((error: unknown) => log('inscrição de push não renovada', error)),
  )
})
