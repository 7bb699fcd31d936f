/**
 * The fake backend's Idempotency-Key rule — the one a real backend must follow too
 * (docs/product/api.md "Idempotency", contracts/README.md):
 *
 * 1. **The whole body first.** A keyed request is read to its end before anything is decided.
 *    A body that does not arrive whole (the link cut mid-upload) is answered 422 and nothing is
 *    stored or changed: the client's retry with the same key is a first attempt. A repeat is
 *    answered only after its body arrived, so a client still sending is never cut off by an
 *    early answer (which resets its connection and looks like "offline").
 * 2. **Only a change is remembered.** The answer is stored under the key only when the request
 *    changed something (2xx). A refusal (4xx: invalid fields, a rule, the state) changed nothing
 *    and is not stored: a repeat with the same key is judged again, against the state as it is
 *    then (the check-in that arrived meanwhile, a photo now accepted).
 * 3. **Same key, same request.** A repeat of a stored key with the same body gets the stored
 *    answer (`Idempotent-Replay: true`) and changes nothing; with another body, `422
 *    idempotency_key_reused`. While the first request with a key is still running, a repeat
 *    gets `409 idempotency_key_in_use` with `Retry-After: 1`.
 * 4. **Keys are the caller's and expire.** A key is scoped to the agent (the session's) and to
 *    the operation; stored answers expire after IDEMPOTENCY_TTL_MS (24 h, on the server's clock).
 *    The sandbox also bounds what it keeps (IDEMPOTENCY_STORE_MAX_BYTES, oldest first).
 */
import type { BackendContext } from './support'
import { problem } from './support'

/** How long a stored answer is replayed (the IETF Idempotency-Key draft's usual 24 h). */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000

/**
 * The most the sandbox keeps of stored answers, in bytes of their bodies; past it, the oldest
 * go first. A real backend keeps every answer for the whole TTL.
 */
export const IDEMPOTENCY_STORE_MAX_BYTES = 16 * 1024 * 1024

const INCOMPLETE_BODY = 'O corpo da requisição chegou incompleto. Envie de novo com a mesma chave.'

/** Keys whose first request is still running, per backend (`${scope}\n${key}`). */
const running = new WeakMap<BackendContext, Set<string>>()

function runningOf(ctx: BackendContext) {
  let set = running.get(ctx)
  if (!set) running.set(ctx, (set = new Set()))
  return set
}

/** Whose key this is: the session's agent, or nobody (sign-in code requests). */
function callerOf(ctx: BackendContext, request: Request): string {
  const token = /^Bearer (.+)$/.exec(request.headers.get('Authorization') ?? '')?.[1]
  if (!token) return 'anonymous'
  return ctx.db.sessions.findFirst((q) => q.where({ token }))?.agentId ?? 'anonymous'
}

async function sha256(data: BufferSource | string): Promise<string> {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data
  const digest = await crypto.subtle.digest('SHA-256', bytes)
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('')
}

/**
 * What makes two requests "the same": the body's content, not its bytes on the wire — a
 * multipart body gets a new boundary at every send, and JSON may be spaced differently.
 */
export async function requestFingerprint(
  method: string,
  contentType: string,
  body: Uint8Array<ArrayBuffer>,
): Promise<string> {
  const type = contentType.split(';')[0]!.trim().toLowerCase()
  if (type === 'multipart/form-data') {
    try {
      const form = await new Response(body, {
        headers: { 'Content-Type': contentType },
      }).formData()
      const parts: unknown[] = []
      for (const [name, value] of form.entries())
        parts.push(
          typeof value === 'string'
            ? [name, value]
            : [name, value.name, value.type, await sha256(await value.arrayBuffer())],
        )
      return sha256(JSON.stringify([method, 'form', parts]))
    } catch {
      // Not a readable form: its bytes decide (the handler will refuse it anyway).
    }
  }
  if (type.endsWith('json')) {
    try {
      const value: unknown = JSON.parse(new TextDecoder().decode(body))
      return sha256(JSON.stringify([method, 'json', canonical(value)]))
    } catch {
      // Not JSON: its bytes decide.
    }
  }
  return sha256(JSON.stringify([method, 'bytes', await sha256(body)]))
}

/** The value with object keys in order, so `{"a":1,"b":2}` and `{"b":2,"a":1}` agree. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical)
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
    )
  return value
}

/** Drops expired answers, then the oldest while the store is over its size. */
function sweep(ctx: BackendContext) {
  const now = ctx.clock.now()
  const replies = ctx.db.idempotentReplies
  replies.deleteMany((q) =>
    q.where((r) => !r.storedAt || Date.parse(r.storedAt) + IDEMPOTENCY_TTL_MS <= now),
  )
  const all = replies.all()
  let size = all.reduce((sum, r) => sum + r.body.length, 0)
  if (size <= IDEMPOTENCY_STORE_MAX_BYTES) return
  const oldestFirst = [...all].sort((a, b) => (a.storedAt ?? '').localeCompare(b.storedAt ?? ''))
  const drop = new Set<string>()
  for (const r of oldestFirst) {
    if (size <= IDEMPOTENCY_STORE_MAX_BYTES) break
    size -= r.body.length
    drop.add(`${r.route}\n${r.key}`)
  }
  replies.deleteMany((q) => q.where((r) => drop.has(`${r.route}\n${r.key}`)))
}

/**
 * Runs a state-changing handler once per Idempotency-Key, by the rule above. `route` names the
 * operation (and its resource); the caller is added to it.
 */
export async function idempotent(
  ctx: BackendContext,
  request: Request,
  route: string,
  run: () => Promise<Response> | Response,
): Promise<Response> {
  const key = request.headers.get('Idempotency-Key')
  if (!key) return settle(run)

  // 1. The whole body, from a copy (the handler reads the request itself).
  let body: Uint8Array<ArrayBuffer>
  try {
    body = new Uint8Array(await request.clone().arrayBuffer())
  } catch {
    return problem(422, 'validation_failed', INCOMPLETE_BODY, {
      fields: [{ field: '(corpo)', message: INCOMPLETE_BODY }],
    })
  }
  const fingerprint = await requestFingerprint(
    request.method,
    request.headers.get('Content-Type') ?? '',
    body,
  )
  const scoped = `${callerOf(ctx, request)}:${route}`

  // 3. A stored answer, for the same request only.
  sweep(ctx)
  const previous = ctx.db.idempotentReplies.findFirst((q) => q.where({ key, route: scoped }))
  if (previous) {
    if (previous.fingerprint !== fingerprint)
      return problem(
        422,
        'idempotency_key_reused',
        'Esta chave de envio já foi usada para outro pedido. Envie com uma chave nova.',
      )
    return new Response(previous.body, {
      status: previous.status,
      headers: { 'Content-Type': previous.contentType, 'Idempotent-Replay': 'true' },
    })
  }
  const inFlight = runningOf(ctx)
  const id = `${scoped}\n${key}`
  if (inFlight.has(id))
    return problem(
      409,
      'idempotency_key_in_use',
      'Este envio ainda está sendo processado. Tente de novo em instantes.',
      { retryAfterSeconds: 1 },
    )

  // 2. Run it; remember the answer only when it changed something.
  inFlight.add(id)
  try {
    const response = await settle(run)
    if (response.ok)
      await ctx.db.idempotentReplies.create({
        key,
        route: scoped,
        status: response.status,
        body: await response.clone().text(),
        contentType: response.headers.get('Content-Type') ?? 'application/json',
        fingerprint,
        storedAt: new Date(ctx.clock.now()).toISOString(),
      })
    return response
  } finally {
    inFlight.delete(id)
  }
}

/** The handler's answer, whether returned or thrown (a thrown problem Response). */
async function settle(run: () => Promise<Response> | Response): Promise<Response> {
  try {
    return await run()
  } catch (thrown) {
    if (thrown instanceof Response) return thrown
    throw thrown
  }
}
