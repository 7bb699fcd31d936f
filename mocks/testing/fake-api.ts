/**
 * Test harness for the fake backend in Node: sends a Request straight to the handlers
 * (msw's getResponse, no network patching), and checks every response against
 * openapi.yaml, so each handler test also proves the fake speaks the contract.
 */
import { getResponse } from 'msw'
import { createFakeBackend, type FakeBackendOptions } from '../fake-backend'
import { DEMO_TOKEN } from '../seed/seed'
import { validateResponse } from './openapi-validator'

const ORIGIN = 'http://fake.test'

export type CallOptions = {
  body?: unknown
  form?: FormData
  /** Bearer token; `null` sends none. Default: the demo agent's. */
  token?: string | null
  headers?: Record<string, string>
  /** Adds an Idempotency-Key (default true for POST/PUT/PATCH/DELETE). */
  idempotencyKey?: string | false
}

// Tests read loosely typed bodies; the contract itself is checked against openapi.yaml.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type CallResult<T = any> = { status: number; body: T; headers: Headers }

export async function createFakeApi(options: FakeBackendOptions = {}) {
  const backend = await createFakeBackend({ latencyMs: 0, ...options })
  let keyCounter = 0

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  async function call<T = any>(
    method: string,
    path: string,
    opts: CallOptions = {},
  ): Promise<CallResult<T>> {
    const headers = new Headers(opts.headers)
    const token = opts.token === undefined ? DEMO_TOKEN : opts.token
    if (token) headers.set('Authorization', `Bearer ${token}`)
    const unsafe = method !== 'GET'
    if (unsafe && opts.idempotencyKey !== false)
      headers.set(
        'Idempotency-Key',
        opts.idempotencyKey ?? `test-key-${++keyCounter}-${Math.random().toString(36).slice(2)}`,
      )
    let body: BodyInit | undefined
    if (opts.form) body = opts.form
    else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body)
      if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json')
    }
    const request = new Request(`${ORIGIN}${backend.context.baseUrl}${path}`, {
      method,
      headers,
      body,
    })
    const response = await getResponse(backend.handlers, request, { baseUrl: ORIGIN })
    if (!response) throw new Error(`No fake-backend handler answered ${method} ${path}`)
    const contentType = response.headers.get('Content-Type')
    const text = await response.text()
    const parsed: unknown = contentType?.includes('json') && text ? JSON.parse(text) : text
    const validation = validateResponse(
      method,
      path.split('?')[0]!,
      response.status,
      contentType,
      text === '' ? undefined : parsed,
    )
    if (!validation.ok)
      throw new Error(
        `Response of ${method} ${path} (${response.status}) breaks openapi.yaml:\n${validation.errors.join('\n')}\n${text.slice(0, 500)}`,
      )
    return { status: response.status, body: parsed as T, headers: response.headers }
  }

  return { backend, call, db: backend.db, clock: backend.clock }
}

export type FakeApi = Awaited<ReturnType<typeof createFakeApi>>
