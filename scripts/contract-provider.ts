/**
 * The fake backend served over real HTTP for provider verification: createFakeBackend with
 * the control plane (which holds the provider-state endpoint) on a free loopback port.
 * `tamper` lets the tooling self-test swap one handler for a broken one.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { HttpHandler } from 'msw'
import { createFakeBackend, type FakeBackend } from '../mocks/fake-backend'
import { fakeBackendMiddleware } from '../mocks/node-http'

export type FakeProvider = { url: string; backend: FakeBackend; close(): Promise<void> }

export async function startFakeProvider(
  options: { tamper?: (backend: FakeBackend) => HttpHandler[] } = {},
): Promise<FakeProvider> {
  const backend = await createFakeBackend({ controlApi: true, latencyMs: 0 })
  const overrides = options.tamper?.(backend) ?? []
  const handlers = [...overrides, ...backend.handlers]
  const middleware = fakeBackendMiddleware(() => handlers)
  const server = createServer((req, res) => void middleware(req, res))
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    backend,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
