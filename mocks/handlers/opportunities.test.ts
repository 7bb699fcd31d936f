import { describe, expect, it } from 'vitest'
import { createFakeApi } from '../testing/fake-api'

const HOUR = 3_600_000

async function firstPending() {
  const api = await createFakeApi()
  const list = await api.call('GET', '/opportunities')
  const offer = list.body.items.find((o: { status: string }) => o.status === 'pending')
  expect(offer).toBeDefined()
  return { api, offer }
}

/** A date safely inside the offer's window and after now. */
function insideWindow(offer: { task: { window: { from: string; to: string } } }) {
  return new Date(Date.parse(offer.task.window.from) + HOUR).toISOString()
}

describe('opportunities', () => {
  it('lists pending offers first, with totals', async () => {
    const api = await createFakeApi()
    const res = await api.call('GET', '/opportunities')
    expect(res.status).toBe(200)
    expect(res.body.total).toBe(5)
    expect(res.body.items.every((o: { status: string }) => o.status === 'pending')).toBe(true)
  })

  it('refuses without a token', async () => {
    const api = await createFakeApi()
    const res = await api.call('GET', '/opportunities', { token: null })
    expect(res.status).toBe(401)
    expect(res.body.code).toBe('unauthorized')
  })

  it('reads one offer with its mission and project', async () => {
    const { api, offer } = await firstPending()
    const res = await api.call('GET', `/opportunities/${offer.taskId}`)
    expect(res.status).toBe(200)
    expect(res.body.opportunity.taskId).toBe(offer.taskId)
    expect(res.body.mission.title).toBe(offer.task.missionTitle)
    expect(res.body.project.name).toBe(offer.task.projectName)
  })

  it('answers 404 for an unknown offer', async () => {
    const api = await createFakeApi()
    const res = await api.call('GET', '/opportunities/tsk_nope')
    expect(res.status).toBe(404)
  })

  it('accepts inside the window: the task becomes started and mine, the badge count drops', async () => {
    const { api, offer } = await firstPending()
    const date = insideWindow(offer)
    const res = await api.call('POST', `/opportunities/${offer.taskId}/accept`, {
      body: { scheduledFor: date },
    })
    expect(res.status).toBe(200)
    expect(res.body.status.code).toBe('started')
    expect(res.body.scheduledFor).toBe(date)
    const mine = await api.call('GET', '/tasks/mine?status=started')
    expect(mine.body.items.map((t: { id: string }) => t.id)).toContain(offer.taskId)
    const again = await api.call('GET', `/opportunities/${offer.taskId}`)
    expect(again.body.opportunity.status).toBe('accepted')
  })

  it('refuses a date outside the window with 409 date_outside_window', async () => {
    const { api, offer } = await firstPending()
    const late = new Date(Date.parse(offer.task.window.to) + 24 * HOUR).toISOString()
    const res = await api.call('POST', `/opportunities/${offer.taskId}/accept`, {
      body: { scheduledFor: late },
    })
    expect(res.status).toBe(409)
    expect(res.body.code).toBe('date_outside_window')
  })

  it('refuses an expired offer, and lists it as expired', async () => {
    const { api, offer } = await firstPending()
    api.clock.advance(Date.parse(offer.expiresAt) - api.clock.now() + 1000)
    const res = await api.call('POST', `/opportunities/${offer.taskId}/accept`, {
      body: { scheduledFor: new Date(api.clock.now() + HOUR).toISOString() },
    })
    expect(res.status).toBe(409)
    expect(res.body.code).toBe('opportunity_expired')
    const read = await api.call('GET', `/opportunities/${offer.taskId}`)
    expect(read.body.opportunity.status).toBe('expired')
  })

  it('refuses a second answer to the same offer', async () => {
    const { api, offer } = await firstPending()
    await api.call('POST', `/opportunities/${offer.taskId}/decline`, {
      body: { reason: 'Fica longe' },
    })
    const res = await api.call('POST', `/opportunities/${offer.taskId}/accept`, {
      body: { scheduledFor: insideWindow(offer) },
    })
    expect(res.status).toBe(409)
    expect(res.body.code).toBe('transition_refused')
  })

  it('declines with a reason', async () => {
    const { api, offer } = await firstPending()
    const res = await api.call('POST', `/opportunities/${offer.taskId}/decline`, {
      body: { reason: 'Fica longe de casa' },
    })
    expect(res.status).toBe(200)
    expect(res.body.status).toBe('declined')
    expect(res.body.declineReason).toBe('Fica longe de casa')
  })

  it('rejects a decline without a reason with 422 and the field', async () => {
    const { api, offer } = await firstPending()
    const res = await api.call('POST', `/opportunities/${offer.taskId}/decline`, { body: {} })
    expect(res.status).toBe(422)
    expect(res.body.fields[0].field).toBe('reason')
  })

  it('replays an accept with the same Idempotency-Key instead of refusing it', async () => {
    const { api, offer } = await firstPending()
    const body = { scheduledFor: insideWindow(offer) }
    const first = await api.call('POST', `/opportunities/${offer.taskId}/accept`, {
      body,
      idempotencyKey: 'accept-once',
    })
    const second = await api.call('POST', `/opportunities/${offer.taskId}/accept`, {
      body,
      idempotencyKey: 'accept-once',
    })
    expect(second.status).toBe(200)
    expect(second.body).toEqual(first.body)
    expect(second.headers.get('Idempotent-Replay')).toBe('true')
  })
})
