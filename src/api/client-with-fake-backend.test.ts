/**
 * The app's real client against the fake backend through msw/node: what the screens do,
 * minus the screens. Proves the typed client, its middleware and the handlers agree.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_TOKEN } from '../../mocks/seed/seed'
import { setupFakeServer } from '../../mocks/node'
import { isApiError } from './api-error'
import { createApiClient, data } from './client'

const fake = await setupFakeServer()
let token: string | null = DEMO_TOKEN
const expired: unknown[] = []
const client = createApiClient({
  baseUrl: fake.apiBaseUrl,
  getToken: () => token,
  onSessionExpired: (e) => expired.push(e),
})

beforeAll(() => fake.server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => fake.server.close())

describe('typed client ↔ fake backend (msw/node)', () => {
  it('reads my tasks with the bearer token', async () => {
    const page = await data(
      client.GET('/tasks/mine', { params: { query: { status: ['started'] } } }),
    )
    expect(page.items.length).toBeGreaterThan(0)
    expect(page.items.every((t) => t.status.code === 'started')).toBe(true)
  })

  it('turns a refused transition into an ApiError with the problem code', async () => {
    const visited = (
      await data(client.GET('/tasks/mine', { params: { query: { status: ['visited'] } } }))
    ).items[0]!
    const error = await data(
      client.PUT('/tasks/{id}/checkout', {
        params: { path: { id: visited.id }, header: { 'Idempotency-Key': 'k-visited-checkout' } },
        body: { at: new Date().toISOString(), offline: false },
      }),
    ).catch((e: unknown) => e)
    expect(isApiError(error) && error.status).toBe(409)
    expect(isApiError(error) && error.code).toBe('transition_refused')
  })

  it('reports an expired session once and rejects with session_expired', async () => {
    token = 'expired-token'
    const error = await data(client.GET('/me')).catch((e: unknown) => e)
    token = DEMO_TOKEN
    expect(isApiError(error) && error.code).toBe('session_expired')
    expect(expired).toHaveLength(1)
  })

  it('signs in with the code the fake backend sent', async () => {
    token = null
    const ticket = await data(
      client.POST('/auth/code', {
        params: { header: { 'Idempotency-Key': 'k-sign-in' } },
        body: { phone: '+5511987654321', connection: 'sms' },
      }),
    )
    const code = await fetch(
      `${fake.apiBaseUrl}/__fake/otp?phone=${encodeURIComponent(ticket.phone)}`,
    ).then((r) => r.json() as Promise<{ code: string }>)
    const session = await data(
      client.POST('/auth/session', { body: { phone: ticket.phone, code: code.code } }),
    )
    token = DEMO_TOKEN
    expect(session.agent.phone).toBe('+5511987654321')
    expect(session.token).not.toBe(DEMO_TOKEN)
  })
})
