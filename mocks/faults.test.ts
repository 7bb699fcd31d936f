import { getResponse } from 'msw'
import { describe, expect, it } from 'vitest'
import { createFakeBackend, type FakeBackend } from './fake-backend'
import { driftedBody, parseFaultRules } from './faults'
import { DEMO_AGENT_ID, DEMO_TOKEN } from './seed/seed'
import { validateResponse } from './testing/openapi-validator'

const ORIGIN = 'http://fake.test'

async function backend() {
  return createFakeBackend({ controlApi: true, seed: 4821 })
}

function send(fake: FakeBackend, method: string, path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers)
  headers.set('Authorization', `Bearer ${DEMO_TOKEN}`)
  if (init.body) headers.set('Content-Type', 'application/json')
  const request = new Request(`${ORIGIN}/api${path}`, { ...init, method, headers })
  return getResponse(fake.handlers, request, { baseUrl: ORIGIN })
}

async function firstTaskSlug(fake: FakeBackend) {
  const res = await send(fake, 'GET', '/tasks/mine')
  const body = (await res!.json()) as { items: Array<{ slug: string }> }
  return body.items[0]!.slug
}

describe('fault switches', () => {
  it('answer a 500 problem, then the real handler once `times` is used up', async () => {
    const fake = await backend()
    fake.addFaults({ method: 'GET', path: '/opportunities', fault: 'server-error', times: 1 })
    const failed = await send(fake, 'GET', '/opportunities')
    expect(failed!.status).toBe(500)
    expect(failed!.headers.get('Content-Type')).toBe('application/problem+json')
    expect(await failed!.json()).toMatchObject({ status: 500, code: 'internal_error' })
    const healed = await send(fake, 'GET', '/opportunities')
    expect(healed!.status).toBe(200)
    expect(fake.context.faults.list()).toEqual([])
  })

  it('answer 503 with the maintenance problem the app sends to /unavailable', async () => {
    const fake = await backend()
    fake.addFaults({ path: '/me', fault: 'unavailable' })
    const res = await send(fake, 'GET', '/me')
    expect(res!.status).toBe(503)
    expect(res!.headers.get('Retry-After')).toBe('60')
    const body = await res!.json()
    expect(body).toMatchObject({ status: 503, code: 'maintenance' })
    // The contract's own 503 shape (as /health declares it).
    expect(validateResponse('GET', '/health', 503, 'application/problem+json', body)).toMatchObject(
      { ok: true },
    )
    // Without `times` the rule stays, and the health check says "maintenance" meanwhile.
    expect((await send(fake, 'GET', '/me'))!.status).toBe(503)
    expect((await send(fake, 'GET', '/wallet'))!.status).toBe(200)
    expect((await send(fake, 'GET', '/health'))!.status).toBe(503)
    fake.clearFaults()
    expect((await send(fake, 'GET', '/health'))!.status).toBe(200)
  })

  it('say the Retry-After a rule gives, in seconds or as an HTTP-date, the health check too', async () => {
    const fake = await backend()
    fake.addFaults({ method: 'POST', path: '/media', fault: 'unavailable', retryAfter: 120 })
    const res = await send(fake, 'POST', '/media')
    expect(res!.status).toBe(503)
    expect(res!.headers.get('Retry-After')).toBe('120')
    expect(await res!.json()).toMatchObject({ code: 'maintenance', retryAfterSeconds: 120 })
    expect((await send(fake, 'GET', '/health'))!.headers.get('Retry-After')).toBe('120')
    fake.clearFaults()
    const at = 'Wed, 21 Oct 2026 07:28:00 GMT'
    fake.addFaults({ path: '/me', fault: 'unavailable', retryAfter: at })
    const dated = await send(fake, 'GET', '/me')
    expect(dated!.headers.get('Retry-After')).toBe(at)
    expect(await dated!.json()).not.toHaveProperty('retryAfterSeconds')
    expect(parseFaultRules({ path: '*', fault: 'unavailable', retryAfter: -1 })).toMatch(
      /retryAfter/,
    )
    expect(parseFaultRules({ path: '*', fault: 'unavailable', retryAfter: 'amanhã' })).toMatch(
      /retryAfter/,
    )
  })

  it('answer a 200 HTML page for not-json', async () => {
    const fake = await backend()
    fake.addFaults({ path: '/wallet', fault: 'not-json' })
    const res = await send(fake, 'GET', '/wallet')
    expect(res!.status).toBe(200)
    expect(res!.headers.get('Content-Type')).toContain('text/html')
    const text = await res!.text()
    expect(() => JSON.parse(text) as unknown).toThrow()
  })

  it('answer the real body with renamed fields for schema-mismatch: valid JSON, not the contract', async () => {
    const fake = await backend()
    const slug = await firstTaskSlug(fake)
    fake.addFaults({ method: 'GET', path: '/tasks/{slug}', fault: 'schema-mismatch' })
    const res = await send(fake, 'GET', `/tasks/${slug}`)
    expect(res!.status).toBe(200)
    const body = (await res!.json()) as Record<string, unknown>
    expect(body.slug_v2).toBe(slug)
    expect(body.slug).toBeUndefined()
    const check = validateResponse('GET', `/tasks/${slug}`, 200, 'application/json', body)
    expect(check.ok).toBe(false)
  })

  it('schema-mismatch on a write applies it, then answers the drifted body', async () => {
    const fake = await backend()
    fake.addFaults({ method: 'PUT', path: '/me/availability', fault: 'schema-mismatch' })
    const res = await send(fake, 'PUT', '/me/availability', {
      body: JSON.stringify({ available: false }),
      headers: { 'Idempotency-Key': 'k-drift' },
    })
    expect(res!.status).toBe(200)
    expect(await res!.json()).toMatchObject({ available_v2: false })
    expect(fake.db.agents.findFirst((q) => q.where({ id: DEMO_AGENT_ID }))?.available).toBe(false)
    // A refusal goes through as it is (nothing to drift).
    fake.addFaults({ method: 'PUT', path: '/me/availability', fault: 'schema-mismatch' })
    const refused = await send(fake, 'PUT', '/me/availability', { body: '{}' })
    expect(refused!.status).toBe(422)
  })

  it('a template matches its operation only: `/tasks/{id}` leaves `/tasks/mine` alone', async () => {
    const fake = await backend()
    const slug = await firstTaskSlug(fake)
    fake.addFaults({ path: '/tasks/{id}', fault: 'server-error' })
    expect((await send(fake, 'GET', '/tasks/mine'))!.status).toBe(200)
    expect((await send(fake, 'GET', `/tasks/${slug}`))!.status).toBe(500)
    // …nor a longer path under it.
    const longer = await send(fake, 'PUT', `/tasks/${slug}/checkin/byPosition`, { body: '{}' })
    expect(longer?.status).toBe(422)
  })

  it('match a concrete path, a prefix with `*` and a method', async () => {
    const fake = await backend()
    const slug = await firstTaskSlug(fake)
    fake.addFaults({ path: `/tasks/${slug}`, fault: 'server-error', times: 1 })
    expect((await send(fake, 'GET', `/tasks/${slug}`))!.status).toBe(500)
    expect((await send(fake, 'GET', `/tasks/${slug}`))!.status).toBe(200)

    fake.addFaults({ method: 'PUT', path: '/notifications/*', fault: 'server-error' })
    expect((await send(fake, 'GET', '/notifications/mine'))!.status).toBe(200)
    expect((await send(fake, 'PUT', '/notifications/n-1/read'))!.status).toBe(500)

    fake.clearFaults()
    fake.addFaults({ path: '*', fault: 'server-error' })
    expect((await send(fake, 'GET', '/wallet'))!.status).toBe(500)
    expect((await send(fake, 'GET', '/health'))!.status).toBe(500)
  })

  it('answer a network error for network-error', async () => {
    const fake = await backend()
    fake.addFaults({ path: '/bulletins', fault: 'network-error' })
    const res = await send(fake, 'GET', '/bulletins')
    expect(res!.type).toBe('error')
  })

  it('hang until the caller gives up', async () => {
    const fake = await backend()
    fake.addFaults({ path: '/awards/mine', fault: 'hang' })
    const controller = new AbortController()
    let settled = false
    const pending = send(fake, 'GET', '/awards/mine', { signal: controller.signal }).then((r) => {
      settled = true
      return r
    })
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(settled).toBe(false)
    controller.abort()
    const res = await pending
    expect(res!.type).toBe('error')
  })

  it('never touch the control plane, and reset clears them', async () => {
    const fake = await backend()
    fake.addFaults({ path: '*', fault: 'network-error' })
    const otp = await send(fake, 'GET', '/__fake/faults')
    expect(otp!.status).toBe(200)
    expect(await otp!.json()).toEqual({ rules: [{ path: '*', fault: 'network-error' }] })
    await fake.reset()
    expect(fake.context.faults.list()).toEqual([])
    expect((await send(fake, 'GET', '/wallet'))!.status).toBe(200)
  })

  it('are switched on and off through the control plane', async () => {
    const fake = await backend()
    const added = await send(fake, 'POST', '/__fake/faults', {
      body: JSON.stringify({ rules: [{ method: 'get', path: '/wallet', fault: 'server-error' }] }),
    })
    expect(added!.status).toBe(200)
    expect((await send(fake, 'GET', '/wallet'))!.status).toBe(500)
    const cleared = await send(fake, 'DELETE', '/__fake/faults')
    expect(cleared!.status).toBe(200)
    expect((await send(fake, 'GET', '/wallet'))!.status).toBe(200)

    // One rule without the `rules` wrapper, then a reset through the control plane.
    await send(fake, 'POST', '/__fake/faults', {
      body: JSON.stringify({ path: '/wallet', fault: 'not-json' }),
    })
    expect((await send(fake, 'GET', '/wallet'))!.headers.get('Content-Type')).toContain('html')
    await send(fake, 'POST', '/__fake/reset', { body: '{}' })
    expect((await send(fake, 'GET', '/wallet'))!.status).toBe(200)
  })

  it('refuse a malformed rule with a pt-BR reason', async () => {
    const fake = await backend()
    const res = await send(fake, 'POST', '/__fake/faults', {
      body: JSON.stringify({ path: '/wallet', fault: 'explode' }),
    })
    expect(res!.status).toBe(422)
    expect(((await res!.json()) as { error: string }).error).toMatch(/^Falha desconhecida: explode/)
    expect(parseFaultRules({ path: '', fault: 'hang' })).toBe('Informe o caminho (path) da regra.')
    expect(parseFaultRules([{ path: '/me', fault: 'hang', times: 0 }])).toBe(
      'times deve ser um inteiro positivo.',
    )
  })

  it('drift a body by renaming its keys (arrays element by element)', () => {
    expect(driftedBody({ id: 'a', n: 1 })).toEqual({ id_v2: 'a', n_v2: 1 })
    expect(driftedBody([{ id: 'a' }])).toEqual([{ id_v2: 'a' }])
    expect(driftedBody('text')).toEqual({ unexpected: true })
  })
})
