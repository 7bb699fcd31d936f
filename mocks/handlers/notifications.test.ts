import { describe, expect, it } from 'vitest'
import type { Notification } from '@/api/entities'
import { createFakeApi } from '../testing/fake-api'
import { DEMO_AGENT_ID, type ScenarioName } from '../seed/seed'

const T0 = Date.parse('2026-03-10T12:00:00.000Z')
const HOUR = 3_600_000
const at = (ms: number) => new Date(T0 + ms).toISOString()

const setup = (scenario: ScenarioName = 'busy-agent') =>
  createFakeApi({ scenario, realNow: () => T0 })

/** Unread first, then newest first. */
function expectListOrder(items: Notification[]) {
  for (let i = 1; i < items.length; i++) {
    const a = items[i - 1]!
    const b = items[i]!
    if ((a.readAt === null) === (b.readAt === null)) expect(a.createdAt >= b.createdAt).toBe(true)
    else expect(a.readAt).toBeNull()
  }
}

const unreadCountOf = async (api: Awaited<ReturnType<typeof setup>>) =>
  (await api.call('GET', '/notifications/mine')).body.unreadCount as number

describe('GET /notifications/mine', () => {
  it('lists unread first, then newest first, with total and unread count', async () => {
    const api = await setup()
    // An older unread one must still come before every read one.
    await api.db.notifications.create({
      ownerId: DEMO_AGENT_ID,
      id: 'ntf_old',
      slug: 'antiga-nao-lida',
      kind: 'system',
      title: 'Antiga',
      body: 'Ainda não lida.',
      createdAt: at(-30 * 24 * HOUR),
      readAt: null,
    })
    const res = await api.call('GET', '/notifications/mine')
    expect(res.status).toBe(200)
    expect(res.body.total).toBe(9)
    expect(res.body.unreadCount).toBe(4)
    expect(res.body.nextCursor).toBeNull()
    const items: Notification[] = res.body.items
    expect(items.slice(0, 4).every((n) => n.readAt === null)).toBe(true)
    expect(items[3]!.id).toBe('ntf_old')
    expect(items.slice(4).every((n) => n.readAt !== null)).toBe(true)
    expectListOrder(items)
    expect(items[0]).not.toHaveProperty('ownerId')
  })

  it('filters unread with unread=true, keeping the total unread count', async () => {
    const api = await setup()
    const res = await api.call('GET', '/notifications/mine?unread=true')
    expect(res.body.total).toBe(3)
    expect(res.body.unreadCount).toBe(3)
    expect(res.body.items.map((n: Notification) => n.id)).toEqual(['ntf_1', 'ntf_2', 'ntf_3'])
    expect((await api.call('GET', '/notifications/mine?unread=false')).body.total).toBe(8)
  })

  it('pages with cursor and limit, and the pages add up to the whole list', async () => {
    const api = await setup()
    const all = (await api.call('GET', '/notifications/mine')).body.items.map(
      (n: Notification) => n.id,
    )
    const first = await api.call('GET', '/notifications/mine?limit=3')
    expect(first.body.items).toHaveLength(3)
    expect(first.body.nextCursor).toBe('3')
    const second = await api.call(
      'GET',
      `/notifications/mine?limit=3&cursor=${first.body.nextCursor}`,
    )
    const third = await api.call(
      'GET',
      `/notifications/mine?limit=3&cursor=${second.body.nextCursor}`,
    )
    expect(third.body.items).toHaveLength(2)
    expect(third.body.nextCursor).toBeNull()
    expect(
      [...first.body.items, ...second.body.items, ...third.body.items].map(
        (n: Notification) => n.id,
      ),
    ).toEqual(all)
  })

  it('does not list other agents’ notifications', async () => {
    const api = await setup()
    await api.db.notifications.create({
      ownerId: 'agt_other',
      id: 'ntf_other',
      slug: 'de-outra-pessoa',
      kind: 'system',
      title: 'Outra',
      body: 'Outra pessoa.',
      createdAt: at(0),
      readAt: null,
    })
    const res = await api.call('GET', '/notifications/mine')
    expect(res.body.total).toBe(8)
    expect(res.body.unreadCount).toBe(3)
  })

  it('pages the large scenario’s 20,000 notifications', async () => {
    const api = await setup('large')
    const res = await api.call('GET', '/notifications/mine?limit=200&cursor=19900')
    expect(res.body.total).toBe(20_000)
    expect(res.body.unreadCount).toBe(3)
    expect(res.body.items).toHaveLength(100)
    expect(res.body.nextCursor).toBeNull()
    const first = await api.call('GET', '/notifications/mine')
    expect(first.body.items).toHaveLength(50)
    expect(first.body.nextCursor).toBe('50')
    expectListOrder(first.body.items)
  }, 30_000)

  it('answers 401 without a token', async () => {
    const api = await setup()
    expect((await api.call('GET', '/notifications/mine', { token: null })).status).toBe(401)
  })
})

describe('GET /notifications/{slug}', () => {
  it('returns the notification by slug', async () => {
    const api = await setup()
    const seeded = api.db.notifications.findFirst((q) => q.where({ id: 'ntf_2' }))!
    const res = await api.call('GET', `/notifications/${seeded.slug}`)
    expect(res.status).toBe(200)
    expect(res.body.id).toBe('ntf_2')
    expect(res.body.title).toBe(seeded.title)
  })

  it('answers 404 for an unknown slug and for another agent’s notification', async () => {
    const api = await setup()
    await api.db.notifications.create({
      ownerId: 'agt_other',
      id: 'ntf_other',
      slug: 'de-outra-pessoa',
      kind: 'system',
      title: 'Outra',
      body: 'Outra pessoa.',
      createdAt: at(0),
      readAt: null,
    })
    for (const slug of ['nao-existe', 'de-outra-pessoa']) {
      const res = await api.call('GET', `/notifications/${slug}`)
      expect(res.status).toBe(404)
      expect(res.body.code).toBe('not_found')
    }
  })

  it('answers 401 without a token', async () => {
    const api = await setup()
    expect((await api.call('GET', '/notifications/ntf_1', { token: null })).status).toBe(401)
  })
})

describe('PUT /notifications/{slug}/read', () => {
  it('marks it read now, keeps the first read time on a repeat, and updates the counts', async () => {
    const api = await setup()
    const slug = api.db.notifications.findFirst((q) => q.where({ id: 'ntf_1' }))!.slug
    api.clock.advance(HOUR)
    const res = await api.call('PUT', `/notifications/${slug}/read`)
    expect(res.status).toBe(200)
    expect(res.body.readAt).toBe(at(HOUR))
    api.clock.advance(HOUR)
    expect((await api.call('PUT', `/notifications/${slug}/read`)).body.readAt).toBe(at(HOUR))
    expect(await unreadCountOf(api)).toBe(2)
    expect((await api.call('GET', '/me')).body.counts.unreadNotifications).toBe(2)
  })

  it('keeps the read time of an already read notification', async () => {
    const api = await setup()
    const seeded = api.db.notifications.findFirst((q) => q.where({ id: 'ntf_5' }))!
    const res = await api.call('PUT', `/notifications/${seeded.slug}/read`)
    expect(res.body.readAt).toBe(seeded.readAt)
  })

  it('answers 404 for an unknown slug', async () => {
    const api = await setup()
    const res = await api.call('PUT', '/notifications/nao-existe/read')
    expect(res.status).toBe(404)
    expect(res.body.code).toBe('not_found')
  })

  it('answers 401 without a token', async () => {
    const api = await setup()
    expect((await api.call('PUT', '/notifications/ntf_1/read', { token: null })).status).toBe(401)
  })
})

describe('GET /bulletins', () => {
  it('lists the bulletins newest first', async () => {
    const api = await setup()
    const res = await api.call('GET', '/bulletins')
    expect(res.status).toBe(200)
    expect(res.body.items.map((b: { id: string }) => b.id)).toEqual(['blt_1', 'blt_2', 'blt_3'])
    expect(res.body.items[0].readAt).toBeNull()
    expect(res.body.items[0]).not.toHaveProperty('ownerId')
  })

  it('answers 401 without a token', async () => {
    const api = await setup()
    expect((await api.call('GET', '/bulletins', { token: null })).status).toBe(401)
  })
})

describe('PUT /bulletins/{id}/read', () => {
  it('marks it read now, keeps the first time, and updates the agent’s count', async () => {
    const api = await setup()
    api.clock.advance(HOUR)
    const res = await api.call('PUT', '/bulletins/blt_1/read')
    expect(res.status).toBe(200)
    expect(res.body.readAt).toBe(at(HOUR))
    api.clock.advance(HOUR)
    expect((await api.call('PUT', '/bulletins/blt_1/read')).body.readAt).toBe(at(HOUR))
    expect((await api.call('GET', '/me')).body.counts.unreadBulletins).toBe(0)
  })

  it('answers 404 for an unknown bulletin', async () => {
    const api = await setup()
    const res = await api.call('PUT', '/bulletins/blt_nope/read')
    expect(res.status).toBe(404)
    expect(res.body.code).toBe('not_found')
  })

  it('answers 401 without a token', async () => {
    const api = await setup()
    expect((await api.call('PUT', '/bulletins/blt_1/read', { token: null })).status).toBe(401)
  })
})
