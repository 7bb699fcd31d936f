import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { prefetchRouteData, setRouteDataClient } from './route-data'
import { clearSession, saveSession } from './session'

describe('prefetchRouteData', () => {
  afterEach(() => {
    setRouteDataClient(null)
    clearSession()
  })
  const signIn = () =>
    saveSession({
      token: 't',
      agentId: 'a',
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    })

  it('asks the app query client for the data when signed in, and returns at once', () => {
    const client = new QueryClient()
    setRouteDataClient(client)
    signIn()
    const prefetch = vi.fn(async () => {})
    expect(prefetchRouteData(prefetch)).toBeNull()
    expect(prefetch).toHaveBeenCalledWith(client)
  })

  it('asks nothing when signed out (the screen will send the agent to sign in)', () => {
    setRouteDataClient(new QueryClient())
    const prefetch = vi.fn(async () => {})
    prefetchRouteData(prefetch)
    expect(prefetch).not.toHaveBeenCalled()
  })

  it('asks nothing without an app client (component tests render without one)', () => {
    signIn()
    const prefetch = vi.fn(async () => {})
    prefetchRouteData(prefetch)
    expect(prefetch).not.toHaveBeenCalled()
  })
})
