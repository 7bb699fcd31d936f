/**
 * The fake backend served over real HTTP for provider verification: createFakeBackend with
 * the control plane (which holds the provider-state endpoint) on a free loopback port.
 * `tamper` lets the tooling self-test swap one handler for a broken one, `remove` leaves an
 * operation out (its requests get the catch-all 404 problem); `rewrite` changes
 * every API answer on its way out (a status, or a JSON body) while the control plane stays as
 * it is — the date-time styles and the wrong-status self-test use it.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { getResponse, http, HttpResponse, type HttpHandler } from 'msw'
import { createFakeBackend, type FakeBackend } from '../mocks/fake-backend'
import { fakeBackendMiddleware } from '../mocks/node-http'

export type FakeProvider = { url: string; backend: FakeBackend; close(): Promise<void> }

/** An API answer as the fake backend gave it; the body parsed when it is JSON. */
export type Answer = { method: string; path: string; status: number; body: unknown }
/** The answer to send instead (undefined: send it unchanged). */
export type Rewrite = (answer: Answer) => { status: number; body: unknown } | undefined

function rewriting(backend: FakeBackend, rewrite: Rewrite): HttpHandler {
  const base = backend.context.baseUrl
  return http.all(`${base}/*`, async ({ request }) => {
    const url = new URL(request.url)
    if (url.pathname.startsWith(`${base}/__fake/`)) return undefined
    const real = await getResponse(backend.handlers, request, { baseUrl: url.origin })
    if (!real || !(real.headers.get('Content-Type') ?? '').includes('json')) return real
    const body: unknown = await real.json()
    const next = rewrite({ method: request.method, path: url.pathname, status: real.status, body })
    const headers = new Headers(real.headers)
    headers.delete('Content-Length')
    return new HttpResponse(JSON.stringify(next ? next.body : body), {
      status: next?.status ?? real.status,
      headers,
    })
  })
}

/** An operation the provider leaves out, as `METHOD /path` with openapi.yaml's `{params}`. */
export type Removed = `${'GET' | 'PUT' | 'POST' | 'DELETE'} /${string}`

/** Whether a handler serves `METHOD /path` (msw writes the path `/api/reports/:id/…`). */
const serves = (handler: HttpHandler, base: string, removed: Removed) => {
  const [method, path] = removed.split(' ') as [string, string]
  const info = handler.info as { method?: unknown; path?: unknown }
  return info.method === method && info.path === `${base}${path.replace(/\{(\w+)\}/g, ':$1')}`
}

export async function startFakeProvider(
  options: {
    tamper?: (backend: FakeBackend) => HttpHandler[]
    rewrite?: Rewrite
    /** Operations the provider does not have: their requests get the catch-all 404. */
    remove?: readonly Removed[]
  } = {},
): Promise<FakeProvider> {
  const backend = await createFakeBackend({ controlApi: true, latencyMs: 0 })
  const overrides = [
    ...(options.tamper?.(backend) ?? []),
    ...(options.rewrite ? [rewriting(backend, options.rewrite)] : []),
  ]
  const base = backend.context.baseUrl
  const kept = backend.handlers.filter(
    (h) => !(options.remove ?? []).some((r) => serves(h, base, r)),
  )
  if (kept.length + (options.remove?.length ?? 0) !== backend.handlers.length)
    throw new Error(`Not every operation to remove is served: ${options.remove?.join(', ')}`)
  const handlers = [...overrides, ...kept]
  const middleware = fakeBackendMiddleware(() => handlers, { now: backend.clock.now })
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
