/**
 * The phone's link to the server, as a test controls it: an HTTP proxy in front of the app
 * (`npm start`'s server) that the browser talks to instead. Unlike Playwright's `setOffline`
 * or CDP network emulation, it acts on every request of the origin — the service worker's
 * included — and on the bytes of a request as they go: it can slow the uplink, cut an upload
 * when a share of its body has passed, drop an answer after the server gave it, take the link
 * down and bring it back, and serve a changed file (a new version's service worker).
 *
 * The app's origin is then the proxy's (`link.origin`), so the browser's storage, service
 * worker and quota are those of that origin.
 */
import {
  createServer,
  request as upstreamRequest,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { Transform, type TransformCallback } from 'node:stream'

export type LinkRequest = {
  method: string
  path: string
  idempotencyKey: string | null
  /** The bearer token it carried (whose request it was), if any. */
  token: string | null
  /** When it reached the link (ms since the epoch, the test's clock). */
  at: number
  /** Bytes of the body that reached the server. */
  sent: number
  /** Bytes of the whole body (its Content-Length; 0 without one). */
  total: number
  /** What happened to it: answered, cut on the way up, its answer dropped, refused (link down). */
  outcome: 'answered' | 'cut' | 'answer-dropped' | 'refused' | 'pending'
  status?: number
}

type UploadCut = { fraction: number; downForMs: number; done: () => void }

export type Link = {
  origin: string
  /** Every request the browser made through the link, oldest first. */
  requests: LinkRequest[]
  /** Slows what the phone sends (bytes a second), or lifts the limit with null. */
  setUplink(bytesPerSecond: number | null): void
  /** Adds this much delay before each request goes on (a slow, far link), or none. */
  setLatency(ms: number): void
  /** The link goes: open connections are dropped, new ones refused, until `restore`. */
  cut(): void
  restore(): void
  /**
   * The next upload (`POST /api/media`) is cut once `fraction` of its body has reached the
   * server, and the link stays down for `downForMs`. Resolves when the cut happened.
   */
  cutNextUpload(fraction: number, downForMs: number): Promise<void>
  /** The next answer to `method path` (prefix) is dropped after the server gave it. */
  dropNextAnswer(method: string, pathPrefix: string): Promise<void>
  /** Answers `path` with `status` and no body while set (null: serve it again). */
  refuse(path: string, status: number | null): void
  /** Serves `path` changed by `change` (its cache headers kept), while set. */
  rewrite(path: string, change: ((body: Buffer) => Buffer) | null): void
  close(): Promise<void>
}

/** Passes bytes on at most `rate()` a second (null: at once), counting them. */
class Throttle extends Transform {
  passed = 0
  constructor(
    private readonly rate: () => number | null,
    private readonly onBytes: (passed: number) => boolean,
  ) {
    super()
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback) {
    void this.pass(chunk).then(() => done(), done)
  }
  private async pass(chunk: Buffer) {
    // Small slices, so a limit and a cut land within a few kB of where they should.
    for (let at = 0; at < chunk.length; at += 4096) {
      const slice = chunk.subarray(at, at + 4096)
      const rate = this.rate()
      if (rate) await new Promise((resolve) => setTimeout(resolve, (slice.length / rate) * 1000))
      if (this.destroyed) return
      this.passed += slice.length
      this.push(slice)
      if (!this.onBytes(this.passed)) return
    }
  }
}

export async function startLink(target: string): Promise<Link> {
  const upstream = new URL(target)
  let uplink: number | null = null
  let latency = 0
  let down = false
  let downTimer: ReturnType<typeof setTimeout> | undefined
  let uploadCut: UploadCut | undefined
  let answerDrop: { method: string; prefix: string; done: () => void } | undefined
  const refusals = new Map<string, number>()
  const rewrites = new Map<string, (body: Buffer) => Buffer>()
  const sockets = new Set<Socket>()
  const requests: LinkRequest[] = []

  const dropAll = () => {
    for (const socket of sockets) socket.destroy()
    sockets.clear()
  }
  const goDown = (forMs?: number) => {
    down = true
    dropAll()
    clearTimeout(downTimer)
    if (forMs !== undefined) downTimer = setTimeout(() => (down = false), forMs)
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = req.url ?? '/'
    const record: LinkRequest = {
      method: req.method ?? 'GET',
      path,
      idempotencyKey: (req.headers['idempotency-key'] as string | undefined) ?? null,
      token: /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? null,
      at: Date.now(),
      sent: 0,
      total: Number(req.headers['content-length'] ?? 0),
      outcome: 'pending',
    }
    requests.push(record)
    if (down) {
      record.outcome = 'refused'
      return void req.socket.destroy()
    }
    const refusal = refusals.get(path.split('?')[0]!)
    if (refusal !== undefined) {
      record.outcome = 'answered'
      record.status = refusal
      res.writeHead(refusal, { 'Content-Length': '0', 'Cache-Control': 'no-store' })
      return void res.end()
    }
    const isUpload = record.method === 'POST' && path.startsWith('/api/media')
    const cut = isUpload ? uploadCut : undefined
    if (cut) uploadCut = undefined
    const total = record.total

    const go = () => {
      const headers = { ...req.headers, host: upstream.host, connection: 'close' }
      // A file to rewrite comes uncompressed.
      if (rewrites.has(path.split('?')[0]!)) delete headers['accept-encoding']
      const out = upstreamRequest({
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path,
        headers,
      })
      const throttle = new Throttle(
        () => uplink,
        (passed) => {
          record.sent = passed
          if (cut && total > 0 && passed >= total * cut.fraction) {
            record.outcome = 'cut'
            // The phone's side goes first (as a lost signal does), then the server's.
            req.socket.destroy()
            out.destroy()
            throttle.destroy()
            goDown(cut.downForMs)
            cut.done()
            return false
          }
          return true
        },
      )
      out.on('error', () => {
        if (record.outcome === 'pending') record.outcome = 'cut'
        if (!res.headersSent) req.socket.destroy()
      })
      out.on('response', (answer) => {
        const drop =
          answerDrop && answerDrop.method === record.method && path.startsWith(answerDrop.prefix)
        if (drop) {
          const done = answerDrop!.done
          answerDrop = undefined
          record.outcome = 'answer-dropped'
          record.status = answer.statusCode
          answer.resume()
          req.socket.destroy()
          done()
          return
        }
        record.outcome = 'answered'
        record.status = answer.statusCode
        const change = rewrites.get(path.split('?')[0]!)
        if (!change) {
          res.writeHead(answer.statusCode ?? 502, answer.headers)
          return void answer.pipe(res)
        }
        const chunks: Buffer[] = []
        answer.on('data', (c: Buffer) => chunks.push(c))
        answer.on('end', () => {
          const body = change(Buffer.concat(chunks))
          const headers = { ...answer.headers }
          delete headers['content-encoding']
          delete headers.etag
          headers['content-length'] = String(body.length)
          res.writeHead(answer.statusCode ?? 502, headers)
          res.end(body)
        })
      })
      req.pipe(throttle).pipe(out)
    }
    if (latency > 0) setTimeout(go, latency)
    else go()
  })
  server.on('connection', (socket) => {
    if (down) return void socket.destroy()
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    setUplink: (rate) => void (uplink = rate),
    setLatency: (ms) => void (latency = ms),
    cut: () => goDown(),
    restore: () => {
      clearTimeout(downTimer)
      down = false
    },
    cutNextUpload: (fraction, downForMs) =>
      new Promise<void>((done) => (uploadCut = { fraction, downForMs, done })),
    dropNextAnswer: (method, prefix) =>
      new Promise<void>((done) => (answerDrop = { method, prefix, done })),
    refuse: (path, status) => {
      if (status === null) refusals.delete(path)
      else refusals.set(path, status)
    },
    rewrite: (path, change) => {
      if (change) rewrites.set(path, change)
      else rewrites.delete(path)
    },
    close: () =>
      new Promise<void>((resolve) => {
        clearTimeout(downTimer)
        dropAll()
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
