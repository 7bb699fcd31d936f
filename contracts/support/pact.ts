/**
 * What every consumer test shares: the Pact (consumer "avaliador-app", provider
 * "avaliador-api", spec V4), pointing the app's real client at the Pact mock server, the
 * headers the client sends, and a QueryClient to run the screens' queryOptions.
 *
 * Pact files go to AVALIADOR_PACT_DIR (the contract run sets a fresh temporary folder and
 * compares the result with the committed contracts/pacts/); Pact merges into an existing
 * file, so a folder reused across runs may keep interactions since removed.
 */
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { MatchersV3, PactV4, SpecificationVersion, type V3MockServer } from '@pact-foundation/pact'
import { QueryClient, type QueryFunction, type QueryKey } from '@tanstack/react-query'
import { setRuntimeConfig } from '@/lib/runtime-config'
import { resetApiClient } from '@/lib/api'
import { clearSession, saveSession } from '@/lib/session'
import {
  AUTH_TOKEN_KEY,
  DEMO,
  type AnswerKey,
  type ProviderStateSpec,
} from '../../mocks/provider-state-catalogue'
import { RFC3339_DATE_TIME } from './date-time'

export const CONSUMER = 'avaliador-app'
export const PROVIDER = 'avaliador-api'
export const PACT_DIR = process.env.AVALIADOR_PACT_DIR ?? join(tmpdir(), 'avaliador-pacts')

const { uuid, fromProviderState } = MatchersV3

// No usage statistics leave this machine (and CI has no network but the package registries).
process.env.PACT_DO_NOT_TRACK ??= 'true'

export function newPact() {
  return new PactV4({
    consumer: CONSUMER,
    provider: PROVIDER,
    dir: PACT_DIR,
    spec: SpecificationVersion.SPECIFICATION_VERSION_V4,
    logLevel: (process.env.PACT_LOG_LEVEL as 'error' | undefined) ?? 'error',
  })
}

/** The agent's session in the app, as sign-in leaves it. */
export function signIn(token: string = DEMO.token) {
  saveSession({ token, agentId: DEMO.agentId, expiresAt: '2099-12-31T23:59:59.000Z' })
}

/**
 * Points the app's API singleton at the mock server, exactly as the entry point configures
 * it for production (`apiBaseUrl` ending in /api), signed in as the demo agent unless told.
 */
export function useMockServer(
  server: V3MockServer,
  session: { token: string } | null = { token: DEMO.token },
) {
  setRuntimeConfig({ basename: '', apiBaseUrl: `${server.url}/api`, preview: false })
  resetApiClient()
  if (session) signIn(session.token)
  else clearSession()
}

/** Runs a screen's queryOptions the way React Query does (its queryFn, with a real client). */
export function fetchQuery<T, K extends QueryKey>(options: {
  queryKey: K
  queryFn?: QueryFunction<T, K> | symbol
}): Promise<T> {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  return client.fetchQuery(options as Parameters<QueryClient['fetchQuery']>[0]) as Promise<T>
}

/**
 * `Authorization: Bearer <token>`, the token taken from the provider state's answer
 * (`authToken`, see `signsIn` in mocks/provider-state-catalogue.ts): the verifier needs no
 * token of its own and rewrites no header, so an interaction that must send another token
 * (an expired session) keeps it. The consumer test sends `demo-token`.
 */
export const AUTH = {
  Authorization: {
    'pact:matcher:type': 'regex',
    regex: '^Bearer \\S+$',
    'pact:generator:type': 'ProviderState',
    expression: `Bearer \${${AUTH_TOKEN_KEY}}`,
    value: `Bearer ${DEMO.token}`,
  } as unknown as MatchersV3.Matcher<string>,
}

/** A fresh UUID on every verification (the caller makes one per intent: newIdempotencyKey). */
export const IDEMPOTENCY = { 'Idempotency-Key': uuid() }

export const WRITE_HEADERS = { ...AUTH, ...IDEMPOTENCY }

/**
 * A write sent again with the Idempotency-Key its provider state used (`idempotencyKey`), to
 * pin what the API does with a key it has seen. The app sends a UUID.
 */
export const WRITE_HEADERS_WITH_STATE_KEY = {
  ...AUTH,
  'Idempotency-Key': {
    'pact:matcher:type': 'regex',
    regex: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$',
    'pact:generator:type': 'ProviderState',
    expression: '${idempotencyKey}',
    value: '9a3c1e52-7d4b-4f0a-8c2e-51b7a0d9e6f3',
  } as unknown as MatchersV3.Matcher<string>,
}

/** A provider-state value injected by the verifier, with the consumer's example. */
export function injected<T>(expression: string, example: T) {
  return fromProviderState(expression, example)
}

/**
 * A date-time the provider state answers (`deviceTime`, `offlineCheckoutAt`), injected by the
 * verifier; the app's own must be an RFC 3339 date-time (not just any string).
 */
export function injectedInstant(key: AnswerKey, example: string) {
  return {
    'pact:matcher:type': 'regex',
    regex: RFC3339_DATE_TIME,
    'pact:generator:type': 'ProviderState',
    expression: `\${${key}}`,
    value: example,
  } as unknown as MatchersV3.Matcher<string>
}

/** `/api/...` with `${param}` from the provider state, e.g. path`/tasks/${'taskId'}/checkout`. */
export function statePath(template: string, state: ProviderStateSpec) {
  const example = template.replace(/\$\{(\w+)\}/g, (_, key: string) => {
    const value = state.params[key]
    if (value === undefined) throw new Error(`O estado "${state.name}" não tem o parâmetro ${key}`)
    return String(value)
  })
  return fromProviderState(`/api${template}`, `/api${example}`)
}

/** `given` arguments of a catalogued state. */
export function given(state: ProviderStateSpec): [string, Record<string, string | number>] {
  return [state.name, { ...state.params }]
}
