/**
 * What the app tells the agent about itself: a new version is ready (its service worker is
 * waiting, or another tab already runs it and upgraded the device's database), and — once,
 * after the first visit — that every screen is on the phone and works with no connection.
 *
 * A new version never takes over by itself (src/worker/sw.ts waits): the open pages keep the
 * code and the files they started with, and the agent chooses when to switch ("Atualizar").
 * The screens of a visit in progress do not offer it (agent-shell's alerts do). No React
 * here: the start's first file carries it, so registering the worker loads nothing more.
 */
import { deviceStorage } from './device-storage'
import {
  SERVICE_WORKER_SCOPE,
  SERVICE_WORKER_SCRIPT,
  SKIP_WAITING_MESSAGE,
} from './service-worker-messages'
import { storageKey } from './storage-keys'
import { appDate } from './clock'

export type AppUpdateState = { updateReady: boolean; offlineReady: boolean }

let state: AppUpdateState = { updateReady: false, offlineReady: false }
let apply: () => unknown = () => window.location.reload()
const listeners = new Set<() => void>()

function set(next: Partial<AppUpdateState>) {
  state = { ...state, ...next }
  listeners.forEach((l) => l())
}

/** For `useSyncExternalStore` (the shell's alerts): what to tell, and when it changes. */
export function subscribeToAppUpdate(listener: () => void) {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

export function appUpdateState(): AppUpdateState {
  return state
}

/** A new version can run: `activate` switches to it (its worker takes over, the page reloads). */
export function announceUpdateReady(activate: () => unknown) {
  apply = activate
  set({ updateReady: true })
}

/**
 * The new service worker waiting to take over does so (SKIP_WAITING, src/worker/sw.ts), and
 * the page reloads once it is in control — in every open tab of the app, so none keeps running
 * code whose files the new version removed.
 */
export async function activateWaitingWorker() {
  const waiting = (await navigator.serviceWorker.getRegistration())?.waiting
  if (waiting) {
    const controlling = new Promise((resolve) =>
      navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }),
    )
    waiting.postMessage({ type: SKIP_WAITING_MESSAGE })
    // Chromium defers the switch while the old worker still serves this page's requests; a
    // navigation lets it happen (the new worker takes over before the page loads again).
    await Promise.race([controlling, new Promise((resolve) => setTimeout(resolve, 1_500))])
  }
  window.location.reload()
}

/** "Atualizar": switch to the new version now. */
export function applyUpdate() {
  apply()
}

/**
 * Every screen's code and styles are on the phone (the service worker finished its first
 * install, or already controls this page): said once per phone.
 */
export function announceOfflineReady() {
  if (deviceStorage.get(storageKey.offlineReadyAnnounced()) !== null) return
  void deviceStorage.set(storageKey.offlineReadyAnnounced(), appDate().toISOString())
  set({ offlineReady: true })
}

/** The agent put the "ready offline" notice away. */
export function dismissOfflineReady() {
  set({ offlineReady: false })
}

/**
 * Registers the service worker and follows its versions, telling the agent (a few lines of
 * our own: Workbox's window library was 2.8 KiB gzip on every page, /login's budget included):
 * - installed on an earlier visit (it controls this page): every screen is on the phone;
 * - its first install finishes: every screen is on the phone (said once per phone);
 * - a new version is installed and waits (found now, or waiting since an earlier visit):
 *   "Atualizar" is offered; once it takes over — this tab's "Atualizar", or another tab's —
 *   this tab reloads and runs it too.
 * Rejects when the registration fails (its files did not arrive): the caller tries again.
 */
export async function registerServiceWorker(): Promise<void> {
  const container = navigator.serviceWorker
  const registration = await container.register(SERVICE_WORKER_SCRIPT, {
    scope: SERVICE_WORKER_SCOPE,
  })
  if (container.controller) announceOfflineReady()
  let offered = false
  const offerUpdate = () => {
    if (offered) return
    offered = true
    announceUpdateReady(activateWaitingWorker)
    container.addEventListener('controllerchange', () => window.location.reload(), { once: true })
  }
  const follow = (worker: ServiceWorker | null) => {
    if (!worker) return
    const settled = () => {
      if (worker.state !== 'installed' && worker.state !== 'activated') return
      worker.removeEventListener('statechange', settled)
      // Installed beside a worker that serves the pages: a new version, waiting.
      if (worker.state === 'installed' && registration.active && registration.active !== worker)
        offerUpdate()
      else announceOfflineReady()
    }
    worker.addEventListener('statechange', settled)
    settled()
  }
  if (registration.waiting && registration.active) offerUpdate()
  follow(registration.installing)
  registration.addEventListener('updatefound', () => follow(registration.installing))
}
