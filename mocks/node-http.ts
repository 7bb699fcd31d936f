/**
 * Serves fake-backend handlers over real HTTP in Node: turns an IncomingMessage into a
 * fetch Request, asks msw's getResponse for the answer, and writes it back. Used by
 * `npm start` (scripts/serve.ts), the Vite dev server and contract verification.
 *
 * A body is bounded before any handler sees it (mocks/request-limits.ts): one whose
 * Content-Length is over its operation's limit is answered 413 without a byte of it read, and
 * one sent without a length is counted as it arrives and cut off at the limit with the same 413.
 * Either way the connection is closed after the answer, so the rest is never read.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { Readable, Transform } from 'node:stream'
import { getResponse, type HttpHandler } from 'msw'
import { bodyRuleOf, bodyTooLarge, type BodyRule } from './request-limits'
import { closeAfterAnswer } from './close-after-answer'

/** The bytes of `req` as they arrive, erroring once more than `maxBytes` came (`onOver` first). */
function boundedBody(req: IncomingMessage, maxBytes: number, onOver: () => void) {
  let seen = 0
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.byteLength
      if (seen <= maxBytes) return done(null, chunk)
      onOver()
      done(new Error(`The body passed ${maxBytes} bytes.`))
    },
  })
  // Not pipeline(): it would destroy `req`, and with it the socket the 413 is written to.
  req.on('error', (error) => counted.destroy(error))
  req.pipe(counted)
  return Readable.toWeb(counted) as ReadableStream<Uint8Array>
}

export function toFetchRequest(
  req: IncomingMessage,
  origin: string,
  signal?: AbortSignal,
  body?: ReadableStream<Uint8Array>,
): Request {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v)
  }
  const method = req.method ?? 'GET'
  const hasBody = method !== 'GET' && method !== 'HEAD'
  return new Request(new URL(req.url ?? '/', origin), {
    method,
    headers,
    body: hasBody ? (body ?? (Readable.toWeb(req) as ReadableStream<Uint8Array>)) : undefined,
    signal,
    // Node's fetch needs this for a streamed request body.
    ...(hasBody ? { duplex: 'half' } : {}),
  } as RequestInit)
}

/** The rule for a request that reached the middleware, by its path under `apiBase`. */
export function bodyRuleOfRequest(req: IncomingMessage, apiBase = '/api'): BodyRule {
  const path = new URL(req.url ?? '/', 'http://localhost').pathname
  return bodyRuleOf(
    req.method ?? 'GET',
    path.startsWith(`${apiBase}/`) ? path.slice(apiBase.length) : path,
  )
}

/** True when the request says it brings more than its operation takes (its Content-Length). */
export function declaresTooLargeBody(req: IncomingMessage, apiBase = '/api'): boolean {
  const length = Number(req.headers['content-length'] ?? NaN)
  return Number.isFinite(length) && length > bodyRuleOfRequest(req, apiBase).maxBytes
}

/** Answers 413 and closes the connection once the answer is out: the rest of the body is not read. */
async function refuseBody(rule: BodyRule, res: ServerResponse) {
  if (res.headersSent) return void res.destroy()
  closeAfterAnswer(res)
  await writeFetchResponse(bodyTooLarge(rule), res)
}

export async function writeFetchResponse(
  response: Response,
  res: ServerResponse,
  now: () => number = Date.now,
) {
  // `HttpResponse.error()` (a network error): drop the connection, as a dead network would.
  if (response.type === 'error') return void res.destroy()
  res.statusCode = response.status
  // The server's clock, as every HTTP server says it: the app sets its own by it (src/lib/clock.ts).
  res.setHeader('Date', new Date(now()).toUTCString())
  response.headers.forEach((value, name) => res.setHeader(name, value))
  res.end(Buffer.from(await response.arrayBuffer()))
}

/**
 * A connect-style middleware: answers requests the handlers know; calls `next()` (or sends a
 * 404 problem) for the rest. `now`: the backend's clock, sent as every answer's `Date` — so
 * moving the fake clock (the demo panel, a test) moves the app's clock too.
 */
export function fakeBackendMiddleware(
  getHandlers: () => HttpHandler[],
  { apiBase = '/api', now = Date.now }: { apiBase?: string; now?: () => number } = {},
) {
  return async (req: IncomingMessage, res: ServerResponse, next?: () => void) => {
    const origin = `http://${req.headers.host ?? 'localhost'}`
    const rule = bodyRuleOfRequest(req, apiBase)
    if (declaresTooLargeBody(req, apiBase)) return refuseBody(rule, res)
    // The client went away (its timeout, a closed tab): tell a handler that is still waiting.
    const gone = new AbortController()
    res.on('close', () => {
      if (!res.writableFinished) gone.abort()
    })
    let overLimit = false
    const body =
      req.method === 'GET' || req.method === 'HEAD'
        ? undefined
        : boundedBody(req, rule.maxBytes, () => {
            overLimit = true
            void refuseBody(rule, res)
          })
    try {
      const response = await getResponse(
        getHandlers(),
        toFetchRequest(req, origin, gone.signal, body),
        { baseUrl: origin },
      )
      if (gone.signal.aborted || overLimit) return
      if (response) return await writeFetchResponse(response, res, now)
      if (next) return next()
      res.statusCode = 404
      res.setHeader('Content-Type', 'application/problem+json')
      res.end(
        JSON.stringify({
          type: 'about:blank',
          title: 'Não encontrado',
          status: 404,
          code: 'not_found',
          detail: `Nenhuma rota para ${req.method} ${req.url}`,
        }),
      )
    } catch (error) {
      if (overLimit) return
      console.error('[fake-backend] handler crashed:', error)
      res.statusCode = 500
      res.setHeader('Content-Type', 'application/problem+json')
      res.end(
        JSON.stringify({
          type: 'about:blank',
          title: 'Erro interno',
          status: 500,
          code: 'internal_error',
          detail: 'O servidor de demonstração falhou ao responder.',
        }),
      )
    }
  }
}
