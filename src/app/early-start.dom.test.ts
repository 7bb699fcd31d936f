/**
 * The start's first half (early-start.ts), which the boot runs before React, React Router or
 * the screen's code have arrived: it hands the agent's and the screen's requests to the query
 * cache, and React Router's loaders, run later, find them there.
 */
import 'fake-indexeddb/auto'
import { waitFor } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { DEMO_AGENT_ID, DEMO_TOKEN } from '../../mocks/seed/seed'
import { setupFakeServer } from '../../mocks/node'

const fake = await setupFakeServer()
const config = { basename: '', apiBaseUrl: fake.apiBaseUrl, preview: false }
let asked: string[] = []

beforeAll(() => fake.server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => fake.server.close())
beforeEach(async () => {
  await fake.backend.reset({ scenario: 'busy-agent', seed: 4821 })
  asked = []
  fake.server.events.on('request:start', ({ request }) => {
    asked.push(`${request.method} ${new URL(request.url).pathname}`)
  })
  localStorage.clear()
  // A new phone: nothing in the localStorage mirror either (lib/device-storage).
  const { DATABASES } = await import('@/lib/storage-keys')
  await new Promise((resolve) => {
    const request = indexedDB.deleteDatabase(DATABASES.deviceStorage)
    request.onsuccess = request.onerror = request.onblocked = resolve
  })
  // Each test is a new page: a new start, a new session, a new API client.
  vi.resetModules()
})
afterEach(() => {
  fake.server.events.removeAllListeners()
  window.history.replaceState(null, '', '/')
})

/** The modules as a fresh page has them (after vi.resetModules). */
async function page(path: string, token: string | null) {
  window.history.replaceState(null, '', path)
  const session = await import('@/lib/session')
  if (token)
    await session.saveSession({
      token,
      agentId: DEMO_AGENT_ID,
      expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    })
  const api = await import('@/lib/api')
  return {
    ...(await import('./early-start')),
    ...(await import('./router')),
    api,
    tasks: await import('@/features/tasks/api/task-queries'),
    me: await import('@/features/account/api/me-query'),
  }
}

describe('the start asks for the first screen before React Router has arrived', () => {
  it("hands /api/me and the screen's own request to the query cache; the router's loader asks nothing again", async () => {
    const app = await page('/tasks/T-4826', DEMO_TOKEN)
    const { queryClient } = await app.startAgentApp(config)
    // Asked through the cache (under way or answered there), before any router exists.
    const task = app.tasks.taskQueryOptions('T-4826').queryKey
    await waitFor(() => expect(asked).toEqual(['GET /api/me', 'GET /api/tasks/T-4826']))
    expect(queryClient.getQueryState(task)).toBeDefined()
    expect(queryClient.getQueryState(app.me.meQueryKey)).toBeDefined()

    // Later, React Router starts at the same address and runs the screen's loader.
    const router = app.createAppRouter('')
    await waitFor(() => expect(router.state.initialized).toBe(true))
    await waitFor(() => expect(queryClient.getQueryState(task)?.status).toBe('success'))
    expect(asked).toEqual(['GET /api/me', 'GET /api/tasks/T-4826'])
    router.dispose()
  })

  it('with no session on the phone, asks nothing at all', async () => {
    const app = await page('/tasks/T-4826', null)
    const { queryClient } = await app.startAgentApp(config)
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(asked).toEqual([])
    expect(queryClient.getQueryCache().getAll()).toEqual([])
  })

  it('on a screen without a loader, asks only for the agent', async () => {
    const app = await page('/notifs', DEMO_TOKEN)
    await app.startAgentApp(config)
    await waitFor(() => expect(asked).toEqual(['GET /api/me']))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(asked).toEqual(['GET /api/me'])
  })

  it('a session the server no longer takes: its 401 waits for the app, which handles it once', async () => {
    const app = await page('/oppy', 'revoked-token')
    const { queryClient } = await app.startAgentApp(config)
    await waitFor(() => expect(queryClient.getQueryState(app.me.meQueryKey)?.status).toBe('error'))
    // The answers came back before the app registered where a 401 sends the agent.
    expect(asked).toEqual(['GET /api/me', 'GET /api/opportunities'])
    const expired = vi.fn()
    app.api.setSessionExpiredHandler(expired)
    expect(expired).toHaveBeenCalledTimes(1)
    expect(expired.mock.calls[0]![0]).toMatchObject({ status: 401, code: 'session_expired' })
    // The refused token is never sent again: a later call goes without it, and the app (already
    // on its way to sign in again) is not told twice.
    await queryClient.fetchQuery({ ...app.me.meQueryOptions(), retry: false }).catch(() => {})
    expect(expired).toHaveBeenCalledTimes(1)
    expect((await import('@/lib/session')).sessionToken()).toBeNull()
  })

  it("a session localStorage lost when the app was killed is the mirror's: read after it is restored", async () => {
    const app = await page('/oppy', DEMO_TOKEN)
    // Chromium had not written localStorage to disk yet; the IndexedDB mirror has it.
    const { storageKey } = await import('@/lib/storage-keys')
    localStorage.removeItem(storageKey.session(false))
    vi.resetModules()
    const fresh = await import('./early-start')
    await fresh.startAgentApp(config)
    await waitFor(() => expect(asked).toContain('GET /api/me'))
    expect((await import('@/lib/session')).currentSession()?.token).toBe(DEMO_TOKEN)
    void app
  })

  it('is one start per page: the boot and main.tsx share it', async () => {
    const app = await page('/oppy', DEMO_TOKEN)
    const first = app.startAgentApp(config)
    expect(app.startAgentApp(config)).toBe(first)
    await first
    await waitFor(() => expect(asked).toContain('GET /api/opportunities'))
    expect(asked.filter((a) => a === 'GET /api/me')).toHaveLength(1)
  })
})
