/**
 * Web Push on this device: whether it can receive pushes, subscribing it with the server's
 * VAPID key and registering the subscription (`POST /push/subscriptions`), renewing it when
 * the browser rotates it, and removing it on both sides (the switch, sign-out).
 *
 * Three features use it (permissions, account, sign-out) and so does the service worker
 * (`pushsubscriptionchange`), which is why it lives in lib and takes the registration as an
 * argument: the app passes `navigator.serviceWorker.ready`, the worker its own. What the
 * server knows of this device (`{ id, endpoint }`) is kept under one storage key, mirrored in
 * IndexedDB so the worker can read and update it; sign-out wipes it with the agent's data.
 */
import type { BrowserPushSubscription, PushRegistration } from '@/api/entities'
import { isApiError } from '@/api/api-error'
import { data, newIdempotencyKey } from '@/api/client'
import { api } from './api'
import { deviceStorage, readMirrored } from './device-storage'
import { runtimeConfig } from './runtime-config'
import { storageKey } from './storage-keys'

// ------------------------------------------------------------------ the API calls

export function fetchPushKey() {
  return data(api().GET('/push/key'))
}

/** A retry of one registration passes the same key, so it is applied once. */
export function registerPushSubscription(
  subscription: BrowserPushSubscription,
  deviceLabel: string,
  idempotencyKey: string,
): Promise<PushRegistration> {
  return data(
    api().POST('/push/subscriptions', {
      params: { header: { 'Idempotency-Key': idempotencyKey } },
      body: { subscription, deviceLabel },
    }),
  )
}

export function removePushSubscription(id: string): Promise<void> {
  return data(api().DELETE('/push/subscriptions/{id}', { params: { path: { id } } })).then(
    () => undefined,
  )
}

// ------------------------------------------------------------------ this device

/**
 * `ready`: the device can receive pushes once the agent allows them; `blocked`: the agent
 * refused notifications in the browser; `install-first`: an iPhone or iPad outside the
 * installed app (Safari offers push only to apps added to the Home Screen); `unsupported`:
 * this browser has no Web Push; `demo`: the demo, which has no push server (its panel shows
 * system notifications itself when they are allowed).
 */
export type PushAvailability = 'ready' | 'blocked' | 'install-first' | 'unsupported' | 'demo'

export function pushAvailability(): PushAvailability {
  if (typeof navigator === 'undefined' || typeof window === 'undefined') return 'unsupported'
  const hasPush =
    'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  if (runtimeConfig().preview) return 'demo'
  if (!hasPush) return isAppleMobile() && !isInstalled() ? 'install-first' : 'unsupported'
  return Notification.permission === 'denied' ? 'blocked' : 'ready'
}

function isAppleMobile() {
  const ua = navigator.userAgent
  // iPadOS says "Macintosh" but has touch.
  return /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && navigator.maxTouchPoints > 1)
}

function isInstalled() {
  return (
    (navigator as Navigator & { standalone?: boolean }).standalone === true ||
    window.matchMedia?.('(display-mode: standalone)').matches === true
  )
}

/** How the agent will recognise this device in a list: `Chrome no Android`. */
export function deviceLabel(
  userAgent = typeof navigator === 'undefined' ? '' : navigator.userAgent,
) {
  const browser = /SamsungBrowser/.test(userAgent)
    ? 'Samsung Internet'
    : /Edg\//.test(userAgent)
      ? 'Edge'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Chrome\/|CriOS\//.test(userAgent)
          ? 'Chrome'
          : /Safari\//.test(userAgent)
            ? 'Safari'
            : 'Navegador'
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPod/.test(userAgent)
      ? 'iPhone'
      : /iPad/.test(userAgent)
        ? 'iPad'
        : 'computador'
  return `${browser} no ${system}`
}

type StoredPush = { id: string; endpoint: string }

const KEY = storageKey.pushSubscription()

/** What the server knows of this device (the worker reads the mirror: it has no localStorage). */
export async function storedPush(): Promise<StoredPush | null> {
  const raw = deviceStorage.get(KEY) ?? (await readMirrored(KEY))
  try {
    const parsed = raw ? (JSON.parse(raw) as StoredPush) : null
    return parsed && typeof parsed.id === 'string' && typeof parsed.endpoint === 'string'
      ? parsed
      : null
  } catch {
    return null
  }
}

/** The browser never answers when it cannot reach its push service: give up after this. */
export const SUBSCRIBE_TIMEOUT_MS = 20_000

/** Why turning pushes on failed, in pt-BR, for the screen to show. */
export class PushSetupError extends Error {
  constructor(
    readonly reason: 'denied' | 'unsupported' | 'no-push-service' | 'server',
    message: string,
  ) {
    super(message)
    this.name = 'PushSetupError'
  }
}

function within<T>(promise: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(onTimeout()), ms)
    promise.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error: unknown) => {
        clearTimeout(timer)
        reject(error instanceof Error ? error : new Error(String(error)))
      },
    )
  })
}

const noPushService = () =>
  new PushSetupError(
    'no-push-service',
    'O navegador não conseguiu falar com o serviço de notificações. Confira a conexão e tente de novo.',
  )

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/')
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4))
  const bytes = new Uint8Array(new ArrayBuffer(binary.length))
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array) {
  if (!a || a.byteLength !== b.byteLength) return false
  const view = new Uint8Array(a)
  return view.every((byte, i) => byte === b[i])
}

function asBrowserSubscription(subscription: PushSubscription): BrowserPushSubscription {
  const json = subscription.toJSON()
  return {
    endpoint: json.endpoint ?? subscription.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  }
}

/**
 * Subscribes this device with the server's key (reusing the browser's subscription when it
 * was made with that key) and registers it; a registration the server had under another
 * endpoint is removed. Notification permission must already be granted.
 */
export async function subscribeDevice(registration: ServiceWorkerRegistration): Promise<void> {
  const { publicKey } = await fetchPushKey().catch((error: unknown) => {
    throw new PushSetupError('server', serverMessage(error))
  })
  const key = keyBytes(publicKey)
  let subscription = await registration.pushManager.getSubscription()
  if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
    await subscription.unsubscribe().catch(() => false)
    subscription = null
  }
  subscription ??= await within(
    registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key }),
    SUBSCRIBE_TIMEOUT_MS,
    noPushService,
  ).catch((error: unknown) => {
    throw error instanceof PushSetupError ? error : noPushService()
  })
  await keepRegistered(subscription)
}

/** Registers `subscription` with the server and remembers it, replacing what was there. */
export async function keepRegistered(subscription: PushSubscription): Promise<void> {
  const previous = await storedPush()
  if (previous?.endpoint === subscription.endpoint) return
  const registered = await registerPushSubscription(
    asBrowserSubscription(subscription),
    deviceLabel(),
    newIdempotencyKey(),
  ).catch((error: unknown) => {
    throw new PushSetupError('server', serverMessage(error))
  })
  await deviceStorage.set(
    KEY,
    JSON.stringify({ id: registered.id, endpoint: subscription.endpoint }),
    'strict',
  )
  if (previous) await removePushSubscription(previous.id).catch(() => undefined)
}

function serverMessage(error: unknown) {
  return isApiError(error)
    ? error.message
    : 'Não foi possível registrar este aparelho para receber notificações. Tente de novo.'
}

/** True when the browser holds a subscription that the server has registered. */
export async function isReceivingPush(registration: ServiceWorkerRegistration): Promise<boolean> {
  const [subscription, stored] = await Promise.all([
    registration.pushManager.getSubscription(),
    storedPush(),
  ])
  return subscription !== null && stored?.endpoint === subscription.endpoint
}

/**
 * Stops pushes to this device, on both sides: the server forgets the subscription (best
 * effort: a server that cannot be told will hear 410 from the push service at its next
 * send) and the browser drops it. Used by the switch and by sign-out (before the session goes).
 */
export async function unsubscribeDevice(registration: ServiceWorkerRegistration | undefined) {
  const stored = await storedPush()
  if (stored) await removePushSubscription(stored.id).catch(() => undefined)
  const subscription = await registration?.pushManager.getSubscription().catch(() => null)
  await subscription?.unsubscribe().catch(() => false)
  await deviceStorage.remove(KEY, 'strict')
}

/**
 * At start, signed in, with notifications allowed: if the browser renewed or dropped the
 * subscription while the app was closed (and the worker could not tell the server), the
 * server gets the current one. Does nothing for an agent who never turned pushes on.
 */
export async function refreshDeviceSubscription(registration: ServiceWorkerRegistration) {
  if (pushAvailability() !== 'ready' || Notification.permission !== 'granted') return
  const stored = await storedPush()
  if (!stored) return
  const subscription = await registration.pushManager.getSubscription()
  if (subscription?.endpoint === stored.endpoint) return
  if (subscription) await keepRegistered(subscription)
  else await subscribeDevice(registration)
}
