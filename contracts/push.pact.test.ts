/** Web Push: the server's VAPID key, registering this device's subscription and removing it. */
import { newIdempotencyKey } from '@/api/client'
import { MatchersV3 } from '@pact-foundation/pact'
import { describe, expect, it } from 'vitest'
import { ApiError } from '@/api/api-error'
import { fetchPushKey, registerPushSubscription, removePushSubscription } from '@/lib/push'
import { STATES } from '../mocks/provider-state-catalogue'
import { fieldErrors, instant, problem } from './support/bodies'
import {
  AUTH,
  given,
  injected,
  newPact,
  statePath,
  useMockServer,
  WRITE_HEADERS,
} from './support/pact'
import { problemReply } from './support/raw-body'

const { like, regex } = MatchersV3
const pact = newPact()

const SUBSCRIPTION = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/dX1yZ2hpOmFQQTkxYkc',
  expirationTime: null,
  keys: {
    p256dh:
      'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
}

const subscriptionBody = () => ({
  subscription: {
    endpoint: regex('^https://\\S+$', SUBSCRIPTION.endpoint),
    expirationTime: null,
    keys: {
      p256dh: regex('^[A-Za-z0-9_-]{80,100}$', SUBSCRIPTION.keys.p256dh),
      auth: regex('^[A-Za-z0-9_-]{16,32}$', SUBSCRIPTION.keys.auth),
    },
  },
  deviceLabel: like('Chrome no Android'),
})

describe('getPushKey — GET /push/key', () => {
  it("returns the server's VAPID public key", async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.signedIn))
      .uponReceiving("a request for the server's push key")
      .withRequest('GET', '/api/push/key', (b) => b.headers(AUTH))
      .willRespondWith(200, (b) =>
        b.jsonBody({ publicKey: regex('^[A-Za-z0-9_-]{80,100}$', SUBSCRIPTION.keys.p256dh) }),
      )
      .executeTest(async (server) => {
        useMockServer(server)
        const { publicKey } = await fetchPushKey()
        expect(publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/)
      })
  })

  it('answers 401 when the session expired', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.sessionExpired))
      .uponReceiving('a request for the push key with an expired session')
      .withRequest('GET', '/api/push/key', (b) =>
        b.headers({ Authorization: injected('Bearer ${token}', 'Bearer expired-token') }),
      )
      .willRespondWith(401, (b) => problemReply(b, problem(401, 'session_expired')))
      .executeTest(async (server) => {
        useMockServer(server, { token: 'expired-token' })
        const error = await fetchPushKey().catch((e: unknown) => e)
        expect(error).toBeInstanceOf(ApiError)
        expect(error).toMatchObject({ status: 401, code: 'session_expired' })
      })
  })
})

describe('registerPushSubscription — POST /push/subscriptions', () => {
  it("registers this device's subscription", async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.signedIn))
      .uponReceiving("a request to register the device's push subscription")
      .withRequest('POST', '/api/push/subscriptions', (b) =>
        b.headers(WRITE_HEADERS).jsonBody(subscriptionBody()),
      )
      .willRespondWith(201, (b) =>
        b.jsonBody({
          id: like('psh_8Kq2Lm4Np0'),
          deviceLabel: like('Chrome no Android'),
          createdAt: instant(),
        }),
      )
      .executeTest(async (server) => {
        useMockServer(server)
        const registered = await registerPushSubscription(
          SUBSCRIPTION,
          'Chrome no Android',
          newIdempotencyKey(),
        )
        expect(registered.id).toBeTruthy()
      })
  })

  it('answers 422 with the fields when the subscription has no keys', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.signedIn))
      .uponReceiving('a request to register a push subscription without keys')
      .withRequest('POST', '/api/push/subscriptions', (b) =>
        b.headers(WRITE_HEADERS).jsonBody({
          subscription: { endpoint: regex('^https://\\S+$', SUBSCRIPTION.endpoint) },
          deviceLabel: like('Chrome no Android'),
        }),
      )
      .willRespondWith(422, (b) =>
        problemReply(
          b,
          problem(422, 'validation_failed', { fields: fieldErrors('subscription.keys') }),
        ),
      )
      .executeTest(async (server) => {
        useMockServer(server)
        const broken = { endpoint: SUBSCRIPTION.endpoint } as typeof SUBSCRIPTION
        const error = await registerPushSubscription(
          broken,
          'Chrome no Android',
          newIdempotencyKey(),
        ).catch((e: unknown) => e)
        expect(error).toMatchObject({ status: 422, code: 'validation_failed' })
      })
  })

  it('answers 401 when the session expired', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.sessionExpired))
      .uponReceiving('a request to register a push subscription with an expired session')
      .withRequest('POST', '/api/push/subscriptions', (b) =>
        b
          .headers({
            ...WRITE_HEADERS,
            Authorization: injected('Bearer ${token}', 'Bearer expired-token'),
          })
          .jsonBody(subscriptionBody()),
      )
      .willRespondWith(401, (b) => problemReply(b, problem(401, 'session_expired')))
      .executeTest(async (server) => {
        useMockServer(server, { token: 'expired-token' })
        const error = await registerPushSubscription(
          SUBSCRIPTION,
          'Chrome no Android',
          newIdempotencyKey(),
        ).catch((e: unknown) => e)
        expect(error).toMatchObject({ status: 401, code: 'session_expired' })
      })
  })
})

describe('removePushSubscription — DELETE /push/subscriptions/{id}', () => {
  it('stops pushes to the device', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.pushSubscribed))
      .uponReceiving("a request to remove the device's push subscription")
      .withRequest(
        'DELETE',
        statePath('/push/subscriptions/${subscriptionId}', STATES.pushSubscribed),
        (b) => b.headers(AUTH),
      )
      .willRespondWith(204)
      .executeTest(async (server) => {
        useMockServer(server)
        await expect(removePushSubscription('psh_aparelho')).resolves.toBeUndefined()
      })
  })

  it('answers 404 for a subscription the server does not have', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.noPushSubscription))
      .uponReceiving('a request to remove a push subscription that does not exist')
      .withRequest('DELETE', '/api/push/subscriptions/psh_inexistente', (b) => b.headers(AUTH))
      .willRespondWith(404, (b) => problemReply(b, problem(404, 'not_found')))
      .executeTest(async (server) => {
        useMockServer(server)
        const error = await removePushSubscription('psh_inexistente').catch((e: unknown) => e)
        expect(error).toMatchObject({ status: 404, code: 'not_found' })
      })
  })

  it('answers 401 when the session expired', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.sessionExpired))
      .uponReceiving('a request to remove a push subscription with an expired session')
      .withRequest('DELETE', '/api/push/subscriptions/psh_aparelho', (b) =>
        b.headers({ Authorization: injected('Bearer ${token}', 'Bearer expired-token') }),
      )
      .willRespondWith(401, (b) => problemReply(b, problem(401, 'session_expired')))
      .executeTest(async (server) => {
        useMockServer(server, { token: 'expired-token' })
        const error = await removePushSubscription('psh_aparelho').catch((e: unknown) => e)
        expect(error).toMatchObject({ status: 401, code: 'session_expired' })
      })
  })
})
