/**
 * `npm start` stays a sandbox on a network (issue #30, docs/decisions/0015): the fake
 * backend's control plane answers this computer (or the token printed at start), not another
 * site's page; a body over its operation's limit is refused before it is read; the build's
 * source maps stay private. Against scripts/serve.ts itself: the one Playwright starts, and one
 * this file starts listening on every interface, as the README's phone instructions do.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { createServer } from 'node:http'
import { connect, type AddressInfo } from 'node:net'
import { networkInterfaces } from 'node:os'
import { fileURLToPath } from 'node:url'
import { expect, request as playwrightRequest } from '@playwright/test'
import { backendTest as test } from './support/test'
import { resetBackend } from './support/fake-backend'

const ROOT = fileURLToPath(new URL('..', import.meta.url))
const MB = 1024 * 1024

test.beforeEach(async ({ request }) => {
  await resetBackend(request)
})

test('a page of another site cannot switch a fault on (a no-cors text/plain post)', async ({
  page,
  request,
  baseURL,
}) => {
  // Another site the presenter has open, served from this computer (so the browser's own
  // guard for local addresses does not stand between it and the server): another origin.
  const site = createServer((_req, res) => {
    res.setHeader('Content-Type', 'text/html')
    res.end('<!doctype html><title>Outro site</title>')
  })
  await new Promise<void>((resolve) =>
    site.listen(Number(new URL(baseURL!).port) + 2, '127.0.0.1', resolve),
  )
  const { port } = site.address() as AddressInfo
  await page.goto(`http://localhost:${port}/`)
  const answered = page.waitForResponse(`${baseURL}/api/__fake/faults`)
  const kind = await page.evaluate(async (target) => {
    const response = await fetch(`${target}/api/__fake/faults`, {
      method: 'POST',
      mode: 'no-cors',
      headers: { 'Content-Type': 'text/plain' },
      body: JSON.stringify({ path: '*', fault: 'unavailable' }),
    })
    return response.type
  }, baseURL!)
  // The browser sent it (the page cannot read the answer); the server refused it.
  expect(kind).toBe('opaque')
  expect((await answered).status()).toBe(403)
  expect(await (await request.get('/api/__fake/faults')).json()).toEqual({ rules: [] })
  expect((await request.get('/api/health')).status()).toBe(200)
  await new Promise((resolve) => site.close(resolve))
})

test('a 25 MB body is answered 413 without being read whole', async ({ baseURL }) => {
  const { hostname, port } = new URL(baseURL!)
  const socket = connect(Number(port), hostname)
  await new Promise<void>((resolve) => socket.once('connect', resolve))
  let received = ''
  let closed = false
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()))
  socket.on('error', () => {})
  socket.on('close', () => (closed = true))
  socket.write(
    [
      'PUT /api/me/availability HTTP/1.1',
      `Host: ${hostname}:${port}`,
      'Authorization: Bearer demo-token',
      'Content-Type: application/json',
      `Content-Length: ${25 * MB}`,
      'Idempotency-Key: sandbox-25mb',
      '',
      '',
    ].join('\r\n'),
  )
  // 1 MB of the 25: the answer must not wait for the rest.
  socket.write(`{"available":false,"x":"${'x'.repeat(MB)}`)
  await expect.poll(() => received, { timeout: 5000 }).toMatch(/^HTTP\/1\.1 413 /)
  expect(received).toMatch(/"code":"body_too_large"/)
  await expect.poll(() => closed, { timeout: 5000 }).toBe(true)
})

test('source maps are not served unless asked for', async ({ request }) => {
  const assets = readdirSync(`${ROOT}dist/assets`)
  const map = assets.find((name) => name.endsWith('.js.map'))
  expect(map, 'the build writes source maps').toBeDefined()
  expect((await request.get(`/assets/${map}`)).status()).toBe(404)
  expect((await request.get(`/assets/${map!.replace(/\.map$/, '')}`)).status()).toBe(200)
})

/** This machine's first address on a network: a request to it comes from it, not loopback. */
const external = Object.values(networkInterfaces())
  .flat()
  .find((info) => info && info.family === 'IPv4' && !info.internal)?.address

test.describe('npm start -- --host 0.0.0.0 (the README’s phone instructions)', () => {
  test.skip(!external, 'this machine has no network address besides loopback')

  let server: ChildProcess
  let output = ''
  let port: number

  test.beforeAll(async ({ workerBaseURL: baseURL }) => {
    // Beside the suite's server: its port plus one.
    port = Number(new URL(baseURL!).port) + 1
    server = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'scripts/serve.ts',
        '--host',
        '0.0.0.0',
        '--port',
        String(port),
        '--latency',
        '0',
      ],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    )
    server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()))
    server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()))
    await expect
      .poll(
        async () =>
          fetch(`http://127.0.0.1:${port}/api/health`).then(
            (r) => r.status,
            () => 0,
          ),
        { timeout: 30_000 },
      )
      .toBe(200)
  })

  test.afterAll(() => {
    server?.kill('SIGTERM')
  })

  test('the control plane answers another address only with the token printed in the warning', async () => {
    const phone = await playwrightRequest.newContext({ baseURL: `http://${external}:${port}` })
    const sent = await phone.post('/api/auth/code', {
      data: { phone: '+5511987654321', connection: 'sms' },
      headers: { 'Idempotency-Key': 'sandbox-phone-1' },
    })
    expect(sent.status()).toBe(202)
    const otp = `/api/__fake/otp?phone=${encodeURIComponent('+5511987654321')}`
    const refused = await phone.get(otp)
    expect(refused.status()).toBe(403)
    expect(await refused.text()).not.toMatch(/"code":"\d{6}"/)
    const fault = { data: { path: '*', fault: 'unavailable' } }
    expect((await phone.post('/api/__fake/faults', fault)).status()).toBe(403)
    expect((await phone.get('/api/health')).status()).toBe(200)

    expect(output).toContain('WARNING: listening on 0.0.0.0, beyond this computer')
    const token = /X-Control-Token: (\S+)/.exec(output)?.[1]
    expect(token).toBeDefined()
    const allowed = await phone.get(otp, { headers: { 'X-Control-Token': token! } })
    expect(allowed.status()).toBe(200)
    expect(((await allowed.json()) as { code: string }).code).toMatch(/^\d{6}$/)
    await phone.dispose()

    // From this computer, as the README's curl: no token needed.
    const here = await playwrightRequest.newContext({ baseURL: `http://127.0.0.1:${port}` })
    expect((await here.get(otp)).status()).toBe(200)
    expect(
      (
        await here.get('/api/health', {
          headers: { Host: `rebound.example:${port}` },
        })
      ).status(),
    ).toBe(403)
    await here.dispose()
  })
})
