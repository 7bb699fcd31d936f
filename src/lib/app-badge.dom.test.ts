import { afterEach, describe, expect, it, vi } from 'vitest'
import { showUnreadOnAppBadge } from './app-badge'

afterEach(() => {
  Reflect.deleteProperty(navigator, 'setAppBadge')
  Reflect.deleteProperty(navigator, 'clearAppBadge')
})

function badging(result: 'ok' | 'refused' = 'ok') {
  const answer = () => (result === 'ok' ? Promise.resolve() : Promise.reject(new Error('no')))
  const setAppBadge = vi.fn(answer)
  const clearAppBadge = vi.fn(answer)
  Object.defineProperty(navigator, 'setAppBadge', { value: setAppBadge, configurable: true })
  Object.defineProperty(navigator, 'clearAppBadge', { value: clearAppBadge, configurable: true })
  return { setAppBadge, clearAppBadge }
}

describe('the app badge', () => {
  it('shows the unread count, and clears at zero', () => {
    const { setAppBadge, clearAppBadge } = badging()
    showUnreadOnAppBadge(3)
    expect(setAppBadge).toHaveBeenCalledWith(3)
    showUnreadOnAppBadge(0)
    expect(clearAppBadge).toHaveBeenCalledOnce()
  })

  it('breaks nothing where the API is missing or refuses', async () => {
    expect(() => showUnreadOnAppBadge(5)).not.toThrow()
    badging('refused')
    expect(() => showUnreadOnAppBadge(5)).not.toThrow()
    await new Promise((resolve) => setTimeout(resolve, 0)) // no unhandled rejection
  })
})
