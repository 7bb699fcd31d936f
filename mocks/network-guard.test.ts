/**
 * The fake backend reached from a network (mocks/network-guard.ts): over real HTTP, with the
 * guard in front of the middleware as scripts/serve.ts puts it. "Another address" is this
 * machine's own network address: a request to it comes from it, not from loopback.
 */
import { createServer, request as httpRequest, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { networkInterfaces } from 'node:os'
import { afterEach, describe, expect, it } from 'vitest'
import { createFakeApi, type FakeApi } from './testing/fake-api'
import {
  acceptedHostnames,
  CONTROL_TOKEN_HEADER,
  createNetworkGuard,
  hostnameOf,
  isLoopbackAddress,
  listensBeyondLoopback,
  type NetworkGuardOptions,
} from './network-guard'
import { fakeBackendMiddleware } from './node-http'
import { DEMO_TOKEN } from './seed/seed'

/** This machine's first address on a network (not loopback), if it has one. */
const external = Object.values(networkInterfaces())
  .flat()
  .find((info) => info && info.family === 'IPv4' && !info.internal)?.address

let api: FakeApi
let server: Server | undefined
let port: number

afterEach(async () => {
  server?.closeAllConnections()
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)))
  server = undefined
})

/** The backend behind the guard, as scripts/serve.ts serves it, listening on `host`. */
async function serve(options: NetworkGuardOptions) {
  api = await createFakeApi({ controlApi: true })
  const guard = createNetworkGuard(options)
  const middleware = fakeBackendMiddleware(() => api.backend.handlers)
  server = createServer((req, res) => {
    if (!guard.refuse(req, res)) void middleware(req, res)
  })
  await new Promise<void>((resolve) => server!.listen(0, options.host, resolve))
  port = (server.address() as AddressInfo).port
  return guard
}

type Answer = { status: number; body: Record<string, unknown> }

/** One request to `address` (the client's address is then the same one), with any Host. */
function send(
  address: string,
  method: string,
  path: string,
  { headers = {}, body }: { headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: address,
        port,
        method,
        path,
        localAddress: address,
        headers: {
          Host: `${address}:${port}`,
          ...(body === undefined ? {} : { 'Content-Length': String(Buffer.byteLength(body)) }),
          ...headers,
        },
      },
      (res) => {
        let text = ''
        res.on('data', (chunk: Buffer) => (text += chunk.toString()))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
          }),
        )
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

const otpPath = `/api/__fake/otp?phone=${encodeURIComponent('+5511987654321')}`
const switchOnFault = (address: string, headers: Record<string, string> = {}) =>
  send(address, 'POST', '/api/__fake/faults', {
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ path: '*', fault: 'unavailable' }),
  })

describe.skipIf(!external)('from another address (this machine’s network address)', () => {
  const from = external!

  it('refuses the control plane: no sign-in code, no fault, no message to the agent', async () => {
    await serve({ host: '0.0.0.0', controlToken: 'segredo-de-teste' })
    const sent = await send(from, 'POST', '/api/auth/code', {
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': 'guard-1' },
      body: JSON.stringify({ phone: '+5511987654321', connection: 'sms' }),
    })
    expect(sent.status).toBe(202)
    expect((await send('127.0.0.1', 'GET', otpPath)).body.code).toMatch(/^\d{6}$/)
    const otp = await send(from, 'GET', otpPath)
    expect(otp.status).toBe(403)
    expect(otp.body).toMatchObject({ code: 'unauthorized', title: 'Painel de controle local' })
    expect(JSON.stringify(otp.body)).not.toMatch(/\d{6}/)
    expect((await switchOnFault(from)).status).toBe(403)
    const posted = await send(from, 'POST', '/api/__fake/notifications', {
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ title: 'Pix', body: 'Clique', link: 'https://phishing.example' }),
    })
    expect(posted.status).toBe(403)
    expect(api.backend.context.faults.list()).toEqual([])
    expect(api.db.notifications.findMany((q) => q.where({ title: 'Pix' }))).toEqual([])
    // The agent's API itself answers (the phone signs in through it).
    expect((await send(from, 'GET', '/api/health')).status).toBe(200)
  })

  it('opens the control plane to the token printed at start, in its header', async () => {
    const guard = await serve({ host: '0.0.0.0' })
    expect(guard.controlToken).toMatch(/^[\w-]{20,}$/)
    const wrong = await switchOnFault(from, { [CONTROL_TOKEN_HEADER]: `${guard.controlToken}x` })
    expect(wrong.status).toBe(403)
    const right = await switchOnFault(from, { [CONTROL_TOKEN_HEADER]: guard.controlToken })
    expect(right.status).toBe(200)
    expect(api.backend.context.faults.list()).toEqual([{ path: '*', fault: 'unavailable' }])
  })

  it('takes the demo token from this computer only', async () => {
    await serve({ host: '0.0.0.0' })
    const auth = { Authorization: `Bearer ${DEMO_TOKEN}` }
    expect((await send(from, 'GET', '/api/me', { headers: auth })).status).toBe(401)
    expect((await send('127.0.0.1', 'GET', '/api/me', { headers: auth })).status).toBe(200)
  })

  it('answers its network address as a Host only when it listens on it', async () => {
    await serve({ host: '0.0.0.0' })
    expect((await send(from, 'GET', '/api/health')).status).toBe(200)
    await new Promise((resolve) => server!.close(resolve))
    await serve({ host: '127.0.0.1' })
    const named = await send('127.0.0.1', 'GET', '/api/health', {
      headers: { Host: `${from}:${port}` },
    })
    expect(named.status).toBe(403)
  })
})

describe('from this computer', () => {
  it('answers the control plane, as the e2e tests and contract runs use it', async () => {
    await serve({ host: '127.0.0.1' })
    expect((await send('127.0.0.1', 'GET', otpPath)).status).toBe(404)
    expect((await switchOnFault('127.0.0.1')).status).toBe(200)
  })

  it('refuses what a proxy forwarded, and pages of another origin', async () => {
    await serve({ host: '127.0.0.1' })
    for (const headers of [
      { 'X-Forwarded-For': '203.0.113.9' } as Record<string, string>,
      { Forwarded: 'for=203.0.113.9' },
      { Origin: 'http://evil.localhost:8080' },
      { Origin: 'null' },
    ])
      expect((await switchOnFault('127.0.0.1', headers)).status).toBe(403)
    expect(api.backend.context.faults.list()).toEqual([])
    // The server's own pages may (same origin).
    expect((await switchOnFault('127.0.0.1', { Origin: `http://127.0.0.1:${port}` })).status).toBe(
      200,
    )
  })

  it('refuses a change to the control plane that is not JSON (a form, a no-cors fetch)', async () => {
    await serve({ host: '127.0.0.1' })
    for (const type of [
      'text/plain;charset=UTF-8',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const res = await send('127.0.0.1', 'POST', '/api/__fake/faults', {
        headers: { 'Content-Type': type },
        body: JSON.stringify({ path: '*', fault: 'unavailable' }),
      })
      expect(res.status).toBe(415)
    }
    expect(api.backend.context.faults.list()).toEqual([])
  })

  it('refuses a Host that does not name this server (DNS rebinding)', async () => {
    await serve({ host: '127.0.0.1', allowedHosts: ['avaliador.tunel.example'] })
    const rebound = await send('127.0.0.1', 'GET', otpPath, {
      headers: { Host: `evil.example:${port}` },
    })
    expect(rebound.status).toBe(403)
    expect(rebound.body.detail).toContain('--allowed-host evil.example')
    for (const host of ['localhost', 'app.localhost', 'avaliador.tunel.example', '127.0.0.1'])
      expect(
        (await send('127.0.0.1', 'GET', '/api/health', { headers: { Host: `${host}:${port}` } }))
          .status,
      ).toBe(200)
  })
})

describe('the guard’s rules', () => {
  it('knows loopback addresses in every spelling', () => {
    for (const address of ['127.0.0.1', '127.0.0.2', '::1', '::ffff:127.0.0.1', '[::1]'])
      expect(isLoopbackAddress(address)).toBe(true)
    for (const address of ['192.168.0.10', '::ffff:10.0.0.1', 'fd00::2', '0.0.0.0', '', undefined])
      expect(isLoopbackAddress(address)).toBe(false)
  })

  it('knows when a server listens beyond this computer', () => {
    for (const host of ['0.0.0.0', '::', '192.168.0.10'])
      expect(listensBeyondLoopback(host)).toBe(true)
    for (const host of ['127.0.0.1', 'localhost', '::1'])
      expect(listensBeyondLoopback(host)).toBe(false)
  })

  it('reads the name of a Host header', () => {
    expect(hostnameOf('Example.COM:4173')).toBe('example.com')
    expect(hostnameOf('[fd00::2]:4173')).toBe('fd00::2')
    expect(hostnameOf('localhost.')).toBe('localhost')
    expect(hostnameOf(undefined)).toBe('')
  })

  it('accepts every interface’s address and the machine’s name when it listens on all', () => {
    const interfaces = {
      eth0: [{ address: '192.168.0.10', family: 'IPv4' }],
      wlan0: [{ address: 'fe80::1', family: 'IPv6' }],
    } as unknown as ReturnType<typeof networkInterfaces>
    expect([...acceptedHostnames('0.0.0.0', ['Proxy.example'], interfaces, 'notebook')]).toEqual([
      'localhost',
      '127.0.0.1',
      '::1',
      'proxy.example',
      '192.168.0.10',
      'fe80::1',
      'notebook',
      'notebook.local',
    ])
    expect([...acceptedHostnames('192.168.0.10', [], interfaces, 'notebook')]).toEqual([
      'localhost',
      '127.0.0.1',
      '::1',
      '192.168.0.10',
    ])
  })

  it('warns at start when it listens beyond this computer, with the token', () => {
    const open = createNetworkGuard({ host: '0.0.0.0', controlToken: 't0k3n' })
    const text = open.startMessage('http://localhost:4173').join('\n')
    expect(text).toContain('WARNING: listening on 0.0.0.0, beyond this computer')
    expect(text).toContain(`${CONTROL_TOKEN_HEADER}: t0k3n`)
    const local = createNetworkGuard({ host: '127.0.0.1', controlToken: 't0k3n' })
    expect(local.startMessage('http://127.0.0.1:4173').join('\n')).not.toContain('WARNING')
    expect(createNetworkGuard({ host: '0.0.0.0' }).controlToken).not.toBe(
      createNetworkGuard({ host: '0.0.0.0' }).controlToken,
    )
  })
})
