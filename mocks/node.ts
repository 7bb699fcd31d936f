/**
 * The fake backend behind msw/node, for tests that exercise the app's real client and
 * screens in Node: `fetch` to `${origin}/api/…` is answered by the same handlers.
 */
import { setupServer } from 'msw/node'
import { createFakeBackend, type FakeBackendOptions } from './fake-backend'

export const TEST_ORIGIN = 'http://localhost'

/**
 * `AVALIADOR_TEST_LATENCY=10-80` (or `40`) makes every answer wait that many milliseconds,
 * drawn per request: `npm run test:slow-network` runs the component tests so, to find a test
 * (or a screen) that assumes an order the network does not promise.
 */
export function latencyFromEnv(
  value = process.env.AVALIADOR_TEST_LATENCY,
): number | readonly [number, number] {
  const match = /^\s*(\d+)\s*(?:-\s*(\d+))?\s*$/.exec(value ?? '')
  if (!match) return 0
  const low = Number(match[1])
  return match[2] === undefined ? low : [low, Math.max(low, Number(match[2]))]
}

export async function setupFakeServer(options: FakeBackendOptions = {}) {
  const backend = await createFakeBackend({
    latencyMs: latencyFromEnv(),
    controlApi: true,
    ...options,
    baseUrl: `${TEST_ORIGIN}/api`,
  })
  const server = setupServer(...backend.handlers)
  return { backend, server, apiBaseUrl: `${TEST_ORIGIN}/api` }
}
