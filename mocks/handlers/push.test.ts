import { describe, expect, it } from 'vitest'
import { createFakeApi } from '../testing/fake-api'
import { RECORD_ONLY_PUBLIC_KEY } from '../push'
import { DEMO_AGENT_ID } from '../seed/seed'

const subscription = (n = 1) => ({
  endpoint: `https://push.example/send/device-${n}`,
  expirationTime: null,
  keys: { p256dh: `B${'a'.repeat(86)}`, auth: 'c2VjcmV0LWF1dGgtMTIz' },
})

describe('GET /push/key', () => {
  it("answers the server's VAPID public key", async () => {
    const api = await createFakeApi()
    const res = await api.call('GET', '/push/key')
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ publicKey: RECORD_ONLY_PUBLIC_KEY })
  })

  it('refuses without a session', async () => {
    const api = await createFakeApi()
    expect((await api.call('GET', '/push/key', { token: null })).status).toBe(401)
  })
})

describe('POST /push/subscriptions', () => {
  it('registers the device, and a renewal with the same endpoint replaces it', async () => {
    const api = await createFakeApi()
    const first = await api.call('POST', '/push/subscriptions', {
      body: { subscription: subscription(), deviceLabel: 'Chrome no Android' },
    })
    expect(first.status).toBe(201)
    expect(first.body).toMatchObject({
      id: expect.stringMatching(/^psh_/),
      deviceLabel: 'Chrome no Android',
    })
    const again = await api.call('POST', '/push/subscriptions', {
      body: { subscription: subscription(), deviceLabel: 'Chrome no Android' },
    })
    expect(again.body.id).not.toBe(first.body.id)
    const kept = api.db.pushSubscriptions.findMany((q) => q.where({ ownerId: DEMO_AGENT_ID }))
    expect(kept.map((s) => s.id)).toEqual([again.body.id])
  })

  it('answers a repeated Idempotency-Key from its record', async () => {
    const api = await createFakeApi()
    const body = { subscription: subscription(), deviceLabel: 'Chrome no Android' }
    const a = await api.call('POST', '/push/subscriptions', { body, idempotencyKey: 'push-key-1' })
    const b = await api.call('POST', '/push/subscriptions', { body, idempotencyKey: 'push-key-1' })
    expect(b.body).toEqual(a.body)
    expect(b.headers.get('Idempotent-Replay')).toBe('true')
    expect(api.db.pushSubscriptions.all()).toHaveLength(1)
  })

  it.each([
    ['no endpoint', { subscription: { ...subscription(), endpoint: undefined }, deviceLabel: 'x' }],
    [
      'an endpoint that is not a URL',
      { subscription: { ...subscription(), endpoint: 'push' }, deviceLabel: 'x' },
    ],
    ['no keys', { subscription: { endpoint: subscription().endpoint }, deviceLabel: 'x' }],
    ['no device label', { subscription: subscription() }],
  ])('answers 422 with the fields for %s', async (_name, body) => {
    const api = await createFakeApi()
    const res = await api.call('POST', '/push/subscriptions', { body })
    expect(res.status).toBe(422)
    expect(res.body.code).toBe('validation_failed')
    expect(res.body.fields.length).toBeGreaterThan(0)
    expect(api.db.pushSubscriptions.all()).toHaveLength(0)
  })
})

describe('DELETE /push/subscriptions/{id}', () => {
  it("removes the agent's device; a second removal is 404", async () => {
    const api = await createFakeApi()
    const { body } = await api.call('POST', '/push/subscriptions', {
      body: { subscription: subscription(), deviceLabel: 'Chrome no Android' },
    })
    expect((await api.call('DELETE', `/push/subscriptions/${body.id}`)).status).toBe(204)
    expect(api.db.pushSubscriptions.all()).toHaveLength(0)
    const again = await api.call('DELETE', `/push/subscriptions/${body.id}`)
    expect(again.status).toBe(404)
  })

  it("does not remove another agent's device", async () => {
    const api = await createFakeApi()
    await api.db.pushSubscriptions.create({
      id: 'psh_other',
      ownerId: 'agt_other',
      endpoint: 'https://push.example/other',
      p256dh: 'x',
      auth: 'y',
      deviceLabel: 'Outro',
      createdAt: new Date().toISOString(),
    })
    expect((await api.call('DELETE', '/push/subscriptions/psh_other')).status).toBe(404)
    expect(api.db.pushSubscriptions.all()).toHaveLength(1)
  })
})
