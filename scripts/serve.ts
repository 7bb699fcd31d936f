/**
 * `npm start`: serves the built app (dist/) and the fake backend over real HTTP on one
 * origin, so the production-mode app at `/` and the demo at `/preview` both work with no
 * other server. Every response carries the security headers of scripts/security-headers.ts.
 * Notifications go out as real Web Push (mocks/web-push-gateway.ts), signed with the VAPID
 * key pair kept in `--vapid-keys` (made on the first start; never committed).
 *
 * Reached from a network (`--host 0.0.0.0`), it stays a sandbox (mocks/network-guard.ts,
 * docs/decisions/0015-the-sandbox-on-a-network.md): `Host` is checked, the control plane answers
 * this computer or the control token only, sign-in codes are random unless `--seed` asks for a
 * repeatable run, bodies are bounded (mocks/node-http.ts), and source maps stay private.
 *
 *   node --import tsx scripts/serve.ts [--port 4173] [--host 127.0.0.1] [--latency 150-600]
 *                                      [--seed 4821] [--scenario busy-agent] [--no-control]
 *                                      [--control-token <text>] [--allowed-host <name> …]
 *                                      [--source-maps] [--vapid-keys .local/vapid-keys.json]
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import sirv from 'sirv'
import { createFakeBackend } from '../mocks/fake-backend'
import { createNetworkGuard } from '../mocks/network-guard'
import { declaresTooLargeBody, fakeBackendMiddleware } from '../mocks/node-http'
import { loadOrCreateVapidKeys, webPushGateway } from '../mocks/web-push-gateway'
import {
  DEFAULT_SCENARIO,
  DEFAULT_SEED,
  DEMO_PHONE,
  DEMO_TOKEN,
  isScenarioName,
} from '../mocks/seed/seed'
import { formatPhone } from '../src/domain/phone'
import {
  documentFor,
  FALLBACK_DOCUMENT,
  HTML_DOCUMENTS_FILE,
  type HtmlDocumentTable,
} from '../src/lib/html-documents'
import { isPreviewPath } from '../src/lib/preview-path'
import { documentHashesOfBuild, securityHeaders } from './security-headers'

/** Outside git (.gitignore): the server's private VAPID key must never be committed. */
const DEFAULT_VAPID_KEYS = fileURLToPath(new URL('../.local/vapid-keys.json', import.meta.url))

const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.PORT ?? '4173' },
    host: { type: 'string', default: process.env.HOST ?? '127.0.0.1' },
    latency: { type: 'string', default: '150-600' },
    // No default: without --seed the world is DEFAULT_SEED's and the secrets are random.
    seed: { type: 'string' },
    scenario: { type: 'string', default: DEFAULT_SCENARIO },
    'no-control': { type: 'boolean', default: false },
    'control-token': { type: 'string', default: process.env.CONTROL_TOKEN },
    'allowed-host': { type: 'string', multiple: true, default: [] },
    'source-maps': { type: 'boolean', default: false },
    'vapid-keys': { type: 'string', default: process.env.VAPID_KEYS_FILE ?? DEFAULT_VAPID_KEYS },
  },
})

function parseLatency(text: string): number | [number, number] {
  const [min, max] = text.split('-').map(Number)
  if (min === undefined || Number.isNaN(min))
    throw new Error(`--latency: expected "ms" or "min-max", got "${text}"`)
  return max === undefined || Number.isNaN(max) ? min : [min, max]
}

if (!isScenarioName(values.scenario)) {
  console.error(`Unknown --scenario "${values.scenario}".`)
  process.exit(2)
}

const dist = fileURLToPath(new URL('../dist', import.meta.url))
if (!existsSync(dist)) {
  console.error('dist/ is missing: run `npm run build` first (npm start does it for you).')
  process.exit(1)
}

const vapid = loadOrCreateVapidKeys(values['vapid-keys'])
const repeatable = values.seed !== undefined
const backend = await createFakeBackend({
  pushGateway: webPushGateway(vapid),
  seed: repeatable ? Number(values.seed) : DEFAULT_SEED,
  // Sign-in codes and session tokens: repeatable only when a run asks for it (e2e, benches).
  secrets: repeatable ? 'seeded' : 'crypto',
  scenario: values.scenario,
  latencyMs: parseLatency(values.latency),
  controlApi: !values['no-control'],
  log: (message) => console.log(`[fake-backend] ${message}`),
})
const api = fakeBackendMiddleware(() => backend.handlers, { now: backend.clock.now })
const guard = createNetworkGuard({
  host: values.host,
  allowedHosts: values['allowed-host'],
  controlToken: values['control-token'],
})
const assets = sirv(dist, {
  single: true,
  etag: true,
  // The build writes .br and .gz beside each text asset (vite.config.ts precompressAssets).
  brotli: true,
  gzip: true,
  setHeaders(res, pathname) {
    // Hashed assets never change; everything else is revalidated.
    res.setHeader(
      'Cache-Control',
      pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    )
  },
})

const headers = Object.entries(securityHeaders(documentHashesOfBuild(dist)))

// Which prerendered document answers a navigation (scripts/prerender.ts wrote the table).
const documents = JSON.parse(
  readFileSync(join(dist, HTML_DOCUMENTS_FILE), 'utf8'),
) as HtmlDocumentTable

/** A page load (not a file, not the API, not the demo, which boots from the bare document). */
function documentOf(req: IncomingMessage): string | null {
  if (req.method !== 'GET' && req.method !== 'HEAD') return null
  const url = new URL(req.url ?? '/', 'http://localhost')
  if (/\.[a-z0-9]+$/i.test(url.pathname)) return null
  if (!(req.headers.accept ?? '').includes('text/html')) return null
  if (isPreviewPath(url.pathname)) return `/${FALLBACK_DOCUMENT}`
  return `/${documentFor(url.pathname, documents)}`
}

function handle(req: IncomingMessage, res: ServerResponse) {
  // On every response (HTML, assets, workers, API): the policy the app is tested under.
  for (const [name, value] of headers) res.setHeader(name, value)
  if (guard.refuse(req, res)) return
  if (req.url?.startsWith('/api/')) return void api(req, res)
  if (req.url?.startsWith('/preview/api/')) {
    // The demo's API lives in the browser's service worker; a request here escaped it.
    res.writeHead(502, { 'Content-Type': 'application/problem+json' })
    return void res.end(
      JSON.stringify({
        type: 'about:blank',
        title: 'Fora da demonstração',
        status: 502,
        code: 'internal_error',
        detail: 'O backend da demonstração roda no navegador; esta requisição escapou dele.',
      }),
    )
  }
  // The build's source maps (the app's own source) are served only when asked for.
  if (
    !values['source-maps'] &&
    new URL(req.url ?? '/', 'http://localhost').pathname.endsWith('.map')
  ) {
    res.statusCode = 404
    return void res.end()
  }
  const document = documentOf(req)
  if (document) req.url = document
  assets(req, res)
}

const server = createServer(handle)
// A client that asks before sending its body (`Expect: 100-continue`, curl's way with large
// ones) is told 413 at once when the body it announces is over its operation's limit.
server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
  if (!(req.url?.startsWith('/api/') && declaresTooLargeBody(req))) res.writeContinue()
  handle(req, res)
})

server.listen(Number(values.port), values.host, () => {
  const { port } = server.address() as AddressInfo
  const shown = ['0.0.0.0', '::', ''].includes(values.host)
    ? 'localhost'
    : values.host.includes(':')
      ? `[${values.host}]`
      : values.host
  const url = `http://${shown}:${port}`
  console.log(`Avaliador at ${url}  (demo: ${url}/preview)`)
  console.log(`Fake backend at ${url}/api — seed ${backend.seed}, scenario ${backend.scenario}`)
  console.log(
    `Sign in with ${formatPhone(DEMO_PHONE)}; the code is printed here when requested (${repeatable ? `repeatable: --seed ${backend.seed}` : 'random at each start; --seed makes it repeatable'}).`,
  )
  console.log(`Demo bearer token: ${DEMO_TOKEN} (from this computer)`)
  console.log(
    `Web Push: VAPID key pair ${vapid.created ? 'made and kept' : 'read'} at ${values['vapid-keys']}`,
  )
  for (const line of guard.startMessage(url)) console.log(line)
})

// A tool that started this server with an IPC channel (npm run bench:soak) may ask for its
// memory: `{ memory: { gc } }`, after a full garbage collection when `gc` (and `node --expose-gc`).
if (process.send)
  process.on('message', (message: { memory?: { gc?: boolean } }) => {
    if (!message.memory) return
    if (message.memory.gc) (globalThis as { gc?: () => void }).gc?.()
    process.send?.({ memory: process.memoryUsage() })
  })

for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => server.close(() => process.exit(0)))
