/** Opportunities: the offers list, one offer, accept for a date, decline. */
import { MatchersV3 } from '@pact-foundation/pact'
import { describe, expect, it } from 'vitest'
import {
  acceptOpportunity,
  declineOpportunity,
  opportunityListQueryOptions,
  opportunityQueryOptions,
} from '@/features/opportunities/api/opportunity-queries'
import { STATES } from '../mocks/provider-state-catalogue'
import { opportunity, opportunityDetail, problem, task } from './support/bodies'
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

const { eachLike, integer, like } = MatchersV3
const pact = newPact()
const SCHEDULED_FOR = '2026-03-12T14:00:00.000Z'
const OUTSIDE_WINDOW = '2026-03-20T14:00:00.000Z'

describe('listOpportunities — GET /opportunities', () => {
  it('returns the offers, pending first', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.pendingOpportunity))
      .uponReceiving('a request for the opportunities')
      .withRequest('GET', '/api/opportunities', (b) => b.headers(AUTH).query({ limit: '100' }))
      .willRespondWith(200, (b) =>
        b.jsonBody({ items: eachLike(opportunity()), total: integer(5) }),
      )
      .executeTest(async (server) => {
        useMockServer(server)
        const page = await fetchQuery(opportunityListQueryOptions())
        expect(page.items.length).toBeGreaterThan(0)
      })
  })
})

describe('getOpportunity — GET /opportunities/{taskId}', () => {
  it('returns the offer with its mission and project', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.pendingOpportunity))
      .uponReceiving('a request for one opportunity')
      .withRequest('GET', statePath('/opportunities/${taskId}', STATES.pendingOpportunity), (b) =>
        b.headers(AUTH),
      )
      .willRespondWith(200, (b) => b.jsonBody(opportunityDetail()))
      .executeTest(async (server) => {
        useMockServer(server)
        const detail = await fetchQuery(opportunityQueryOptions('tsk_4822'))
        expect(detail.opportunity.status).toBe('pending')
        expect(detail.mission.awards.length).toBeGreaterThan(0)
      })
  })

  it('answers 404 for an unknown offer', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.noOpportunity))
      .uponReceiving('a request for an opportunity that does not exist')
      .withRequest('GET', '/api/opportunities/tsk_0000', (b) => b.headers(AUTH))
      .willRespondWith(404, (b) => problemReply(b, problem(404, 'not_found')))
      .executeTest(async (server) => {
        useMockServer(server)
        const error = await fetchQuery(opportunityQueryOptions('tsk_0000')).catch((e: unknown) => e)
        expect(error).toMatchObject({ status: 404, code: 'not_found' })
      })
  })
})

describe('acceptOpportunity — POST /opportunities/{taskId}/accept', () => {
  it('accepts for a date inside the window and returns the started task', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.pendingOpportunity))
      .uponReceiving('a request to accept an opportunity')
      .withRequest(
        'POST',
        statePath('/opportunities/${taskId}/accept', STATES.pendingOpportunity),
        (b) =>
          b
            .headers(WRITE_HEADERS)
            .jsonBody({ scheduledFor: injected('${scheduledFor}', SCHEDULED_FOR) }),
      )
      .willRespondWith(200, (b) => b.jsonBody(task('started')))
      .executeTest(async (server) => {
        useMockServer(server)
        const started = await acceptOpportunity('tsk_4822', SCHEDULED_FOR, crypto.randomUUID())
        expect(started.status.code).toBe('started')
      })
  })

  it('answers 409 opportunity_expired once the offer expired', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.expiredOpportunity))
      .uponReceiving('a request to accept an expired opportunity')
      .withRequest(
        'POST',
        statePath('/opportunities/${taskId}/accept', STATES.expiredOpportunity),
        (b) =>
          b
            .headers(WRITE_HEADERS)
            .jsonBody({ scheduledFor: injected('${scheduledFor}', SCHEDULED_FOR) }),
      )
      .willRespondWith(409, (b) => problemReply(b, problem(409, 'opportunity_expired')))
      .executeTest(async (server) => {
        useMockServer(server)
        const error = await acceptOpportunity('tsk_4822', SCHEDULED_FOR, crypto.randomUUID()).catch(
          (e: unknown) => e,
        )
        expect(error).toMatchObject({ status: 409, code: 'opportunity_expired' })
      })
  })
})

describe('acceptOpportunity — a date outside the window', () => {
  it('answers 409 date_outside_window (the form shows it under the date)', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.pendingOpportunity))
      .uponReceiving('a request to accept an opportunity for a date after its window')
      .withRequest(
        'POST',
        statePath('/opportunities/${taskId}/accept', STATES.pendingOpportunity),
        (b) =>
          b
            .headers(WRITE_HEADERS)
            .jsonBody({ scheduledFor: injected('${outsideWindow}', OUTSIDE_WINDOW) }),
      )
      .willRespondWith(409, (b) => problemReply(b, problem(409, 'date_outside_window')))
      .executeTest(async (server) => {
        useMockServer(server)
        const error = await acceptOpportunity(
          'tsk_4822',
          OUTSIDE_WINDOW,
          crypto.randomUUID(),
        ).catch((e: unknown) => e)
        expect(error).toMatchObject({ status: 409, code: 'date_outside_window' })
      })
  })
})

describe('declineOpportunity — POST /opportunities/{taskId}/decline', () => {
  it('declines with a reason', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.pendingOpportunity))
      .uponReceiving('a request to decline an opportunity')
      .withRequest(
        'POST',
        statePath('/opportunities/${taskId}/decline', STATES.pendingOpportunity),
        (b) => b.headers(WRITE_HEADERS).jsonBody({ reason: like('Fica longe de casa') }),
      )
      .willRespondWith(200, (b) =>
        b.jsonBody({ ...opportunity('declined'), declineReason: like('Fica longe de casa') }),
      )
      .executeTest(async (server) => {
        useMockServer(server)
        const declined = await declineOpportunity(
          'tsk_4822',
          'Fica longe de casa',
          crypto.randomUUID(),
        )
        expect(declined.status).toBe('declined')
      })
  })
})
