/**
 * The fake backend in Node (msw/node) that the tests of screens and the app's client talk to:
 * one per test worker, listening from the moment this module loads. Test files share a
 * worker's modules (vitest.config.ts, `isolate: false`): this module is evaluated once per
 * worker, so it registers no hooks of its own — src/test/fresh-file.ts, a setup file, puts
 * the handlers back after every test of every file.
 */
import { setupFakeServer } from '../../mocks/node'
import { afterEveryTest } from './per-test'

const fake = await setupFakeServer()
fake.server.listen({ onUnhandledRequest: 'error' })
afterEveryTest.push(() => fake.server.resetHandlers())

/** The calls the fake server is answering now, by request id. */
const answering = new Map<string, Request>()
let onSettled: (() => void) | undefined
fake.server.events.on('request:start', ({ request, requestId }) => {
  answering.set(requestId, request)
})
// A handler's work is done once it chose an answer (`request:match`): msw emits no
// `request:end` for a call its client gave up on (a timeout) before the answer went out.
for (const end of [
  'request:match',
  'request:unhandled',
  'request:end',
  'unhandledException',
] as const)
  fake.server.events.on(end, ({ requestId }) => {
    answering.delete(requestId)
    if (answering.size === 0) onSettled?.()
  })

/** A call still being answered this long after its test ended is a leak, not a slow machine. */
const SETTLE_LIMIT_MS = 10_000
// The platform's timer, as this module loaded: a test may hold the clock (vi.useFakeTimers).
const realSetTimeout = globalThis.setTimeout
const realClearTimeout = globalThis.clearTimeout

/**
 * Resolves once the fake server answers no call: a write a test's sync loop sent just before
 * the test ended (or its screen, or a late refetch) lands in that test's world, never in the
 * world the next test starts from. `before` (the sync loops a test stopped) is over first; calls
 * hanging on a fault end next (`clearFaults`). Rejects, naming them, when calls are still being
 * answered after SETTLE_LIMIT_MS.
 */
export async function fakeServerSettled(before?: Promise<void>): Promise<void> {
  if (before) await settleWithin(before, 'a sync loop a test stopped')
  fake.backend.clearFaults()
  if (answering.size === 0) return
  await new Promise<void>((resolve, reject) => {
    const timer = realSetTimeout(() => {
      onSettled = undefined
      const calls = [...answering.values()].map((r) => `${r.method} ${new URL(r.url).pathname}`)
      reject(
        new Error(
          `The fake server is still answering ${calls.join(', ')} ${SETTLE_LIMIT_MS} ms on: a test left a call that never ends`,
        ),
      )
    }, SETTLE_LIMIT_MS)
    onSettled = () => {
      onSettled = undefined
      realClearTimeout(timer)
      resolve()
    }
  })
}

/** `work`, or an error naming `what` when it is not over within SETTLE_LIMIT_MS. */
function settleWithin(work: Promise<void>, what: string): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const timer = realSetTimeout(
      () => reject(new Error(`${what} is not over ${SETTLE_LIMIT_MS} ms on`)),
      SETTLE_LIMIT_MS,
    )
    work.then(
      () => {
        realClearTimeout(timer)
        resolve()
      },
      (error: unknown) => {
        realClearTimeout(timer)
        reject(error instanceof Error ? error : new Error(String(error)))
      },
    )
  })
}

export const fakeServer = fake.server
export const fakeBackend = fake.backend
export const API = fake.apiBaseUrl
