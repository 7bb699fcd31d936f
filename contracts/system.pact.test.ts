/** Service health: the unavailable screen polls it. */
import { describe, expect, it } from 'vitest'
import { healthQueryOptions } from '@/features/system/api/health-query'
import { STATES } from '../mocks/provider-state-catalogue'
import { health, problem } from './support/bodies'
import { fetchQuery, given, newPact, useMockServer } from './support/pact'
import { problemReply } from './support/raw-body'

const pact = newPact()

describe('getHealth — GET /health', () => {
  it('answers the service status', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.serviceUp))
      .uponReceiving('a health check')
      .withRequest('GET', '/api/health')
      .willRespondWith(200, (b) => b.jsonBody(health()))
      .executeTest(async (server) => {
        useMockServer(server, null)
        const result = await fetchQuery(healthQueryOptions())
        expect(result.status).toBe('ok')
        expect(Date.parse(result.time)).not.toBeNaN()
      })
  })

  it('answers 503 maintenance while the service is in maintenance (the unavailable screen waits)', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.maintenance))
      .uponReceiving('a health check during maintenance')
      .withRequest('GET', '/api/health')
      .willRespondWith(503, (b) => problemReply(b, problem(503, 'maintenance')))
      .executeTest(async (server) => {
        useMockServer(server, null)
        const error = await fetchQuery(healthQueryOptions()).catch((e: unknown) => e)
        expect(error).toMatchObject({ status: 503, code: 'maintenance' })
      })
  })
})
