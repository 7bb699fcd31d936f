import { afterEach, describe, expect, it, vi } from 'vitest'
import { clearSession, onSessionEndedElsewhere, saveSession } from './session'

const KEY = 'avaliador.session'
const session = { token: 't', agentId: 'a', expiresAt: new Date(Date.now() + 60_000).toISOString() }

describe('a sign-out in another tab', () => {
  afterEach(() => clearSession())

  it('is heard when the session key is removed there', () => {
    saveSession(session)
    const ended = vi.fn()
    const stop = onSessionEndedElsewhere(ended)
    localStorage.removeItem(KEY)
    window.dispatchEvent(new StorageEvent('storage', { key: KEY, oldValue: 'x', newValue: null }))
    expect(ended).toHaveBeenCalledTimes(1)
    stop()
  })

  it('is not a sign-in elsewhere, another key, or a sign-out in this tab', () => {
    const ended = vi.fn()
    const stop = onSessionEndedElsewhere(ended)
    window.dispatchEvent(
      new StorageEvent('storage', { key: KEY, newValue: JSON.stringify(session) }),
    )
    window.dispatchEvent(new StorageEvent('storage', { key: 'outra.chave', newValue: null }))
    saveSession(session)
    clearSession()
    expect(ended).not.toHaveBeenCalled()
    stop()
  })
})
