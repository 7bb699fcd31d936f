/**
 * A browser with Web Push, for screen tests in jsdom (which has none): a service worker
 * registration whose PushManager subscribes (or fails, or never answers, as a browser that
 * cannot reach its push service), and Notification with a permission and an answer.
 * The real browser's push is exercised in Chromium (e2e/push.spec.ts).
 */
import { vi } from 'vitest'
import { deviceStorage } from '@/lib/device-storage'
import { storageKey } from '@/lib/storage-keys'

export type FakePushOptions = {
  permission?: NotificationPermission
  /** What the permission prompt answers. */
  answer?: NotificationPermission
  /** How subscribing goes: a subscription, an error, or no answer at all. */
  subscribe?: 'ok' | 'error' | 'hang'
  userAgent?: string
  /** No PushManager / service worker in this browser. */
  noPush?: boolean
}

export function fakePushBrowser(options: FakePushOptions = {}) {
  let current: PushSubscription | null = null
  let counter = 0
  const unsubscribed: string[] = []
  const makeSubscription = (key: BufferSource | null | undefined): PushSubscription => {
    const endpoint = `https://push.example/send/device-${++counter}`
    const keys = { p256dh: `B${'q'.repeat(86)}`, auth: 'c2VjcmV0LWF1dGgtMTIz' }
    const subscription = {
      endpoint,
      expirationTime: null,
      options: { applicationServerKey: key ?? null, userVisibleOnly: true },
      toJSON: () => ({ endpoint, expirationTime: null, keys }),
      unsubscribe: vi.fn(async () => {
        unsubscribed.push(endpoint)
        if (current === subscription) current = null
        return true
      }),
      getKey: () => null,
    } as unknown as PushSubscription
    return subscription
  }
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn((init: PushSubscriptionOptionsInit) => {
      if (options.subscribe === 'hang') return new Promise<PushSubscription>(() => {})
      if (options.subscribe === 'error')
        return Promise.reject(new DOMException('Registration failed', 'AbortError'))
      const key = init.applicationServerKey
      const bytes = typeof key === 'string' ? null : (key as ArrayBufferView | ArrayBuffer)
      const buffer =
        bytes instanceof ArrayBuffer
          ? bytes
          : bytes
            ? bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)
            : null
      current = makeSubscription(buffer as ArrayBuffer)
      return Promise.resolve(current)
    }),
  }
  const registration = { active: {}, pushManager } as unknown as ServiceWorkerRegistration
  const requestPermission = vi.fn(async () => {
    FakeNotification.permission = options.answer ?? 'granted'
    return FakeNotification.permission
  })
  class FakeNotification {
    static permission: NotificationPermission = options.permission ?? 'default'
    static requestPermission = requestPermission
  }
  vi.stubGlobal('Notification', FakeNotification)
  if (!options.noPush) {
    vi.stubGlobal('PushManager', class {})
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: {
        getRegistration: async () => registration,
        ready: Promise.resolve(registration),
        addEventListener: () => {},
      },
    })
  } else {
    Reflect.deleteProperty(window, 'PushManager')
  }
  if (options.userAgent)
    Object.defineProperty(navigator, 'userAgent', {
      configurable: true,
      get: () => options.userAgent,
    })
  return {
    registration,
    pushManager,
    requestPermission,
    unsubscribed,
    /** The browser renews the subscription (new endpoint, same key), as it may at any time. */
    rotate() {
      current = makeSubscription(current?.options.applicationServerKey as ArrayBuffer | null)
      return current
    },
    get subscription() {
      return current
    },
  }
}

/** Undoes fakePushBrowser and forgets the device's registration. */
export async function restorePushBrowser() {
  vi.unstubAllGlobals()
  Reflect.deleteProperty(navigator, 'serviceWorker')
  Reflect.deleteProperty(navigator, 'userAgent')
  Reflect.deleteProperty(window, 'PushManager')
  await deviceStorage.remove(storageKey.pushSubscription())
}
