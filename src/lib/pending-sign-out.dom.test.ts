import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { resetApiClient } from './api'
import { deviceStorage } from './device-storage'
import { hasPendingSignOut, keepSignOut, sendPendingSignOuts } from './pending-sign-out'
import { setRuntimeConfig } from './runtime-config'
import { clearSession, saveSession } from './session'
import { storageKey } from './storage-keys'

/** The server: which token ended, how each answer goes. */
let answer: (token: string) => Response | Promise<Response>
const sent: string[] = []

beforeEach(async () => {
  setRuntimeConfig({ basename: '', apiBaseUrl: 'http://api.test/api', preview: false })
  resetApiClient()
  sent.length = 0
  answer = () => new Response(null, { status: 204 })
  vi.stubGlobal('fetch', async (request: Request) => {
    const token = /^Bearer (.+)$/.exec(request.headers.get('Authorization') ?? '')?.[1] ?? ''
    sent.push(`${request.method} ${new URL(request.url).pathname} ${token}`)
    return answer(token)
  })
  await deviceStorage.remove(storageKey.pendingSignOuts(), 'strict')
})

afterEach(async () => {
  vi.unstubAllGlobals()
  await clearSession()
})

describe('a sign-out made with no signal', () => {
  it('goes later with its own token, never the session of whoever signed in since', async () => {
    await keepSignOut('tok-old')
    await saveSession({ token: 'tok-new', agentId: 'agt_b', expiresAt: '2099-01-01T00:00:00Z' })
    expect(await sendPendingSignOuts()).toBe(0)
    expect(sent).toEqual(['DELETE /api/auth/session tok-old'])
    expect(await hasPendingSignOut()).toBe(false)
    // Sent once: nothing left to send.
    expect(await sendPendingSignOuts()).toBe(0)
    expect(sent).toHaveLength(1)
  })

  it('waits while the server cannot be reached or fails, and a 401 (already over) ends it', async () => {
    await keepSignOut('tok-a')
    answer = () => Promise.reject(new TypeError('Failed to fetch'))
    expect(await sendPendingSignOuts()).toBe(1)
    answer = () =>
      new Response(JSON.stringify({ type: 'x', title: 'x', status: 503, code: 'maintenance' }), {
        status: 503,
        headers: { 'Content-Type': 'application/problem+json' },
      })
    expect(await sendPendingSignOuts()).toBe(1)
    answer = () =>
      new Response(
        JSON.stringify({ type: 'x', title: 'x', status: 401, code: 'session_expired' }),
        {
          status: 401,
          headers: { 'Content-Type': 'application/problem+json' },
        },
      )
    expect(await sendPendingSignOuts()).toBe(0)
    expect(await hasPendingSignOut()).toBe(false)
  })

  it('a 401 for the old token signs nobody out here', async () => {
    await saveSession({ token: 'tok-new', agentId: 'agt_b', expiresAt: '2099-01-01T00:00:00Z' })
    await keepSignOut('tok-old')
    answer = () =>
      new Response(
        JSON.stringify({ type: 'x', title: 'x', status: 401, code: 'session_expired' }),
        {
          status: 401,
          headers: { 'Content-Type': 'application/problem+json' },
        },
      )
    await sendPendingSignOuts()
    const { sessionToken } = await import('./session')
    expect(sessionToken()).toBe('tok-new')
  })

  it('one the service worker sent (its removal is in the mirror only) is not sent again by a tab', async () => {
    await keepSignOut('tok-a')
    // The worker has no localStorage: it removed it from the mirror alone.
    const key = storageKey.pendingSignOuts()
    const stale = localStorage.getItem(key)
    await deviceStorage.remove(key, 'strict')
    localStorage.setItem(key, stale!)
    expect(await sendPendingSignOuts()).toBe(0)
    expect(sent).toEqual([])
  })
})
