/** The signed-in agent (shell badges), availability, profile and terms of use. */
import { newIdempotencyKey } from '@/api/client'
import { MatchersV3 } from '@pact-foundation/pact'
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/api/api-error'
import {
  acceptTerms,
  profileQueryOptions,
  setAvailability,
  termsQueryOptions,
  updateProfile,
} from '@/features/account/api/account-queries'
import { meQueryOptions } from '@/features/account/api/me-query'
import { setMaintenanceHandler } from '@/lib/api'
import { STATES } from '../mocks/provider-state-catalogue'
import { agent, calendarDate, fieldErrors, problem, profile, terms } from './support/bodies'
import {
  AUTH,
  fetchQuery,
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

const PROFILE_INPUT = {
  fullName: 'Ana Paula Souza',
  displayName: 'Ana',
  email: 'ana.souza@exemplo.com.br',
  birthDate: '1994-03-12',
  address: {
    street: 'Rua Augusta',
    number: '1500',
    complement: 'Apto 42',
    district: 'Consolação',
    city: 'São Paulo',
    state: 'SP' as const,
    zip: '01304001',
  },
}

const profileInputBody = (birthDate: string) => ({
  fullName: like(PROFILE_INPUT.fullName),
  displayName: like(PROFILE_INPUT.displayName),
  email: like(PROFILE_INPUT.email),
  birthDate: calendarDate(birthDate),
  address: {
    street: like(PROFILE_INPUT.address.street),
    number: like(PROFILE_INPUT.address.number),
    complement: like(PROFILE_INPUT.address.complement),
    district: like(PROFILE_INPUT.address.district),
    city: like(PROFILE_INPUT.address.city),
    state: regex('^[A-Z]{2}$', 'SP'),
    zip: regex('^\\d{8}$', PROFILE_INPUT.address.zip),
  },
})

describe('getMe — GET /me', () => {
  it('returns the agent with badge counts', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.signedIn))
      .uponReceiving('a request for the signed-in agent')
      .withRequest('GET', '/api/me', (b) => b.headers(AUTH))
      .willRespondWith(200, (b) => b.jsonBody(agent()))
      .executeTest(async (server) => {
        useMockServer(server)
        const me = await fetchQuery(meQueryOptions())
        expect(me.counts.unreadNotifications).toBeGreaterThanOrEqual(0)
        expect(me.phone).toMatch(/^\+55/)
      })
  })

  it('answers 401 when the session expired', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.sessionExpired))
      .uponReceiving('a request for the agent with an expired session')
      .withRequest('GET', '/api/me', (b) =>
        b.headers({ Authorization: injected('Bearer ${token}', 'Bearer expired-token') }),
      )
      .willRespondWith(401, (b) => problemReply(b, problem(401, 'session_expired')))
      .executeTest(async (server) => {
        useMockServer(server, { token: 'expired-token' })
        const error = await fetchQuery(meQueryOptions()).catch((e: unknown) => e)
        expect(error).toBeInstanceOf(ApiError)
        expect(error).toMatchObject({ status: 401, code: 'session_expired' })
      })
  })
})

describe('getMe — GET /me, in maintenance', () => {
  it('answers 503 maintenance, and the app opens its maintenance screen', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.maintenance))
      .uponReceiving('a request for the signed-in agent during maintenance')
      .withRequest('GET', '/api/me', (b) => b.headers(AUTH))
      .willRespondWith(503, (b) => problemReply(b, problem(503, 'maintenance')))
      .executeTest(async (server) => {
        useMockServer(server)
        const maintenance = vi.fn()
        setMaintenanceHandler(maintenance)
        try {
          const error = await fetchQuery(meQueryOptions()).catch((e: unknown) => e)
          expect(error).toMatchObject({ status: 503, code: 'maintenance', isTransient: true })
          expect(maintenance).toHaveBeenCalledTimes(1)
        } finally {
          setMaintenanceHandler(() => {})
        }
      })
  })
})

describe('setAvailability — PUT /me/availability', () => {
  it('marks the agent unavailable', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.signedIn))
      .uponReceiving('a request to mark the agent unavailable')
      .withRequest('PUT', '/api/me/availability', (b) =>
        b.headers(WRITE_HEADERS).jsonBody({ available: false }),
      )
      .willRespondWith(200, (b) => b.jsonBody({ ...agent(), available: false }))
      .executeTest(async (server) => {
        useMockServer(server)
        const updated = await setAvailability(false, newIdempotencyKey())
        expect(updated.available).toBe(false)
      })
  })
})

describe('getProfile — GET /me/profile', () => {
  it("returns the agent's profile", async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.signedIn))
      .uponReceiving("a request for the agent's profile")
      .withRequest('GET', '/api/me/profile', (b) => b.headers(AUTH))
      .willRespondWith(200, (b) => b.jsonBody(profile()))
      .executeTest(async (server) => {
        useMockServer(server)
        const result = await fetchQuery(profileQueryOptions())
        expect(result.address.state).toMatch(/^[A-Z]{2}$/)
      })
  })
})

describe('updateProfile — PUT /me/profile', () => {
  it('saves the profile', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.signedIn))
      .uponReceiving('a request to update the profile')
      .withRequest('PUT', '/api/me/profile', (b) =>
        b.headers(WRITE_HEADERS).jsonBody(profileInputBody(PROFILE_INPUT.birthDate)),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({ ...profile(), fullName: like(PROFILE_INPUT.fullName) }),
      )
      .executeTest(async (server) => {
        useMockServer(server)
        const saved = await updateProfile(PROFILE_INPUT, newIdempotencyKey())
        expect(saved.fullName).toBe(PROFILE_INPUT.fullName)
      })
  })

  it('answers 422 with the field in error for a minor', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.signedIn))
      .uponReceiving('a request to update the profile with a birth date under 18 years')
      .withRequest('PUT', '/api/me/profile', (b) =>
        b.headers(WRITE_HEADERS).jsonBody(profileInputBody('2020-01-15')),
      )
      .willRespondWith(422, (b) =>
        problemReply(b, problem(422, 'validation_failed', { fields: fieldErrors('birthDate') })),
      )
      .executeTest(async (server) => {
        useMockServer(server)
        const error = (await updateProfile(
          { ...PROFILE_INPUT, birthDate: '2020-01-15' },
          newIdempotencyKey(),
        ).catch((e: unknown) => e)) as ApiError
        expect(error.status).toBe(422)
        expect(Object.keys(error.fieldErrors)).toContain('birthDate')
      })
  })
})

describe('getCurrentTerms — GET /terms/current', () => {
  it('returns the terms in force and when the agent accepted them', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.signedIn))
      .uponReceiving('a request for the current terms of use')
      .withRequest('GET', '/api/terms/current', (b) => b.headers(AUTH))
      .willRespondWith(200, (b) => b.jsonBody(terms()))
      .executeTest(async (server) => {
        useMockServer(server)
        const result = await fetchQuery(termsQueryOptions())
        expect(result.body.length).toBeGreaterThan(0)
      })
  })
})

describe('acceptTerms — PUT /terms/{version}/acceptance', () => {
  it('records the acceptance of the current version', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.termsNotAccepted))
      .uponReceiving('a request to accept the current terms')
      .withRequest(
        'PUT',
        statePath('/terms/${termsVersion}/acceptance', STATES.termsNotAccepted),
        (b) => b.headers(WRITE_HEADERS),
      )
      .willRespondWith(200, (b) => b.jsonBody(agent()))
      .executeTest(async (server) => {
        useMockServer(server)
        const updated = await acceptTerms('2026.2', newIdempotencyKey())
        expect(updated.termsVersionAccepted).toBe('2026.2')
      })
  })
})
