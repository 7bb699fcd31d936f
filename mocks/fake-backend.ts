/**
 * One fake backend: a seeded @msw/data database, a movable clock and the MSW handlers of
 * every operation in openapi.yaml, bound together. The same instance is served in the
 * browser (preview worker), in Node tests (msw/node or getResponse) and over HTTP
 * (scripts/serve.ts), so all three behave alike.
 */
import { delay, http, type HttpHandler } from 'msw'
import { createClock, type FakeClock } from './clock'
import { clearDatabase, createDatabase, type CollectionExtensions, type Database } from './db'
import { apiHandlers } from './handlers/api-handlers'
import { controlHandlers } from './handlers/control'
import { createFaultRegistry, faultHandler, type FaultRule } from './faults'
import { bodyRefusal, bodyRuleOf } from './request-limits'
import { recordOnlyGateway } from './push'
import type { PushGateway } from './push-types'
import type { BackendContext, FakeBackendLog } from './handlers/support'
import { DEFAULT_SCENARIO, DEFAULT_SEED, seedDatabase, type ScenarioName } from './seed/seed'

export type FakeBackendOptions = {
  seed?: number
  scenario?: ScenarioName
  /** API base path or URL the handlers answer at. Default `/api`. */
  baseUrl?: string
  /** Artificial latency per request in ms (a number, or [min, max]). Default 0. */
  latencyMs?: number | readonly [number, number]
  log?: FakeBackendLog
  realNow?: () => number
  /** Per-collection extensions (the browser passes persistence here). */
  extensionsFor?: (collection: string) => CollectionExtensions
  /** Skip seeding (a persisted database is already there). */
  skipSeed?: boolean
  /** Also answer the control plane under `${baseUrl}/__fake/…` (tests, demos, contract states). */
  controlApi?: boolean
  /**
   * Where sign-in codes and session tokens come from. `'seeded'` (default): the world's seeded
   * source, so a run is repeatable (tests, contract runs, `--seed`). `'crypto'`: the platform's
   * cryptographic source, different at every start, for a server others may reach (`npm start`
   * without `--seed`, `npm run dev`).
   */
  secrets?: 'seeded' | 'crypto'
  /**
   * How Web Push goes out: real, encrypted pushes with `web-push` in Node
   * (mocks/web-push-gateway.ts); by default nothing is sent and every push is only logged.
   */
  pushGateway?: PushGateway
}

export type FakeBackend = {
  db: Database
  clock: FakeClock
  handlers: HttpHandler[]
  context: BackendContext
  seed: number
  scenario: ScenarioName
  /** Empties the database and seeds it again (optionally with another seed or scenario). */
  reset(next?: { seed?: number; scenario?: ScenarioName }): Promise<void>
  setLatency(latency: number | readonly [number, number]): void
  /** Makes calls fail on purpose (see mocks/faults.ts); `reset()` clears them too. */
  addFaults(...rules: FaultRule[]): void
  clearFaults(): void
}

/** How many API calls the request log keeps (a long `npm start` forgets the oldest). */
const REQUEST_LOG_LIMIT = 1000

/** Small deterministic PRNG (mulberry32) for ids and codes. */
export function seededRandom(seed: number) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** A number in [0, 1) from the platform's cryptographic source (Node and browsers alike). */
function cryptoRandom() {
  return crypto.getRandomValues(new Uint32Array(1))[0]! / 2 ** 32
}

export async function createFakeBackend(options: FakeBackendOptions = {}): Promise<FakeBackend> {
  const db = createDatabase(options.extensionsFor)
  const clock = createClock(options.realNow)
  const baseUrl = (options.baseUrl ?? '/api').replace(/\/$/, '')
  // The base's path (`/api`), also when the base is a whole URL (`http://localhost/api`).
  const basePath = new URL(baseUrl, 'http://fake.invalid').pathname.replace(/\/$/, '')
  let latency: number | readonly [number, number] = options.latencyMs ?? 0
  // The API's path templates, read from the real handlers (`${baseUrl}/tasks/:id`).
  let real: HttpHandler[] = []
  const faults = createFaultRegistry(() =>
    real.map((handler) => String(handler.info.path).slice(baseUrl.length)),
  )
  const context: BackendContext = {
    db,
    clock,
    baseUrl,
    log: options.log ?? (() => {}),
    random: seededRandom(options.seed ?? DEFAULT_SEED),
    secretRandom: options.secrets === 'crypto' ? cryptoRandom : () => context.random(),
    faults,
    push: { gateway: options.pushGateway ?? recordOnlyGateway(), sent: [] },
    requests: [],
  }
  real = apiHandlers(context)
  const backend: FakeBackend = {
    db,
    clock,
    context,
    seed: options.seed ?? DEFAULT_SEED,
    scenario: options.scenario ?? DEFAULT_SCENARIO,
    handlers: [
      // Faults first: a faulted call never reaches the real handler (nor waits the latency).
      faultHandler(baseUrl, faults, () => real),
      // Then the request log and the latency: they resolve nothing, so the request falls
      // through to the real handler.
      http.all(`${baseUrl}/*`, async ({ request }) => {
        const path = new URL(request.url).pathname
        if (!path.startsWith(`${baseUrl}/__fake/`)) {
          context.requests.push({
            at: new Date(clock.now()).toISOString(),
            method: request.method,
            path,
            idempotencyKey: request.headers.get('Idempotency-Key'),
          })
          if (context.requests.length > REQUEST_LOG_LIMIT) context.requests.shift()
        }
        const ms =
          typeof latency === 'number'
            ? latency
            : latency[0] + context.random() * (latency[1] - latency[0])
        if (ms > 0) await delay(ms)
      }),
      // Then the body's declared type and size (mocks/request-limits.ts): a refusal before any
      // handler reads it. The control plane checks its own (mocks/handlers/control.ts).
      http.all(`${baseUrl}/*`, ({ request }) => {
        const path = new URL(request.url).pathname.slice(basePath.length)
        if (path.startsWith('/__fake/')) return undefined
        return (
          bodyRefusal(bodyRuleOf(request.method, path), {
            contentType: request.headers.get('Content-Type'),
            contentLength: request.headers.get('Content-Length'),
          }) ?? undefined
        )
      }),
      ...real,
    ],
    async reset(next = {}) {
      backend.seed = next.seed ?? backend.seed
      backend.scenario = next.scenario ?? backend.scenario
      faults.clear()
      context.push.sent.length = 0
      context.requests.length = 0
      clearDatabase(db)
      clock.set(0)
      context.random = seededRandom(backend.seed)
      await seedDatabase(db, { seed: backend.seed, scenario: backend.scenario, now: clock.now() })
    },
    setLatency(next) {
      latency = next
    },
    addFaults(...rules) {
      faults.add(...rules)
    },
    clearFaults() {
      faults.clear()
    },
  }
  if (options.controlApi) backend.handlers.push(...controlHandlers(backend))
  if (!options.skipSeed)
    await seedDatabase(db, { seed: backend.seed, scenario: backend.scenario, now: clock.now() })
  return backend
}
