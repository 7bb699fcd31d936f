import { describe, expect, it } from 'vitest'
import { holdTheClock } from '@/test/hold-clock'
import { createFakeBackend } from './fake-backend'
import { clearDatabase } from './db'

describe('clearDatabase', () => {
  it('empties every collection of a seeded world, and each takes, finds and updates records again', async () => {
    const { db } = await createFakeBackend({ seed: 4821, scenario: 'busy-agent' })
    const collections = Object.entries(db)
    expect(collections.some(([, c]) => c.all().length > 0)).toBe(true)
    clearDatabase(db)
    for (const [name, c] of collections) expect(c.all(), name).toHaveLength(0)
    expect(db.sessions.findMany()).toEqual([])
    await db.sessions.create({ token: 't1', agentId: 'agt_x', expiresAt: '2030-01-01T00:00:00Z' })
    await db.sessions.create({ token: 't2', agentId: 'agt_y', expiresAt: '2030-01-01T00:00:00Z' })
    expect(db.sessions.findFirst((q) => q.where({ token: 't2' }))?.agentId).toBe('agt_y')
    await db.sessions.update((q) => q.where({ token: 't1' }), {
      data(session) {
        session.agentId = 'agt_z'
      },
    })
    db.sessions.delete((q) => q.where({ token: 't2' }))
    expect(db.sessions.findMany().map((s) => [s.token, s.agentId])).toEqual([['t1', 'agt_z']])
  })

  it('gives a reset the same world as a new backend (nothing left of the old one)', async () => {
    holdTheClock()
    const fresh = await createFakeBackend({ seed: 4821, scenario: 'busy-agent' })
    const reused = await createFakeBackend({ seed: 7, scenario: 'contested' })
    await reused.reset({ seed: 4821, scenario: 'busy-agent' })
    for (const name of Object.keys(fresh.db) as (keyof typeof fresh.db)[])
      expect(JSON.stringify(reused.db[name].all()), name).toBe(JSON.stringify(fresh.db[name].all()))
  })
})
