import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import { deviceStorage } from './device-storage'
import {
  clearSession,
  currentSession,
  loadSessionFromMirror,
  markSessionRejected,
  previousAgentId,
  saveSession,
  sessionStillValid,
  sessionToken,
} from './session'
import { storageKey } from './storage-keys'

const a = { token: 'tok-a', agentId: 'agt_a', expiresAt: '2099-01-01T00:00:00Z' }
const b = { token: 'tok-b', agentId: 'agt_b', expiresAt: '2099-01-01T00:00:00Z' }

afterEach(() => clearSession())

describe('a session the server refused (401)', () => {
  it('sends its token no more, while the screens still see whose it was', async () => {
    await saveSession(a)
    await markSessionRejected('tok-a')
    expect(sessionToken()).toBeNull()
    expect(currentSession()).toMatchObject({ agentId: 'agt_a', rejected: true })
    expect(await sessionStillValid('tok-a')).toBe(false)
  })

  it('is refused in the service worker too, which reads the mirror', async () => {
    await saveSession(a)
    await markSessionRejected('tok-a')
    expect(await loadSessionFromMirror()).toBeNull()
  })

  it('a 401 for another token (an old session’s late sign-out) changes nothing', async () => {
    await saveSession(a)
    await markSessionRejected('tok-old')
    expect(sessionToken()).toBe('tok-a')
    expect(await sessionStillValid('tok-a')).toBe(true)
  })

  it('another agent signing in (or a sign-out) elsewhere ends what this context may send', async () => {
    await saveSession(a)
    expect(await sessionStillValid('tok-a')).toBe(true)
    // Another tab signed B in: the mirror holds B's session, this context still A's.
    await deviceStorage.set(storageKey.session(false), JSON.stringify(b), 'strict')
    expect(sessionToken()).toBe('tok-a')
    expect(await sessionStillValid('tok-a')).toBe(false)
  })

  it('the page remembers whose session it last saw, after it ended', async () => {
    await saveSession(a)
    await clearSession()
    expect(previousAgentId()).toBe('agt_a')
  })
})

describe('a session the mirror does not hold', () => {
  it('(no IndexedDB to mirror it, or written before the mirror) is judged by this context alone', async () => {
    await new Promise((resolve) => {
      indexedDB.deleteDatabase('avaliador-device-storage').onsuccess = resolve
    })
    const raw = JSON.stringify(a)
    localStorage.setItem(storageKey.session(false), raw)
    window.dispatchEvent(
      new StorageEvent('storage', { key: storageKey.session(false), newValue: raw }),
    )
    expect(sessionToken()).toBe('tok-a')
    expect(await sessionStillValid('tok-a')).toBe(true)
  })
})
