// @vitest-isolate: its fake timers run the connectivity probe, which another file's subscriber
// (lib/connectivity's module state) keeps scheduling in a shared module graph.
/**
 * The app's retry policy for reads: what may heal (no connection, a timeout, a 5xx, a success
 * that could not be read) is tried again twice with a growing wait, then the screen gets the
 * error and offers its own "Tentar de novo"; a refusal (4xx) is shown at once.
 */
import { QueryObserver } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { API_ERROR_MESSAGES, ApiError, type ApiErrorCode } from '@/api/api-error'
import { reportReachability, resetConnectivity } from './connectivity'
import { afterFirstScreen, createQueryClient } from './query-client'

function apiError(code: ApiErrorCode, status: number) {
  return new ApiError({
    code,
    status,
    message: API_ERROR_MESSAGES[code],
    method: 'GET',
    path: '/x',
  })
}

/** Runs one query with the app's defaults; returns when each attempt started and how it ended. */
async function attempts(error: ApiError) {
  const client = createQueryClient()
  const started: number[] = []
  const t0 = Date.now()
  const outcome = client
    .fetchQuery({
      queryKey: ['x'],
      queryFn: () => {
        started.push(Date.now() - t0)
        return Promise.reject(error)
      },
      // fetchQuery defaults to no retries; the screens' useQuery take the client's default.
      retry: client.getDefaultOptions().queries?.retry,
    })
    .catch((e: unknown) => e)
  await vi.runAllTimersAsync()
  return { started, outcome: await outcome }
}

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
  resetConnectivity()
})

describe('query retry policy', () => {
  it.each([
    ['timeout', 0],
    ['offline', 0],
    ['server_error', 500],
    ['maintenance', 503],
    ['invalid_response', 200],
  ] as const)(
    'retries %s (%i) twice, waiting longer each time, then gives up',
    async (code, status) => {
      const error = apiError(code, status)
      const { started, outcome } = await attempts(error)
      expect(outcome).toBe(error)
      expect(started).toHaveLength(3)
      const waits = [started[1]! - started[0]!, started[2]! - started[1]!]
      expect(waits[0]).toBeGreaterThanOrEqual(1000)
      expect(waits[1]).toBeGreaterThan(waits[0]!)
    },
  )

  it.each([
    ['not_found', 404],
    ['validation_failed', 422],
    ['invalid_response', 404],
  ] as const)('does not retry %s (%i): a refusal will not change', async (code, status) => {
    const { started } = await attempts(apiError(code, status))
    expect(started).toHaveLength(1)
  })

  it('with no connection at all, says so at once instead of waiting paused', async () => {
    // The API client reports a request that found no network (lib/connectivity).
    reportReachability(false)
    const error = apiError('offline', 0)
    const { started, outcome } = await attempts(error)
    expect(started).toHaveLength(1)
    expect(outcome).toBe(error)
  })

  it('a read that failed for lack of network runs again by itself once the server answers', async () => {
    const client = createQueryClient()
    client.mount() // as QueryClientProvider does
    let serverUp = false
    const observer = new QueryObserver(client, {
      queryKey: ['y'],
      queryFn: async () => {
        if (serverUp) return 'ok'
        reportReachability(false)
        throw apiError('offline', 0)
      },
    })
    const stop = observer.subscribe(() => {})
    await vi.runAllTimersAsync()
    expect(observer.getCurrentResult().status).toBe('error')
    // Another request (the connectivity probe, a write) gets an answer: no `online` event needed.
    serverUp = true
    reportReachability(true)
    await vi.runAllTimersAsync()
    expect(observer.getCurrentResult().data).toBe('ok')
    stop()
    client.unmount()
  })
})

describe('afterFirstScreen', () => {
  /** Whether the wait has resolved, observed through the microtask queue. */
  async function isSettled(wait: Promise<void>) {
    let settled = false
    void wait.then(() => (settled = true))
    await vi.advanceTimersByTimeAsync(0)
    return settled
  }

  it("waits until the screen's requests have answered, then for an idle moment", async () => {
    const client = createQueryClient()
    let answer: (value: string) => void = () => {}
    void client.prefetchQuery({
      queryKey: ['offers'],
      queryFn: () => new Promise<string>((resolve) => (answer = resolve)),
    })
    const wait = afterFirstScreen(client)
    await vi.advanceTimersByTimeAsync(1000)
    expect(await isSettled(wait)).toBe(false)
    answer('ok')
    // whenIdle without requestIdleCallback (jsdom's Node) is a 200 ms timer.
    await vi.advanceTimersByTimeAsync(250)
    expect(await isSettled(wait)).toBe(true)
    // Every caller shares the one wait.
    expect(afterFirstScreen(client)).toBe(wait)
    client.clear()
  })

  it('does not wait for ever on a request that hangs', async () => {
    const client = createQueryClient()
    void client.prefetchQuery({ queryKey: ['hangs'], queryFn: () => new Promise<string>(() => {}) })
    const wait = afterFirstScreen(client, 4000)
    await vi.advanceTimersByTimeAsync(3900)
    expect(await isSettled(wait)).toBe(false)
    await vi.advanceTimersByTimeAsync(400)
    expect(await isSettled(wait)).toBe(true)
    client.clear()
  })

  it('with nothing to fetch (signed out), goes on at the first idle moment', async () => {
    const client = createQueryClient()
    const wait = afterFirstScreen(client)
    await vi.advanceTimersByTimeAsync(250)
    expect(await isSettled(wait)).toBe(true)
  })
})
