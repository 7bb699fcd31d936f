/**
 * Signed out, an address that needs a session is sent to the sign-in by the router itself,
 * before any screen renders (the first render is the sign-in: issue #42), with the way back
 * kept as the app's own path — also in the demo, under /preview; and so is the next
 * navigation after a session ended.
 */
import { createMemoryRouter } from 'react-router-dom'
import { afterEach, describe, expect, it } from 'vitest'
import { takeReturnPath } from '@/features/auth/api/sign-in'
import { setRuntimeConfig } from '@/lib/runtime-config'
import { clearSession, previousAgentId, saveSession } from '@/lib/session'
import { routes } from '../router'

/** A router started at `path`, once it has its first screen (as start-app.tsx waits for). */
async function started(basename: string, path: string) {
  setRuntimeConfig({ basename, apiBaseUrl: '/api', preview: basename !== '' })
  const router = createMemoryRouter(routes, {
    basename: basename || undefined,
    initialEntries: [path],
  })
  await new Promise<void>((resolve) => {
    if (router.state.initialized) return resolve()
    router.subscribe((state) => state.initialized && resolve())
  })
  return router
}

afterEach(async () => {
  setRuntimeConfig({ basename: '', apiBaseUrl: '/api', preview: false })
  await clearSession()
  sessionStorage.clear()
})

describe('signed out', () => {
  it.each([
    ['', '/', '/login'],
    ['', '/tasks/T-1?tab=fotos', '/login'],
    ['/preview', '/preview/', '/preview/login'],
    ['/preview', '/preview/tasks/T-1?tab=fotos', '/preview/login'],
  ])(
    '(base "%s") %s is the sign-in from the first render, in place of the address',
    async (base, path, login) => {
      const { state } = await started(base, path)
      expect(state.location.pathname).toBe(login)
      expect(state.historyAction).toBe('REPLACE')
    },
  )

  it('keeps the way back as the app’s path, under /preview too', async () => {
    await started('/preview', '/preview/tasks/T-1?tab=fotos')
    // (Whose way it is: the last agent this page saw, if any — another test's.)
    expect(takeReturnPath(previousAgentId() ?? 'any-agent')).toBe('/tasks/T-1?tab=fotos')
  })
})

describe('signed in', () => {
  it('a session ended between two screens: the next one is the sign-in, with the way back', async () => {
    await saveSession({ token: 't', agentId: 'agent-1', expiresAt: '2999-01-01T00:00:00Z' })
    const router = await started('', '/tasks')
    expect(router.state.location.pathname).toBe('/tasks')
    await clearSession()
    await router.navigate('/account')
    expect(router.state.location.pathname).toBe('/login')
    expect(takeReturnPath('agent-1')).toBe('/account')
  })
})
