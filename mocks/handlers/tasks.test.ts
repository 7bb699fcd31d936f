import { describe, expect, it } from 'vitest'
import type { Task } from '@/api/entities'
import { VISIT_TIME_TOLERANCE_MINUTES } from '@/domain/constants'
import { createFakeApi, type FakeApi } from '../testing/fake-api'

async function taskIn(api: FakeApi, status: string): Promise<Task> {
  const res = await api.call('GET', `/tasks/mine?status=${status}`)
  const task = res.body.items[0]
  expect(task, `a seeded task in ${status}`).toBeDefined()
  return task
}

const atLocation = (task: Task) => ({
  lat: task.location.lat,
  lng: task.location.lng,
  accuracy: 10,
  at: new Date().toISOString(),
})
const JUSTIFICATION =
  'A loja fechou para reforma e o gerente informou que reabre somente no mês que vem.'

describe('tasks', () => {
  it('lists my tasks in every status, newest change first', async () => {
    const api = await createFakeApi()
    const res = await api.call('GET', '/tasks/mine')
    expect(res.status).toBe(200)
    const codes = new Set(res.body.items.map((t: Task) => t.status.code))
    expect([...codes].sort()).toEqual([
      'approved',
      'canceled',
      'contested',
      'rejected',
      'started',
      'validating',
      'visited',
    ])
    const changed = res.body.items.map((t: Task) => t.status.changedAt)
    expect(changed).toEqual([...changed].sort().reverse())
  })

  it('filters by status and paginates', async () => {
    const api = await createFakeApi()
    const res = await api.call('GET', '/tasks/mine?status=approved&limit=2')
    expect(res.body.items).toHaveLength(2)
    expect(res.body.total).toBe(3)
    expect(res.body.nextCursor).toBe('2')
    const next = await api.call(
      'GET',
      `/tasks/mine?status=approved&limit=2&cursor=${res.body.nextCursor}`,
    )
    expect(next.body.items).toHaveLength(1)
    expect(next.body.nextCursor).toBeNull()
  })

  it('counts each status over the whole list, not the page (the large account)', async () => {
    const api = await createFakeApi({ scenario: 'large' })
    const res = await api.call('GET', '/tasks/mine?limit=100')
    expect(res.body.items).toHaveLength(100)
    const totals = res.body.totalsByStatus as Record<string, number>
    const all = api.db.tasks.findMany((q) =>
      q.where((t) => t.agentId === res.body.items[0].agentId),
    )
    for (const status of Object.keys(totals))
      expect(totals[status], status).toBe(all.filter((t) => t.status.code === status).length)
    expect(Object.values(totals).reduce((a, b) => a + b, 0)).toBe(res.body.total)
    expect(totals.contested).toBeGreaterThan(100)
    // Filtered: the totals of what the filter matches.
    const contested = await api.call('GET', '/tasks/mine?status=contested&limit=5')
    expect(contested.body.totalsByStatus).toEqual({
      started: 0,
      visited: 0,
      validating: 0,
      approved: 0,
      contested: totals.contested,
      canceled: 0,
      rejected: 0,
    })
    expect(contested.body.total).toBe(totals.contested)
  })

  it('refuses without a token and with an expired one', async () => {
    const api = await createFakeApi()
    expect((await api.call('GET', '/tasks/mine', { token: null })).status).toBe(401)
    const res = await api.call('GET', '/tasks/mine', { token: 'not-a-session' })
    expect(res.status).toBe(401)
    expect(res.body.code).toBe('session_expired')
  })

  it('reads a task by id and by slug; 404 for others', async () => {
    const api = await createFakeApi()
    const task = await taskIn(api, 'started')
    expect((await api.call('GET', `/tasks/${task.id}`)).body.slug).toBe(task.slug)
    expect((await api.call('GET', `/tasks/${task.slug}`)).body.id).toBe(task.id)
    expect((await api.call('GET', '/tasks/T-0001')).status).toBe(404)
  })

  it('checks in at the location, then refuses a second check-in', async () => {
    const api = await createFakeApi()
    const task = await taskIn(api, 'started')
    const res = await api.call('PUT', `/tasks/${task.id}/checkin/byPosition`, {
      body: atLocation(task),
    })
    expect(res.status).toBe(200)
    expect(res.body.steps.checkin.lat).toBe(task.location.lat)
    expect(res.body.status.code).toBe('started')
    const again = await api.call('PUT', `/tasks/${task.id}/checkin/byPosition`, {
      body: atLocation(task),
    })
    expect(again.status).toBe(409)
    expect(again.body.code).toBe('already_checked_in')
  })

  it('refuses a check-in far from the location with the distance', async () => {
    const api = await createFakeApi()
    const task = await taskIn(api, 'started')
    const far = { ...atLocation(task), lat: task.location.lat + 0.01 } // ~1.1 km north
    const res = await api.call('PUT', `/tasks/${task.id}/checkin/byPosition`, { body: far })
    expect(res.status).toBe(422)
    expect(res.body.code).toBe('outside_radius')
    expect(res.body.distanceMeters).toBeGreaterThan(1000)
    expect(res.body.detail).toMatch(/Você está a 1,1 km do local/)
  })

  it('refuses a check-in 2.5 km away with a fix of ±3 km: 422 weak_gps_signal, nothing stored', async () => {
    const api = await createFakeApi()
    const task = await taskIn(api, 'started')
    const fuzzy = { ...atLocation(task), lat: task.location.lat + 0.0225, accuracy: 3000 } // ~2.5 km
    const res = await api.call('PUT', `/tasks/${task.id}/checkin/byPosition`, { body: fuzzy })
    expect(res.status).toBe(422)
    expect(res.body).toMatchObject({
      code: 'weak_gps_signal',
      accuracyMeters: 3000,
      maxAccuracyMeters: 100,
      detail: 'Sinal de GPS fraco (±3 km). Vá para um lugar aberto e tente de novo.',
    })
    expect((await api.call('GET', `/tasks/${task.id}`)).body.steps.checkin).toBeUndefined()
  })

  it('never counts the reading accuracy in the radius: 350 m at ±90 m is outside', async () => {
    const api = await createFakeApi()
    const task = await taskIn(api, 'started')
    const near = { ...atLocation(task), lat: task.location.lat + 0.00315, accuracy: 90 } // ~350 m
    const res = await api.call('PUT', `/tasks/${task.id}/checkin/byPosition`, { body: near })
    expect(res.status).toBe(422)
    expect(res.body.code).toBe('outside_radius')
  })

  it('refuses a check-out before check-in, then checks out after it (offline time kept)', async () => {
    const api = await createFakeApi()
    const task = await taskIn(api, 'started')
    const early = await api.call('PUT', `/tasks/${task.id}/checkout`, {
      body: { at: new Date().toISOString(), offline: false },
    })
    expect(early.status).toBe(409)
    expect(early.body.code).toBe('transition_refused')
    const checkinTime = new Date(api.clock.now() - 10 * 60_000).toISOString()
    const checkin = await api.call('PUT', `/tasks/${task.id}/checkin/byPosition`, {
      body: { ...atLocation(task), at: checkinTime, offline: true },
    })
    expect(checkin.body.steps.checkin).toMatchObject({ at: checkinTime, offline: true })
    const deviceTime = new Date(api.clock.now() - 60_000).toISOString()
    const res = await api.call('PUT', `/tasks/${task.id}/checkout`, {
      body: { at: deviceTime, offline: true },
    })
    expect(res.status).toBe(200)
    expect(res.body.status.code).toBe('visited')
    expect(res.body.steps.checkout).toEqual({ at: deviceTime, offline: true })
  })

  describe('a phone whose clock is wrong', () => {
    const HOUR = 3_600_000

    it('online: the server’s time is recorded, whatever the phone says', async () => {
      const api = await createFakeApi()
      const task = await taskIn(api, 'started')
      const behind = new Date(api.clock.now() - HOUR).toISOString()
      const checkin = await api.call('PUT', `/tasks/${task.id}/checkin/byPosition`, {
        body: { ...atLocation(task), at: behind },
      })
      expect(Date.parse(checkin.body.steps.checkin.at)).toBeGreaterThanOrEqual(
        api.clock.now() - 1000,
      )
      expect(checkin.body.steps.checkin.offline).toBeUndefined()
      const ahead = new Date(api.clock.now() + 24 * HOUR).toISOString()
      const checkout = await api.call('PUT', `/tasks/${task.id}/checkout`, {
        body: { at: ahead, offline: false },
      })
      // Seconds on site, not the hour (or the day) the phone's clock would make of it.
      const length =
        Date.parse(checkout.body.steps.checkout.at) - Date.parse(checkin.body.steps.checkin.at)
      expect(length).toBeGreaterThanOrEqual(0)
      expect(length).toBeLessThan(5_000)
    })

    it('offline: the phone’s time is kept, clamped to [check-in, now], the flag kept', async () => {
      const api = await createFakeApi()
      const task = await taskIn(api, 'started')
      const checkinAt = new Date(api.clock.now() - 20 * 60_000).toISOString()
      await api.call('PUT', `/tasks/${task.id}/checkin/byPosition`, {
        body: { ...atLocation(task), at: checkinAt, offline: true },
      })
      // A day ahead: no later than the server's now.
      const ahead = await api.call('PUT', `/tasks/${task.id}/checkout`, {
        body: { at: new Date(api.clock.now() + 24 * HOUR).toISOString(), offline: true },
      })
      expect(ahead.body.steps.checkout.offline).toBe(true)
      expect(Date.parse(ahead.body.steps.checkout.at)).toBeLessThanOrEqual(api.clock.now())
      expect(Date.parse(ahead.body.steps.checkout.at)).toBeGreaterThan(api.clock.now() - 5_000)
    })

    it('offline before the check-in, or before the task was accepted: clamped up to it', async () => {
      const api = await createFakeApi()
      const task = await taskIn(api, 'started')
      const checkin = await api.call('PUT', `/tasks/${task.id}/checkin/byPosition`, {
        body: { ...atLocation(task), at: '2001-01-01T00:00:00.000Z', offline: true },
      })
      expect(checkin.body.steps.checkin.at).toBe(
        new Date(Date.parse(task.steps.accepted)).toISOString(),
      )
      const checkout = await api.call('PUT', `/tasks/${task.id}/checkout`, {
        body: { at: '2001-01-01T00:00:00.000Z', offline: true },
      })
      expect(checkout.body.steps.checkout.at).toBe(checkin.body.steps.checkin.at)
    })

    it('never records a visit longer than the mission’s limit and its tolerance', async () => {
      const api = await createFakeApi()
      const task = await taskIn(api, 'started')
      const mission = (await api.call('GET', `/missions/${task.missionId}`)).body
      const checkin = await api.call('PUT', `/tasks/${task.id}/checkin/byPosition`, {
        body: atLocation(task),
      })
      const checkinAt = Date.parse(checkin.body.steps.checkin.at)
      // The agent checks out three hours later (or a phone a day ahead says so, offline).
      api.clock.advance(3 * HOUR)
      const checkout = await api.call('PUT', `/tasks/${task.id}/checkout`, {
        body: { at: new Date(api.clock.now() + 24 * HOUR).toISOString(), offline: true },
      })
      const minutes = (Date.parse(checkout.body.steps.checkout.at) - checkinAt) / 60_000
      expect(minutes).toBe(mission.visitMaxMinutes + VISIT_TIME_TOLERANCE_MINUTES)
    })
  })

  it('applies a queued checkout exactly once when it is sent twice with its key', async () => {
    const api = await createFakeApi()
    const task = await taskIn(api, 'started')
    await api.call('PUT', `/tasks/${task.id}/checkin/byPosition`, { body: atLocation(task) })
    const body = { at: new Date().toISOString(), offline: true }
    const first = await api.call('PUT', `/tasks/${task.id}/checkout`, {
      body,
      idempotencyKey: 'checkout-1',
    })
    const second = await api.call('PUT', `/tasks/${task.id}/checkout`, {
      body,
      idempotencyKey: 'checkout-1',
    })
    expect(first.status).toBe(200)
    expect(second.status).toBe(200)
    expect(second.body.status.changedAt).toBe(first.body.status.changedAt)
    const fresh = await api.call('PUT', `/tasks/${task.id}/checkout`, {
      body,
      idempotencyKey: 'checkout-2',
    })
    expect(fresh.status).toBe(409)
  })

  it('reschedules before the deadline; refuses after it and outside it', async () => {
    const api = await createFakeApi()
    const task = await taskIn(api, 'started')
    const inside = new Date(Date.parse(task.deadline) - 3_600_000).toISOString()
    const ok = await api.call('PUT', `/tasks/${task.id}/schedule`, {
      body: { scheduledFor: inside },
    })
    expect(ok.status).toBe(200)
    expect(ok.body.scheduledFor).toBe(inside)
    const beyond = new Date(Date.parse(task.deadline) + 3_600_000).toISOString()
    const outside = await api.call('PUT', `/tasks/${task.id}/schedule`, {
      body: { scheduledFor: beyond },
    })
    expect(outside.body.code).toBe('date_outside_window')
    api.clock.advance(Date.parse(task.deadline) - api.clock.now() + 1000)
    const late = await api.call('PUT', `/tasks/${task.id}/schedule`, {
      body: { scheduledFor: beyond },
    })
    expect(late.status).toBe(409)
    expect(late.body.code).toBe('deadline_passed')
  })

  it('cancels with a 50+ character justification; refuses a short one and a visited task', async () => {
    const api = await createFakeApi()
    const task = await taskIn(api, 'started')
    const short = await api.call('POST', `/tasks/${task.id}/cancel`, {
      body: { justification: 'Não deu.' },
    })
    expect(short.status).toBe(422)
    expect(short.body.fields[0].field).toBe('justification')
    const ok = await api.call('POST', `/tasks/${task.id}/cancel`, {
      body: { justification: JUSTIFICATION },
    })
    expect(ok.status).toBe(200)
    expect(ok.body.status).toMatchObject({ code: 'canceled', reason: JUSTIFICATION })
    const visited = await taskIn(api, 'visited')
    const refused = await api.call('POST', `/tasks/${visited.id}/cancel`, {
      body: { justification: JUSTIFICATION },
    })
    expect(refused.status).toBe(409)
    expect(refused.body.code).toBe('transition_refused')
  })
})
