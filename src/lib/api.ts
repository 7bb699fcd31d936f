/** The app's one API client, created on first use from the runtime config and the session. */
import { runtimeConfig } from '@/app/runtime-config'
import type { ApiError } from '@/api/api-error'
import { createApiClient, type ApiClient } from '@/api/client'
import { sessionToken } from './session'

let client: ApiClient | undefined
let sessionExpiredHandler: (error: ApiError) => void = () => {}

export function api(): ApiClient {
  client ??= createApiClient({
    baseUrl: runtimeConfig().apiBaseUrl,
    getToken: sessionToken,
    onSessionExpired: (error) => sessionExpiredHandler(error),
  })
  return client
}

/** The app frame registers where a 401 anywhere should send the agent. */
export function setSessionExpiredHandler(handler: (error: ApiError) => void) {
  sessionExpiredHandler = handler
}

/** For calls made outside the typed client (the XHR upload): a 401 there too signs out. */
export function notifySessionExpired(error: ApiError) {
  sessionExpiredHandler(error)
}

/** For tests and the preview: forget the client so the next call uses the current config. */
export function resetApiClient() {
  client = undefined
}
