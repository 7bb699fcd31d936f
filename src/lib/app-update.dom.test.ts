/**
 * The app's own service-worker registration (registerServiceWorker): what it tells the agent
 * about the worker's versions, on a fake `navigator.serviceWorker`.
 */
import { act, renderHook } from '@testing-library/react'
import { useSyncExternalStore } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { SERVICE_WORKER_SCOPE, SERVICE_WORKER_SCRIPT } from './service-worker-messages'

class FakeWorker extends EventTarget {
  constructor(public state: ServiceWorkerState) {
    super()
  }
  postMessage = vi.fn()
  become(state: ServiceWorkerState) {
    this.state = state
    this.dispatchEvent(new Event('statechange'))
  }
}

class FakeRegistration extends EventTarget {
  installing: FakeWorker | null = null
  waiting: FakeWorker | null = null
  active: FakeWorker | null = null
  found(worker: FakeWorker) {
    this.installing = worker
    this.dispatchEvent(new Event('updatefound'))
  }
}

function fakeContainer(registration: FakeRegistration, controller: FakeWorker | null) {
  const container = Object.assign(new EventTarget(), {
    controller,
    register: vi.fn(async () => registration),
    getRegistration: vi.fn(async () => registration),
  })
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: container })
  return container
}

const reload = vi.fn()

beforeEach(() => {
  vi.resetModules()
  localStorage.clear()
  Object.defineProperty(window, 'location', {
    configurable: true,
    value: { ...window.location, reload },
  })
})
afterEach(() => reload.mockReset())

async function start() {
  const update = await import('./app-update')
  const { result } = renderHook(() =>
    useSyncExternalStore(update.subscribeToAppUpdate, update.appUpdateState),
  )
  await act(() => update.registerServiceWorker())
  return { update, state: () => result.current }
}

describe("the app's service worker, registered by the app", () => {
  it('registers the built worker for the whole app', async () => {
    const container = fakeContainer(new FakeRegistration(), null)
    await start()
    expect(container.register).toHaveBeenCalledWith(SERVICE_WORKER_SCRIPT, {
      scope: SERVICE_WORKER_SCOPE,
    })
  })

  it('installed on an earlier visit: every screen is on the phone, said once per phone', async () => {
    const registration = new FakeRegistration()
    registration.active = new FakeWorker('activated')
    fakeContainer(registration, registration.active)
    const { state, update } = await start()
    expect(state()).toEqual({ updateReady: false, offlineReady: true })
    act(() => update.dismissOfflineReady())
    vi.resetModules()
    expect((await start()).state().offlineReady).toBe(false)
  })

  it('its first install finishing: every screen is on the phone', async () => {
    const registration = new FakeRegistration()
    const first = new FakeWorker('installing')
    registration.installing = first
    fakeContainer(registration, null)
    const { state } = await start()
    expect(state().offlineReady).toBe(false)
    act(() => first.become('installed'))
    expect(state()).toEqual({ updateReady: false, offlineReady: true })
  })

  it('a new version found and installed waits: "Atualizar" is offered, and its takeover reloads', async () => {
    const registration = new FakeRegistration()
    registration.active = new FakeWorker('activated')
    const container = fakeContainer(registration, registration.active)
    const { state } = await start()
    const next = new FakeWorker('installing')
    act(() => registration.found(next))
    expect(state().updateReady).toBe(false)
    act(() => next.become('installed'))
    expect(state().updateReady).toBe(true)
    expect(reload).not.toHaveBeenCalled()
    // Another tab's "Atualizar": the new version takes this page too.
    container.dispatchEvent(new Event('controllerchange'))
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('a version waiting since an earlier visit is offered at once; "Atualizar" asks it to take over', async () => {
    const registration = new FakeRegistration()
    registration.active = new FakeWorker('activated')
    registration.waiting = new FakeWorker('installed')
    const container = fakeContainer(registration, registration.active)
    const { state, update } = await start()
    expect(state().updateReady).toBe(true)
    const applied = update.activateWaitingWorker()
    await vi.waitFor(() =>
      expect(registration.waiting!.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' }),
    )
    container.dispatchEvent(new Event('controllerchange'))
    await applied
    expect(reload).toHaveBeenCalled()
  })

  it('a registration that fails rejects, so the caller tries again', async () => {
    const container = fakeContainer(new FakeRegistration(), null)
    container.register.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    const update = await import('./app-update')
    await expect(update.registerServiceWorker()).rejects.toThrow('Failed to fetch')
  })
})
