/**
 * Serves fake-backend handlers over real HTTP in Node: turns an IncomingMessage into a
 * fetch Request, asks msw's getResponse for the answer, and writes it back. Used by
 * `npm start` (scripts/serve.ts), the Vite dev server and contract verification.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { Readable } from 'node:stream'
import { getResponse, type HttpHandler } from 'msw'

export function toFetchRequest(
  req: IncomingMessage,
  origin: string,
  signal?: AbortSignal,
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
    body: hasBody ? (Readable.toWeb(req) as ReadableStream<Uint8Array>) : undefined,
    signal,
    // Node's fetch needs this for a streamed request body.
    ...(hasBody ? { duplex: 'half' } : {}),
  } as RequestInit)
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
  { now = Date.now }: { now?: () => number } = {},
) {
  return async (req: IncomingMessage, res: ServerResponse, next?: () => void) => {
    const origin = `http://${req.headers.host ?? 'localhost'}`
    // The client went away (its timeout, a closed tab): tell a handler that is still waiting.
    const gone = new AbortController()
    res.on('close', () => {
      if (!res.writableFinished) gone.abort()
    })
    try {
      const response = await getResponse(getHandlers(), toFetchRequest(req, origin, gone.signal), {
        baseUrl: origin,
      })
      if (gone.signal.aborted) return
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
