import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { describe, it, expect, vi } from 'vitest'
import { API_ERROR_MESSAGES, ApiError, apiErrorMessage, isApiError } from './api-error'
import { createApiClient, data, type ApiClientOptions } from './client'
import type { Problem } from './entities'

const BASE = 'https://api.avaliador.test/api'

type Responder = (request: Request) => Response | Promise<Response>

/** A fake fetch that records every Request it gets and answers with `respond`. */
function fakeFetch(respond: Responder = () => json({ items: [] })) {
  const requests: Request[] = []
  const impl: typeof globalThis.fetch = async (input, init) => {
    const request =
      input instanceof Request && init === undefined ? input : new Request(input, init)
    requests.push(request)
    return respond(request)
  }
  return { impl, requests }
}

function json(body: unknown, status = 200, type = 'application/json'): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': type } })
}

function problem(p: Partial<Problem> & Pick<Problem, 'status' | 'code'>): Response {
  return json({ type: 'about:blank', title: 'Erro', ...p }, p.status, 'application/problem+json')
}

function setup(
  respond?: Responder,
  options: Partial<Omit<ApiClientOptions, 'fetch'>> & { token?: string | null } = {},
) {
  const fake = fakeFetch(respond)
  const { token = 'tok-123', ...rest } = options
  const client = createApiClient({
    baseUrl: BASE,
    getToken: () => token,
    ...rest,
    fetch: () => fake.impl,
  })
  return { client, requests: fake.requests }
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError)
    return error as ApiError
  }
  throw new Error('expected the call to reject')
}

/** A full garbage collection on demand (Node: expose gc at run time, fetch it from a new context). */
function forceGc(): () => void {
  setFlagsFromString('--expose-gc')
  return runInNewContext('gc') as () => void
}

const CHECKOUT = {
  params: { path: { id: 't1' }, header: { 'Idempotency-Key': 'k-1' } },
  body: { at: '2026-01-01T10:00:00Z', offline: true },
} as const

// ---------------------------------------------------------------------------------------------

describe('requests', () => {
  it('sends GET /tasks/mine to the base URL and returns the parsed body', async () => {
    const { client, requests } = setup(() => json({ items: [{ id: 't1' }], total: 1 }))
    const result = await client.GET('/tasks/mine')
    expect(requests).toHaveLength(1)
    expect(requests[0]!.method).toBe('GET')
    expect(requests[0]!.url).toBe(`${BASE}/tasks/mine`)
    expect(result.data).toEqual({ items: [{ id: 't1' }], total: 1 })
  })

  it('adds the bearer token when getToken returns one', async () => {
    const { client, requests } = setup(undefined, { token: 'tok-123' })
    await client.GET('/tasks/mine')
    expect(requests[0]!.headers.get('Authorization')).toBe('Bearer tok-123')
  })

  it('sends no Authorization header without a token', async () => {
    for (const token of [null, '']) {
      const { client, requests } = setup(undefined, { token })
      await client.GET('/tasks/mine')
      expect(requests[0]!.headers.has('Authorization'), JSON.stringify(token)).toBe(false)
    }
  })

  it('reads the token at call time', async () => {
    let token: string | null = null
    const fake = fakeFetch()
    const client = createApiClient({ baseUrl: BASE, getToken: () => token, fetch: () => fake.impl })
    await client.GET('/tasks/mine')
    token = 'later'
    await client.GET('/tasks/mine')
    expect(fake.requests.map((r) => r.headers.get('Authorization'))).toEqual([null, 'Bearer later'])
  })

  it('keeps the path params, the body and the JSON content type on a PUT', async () => {
    const { client, requests } = setup(() => json({ id: 't1' }))
    await client.PUT('/tasks/{id}/checkout', CHECKOUT)
    const request = requests[0]!
    expect(request.method).toBe('PUT')
    expect(request.url).toBe(`${BASE}/tasks/t1/checkout`)
    expect(request.headers.get('Content-Type')).toBe('application/json')
    expect(await request.json()).toEqual({ at: '2026-01-01T10:00:00Z', offline: true })
  })
})

describe('Idempotency-Key', () => {
  it("keeps the caller's key (params.header)", async () => {
    const { client, requests } = setup(() => json({ id: 't1' }))
    await client.PUT('/tasks/{id}/checkout', CHECKOUT)
    expect(requests[0]!.headers.get('Idempotency-Key')).toBe('k-1')
  })

  it("keeps the caller's key on POST /awards/", async () => {
    const { client, requests } = setup(() => json({ id: 'awd_1' }, 201))
    await client.POST('/awards/', {
      params: { header: { 'Idempotency-Key': 'k-award' } },
      body: { code: 'NOTA10', taskId: 't1', attendantCode: 'att_1' },
    })
    expect(requests[0]!.headers.get('Idempotency-Key')).toBe('k-award')
  })

  it('adds no key of its own: writes the spec gives no key go without one', async () => {
    const { client, requests } = setup(() =>
      json({ token: 'x', expiresAt: '2026-01-01T00:00:00Z' }),
    )
    await client.POST('/auth/session', { body: { phone: '+55 (11) 91234-5678', code: '482913' } })
    await client.PUT('/notifications/{slug}/read', { params: { path: { slug: 'n-1' } } })
    expect(requests.map((r) => r.method)).toEqual(['POST', 'PUT'])
    for (const r of requests) expect(r.headers.has('Idempotency-Key')).toBe(false)
  })

  it('GET gets none', async () => {
    const { client, requests } = setup()
    await client.GET('/tasks/mine')
    await client.GET('/notifications/mine')
    for (const r of requests) expect(r.headers.has('Idempotency-Key')).toBe(false)
  })
})

describe('errors', () => {
  it('a problem+json 409 rejects with its status, code, detail and fields', async () => {
    const { client } = setup(() =>
      problem({
        status: 409,
        code: 'stale_version',
        detail: 'O relatório foi alterado em outro aparelho.',
        requestId: 'req-42',
        fields: [{ field: 'version', message: 'Versão desatualizada.' }],
      }),
    )
    const error = await rejection(client.PUT('/tasks/{id}/checkout', CHECKOUT))
    expect(error.status).toBe(409)
    expect(error.code).toBe('stale_version')
    expect(error.message).toBe('O relatório foi alterado em outro aparelho.')
    expect(error.fieldErrors).toEqual({ version: 'Versão desatualizada.' })
    expect(error.problem?.code).toBe('stale_version')
    expect(error.requestId).toBe('req-42')
    expect(error.method).toBe('PUT')
    expect(error.path).toBe('/tasks/{id}/checkout')
    expect(error.name).toBe('ApiError')
    expect(error.isTransient).toBe(false)
    expect(isApiError(error)).toBe(true)
    expect(apiErrorMessage(error)).toBe('O relatório foi alterado em outro aparelho.')
  })

  it('a problem without detail gets the pt-BR message of its code', async () => {
    const { client } = setup(() => problem({ status: 422, code: 'award_below_goal' }))
    const error = await rejection(
      client.POST('/awards/', {
        params: { header: { 'Idempotency-Key': 'k' } },
        body: { code: 'NOTA10', taskId: 't1', attendantCode: 'att_1' },
      }),
    )
    expect(error.code).toBe('award_below_goal')
    expect(error.message).toBe(API_ERROR_MESSAGES.award_below_goal)
    expect(error.fieldErrors).toEqual({})
  })

  it('a 401 on a request with a token calls onSessionExpired once and rejects with session_expired', async () => {
    const onSessionExpired = vi.fn()
    const { client } = setup(() => problem({ status: 401, code: 'unauthorized' }), {
      token: 'tok-123',
      onSessionExpired,
    })
    const error = await rejection(client.GET('/tasks/mine'))
    expect(error.status).toBe(401)
    expect(error.code).toBe('session_expired')
    expect(onSessionExpired).toHaveBeenCalledTimes(1)
    expect(onSessionExpired).toHaveBeenCalledWith(error, 'tok-123')
  })

  it('a request made with its own Authorization keeps it, and its 401 names that token', async () => {
    const onSessionExpired = vi.fn()
    const { client, requests } = setup(() => problem({ status: 401, code: 'session_expired' }), {
      token: 'tok-now',
      onSessionExpired,
    })
    const error = await rejection(
      client.DELETE('/auth/session', { headers: { Authorization: 'Bearer tok-old' } }),
    )
    expect(requests[0]!.headers.get('Authorization')).toBe('Bearer tok-old')
    expect(onSessionExpired).toHaveBeenCalledWith(error, 'tok-old')
  })

  it('a 503 with Retry-After (seconds or an HTTP-date against the answer’s Date) says how long to wait', async () => {
    const served = new Date(Date.UTC(2026, 0, 1, 12, 0, 0))
    const answers: Array<Record<string, string>> = [
      { 'Retry-After': '120' },
      {
        'Retry-After': new Date(served.getTime() + 90_000).toUTCString(),
        Date: served.toUTCString(),
      },
    ]
    let n = 0
    const { client } = setup(
      () =>
        new Response(
          JSON.stringify({ type: 'about:blank', title: 'x', status: 503, code: 'maintenance' }),
          {
            status: 503,
            headers: { 'Content-Type': 'application/problem+json', ...answers[n++] },
          },
        ),
    )
    expect((await rejection(client.GET('/me'))).retryAfterMs).toBe(120_000)
    expect((await rejection(client.GET('/me'))).retryAfterMs).toBe(90_000)
  })

  it('a 401 without a token does not call onSessionExpired', async () => {
    const onSessionExpired = vi.fn()
    const { client } = setup(() => problem({ status: 401, code: 'unauthorized' }), {
      token: null,
      onSessionExpired,
    })
    const error = await rejection(client.GET('/tasks/mine'))
    expect(error.status).toBe(401)
    expect(onSessionExpired).not.toHaveBeenCalled()
  })

  it('a network TypeError → offline', async () => {
    const { client } = setup(() => {
      throw new TypeError('fetch failed')
    })
    const error = await rejection(client.GET('/tasks/mine'))
    expect(error.code).toBe('offline')
    expect(error.status).toBe(0)
    expect(error.message).toBe(API_ERROR_MESSAGES.offline)
    expect(error.isTransient).toBe(true)
    expect(error.path).toBe('/tasks/mine')
  })

  it('a fetch rejected with a TimeoutError → timeout', async () => {
    const { client } = setup(() => {
      throw new DOMException('The operation was aborted due to timeout', 'TimeoutError')
    })
    const error = await rejection(client.GET('/tasks/mine'))
    expect(error.code).toBe('timeout')
    expect(error.status).toBe(0)
    expect(error.message).toBe(API_ERROR_MESSAGES.timeout)
    expect(error.isTransient).toBe(true)
  })

  // Regression test for a bug found in review (fixed).
  it('no answer within timeoutMs → timeout (even after a garbage collection)', async () => {
    const gc = forceGc()
    const started = Date.now()
    const { client } = setup(
      (request) =>
        new Promise<Response>((resolve, reject) => {
          if (request.signal.aborted) reject(request.signal.reason)
          request.signal.addEventListener('abort', () => reject(request.signal.reason))
          // Let the current job end (WeakRefs stay alive during it), then collect.
          setTimeout(gc, 0)
          // Never hang the suite: answer after 500 ms if nothing aborted the request.
          setTimeout(() => resolve(json({ items: [] })), 500)
        }),
      { timeoutMs: 20 },
    )
    const error = await rejection(client.GET('/tasks/mine'))
    expect(error.code).toBe('timeout')
    expect(error.status).toBe(0)
    expect(Date.now() - started).toBeLessThan(500)
  }, 2000)

  it('a 500 with an HTML body → server_error', async () => {
    const { client } = setup(
      () =>
        new Response('<html><body>Bad gateway</body></html>', {
          status: 500,
          headers: { 'Content-Type': 'text/html' },
        }),
    )
    const error = await rejection(client.GET('/tasks/mine'))
    expect(error.status).toBe(500)
    expect(error.code).toBe('server_error')
    expect(error.message).toBe(API_ERROR_MESSAGES.server_error)
    expect(error.problem).toBeUndefined()
    expect(error.isTransient).toBe(true)
  })

  it('a 4xx without a problem body → invalid_response', async () => {
    const { client } = setup(() => new Response('nope', { status: 404 }))
    const error = await rejection(client.GET('/tasks/mine'))
    expect(error.status).toBe(404)
    expect(error.code).toBe('invalid_response')
    expect(error.isTransient).toBe(false)
  })

  it('a 429 problem is transient', async () => {
    const { client } = setup(() =>
      problem({ status: 429, code: 'otp_locked', retryAfterSeconds: 30 }),
    )
    const error = await rejection(client.GET('/tasks/mine'))
    expect(error.code).toBe('otp_locked')
    expect(error.isTransient).toBe(true)
  })
})

describe('fetch is resolved lazily', () => {
  it('swapping the implementation after the client was used affects the next call', async () => {
    const first = fakeFetch(() => json({ from: 'first' }))
    const second = fakeFetch(() => json({ from: 'second' }))
    let current = first.impl
    const client = createApiClient({ baseUrl: BASE, getToken: () => null, fetch: () => current })
    expect((await client.GET('/tasks/mine')).data).toEqual({ from: 'first' })
    current = second.impl
    expect((await client.GET('/tasks/mine')).data).toEqual({ from: 'second' })
    expect(first.requests).toHaveLength(1)
    expect(second.requests).toHaveLength(1)
  })

  it('without options.fetch it uses globalThis.fetch at call time', async () => {
    const original = globalThis.fetch
    const fake = fakeFetch(() => json({ from: 'global' }))
    try {
      const client = createApiClient({ baseUrl: BASE, getToken: () => null })
      globalThis.fetch = fake.impl
      expect((await client.GET('/tasks/mine')).data).toEqual({ from: 'global' })
      expect(fake.requests).toHaveLength(1)
    } finally {
      globalThis.fetch = original
    }
  })
})

describe('data()', () => {
  it('unwraps the body of a successful call', async () => {
    const { client } = setup(() => json({ items: [], total: 0 }))
    await expect(data(client.GET('/tasks/mine'))).resolves.toEqual({ items: [], total: 0 })
  })

  it('passes the ApiError of a failed call through', async () => {
    const { client } = setup(() =>
      problem({ status: 409, code: 'transition_refused', detail: 'Não.' }),
    )
    const error = await rejection(data(client.PUT('/tasks/{id}/checkout', CHECKOUT)))
    expect(error).toMatchObject({ status: 409, code: 'transition_refused', message: 'Não.' })
  })

  it('turns an error result that reached it unconverted into an ApiError', async () => {
    const response = problem({ status: 422, code: 'validation_failed', detail: 'Confira.' })
    const error = await rejection(data(Promise.resolve({ error: {}, response })))
    expect(error).toMatchObject({ status: 422, code: 'validation_failed', message: 'Confira.' })
  })
})

describe('apiErrorMessage', () => {
  it('has a generic pt-BR text for anything else', () => {
    expect(apiErrorMessage(new Error('x'))).toBe('Algo deu errado. Tente de novo.')
    expect(apiErrorMessage('x')).toBe('Algo deu errado. Tente de novo.')
  })
})
