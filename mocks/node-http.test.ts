/**
 * The fake backend over real HTTP (the middleware `npm start`, the dev server and contract
 * verification use): a body over its operation's limit is answered 413 before it is read, and
 * the connection is closed so the rest never is.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { connect, type Socket } from 'node:net'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { JSON_BODY_MAX_BYTES, UPLOAD_BODY_MAX_BYTES } from '@/domain/constants'
import { createFakeApi, type FakeApi } from './testing/fake-api'
import { fakeBackendMiddleware } from './node-http'
import { DEMO_AGENT_ID, DEMO_TOKEN } from './seed/seed'

const MB = 1024 * 1024
const BODY_25_MB = 25 * MB

let api: FakeApi
let server: Server
let port: number

beforeEach(async () => {
  api = await createFakeApi()
  server = createServer(fakeBackendMiddleware(() => api.backend.handlers))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
})

afterEach(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

/** A raw HTTP/1.1 request whose body the test writes itself; what came back, as it came. */
async function openRequest(head: string[]) {
  const socket: Socket = connect(port, '127.0.0.1')
  await new Promise<void>((resolve) => socket.once('connect', resolve))
  let received = ''
  let closed = false
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')))
  socket.on('error', () => {})
  socket.on('close', () => (closed = true))
  socket.write(
    [...head, `Host: 127.0.0.1:${port}`, `Authorization: Bearer ${DEMO_TOKEN}`, '', ''].join(
      '\r\n',
    ),
  )
  return {
    socket,
    received: () => received,
    closed: () => closed,
    /** The status line's code, once the head of an answer arrived; waits at most `ms`. */
    async status(ms = 5000): Promise<number | null> {
      const until = Date.now() + ms
      while (Date.now() < until && !received.includes('\r\n\r\n'))
        await new Promise((resolve) => setTimeout(resolve, 10))
      const match = /^HTTP\/1\.1 (\d{3})/.exec(received)
      return match ? Number(match[1]) : null
    },
    /** The answer's JSON body, once all of it (Content-Length) arrived. */
    async json(): Promise<Record<string, unknown>> {
      const until = Date.now() + 5000
      for (;;) {
        const [head, body = ''] = received.split('\r\n\r\n')
        const length = Number(/content-length: (\d+)/i.exec(head ?? '')?.[1] ?? NaN)
        if (Buffer.byteLength(body, 'latin1') >= length || Date.now() > until)
          return JSON.parse(Buffer.from(body, 'latin1').toString('utf8')) as Record<string, unknown>
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
    },
  }
}

const waitFor = async (done: () => boolean, ms = 2000) => {
  const until = Date.now() + ms
  while (!done() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 10))
  return done()
}

const available = () => api.db.agents.findFirst((q) => q.where({ id: DEMO_AGENT_ID }))!.available

describe('a body over its operation’s limit, over HTTP', () => {
  it('answers a 25 MB JSON body 413 from its Content-Length, before reading it', async () => {
    const before = available()
    const request = await openRequest([
      'PUT /api/me/availability HTTP/1.1',
      'Content-Type: application/json',
      `Content-Length: ${BODY_25_MB}`,
      'Idempotency-Key: big-body-1',
    ])
    // Only the first 64 KiB of the 25 MB are ever sent: an answer means nobody waited for more.
    request.socket.write(`{"available":${String(!before)},"padding":"${'x'.repeat(64 * 1024)}`)
    expect(await request.status()).toBe(413)
    expect(await request.json()).toMatchObject({ status: 413, code: 'body_too_large' })
    expect(request.received()).toMatch(/\r\nconnection: close\r\n/i)
    expect(await waitFor(request.closed)).toBe(true)
    expect(available()).toBe(before)
  })

  it('counts a body sent without a length and answers 413 at the limit, not at its end', async () => {
    const request = await openRequest([
      'PUT /api/me/availability HTTP/1.1',
      'Content-Type: application/json',
      'Transfer-Encoding: chunked',
      'Idempotency-Key: big-body-2',
    ])
    const chunk = Buffer.alloc(64 * 1024, 'x')
    let sent = 0
    while (sent < BODY_25_MB && (await request.status(20)) === null && !request.closed()) {
      request.socket.write(`${chunk.byteLength.toString(16)}\r\n`)
      request.socket.write(chunk)
      request.socket.write('\r\n')
      sent += chunk.byteLength
    }
    expect(await request.status()).toBe(413)
    expect(await request.json()).toMatchObject({ code: 'body_too_large' })
    // The answer came once the limit was passed (a little later: what was already on its way).
    expect(sent).toBeGreaterThan(JSON_BODY_MAX_BYTES)
    expect(sent).toBeLessThan(JSON_BODY_MAX_BYTES + 2 * MB)
    expect(await waitFor(request.closed)).toBe(true)
    expect(api.db.idempotentReplies.all()).toEqual([])
  })

  it('bounds an upload at the largest file and its form: 413 file_too_large', async () => {
    const request = await openRequest([
      'POST /api/media HTTP/1.1',
      'Content-Type: multipart/form-data; boundary=limite',
      `Content-Length: ${UPLOAD_BODY_MAX_BYTES + 1}`,
      'Idempotency-Key: big-upload-1',
    ])
    expect(await request.status()).toBe(413)
    expect(await request.json()).toMatchObject({ code: 'file_too_large' })
  })

  it('still takes a body under the limit, sent with or without a length', async () => {
    const url = `http://127.0.0.1:${port}/api/me/availability`
    const headers = { Authorization: `Bearer ${DEMO_TOKEN}`, 'Content-Type': 'application/json' }
    const sized = await fetch(url, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ available: false }),
    })
    expect(sized.status).toBe(200)
    const streamed = await fetch(url, {
      method: 'PUT',
      headers,
      body: new Blob([JSON.stringify({ available: true })]).stream(),
      duplex: 'half',
    } as RequestInit)
    expect(streamed.status).toBe(200)
    expect(available()).toBe(true)
  })
})
