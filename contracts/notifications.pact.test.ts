/** Notifications (a fixed call of the backend, docs/product/api.md) and the company's bulletins. */
import { MatchersV3 } from '@pact-foundation/pact'
import { describe, expect, it } from 'vitest'
import {
  bulletinsQueryOptions,
  markBulletinRead,
  markNotificationRead,
  notificationListQueryOptions,
  notificationQueryOptions,
} from '@/features/notifications/api/notification-queries'
import { STATES } from '../mocks/provider-state-catalogue'
import { bulletin, notification, problem } from './support/bodies'
import { AUTH, fetchQuery, given, newPact, statePath, useMockServer } from './support/pact'
import { problemReply } from './support/raw-body'

const { eachLike, integer } = MatchersV3
const pact = newPact()
const SLUG = 'nova-oportunidade-perto-de-voce-1'

describe('listMyNotifications — GET /notifications/mine', () => {
  it('returns the notifications, unread first, with the unread count', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.unreadNotifications))
      .uponReceiving("a request for the agent's notifications")
      .withRequest('GET', '/api/notifications/mine', (b) => b.headers(AUTH).query({ limit: '100' }))
      .willRespondWith(200, (b) =>
        b.jsonBody({
          items: eachLike(notification(null)),
          total: integer(8),
          unreadCount: integer(3),
        }),
      )
      .executeTest(async (server) => {
        useMockServer(server)
        const page = await fetchQuery(notificationListQueryOptions())
        expect(page.unreadCount).toBeGreaterThan(0)
      })
  })
})

describe('getNotification — GET /notifications/{slug}', () => {
  it('returns one notification', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.unreadNotification))
      .uponReceiving('a request for an unread notification')
      .withRequest('GET', statePath('/notifications/${slug}', STATES.unreadNotification), (b) =>
        b.headers(AUTH),
      )
      .willRespondWith(200, (b) => b.jsonBody(notification(false)))
      .executeTest(async (server) => {
        useMockServer(server)
        const result = await fetchQuery(notificationQueryOptions(SLUG))
        expect(result.readAt).toBeNull()
      })
  })

  it('answers 404 for an unknown slug', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.noNotification))
      .uponReceiving('a request for a notification that does not exist')
      .withRequest('GET', '/api/notifications/notificacao-inexistente', (b) => b.headers(AUTH))
      .willRespondWith(404, (b) => problemReply(b, problem(404, 'not_found')))
      .executeTest(async (server) => {
        useMockServer(server)
        const error = await fetchQuery(notificationQueryOptions('notificacao-inexistente')).catch(
          (e: unknown) => e,
        )
        expect(error).toMatchObject({ status: 404, code: 'not_found' })
      })
  })
})

describe('markNotificationRead — PUT /notifications/{slug}/read', () => {
  it('marks it read', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.unreadNotification))
      .uponReceiving('a request to mark a notification read')
      .withRequest(
        'PUT',
        statePath('/notifications/${slug}/read', STATES.unreadNotification),
        (b) => b.headers(AUTH),
      )
      .willRespondWith(200, (b) => b.jsonBody(notification(true)))
      .executeTest(async (server) => {
        useMockServer(server)
        const result = await markNotificationRead(SLUG)
        expect(result.readAt).not.toBeNull()
      })
  })

  // The app ignores a failed read mark, but a provider that answers something else than 404
  // for a notification it does not have would hide a real bug: pinned all the same.
  it('answers 404 for an unknown slug', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.noNotification))
      .uponReceiving('a request to mark read a notification that does not exist')
      .withRequest('PUT', '/api/notifications/notificacao-inexistente/read', (b) => b.headers(AUTH))
      .willRespondWith(404, (b) => problemReply(b, problem(404, 'not_found')))
      .executeTest(async (server) => {
        useMockServer(server)
        const error = await markNotificationRead('notificacao-inexistente').catch((e: unknown) => e)
        expect(error).toMatchObject({ status: 404, code: 'not_found' })
      })
  })
})

describe('listBulletins — GET /bulletins', () => {
  it('returns the bulletins, newest first', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.unreadBulletin))
      .uponReceiving('a request for the bulletins')
      .withRequest('GET', '/api/bulletins', (b) => b.headers(AUTH))
      .willRespondWith(200, (b) => b.jsonBody({ items: eachLike(bulletin(null)) }))
      .executeTest(async (server) => {
        useMockServer(server)
        const result = await fetchQuery(bulletinsQueryOptions())
        expect(result.items.length).toBeGreaterThan(0)
      })
  })
})

describe('markBulletinRead — PUT /bulletins/{id}/read', () => {
  it('marks it read', async () => {
    await pact
      .addInteraction()
      .given(...given(STATES.unreadBulletin))
      .uponReceiving('a request to mark a bulletin read')
      .withRequest('PUT', statePath('/bulletins/${bulletinId}/read', STATES.unreadBulletin), (b) =>
        b.headers(AUTH),
      )
      .willRespondWith(200, (b) => b.jsonBody(bulletin(true)))
      .executeTest(async (server) => {
        useMockServer(server)
        const result = await markBulletinRead('blt_1')
        expect(result.readAt).not.toBeNull()
      })
  })
})
