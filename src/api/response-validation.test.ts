/**
 * What the client makes of a success that is not an answer: an HTML page instead of JSON (in
 * every build), and, with the development/demo validator, a body that broke openapi.yaml.
 * Run against the fake backend's fault switches through msw/node.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { DEMO_TOKEN } from '../../mocks/seed/seed'
import { setupFakeServer } from '../../mocks/node'
import { ApiError } from './api-error'
import { createApiClient, data, type ResponseValidator } from './client'
import { jsonPointer, validateApiResponse } from '@/preview/response-validator'

const fake = await setupFakeServer()
let validator: ResponseValidator | undefined = validateApiResponse
const maintenance: ApiError[] = []
const client = createApiClient({
  baseUrl: fake.apiBaseUrl,
  getToken: () => DEMO_TOKEN,
  validateResponse: () => validator,
  onMaintenance: (error) => maintenance.push(error),
})

beforeAll(() => fake.server.listen({ onUnhandledRequest: 'error' }))
afterEach(async () => {
  validator = validateApiResponse
  maintenance.length = 0
  vi.restoreAllMocks()
  await fake.backend.reset()
})
afterAll(() => fake.server.close())

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const outcome = await promise.then(
    () => undefined,
    (error: unknown) => error,
  )
  expect(outcome).toBeInstanceOf(ApiError)
  return outcome as ApiError
}

async function firstTask() {
  return (await data(client.GET('/tasks/mine'))).items[0]!
}

describe('success bodies the client cannot use', () => {
  it('an HTML page instead of JSON is an invalid response, never a bare SyntaxError', async () => {
    validator = undefined // as in the production build
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    fake.backend.addFaults({ path: '/wallet', fault: 'not-json' })
    const error = await rejection(data(client.GET('/wallet')))
    expect(error.code).toBe('invalid_response')
    expect(error.message).toBe('O servidor respondeu algo inesperado. Tente de novo em instantes.')
    expect(error).toMatchObject({ method: 'GET', path: '/wallet', status: 200 })
    // A success we could not read: worth retrying (and a write keeps its Idempotency-Key).
    expect(error.isTransient).toBe(true)
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('GET /wallet → 200'))
  })

  it('a body that drifted from openapi.yaml is an invalid response, logged with the operation and the JSON pointer only', async () => {
    const task = await firstTask()
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    fake.backend.addFaults({ method: 'GET', path: '/tasks/{id}', fault: 'schema-mismatch' })
    const error = await rejection(
      data(client.GET('/tasks/{id}', { params: { path: { id: task.slug } } })),
    )
    expect(error.code).toBe('invalid_response')
    expect(error.path).toBe('/tasks/{id}')
    expect(warn).toHaveBeenCalledTimes(1)
    const logged = String(warn.mock.calls[0]![0])
    expect(logged).toMatch(/^\[api\] GET \/tasks\/\{id\} → 200: .* em \/\w+ \(/)
    // Neither the token nor anything the body carried (the place's address, the slug).
    expect(logged).not.toContain(DEMO_TOKEN)
    expect(logged).not.toContain(task.slug)
    expect(logged).not.toContain(task.location.address)
  })

  // The production app never runs without one: src/lib/api.ts gives it the shape check of
  // reads (response-shape.test.ts).
  it('without a validator the client hands the drifted body on as it came', async () => {
    validator = undefined
    const task = await firstTask()
    fake.backend.addFaults({ method: 'GET', path: '/tasks/{id}', fault: 'schema-mismatch' })
    const body = await data(client.GET('/tasks/{id}', { params: { path: { id: task.slug } } }))
    expect(body).toHaveProperty('slug_v2', task.slug)
  })

  it('a 503 maintenance on a read calls onMaintenance; on a write it only rejects', async () => {
    fake.backend.addFaults({ path: '*', fault: 'unavailable' })
    const read = await rejection(data(client.GET('/me')))
    expect(read.code).toBe('maintenance')
    expect(maintenance).toHaveLength(1)
    const write = await rejection(
      data(
        client.PUT('/me/availability', {
          params: { header: { 'Idempotency-Key': 'k-maintenance' } },
          body: { available: false },
        }),
      ),
    )
    expect(write.code).toBe('maintenance')
    expect(maintenance).toHaveLength(1)
  })

  it('the real answers of every read the screens make pass the validator', async () => {
    const task = await firstTask()
    const reads = [
      data(client.GET('/me')),
      data(client.GET('/me/profile')),
      data(client.GET('/terms/current')),
      data(client.GET('/wallet')),
      data(client.GET('/awards/mine')),
      data(client.GET('/opportunities')),
      data(client.GET('/tasks/mine', { params: { query: { limit: 200 } } })),
      data(client.GET('/tasks/{id}', { params: { path: { id: task.slug } } })),
      data(client.GET('/projects/{id}', { params: { path: { id: task.projectId } } })),
      data(client.GET('/missions/{id}', { params: { path: { id: task.missionId } } })),
      data(client.GET('/notifications/mine')),
      data(client.GET('/bulletins')),
      data(client.GET('/health')),
    ]
    await expect(Promise.all(reads)).resolves.toHaveLength(reads.length)
  })

  it('writes JSON pointers the RFC 6901 way', () => {
    expect(jsonPointer(['items', 0, 'status', 'code'])).toBe('/items/0/status/code')
    expect(jsonPointer(['a/b', 'c~d'])).toBe('/a~1b/c~0d')
    expect(jsonPointer([])).toBe('')
  })

  it('a JSON success under a status the operation does not declare is drift too', () => {
    expect(
      validateApiResponse({ method: 'POST', path: '/wallet/withdrawals', status: 200, body: {} }),
    ).toEqual({ pointer: '/', problem: 'status 200 not declared' })
  })

  it('only checks operations with a JSON success schema', () => {
    expect(
      validateApiResponse({ method: 'GET', path: '/media/{id}/content', status: 200, body: 'x' }),
    ).toBeUndefined()
    expect(
      validateApiResponse({ method: 'GET', path: '/health', status: 200, body: { status: 1 } }),
    ).toEqual({ pointer: '/status', problem: expect.any(String) as string })
  })
})
