import { describe, expect, it } from 'vitest'
import { createFakeApi } from '../testing/fake-api'

const T0 = Date.parse('2026-03-10T12:00:00.000Z')

describe('GET /health', () => {
  it('answers ok with the version and the fake clock’s time, without a token', async () => {
    const api = await createFakeApi({ realNow: () => T0 })
    const res = await api.call('GET', '/health', { token: null })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ status: 'ok', version: '1.0.0', time: '2026-03-10T12:00:00.000Z' })
    api.clock.advance(90_000)
    expect((await api.call('GET', '/health', { token: null })).body.time).toBe(
      '2026-03-10T12:01:30.000Z',
    )
  })
})
