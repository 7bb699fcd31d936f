/**
 * Fault switches: rules that make the fake backend misbehave the way a real network and a
 * real server do (5xx, maintenance, an HTML page instead of JSON, a body that drifted from
 * openapi.yaml, no answer, no connection), so tests and demos can prove every screen copes.
 *
 * A rule names an operation by its openapi.yaml path template (`/tasks/{id}`; parameter
 * names do not matter, `/tasks/{slug}` is the same operation), a concrete path
 * (`/tasks/T-4821`), or a prefix ending in `*` (`/tasks/*`, or `*` for every call), and
 * optionally a method. `times` limits how many requests it spoils (then it is dropped);
 * without it the rule stays until cleared. The control plane (`/__fake/…`) is never faulted.
 * While an `unavailable` rule is on, `GET /health` answers 503 maintenance too.
 *
 * `retryAfter` sets what an `unavailable` (or `server-error`) answer says in `Retry-After`:
 * seconds (`120`) or an HTTP-date (`"Wed, 21 Oct 2026 07:28:00 GMT"`); `unavailable` says 60
 * seconds when it is not given.
 */
import { getResponse, http, HttpResponse, type HttpHandler } from 'msw'

export const FAULT_KINDS = [
  'server-error',
  'unavailable',
  'not-json',
  'schema-mismatch',
  'hang',
  'network-error',
] as const
export type FaultKind = (typeof FAULT_KINDS)[number]

export type FaultRule = {
  method?: string
  path: string
  fault: FaultKind
  times?: number
  /** The answer's `Retry-After`: seconds, or an HTTP-date. */
  retryAfter?: number | string
}

/** What `unavailable` says in `Retry-After` when its rule does not say. */
export const DEFAULT_RETRY_AFTER_SECONDS = 60

/** Long enough for any client time limit (the app's is 20 s); then the request is dropped. */
export const HANG_MS = 60_000

export type FaultRegistry = {
  add(...rules: FaultRule[]): void
  /** Removes every rule and ends the calls still hanging on one (as a restart would). */
  clear(): void
  /** Aborts when the rules are cleared: a hanging call ends then. */
  readonly cleared: AbortSignal
  list(): FaultRule[]
  /** The rule that applies to this call (counting one use of it), if any. */
  take(method: string, path: string): FaultRule | undefined
}

/** Checks a control-plane payload; returns the rules or a pt-BR reason. */
export function parseFaultRules(input: unknown): FaultRule[] | string {
  const raw =
    typeof input === 'object' && input !== null && 'rules' in input
      ? (input as { rules: unknown }).rules
      : input
  const list = Array.isArray(raw) ? raw : [raw]
  const rules: FaultRule[] = []
  for (const item of list) {
    if (typeof item !== 'object' || item === null) return 'Cada regra deve ser um objeto.'
    const { method, path, fault, times, retryAfter } = item as Record<string, unknown>
    if (typeof path !== 'string' || !path) return 'Informe o caminho (path) da regra.'
    if (!FAULT_KINDS.includes(fault as FaultKind))
      return `Falha desconhecida: ${String(fault)} (use ${FAULT_KINDS.join(', ')}).`
    if (method !== undefined && typeof method !== 'string') return 'method deve ser um texto.'
    if (times !== undefined && !(typeof times === 'number' && Number.isInteger(times) && times > 0))
      return 'times deve ser um inteiro positivo.'
    const seconds =
      typeof retryAfter === 'number' && Number.isInteger(retryAfter) && retryAfter >= 0
    const date = typeof retryAfter === 'string' && !Number.isNaN(Date.parse(retryAfter))
    if (retryAfter !== undefined && !seconds && !date)
      return 'retryAfter deve ser um inteiro de segundos (0 ou mais) ou uma data HTTP.'
    rules.push({
      path,
      fault: fault as FaultKind,
      method,
      times,
      ...(retryAfter !== undefined ? { retryAfter: retryAfter as number | string } : {}),
    })
  }
  return rules
}

const PARAM = /\{[^}]*\}|:[^/]+/g
const normalise = (template: string) => template.replace(PARAM, '{}')

function templateRegex(template: string) {
  const escaped = normalise(template)
    .split('{}')
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^/]+')
  return new RegExp(`^${escaped}$`)
}

/**
 * The registry. `operations` are the API's path templates (from the real handlers), so a
 * request is matched to its operation the way the server routes it: `/tasks/mine` is its
 * own operation, not `/tasks/{id}`.
 */
export function createFaultRegistry(operations: () => string[]): FaultRegistry {
  let rules: Array<FaultRule & { left: number }> = []
  let clearing = new AbortController()
  let compiled: Array<{ template: string; regex: RegExp; params: number }> | undefined

  function operationOf(path: string): string | undefined {
    compiled ??= operations().map((template) => ({
      template: normalise(template),
      regex: templateRegex(template),
      params: (normalise(template).match(/\{\}/g) ?? []).length,
    }))
    return compiled.filter((op) => op.regex.test(path)).sort((a, b) => a.params - b.params)[0]
      ?.template
  }

  function matches(rule: FaultRule, method: string, path: string) {
    if (rule.method && rule.method.toUpperCase() !== method.toUpperCase()) return false
    if (rule.path === '*') return true
    if (rule.path.endsWith('*')) return path.startsWith(rule.path.slice(0, -1))
    if (rule.path === path) return true
    return normalise(rule.path) === operationOf(path)
  }

  return {
    add(...next) {
      rules.push(...next.map((rule) => ({ ...rule, left: rule.times ?? Infinity })))
    },
    clear() {
      rules = []
      clearing.abort()
      clearing = new AbortController()
    },
    get cleared() {
      return clearing.signal
    },
    list() {
      return rules.map(({ left: _left, ...rule }) => rule)
    },
    take(method, path) {
      const rule = rules.find((r) => matches(r, method, path))
      if (!rule) return undefined
      rule.left -= 1
      if (rule.left <= 0) rules = rules.filter((r) => r !== rule)
      const { left: _left, ...plainRule } = rule
      return plainRule
    },
  }
}

/** The same body with every object key renamed: valid JSON that no longer matches the schema. */
export function driftedBody(body: unknown): unknown {
  if (Array.isArray(body)) return body.map(driftedBody)
  if (typeof body === 'object' && body !== null)
    return Object.fromEntries(Object.entries(body).map(([key, value]) => [`${key}_v2`, value]))
  return { unexpected: true }
}

/** Resolves after `ms`, or as soon as one of `signals` aborts. */
function waitForAbortOr(ms: number, ...signals: AbortSignal[]) {
  return new Promise<void>((resolve) => {
    if (signals.some((signal) => signal.aborted)) return resolve()
    const done = () => {
      clearTimeout(timer)
      for (const signal of signals) signal.removeEventListener('abort', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    for (const signal of signals) signal.addEventListener('abort', done, { once: true })
  })
}

function faultProblem(
  status: number,
  code: 'internal_error' | 'maintenance',
  detail: string,
  retryAfter: number | string | undefined = code === 'maintenance'
    ? DEFAULT_RETRY_AFTER_SECONDS
    : undefined,
) {
  return HttpResponse.json(
    {
      type: `https://avaliador.example/problems/${code.replaceAll('_', '-')}`,
      title: code === 'maintenance' ? 'Em manutenção' : 'Erro interno',
      status,
      detail,
      code,
      requestId: `req_fault_${Math.random().toString(36).slice(2, 8)}`,
      ...(typeof retryAfter === 'number' ? { retryAfterSeconds: retryAfter } : {}),
    },
    {
      status,
      headers: {
        'Content-Type': 'application/problem+json',
        ...(retryAfter !== undefined ? { 'Retry-After': String(retryAfter) } : {}),
      },
    },
  )
}

/**
 * A failing server still reads what it was sent before it answers: an answer given halfway
 * through an upload closes the connection under it, which a browser may take for a dead
 * connection and send the whole body again by itself — bytes the app never chose to send.
 */
async function drain(request: Request) {
  if (request.body) await request.arrayBuffer().catch(() => undefined)
}

/**
 * The handler that goes before every real one: answers a faulted call, lets the rest fall
 * through. `real` are the API handlers, asked for the true body of a drifted answer.
 */
export function faultHandler(
  baseUrl: string,
  registry: FaultRegistry,
  real: () => HttpHandler[],
): HttpHandler {
  const basePath = new URL(baseUrl, 'http://base.invalid').pathname.replace(/\/$/, '')
  return http.all(`${baseUrl}/*`, async ({ request }) => {
    const path = new URL(request.url).pathname.slice(basePath.length)
    if (path.startsWith('/__fake/')) return
    // While any call is "in maintenance", so is the health check (the unavailable screen
    // polls it to know when to send the agent back).
    const down = registry.list().find((r) => r.fault === 'unavailable')
    if (request.method === 'GET' && path === '/health' && down)
      return faultProblem(503, 'maintenance', 'Voltamos em alguns minutos.', down.retryAfter)
    const rule = registry.take(request.method, path)
    if (!rule) return
    switch (rule.fault) {
      case 'server-error':
        await drain(request)
        return faultProblem(500, 'internal_error', 'Falha simulada no servidor.', rule.retryAfter)
      case 'unavailable':
        await drain(request)
        return faultProblem(503, 'maintenance', 'Voltamos em alguns minutos.', rule.retryAfter)
      case 'not-json':
        return new HttpResponse(
          '<!doctype html><html lang="en"><head><title>502 Bad Gateway</title></head><body><h1>Bad Gateway</h1></body></html>',
          { status: 200, headers: { 'Content-Type': 'text/html; charset=utf-8' } },
        )
      case 'schema-mismatch': {
        // The server does its work (a write is applied, and remembered under its
        // Idempotency-Key), then answers with the real body drifted from the contract.
        let body: unknown = { unexpected: true }
        const answer = await getResponse(real(), request, { baseUrl: new URL(request.url).origin })
        if (answer && !answer.ok) return answer
        const type = answer?.headers.get('Content-Type') ?? ''
        if (answer && type.includes('json')) body = driftedBody(await answer.json())
        return new HttpResponse(JSON.stringify(body), {
          status: answer?.ok && answer.status !== 204 ? answer.status : 200,
          headers: { 'Content-Type': 'application/json' },
        })
      }
      case 'hang':
        await waitForAbortOr(HANG_MS, request.signal, registry.cleared)
        return HttpResponse.error()
      case 'network-error':
        return HttpResponse.error()
    }
  })
}
