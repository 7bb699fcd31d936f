/** Service health: the unavailable screen polls it. */
import { describe, expect, it } from 'vitest'
import { healthQueryOptions } from '@/features/system/api/health-query'
import { STATES } from '../mocks/provider-state-catalogue'
import { health } from './support/bodies'
import { fetchQuery, given, newPact, useMockServer } from './support/pact'

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
})
