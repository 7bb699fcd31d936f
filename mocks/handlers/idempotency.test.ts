import { createServer, type Server } from 'node:http'
import { connect } from 'node:net'
import { getResponse } from 'msw'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Evidence } from '@/api/entities'
import { fakeBackendMiddleware } from '../node-http'
import { DEMO_TOKEN } from '../seed/seed'
import type { FakeApi } from '../testing/fake-api'
import { IDEMPOTENCY_TTL_MS, idempotent, requestFingerprint } from './idempotency'
import {
  checkIn,
  jpegBytes,
  newApi,
  storedReport,
  taskIn,
  upload,
  uploadForm,
  uploadPath,
} from './report-test-kit'

let api: FakeApi
beforeEach(async () => {
  api = await newApi()
})

const storedKeys = () => api.db.idempotentReplies.all().map((r) => r.key)

/** A multipart request body as bytes, with the Content-Type that names its boundary. */
async function multipart(form: FormData) {
  const request = new Request('http://x/', { method: 'POST', body: form })
  return {
    bytes: new Uint8Array(await request.arrayBuffer()),
    contentType: request.headers.get('Content-Type')!,
  }
}

describe('the Idempotency-Key rule', () => {
  it('stores only an answer that changed something: a refusal is judged again', async () => {
    const task = taskIn(api, 'started')
    // No check-in yet: the upload is refused, and the refusal is not kept under the key.
    const refused = await upload(api, task, { idempotencyKey: 'photo-before-checkin' })
    expect(refused.status).toBe(422)
    expect(storedKeys()).not.toContain('photo-before-checkin')

    await checkIn(api, task)
    const accepted = await upload(api, task, { idempotencyKey: 'photo-before-checkin' })
    expect(accepted.status).toBe(201)
    expect(accepted.headers.get('Idempotent-Replay')).toBeNull()

    const replay = await upload(api, task, { idempotencyKey: 'photo-before-checkin' })
    expect(replay.status).toBe(201)
    expect(replay.headers.get('Idempotent-Replay')).toBe('true')
    expect((replay.body as Evidence).id).toBe((accepted.body as Evidence).id)
    expect(storedReport(api, task).evidences).toHaveLength(1)
  })

  it('replays a multipart repeat although its boundary is new', async () => {
    const task = taskIn(api, 'started')
    await checkIn(api, task)
    const a = await multipart(uploadForm(task))
    const b = await multipart(uploadForm(task))
    expect(a.contentType).not.toBe(b.contentType)
    expect(await requestFingerprint('POST', a.contentType, a.bytes)).toBe(
      await requestFingerprint('POST', b.contentType, b.bytes),
    )
    const other = await multipart(uploadForm(task, { bytes: jpegBytes(2048, 9) }))
    expect(await requestFingerprint('POST', other.contentType, other.bytes)).not.toBe(
      await requestFingerprint('POST', a.contentType, a.bytes),
    )
  })

  it('refuses the same key with another body (422 idempotency_key_reused), changing nothing', async () => {
    const task = taskIn(api, 'started')
    await checkIn(api, task)
    expect((await upload(api, task, { idempotencyKey: 'same-key-0001' })).status).toBe(201)
    const other = await upload(api, task, {
      idempotencyKey: 'same-key-0001',
      bytes: jpegBytes(4096, 3),
    })
    expect(other.status).toBe(422)
    expect(other.body.code).toBe('idempotency_key_reused')
    expect(storedReport(api, task).evidences).toHaveLength(1)
  })

  it('treats JSON bodies that differ only in spacing or key order as the same request', async () => {
    const task = taskIn(api, 'started')
    const at = new Date(api.clock.now()).toISOString()
    const { lat, lng } = task.location
    const send = (json: string) =>
      getResponse(
        api.backend.handlers,
        new Request(`http://fake.test/api/tasks/${task.id}/checkin/byPosition`, {
          method: 'PUT',
          headers: {
            Authorization: `Bearer ${DEMO_TOKEN}`,
            'Content-Type': 'application/json',
            'Idempotency-Key': 'checkin-json-0001',
          },
          body: json,
        }),
        { baseUrl: 'http://fake.test' },
      )
    const first = await send(JSON.stringify({ lat, lng, accuracy: 10, at }))
    expect(first?.status).toBe(200)
    const again = await send(JSON.stringify({ at, accuracy: 10, lng, lat }, null, 2))
    expect(again?.status).toBe(200)
    expect(again?.headers.get('Idempotent-Replay')).toBe('true')
  })

  it('decides nothing before a body has arrived whole: a slow first and a fast repeat run once', async () => {
    const task = taskIn(api, 'started')
    await checkIn(api, task)
    // The first upload's body arrives slowly; the repeat comes meanwhile.
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const { bytes, contentType } = await multipart(uploadForm(task))
    const slowBody = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(bytes.subarray(0, 100))
        await held
        controller.enqueue(bytes.subarray(100))
        controller.close()
      },
    })
    const request = (body: BodyInit) =>
      new Request(`http://fake.test/api${uploadPath(task)}`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${DEMO_TOKEN}`,
          'Content-Type': contentType,
          'Idempotency-Key': 'in-flight-0001',
        },
        body,
        duplex: 'half',
      } as RequestInit)
    const first = getResponse(api.backend.handlers, request(slowBody), {
      baseUrl: 'http://fake.test',
    })
    // The slow body is still arriving: nothing has run for it yet, so the repeat runs...
    const second = await getResponse(api.backend.handlers, request(bytes), {
      baseUrl: 'http://fake.test',
    })
    expect(second?.status).toBe(201)
    release()
    // ...and the first, once whole, is the repeat of a stored answer.
    const firstAnswer = await first
    expect(firstAnswer?.status).toBe(201)
    expect(firstAnswer?.headers.get('Idempotent-Replay')).toBe('true')
    expect(storedReport(api, task).evidences).toHaveLength(1)
  })

  it('answers a repeat while the first is still running with 409 idempotency_key_in_use', async () => {
    const ctx = api.backend.context
    const request = () =>
      new Request('http://fake.test/api/anything', {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${DEMO_TOKEN}`,
          'Content-Type': 'application/json',
          'Idempotency-Key': 'running-0001',
        },
        body: '{"n":1}',
      })
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    let runs = 0
    const work = async () => {
      runs++
      await gate
      return Response.json({ done: true }, { status: 201 })
    }
    const first = idempotent(ctx, request(), 'test', work)
    await new Promise((resolve) => setTimeout(resolve, 20))
    const second = await idempotent(ctx, request(), 'test', work)
    expect(second.status).toBe(409)
    expect(second.headers.get('Retry-After')).toBe('1')
    expect(((await second.json()) as { code: string }).code).toBe('idempotency_key_in_use')
    release()
    expect((await first).status).toBe(201)
    const third = await idempotent(ctx, request(), 'test', work)
    expect(third.headers.get('Idempotent-Replay')).toBe('true')
    expect(runs).toBe(1)
  })

  it('forgets a stored answer after 24 hours', async () => {
    const task = taskIn(api, 'started')
    await checkIn(api, task)
    expect((await upload(api, task, { idempotencyKey: 'old-key-0001' })).status).toBe(201)
    api.clock.advance(IDEMPOTENCY_TTL_MS - 1000)
    const within = await upload(api, task, { idempotencyKey: 'old-key-0001' })
    expect(within.headers.get('Idempotent-Replay')).toBe('true')
    api.clock.advance(2000)
    const after = await upload(api, task, { idempotencyKey: 'old-key-0001' })
    expect(after.headers.get('Idempotent-Replay')).toBeNull()
    expect(storedReport(api, task).evidences).toHaveLength(2)
  })

  it('scopes a key to the agent: another agent with the same key is not answered from it', async () => {
    const task = taskIn(api, 'started')
    await checkIn(api, task)
    expect((await upload(api, task, { idempotencyKey: 'shared-key-0001' })).status).toBe(201)
    const other = api.db.agents.findFirst((q) => q.where((a) => a.id !== 'agt_demo'))
    const token = 'token-of-another-agent'
    await api.db.sessions.create({
      token,
      agentId: other?.id ?? 'agt_other',
      expiresAt: new Date(api.clock.now() + 3_600_000).toISOString(),
    })
    const theirs = await upload(api, task, { idempotencyKey: 'shared-key-0001', token })
    // Not the demo agent's stored 201: the other agent's own request, refused (not their task).
    expect(theirs.headers.get('Idempotent-Replay')).toBeNull()
    expect(theirs.status).not.toBe(201)
  })
})

describe('a body cut by the network (real HTTP)', () => {
  let server: Server
  let port: number
  beforeEach(async () => {
    server = createServer(fakeBackendMiddleware(() => api.backend.handlers))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    port = (server.address() as { port: number }).port
  })
  afterEach(() => new Promise<void>((resolve) => server.close(() => resolve())))

  /** Sends the head and part of the body, then drops the connection. */
  async function sendPartOfUpload(
    task: { id: string },
    body: Uint8Array,
    contentType: string,
    key: string,
  ) {
    const socket = connect(port, '127.0.0.1')
    await new Promise<void>((resolve) => socket.once('connect', resolve))
    socket.write(
      [
        `POST /api${uploadPath(task)} HTTP/1.1`,
        `Host: 127.0.0.1:${port}`,
        `Authorization: Bearer ${DEMO_TOKEN}`,
        `Content-Type: ${contentType}`,
        `Content-Length: ${body.byteLength}`,
        `Idempotency-Key: ${key}`,
        '',
        '',
      ].join('\r\n'),
    )
    socket.write(body.subarray(0, Math.floor(body.byteLength * 0.3)))
    await new Promise((resolve) => setTimeout(resolve, 100))
    socket.destroy()
    // Let the server notice and settle.
    await new Promise((resolve) => setTimeout(resolve, 200))
  }

  it('stores nothing for an upload cut at 30 %, and the same key then uploads it', async () => {
    const task = taskIn(api, 'started')
    await checkIn(api, task)
    const { bytes, contentType } = await multipart(uploadForm(task, { bytes: jpegBytes(60_000) }))
    await sendPartOfUpload(task, bytes, contentType, 'cut-upload-0001')
    expect(storedKeys()).not.toContain('cut-upload-0001')
    expect(storedReport(api, task).evidences).toHaveLength(0)

    const retry = await fetch(`http://127.0.0.1:${port}/api${uploadPath(task)}`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${DEMO_TOKEN}`,
        'Idempotency-Key': 'cut-upload-0001',
      },
      body: uploadForm(task, { bytes: jpegBytes(60_000) }),
    })
    expect(retry.status).toBe(201)
    expect(storedReport(api, task).evidences).toHaveLength(1)
  })

  it('reads a repeat’s whole body before answering it, so the sender is never cut off', async () => {
    const task = taskIn(api, 'started')
    await checkIn(api, task)
    const form = () => uploadForm(task, { bytes: jpegBytes(200_000) })
    const headers = { Authorization: `Bearer ${DEMO_TOKEN}`, 'Idempotency-Key': 'lost-answer-1' }
    const url = `http://127.0.0.1:${port}/api${uploadPath(task)}`
    expect((await fetch(url, { method: 'POST', headers, body: form() })).status).toBe(201)

    // The repeat's body trickles in; its answer must come after the last byte, not before.
    const { bytes, contentType } = await multipart(form())
    let sentAll = 0
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (sentAll >= bytes.byteLength) return controller.close()
        const chunk = bytes.subarray(sentAll, sentAll + 20_000)
        sentAll += chunk.byteLength
        await new Promise((resolve) => setTimeout(resolve, 10))
        controller.enqueue(chunk)
      },
    })
    const replay = await fetch(url, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': contentType },
      body,
      duplex: 'half',
    } as RequestInit)
    expect(sentAll).toBe(bytes.byteLength)
    expect(replay.status).toBe(201)
    expect(replay.headers.get('Idempotent-Replay')).toBe('true')
    expect(storedReport(api, task).evidences).toHaveLength(1)
  })
})
