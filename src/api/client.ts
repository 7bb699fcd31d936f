/**
 * The typed API client: openapi-fetch over the paths generated from openapi.yaml, with one
 * middleware that adds the bearer token and idempotency keys, and turns every failure into
 * an ApiError (problem+json → its code; 401 → session expired; no network → offline; a
 * success that is not JSON, or that breaks the contract when a validator is given → invalid
 * response).
 */
import createClient, { type Client, type Middleware } from 'openapi-fetch'
import { API_ERROR_MESSAGES, ApiError, type ApiErrorCode } from './api-error'
import type { Problem } from './entities'
import { retryAfterMs } from './retry-after'
import type { paths } from './schema.gen'

export type ApiClient = Client<paths>

/** A success response to check: the operation (`GET /tasks/{id}`), its status and parsed body. */
export type ResponseCheck = { method: string; path: string; status: number; body: unknown }
/** Where a body breaks its schema: a JSON pointer and what was expected there (never the value). */
export type ResponseIssue = { pointer: string; problem: string }
export type ResponseValidator = (
  check: ResponseCheck,
) => ResponseIssue | undefined | Promise<ResponseIssue | undefined>

export type ApiClientOptions = {
  baseUrl: string
  getToken: () => string | null
  /**
   * Called once per 401 on a request that carried the session's token (`token`: the one it
   * carried). A request made with another token on purpose (an old session's sign-out, sent
   * late: lib/pending-sign-out.ts) passes its own `Authorization`, which the client keeps.
   */
  onSessionExpired?: (error: ApiError, token: string) => void
  /** Called when a read gets 503 `maintenance` (the app shows its unavailable screen). */
  onMaintenance?: (error: ApiError) => void
  /**
   * Checks success bodies against the contract: the whole schema in development and the demo,
   * the shape of reads in production (src/lib/api.ts). Resolved at call time, so it may be
   * installed after the client exists.
   */
  validateResponse?: () => ResponseValidator | undefined
  /** Per-request time limit (ms). Default 20 s. */
  timeoutMs?: number
  /**
   * Told after every request whether the server was reached: `true` for any HTTP answer,
   * `false` when the request failed for lack of network (not for a timeout or a cancel).
   */
  onReachability?: (reached: boolean) => void
  /** Told the `Date` header of every answer: the server's clock (lib/clock.ts). */
  onServerDate?: (date: string | null) => void
  /**
   * Resolved at call time, not at creation: tests and the preview swap `globalThis.fetch`
   * after the client exists (openapi-fetch would otherwise keep the first one).
   */
  fetch?: () => typeof globalThis.fetch
}

const backgroundIds = new Set<string>()

/**
 * Per request (`{ middleware: [backgroundRequest] }`): the app's own background work asks
 * (the outbox's question before a large body, the connectivity probe), not a screen. Its
 * "maintenance" answer is for that work to handle (it waits and says so where it shows),
 * never a reason to take the agent to another screen (`onMaintenance` is not called).
 */
export const backgroundRequest: Middleware = {
  onRequest({ id }) {
    backgroundIds.add(id)
  },
}

/**
 * The one source of Idempotency-Keys. Every write the spec marks with the header gets its key
 * from the caller, who keeps it for as long as a retry may follow: a screen through
 * `useIdempotencyKey` (one key per intent), a queued visit write as its outbox item's id. The
 * client adds none of its own, so a retry can never go out under a fresh key by accident.
 */
export function newIdempotencyKey(): string {
  return crypto.randomUUID()
}

function isProblem(value: unknown): value is Problem {
  return typeof value === 'object' && value !== null && 'code' in value && 'status' in value
}

async function errorFromResponse(
  response: Response,
  method: string,
  path: string,
): Promise<ApiError> {
  const type = response.headers.get('Content-Type') ?? ''
  let problem: Problem | undefined
  if (type.includes('json')) {
    const body: unknown = await response
      .clone()
      .json()
      .catch(() => undefined)
    if (isProblem(body)) problem = body
  }
  const fallback: ApiErrorCode =
    response.status >= 500
      ? 'server_error'
      : response.status === 401
        ? 'session_expired'
        : 'invalid_response'
  const code: ApiErrorCode =
    response.status === 401 ? 'session_expired' : (problem?.code ?? fallback)
  const message = problem?.detail ?? API_ERROR_MESSAGES[code]
  const wait = retryAfterMs(response.headers.get('Retry-After'), {
    serverDate: response.headers.get('Date'),
    retryAfterSeconds: problem?.retryAfterSeconds,
  })
  return new ApiError({
    status: response.status,
    code,
    message,
    problem,
    method,
    path,
    ...(wait !== undefined ? { retryAfterMs: wait } : {}),
  })
}

function invalidResponse(method: string, path: string, status: number) {
  return new ApiError({
    status,
    code: 'invalid_response',
    message: API_ERROR_MESSAGES.invalid_response,
    method,
    path,
  })
}

/**
 * A success body must be JSON (a proxy's HTML page is not an answer; openapi-fetch would
 * throw a bare SyntaxError) and, with a validator, match the operation's schema. Logs the
 * operation and the JSON pointer only: never the token, never the body.
 */
async function checkJsonBody(
  response: Response,
  method: string,
  path: string,
  validate: ResponseValidator | undefined,
) {
  if (response.status === 204 || response.headers.get('Content-Length') === '0') return
  const text = await response.clone().text()
  if (!text) return
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    const type = response.headers.get('Content-Type') ?? 'sem Content-Type'
    console.warn(`[api] ${method} ${path} → ${response.status}: a resposta não é JSON (${type}).`)
    throw invalidResponse(method, path, response.status)
  }
  const issue = await validate?.({ method, path, status: response.status, body })
  if (issue) {
    console.warn(
      `[api] ${method} ${path} → ${response.status}: a resposta não segue openapi.yaml em ${issue.pointer} (${issue.problem}).`,
    )
    throw invalidResponse(method, path, response.status)
  }
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const timeoutMs = options.timeoutMs ?? 20_000
  const currentFetch = options.fetch ?? (() => globalThis.fetch)
  const client = createClient<paths>({
    baseUrl: options.baseUrl,
    // A timer and a controller we hold, not AbortSignal.any(): Node 20 may collect an
    // unreferenced combined signal before it fires (nodejs/node#57736) and hang the request.
    fetch: async (request: Request) => {
      const controller = new AbortController()
      const timer = setTimeout(
        () => controller.abort(new DOMException('The request timed out.', 'TimeoutError')),
        timeoutMs,
      )
      const forward = () => controller.abort(request.signal.reason)
      if (request.signal.aborted) forward()
      else request.signal.addEventListener('abort', forward, { once: true })
      try {
        return await currentFetch()(new Request(request, { signal: controller.signal }))
      } finally {
        clearTimeout(timer)
        request.signal.removeEventListener('abort', forward)
      }
    },
  })

  const middleware: Middleware = {
    onRequest({ request }) {
      const token = options.getToken()
      if (token && !request.headers.has('Authorization'))
        request.headers.set('Authorization', `Bearer ${token}`)
      return request
    },
    async onResponse({ request, response, schemaPath, options: callOptions, id }) {
      const background = backgroundIds.delete(id)
      options.onReachability?.(true)
      options.onServerDate?.(response.headers.get('Date'))
      if (response.ok) {
        if ((callOptions.parseAs ?? 'json') !== 'json') return response
        await checkJsonBody(response, request.method, schemaPath, options.validateResponse?.())
        return response
      }
      const error = await errorFromResponse(response, request.method, schemaPath)
      const sent = /^Bearer (.+)$/.exec(request.headers.get('Authorization') ?? '')?.[1]
      if (response.status === 401 && sent) options.onSessionExpired?.(error, sent)
      if (error.code === 'maintenance' && request.method === 'GET' && !background)
        options.onMaintenance?.(error)
      throw error
    },
    onError({ error, request, schemaPath, id }) {
      backgroundIds.delete(id)
      if (error instanceof ApiError) return error
      // The caller cancelled (a query unmounted): not a network failure.
      if (error instanceof DOMException && error.name === 'AbortError') return error
      const timedOut = error instanceof DOMException && error.name === 'TimeoutError'
      const code: ApiErrorCode = timedOut ? 'timeout' : 'offline'
      if (code === 'offline') options.onReachability?.(false)
      return new ApiError({
        status: 0,
        code,
        message: API_ERROR_MESSAGES[code],
        method: request.method,
        path: schemaPath,
      })
    },
  }
  client.use(middleware)
  return client
}

/**
 * Unwraps an openapi-fetch result: the data, or the ApiError. (The middleware already
 * throws on failures; this keeps call sites to one line and typed.)
 */
export async function data<T>(
  call: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<T> {
  const { data: body, error, response } = await call
  if (error !== undefined || !response.ok)
    throw error instanceof ApiError ? error : await errorFromResponse(response, 'GET', response.url)
  return body as T
}
