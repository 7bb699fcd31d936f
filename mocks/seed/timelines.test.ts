/**
 * Every seeded task's timeline runs forwards (issue #29: T-4826 read "Aceita 29/11" after its
 * check-in on 26/11): accepted, check-in, check-out, report, pendencies, validation, each at
 * or after the one before and none after the seed's now; a task still to visit was accepted
 * before now, so a check-in made today comes after it.
 */
import { describe, expect, it } from 'vitest'
import type { Task } from '@/api/entities'
import { createFakeApi } from '../testing/fake-api'
import { DEMO_AGENT_ID } from './seed'
import { SCENARIOS } from './scenarios'

const NOW = Date.parse('2026-11-26T12:00:00.000Z')

/** What is out of order in a task's steps, in words; [] when none. */
function disorder(task: Task, now: number): string[] {
  const { steps } = task
  const timeline: Array<[string, string | undefined]> = [
    ['accepted', steps.accepted],
    ['checkin', steps.checkin?.at],
    ['checkout', steps.checkout?.at],
    ['submitted', steps.submitted],
    ['contested', steps.contested],
    ['validated', steps.validated],
  ]
  const problems: string[] = []
  let previous: [string, number] | undefined
  for (const [name, at] of timeline) {
    if (!at) continue
    const t = Date.parse(at)
    if (previous && t < previous[1])
      problems.push(`${task.slug}: ${name} ${at} before ${previous[0]}`)
    if (t > now) problems.push(`${task.slug}: ${name} ${at} after now`)
    previous = [name, t]
  }
  // The status changed when the step that makes it happened, not before.
  const madeBy: Partial<Record<Task['status']['code'], string | undefined>> = {
    started: steps.accepted,
    visited: steps.checkout?.at,
    validating: steps.submitted,
    contested: steps.contested,
    approved: steps.validated,
    rejected: steps.validated,
  }
  const made = madeBy[task.status.code]
  if (made && Date.parse(task.status.changedAt) < Date.parse(made))
    problems.push(
      `${task.slug}: ${task.status.code} since ${task.status.changedAt}, before ${made}`,
    )
  return problems
}

describe('seeded timelines', () => {
  // The new agent has no task yet.
  for (const scenario of SCENARIOS.filter((s) => s !== 'large' && s !== 'new-agent'))
    for (const seed of [4821, 7, 1, 99])
      it(`run forwards in ${scenario}, seed ${seed}`, async () => {
        const api = await createFakeApi({ scenario, seed, realNow: () => NOW })
        const now = api.clock.now()
        const tasks = api.db.tasks.findMany((q) => q.where({ agentId: DEMO_AGENT_ID }))
        expect(tasks.length).toBeGreaterThan(0)
        expect(tasks.flatMap((t) => disorder(t, now))).toEqual([])
      })

  it('run forwards in the large account', async () => {
    const api = await createFakeApi({ scenario: 'large', realNow: () => NOW })
    const now = api.clock.now()
    const tasks = api.db.tasks.findMany((q) => q.where({ agentId: DEMO_AGENT_ID }))
    expect(tasks.flatMap((t) => disorder(t, now))).toEqual([])
  })

  it('T-4826 (busy agent) was accepted before a check-in made now', async () => {
    const api = await createFakeApi({ realNow: () => NOW })
    const res = await api.call('GET', '/tasks/T-4826')
    expect(Date.parse(res.body.steps.accepted)).toBeLessThan(api.clock.now())
    const checkin = await api.call('PUT', `/tasks/${res.body.id}/checkin/byPosition`, {
      body: {
        lat: res.body.location.lat,
        lng: res.body.location.lng,
        accuracy: 10,
        at: new Date(api.clock.now()).toISOString(),
      },
    })
    expect(checkin.status).toBe(200)
    expect(disorder(checkin.body, api.clock.now())).toEqual([])
  })
})
