/** The app's one API client, created on first use from the runtime config and the session. */
import { runtimeConfig } from './runtime-config'
import { API_ERROR_MESSAGES, ApiError } from '@/api/api-error'
import {
  backgroundRequest,
  createApiClient,
  type ApiClient,
  type ResponseValidator,
} from '@/api/client'
import { observeServerDate } from './clock'
import { reportReachability, setConnectivityProbe } from './connectivity'
import { markSessionRejected, sessionToken } from './session'

let client: ApiClient | undefined
let responseValidator: ResponseValidator | undefined
let timeoutOverrideMs: number | undefined
let shapeCheck: Promise<ResponseValidator> | undefined

/**
 * Without the development/demo validator (the production app), each read's body is checked
 * for the members openapi.yaml requires (src/api/response-shape.ts): a drifted answer is a
 * load error with a retry, not a crashed screen. Its code is a chunk of its own, asked for with
 * the first request so it is there before the answer; one that did not arrive checks nothing
 * and is asked for again at the next answer.
 */
const loadShapeCheck = () =>
  (shapeCheck ??= import('@/api/response-shape').then(
    (m) => m.checkResponseShape,
    () => {
      shapeCheck = undefined
      return () => undefined
    },
  ))
const checkShape: ResponseValidator = async (check) => (await loadShapeCheck())(check)

/**
 * Where an answer that concerns the whole app sends the agent, registered by the app frame.
 * The start asks for data before the frame exists (app/early-start.ts): an answer that comes
 * back before it registers is kept, and handed to it when it does — once, the first one.
 */
function appHandler() {
  let handler: ((error: ApiError) => void) | undefined
  let pending: ApiError | undefined
  return {
    call(error: ApiError) {
      if (handler) handler(error)
      else pending ??= error
    },
    set(next: (error: ApiError) => void) {
      handler = next
      const kept = pending
      pending = undefined
      if (kept) next(kept)
    },
    forget() {
      pending = undefined
    },
  }
}

const sessionExpired = appHandler()
const maintenance = appHandler()

/**
 * A 401 for `token`: when it is the session's, the session is over for the API at once (the
 * token is never sent again, by this page's outbox nor, through the mirror, the service
 * worker's), and the app frame takes the agent to sign in again. A 401 for another token (an
 * old session's sign-out, sent late) is no news about this one.
 */
function sessionEnded(error: ApiError, token: string) {
  if (token !== sessionToken()) return
  void markSessionRejected(token)
  sessionExpired.call(error)
}

export function api(): ApiClient {
  if (!responseValidator) void loadShapeCheck()
  client ??= createApiClient({
    baseUrl: runtimeConfig().apiBaseUrl,
    getToken: sessionToken,
    onSessionExpired: sessionEnded,
    onMaintenance: (error) => maintenance.call(error),
    validateResponse: () => responseValidator ?? checkShape,
    timeoutMs: timeoutOverrideMs,
    onReachability: reportReachability,
    onServerDate: observeServerDate,
  })
  return client
}

// While requests fail for lack of network, connectivity asks the health check now and then;
// its answer (through this client) brings the app back online.
// (In the background: a "maintenance" answer to it changes no screen by itself.)
setConnectivityProbe(() => api().GET('/health', { middleware: [backgroundRequest] }))

/** The app frame registers where a 401 anywhere should send the agent. */
export function setSessionExpiredHandler(handler: (error: ApiError) => void) {
  sessionExpired.set(handler)
}

/** The app frame registers where a read answered "in maintenance" (503) should send the agent. */
export function setMaintenanceHandler(handler: (error: ApiError) => void) {
  maintenance.set(handler)
}

/**
 * Development and the demo check every success body against openapi.yaml
 * (src/preview/response-validator.ts); without one, reads get the production shape check.
 */
export function setResponseValidator(validator: ResponseValidator | undefined) {
  responseValidator = validator
}

/**
 * The server refused `token` where this page did not hear it (the service worker's outbox, or
 * another tab, told the mirror: lib/session): this page ends the session too, the same way.
 */
export function notifySessionRefusedElsewhere(token: string) {
  sessionEnded(
    new ApiError({
      status: 401,
      code: 'session_expired',
      message: API_ERROR_MESSAGES.session_expired,
      method: 'GET',
      path: '/me',
    }),
    token,
  )
}

/** For calls made outside the typed client (the XHR upload): a 401 there too signs out. */
export function notifySessionExpired(error: ApiError, token: string) {
  sessionEnded(error, token)
}

/**
 * For tests and the preview: forget the client so the next call uses the current config, and
 * any answer kept for a handler not registered yet.
 */
export function resetApiClient() {
  client = undefined
  sessionExpired.forget()
  maintenance.forget()
}

/**
 * For tests: a short per-request time limit (undefined = the client's default), so the real
 * timeout path runs in milliseconds. Kept across `resetApiClient()`.
 */
export function setApiTimeoutForTests(timeoutMs: number | undefined) {
  timeoutOverrideMs = timeoutMs
  client = undefined
}
