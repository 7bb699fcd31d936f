/**
 * The fake backend behind msw/node, for tests that exercise the app's real client and
 * screens in Node: `fetch` to `${origin}/api/…` is answered by the same handlers.
 */
import { setupServer } from 'msw/node'
import { createFakeBackend, type FakeBackendOptions } from './fake-backend'

export const TEST_ORIGIN = 'http://localhost'

export async function setupFakeServer(options: FakeBackendOptions = {}) {
  const backend = await createFakeBackend({
    latencyMs: 0,
    controlApi: true,
    ...options,
    baseUrl: `${TEST_ORIGIN}/api`,
  })
  const server = setupServer(...backend.handlers)
  return { backend, server, apiBaseUrl: `${TEST_ORIGIN}/api` }
}
