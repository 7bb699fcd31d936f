/**
 * Fake database scale: seeding time of each scenario and query timings through the real
 * handlers (no HTTP), median of several runs. Targets: default scenario ≤ 150 ms; `large`
 * (5,000 tasks, 20,000 notifications) ≤ 2 s.
 *   npx tsx scripts/bench/fake-db.ts [--runs 5]
 */
import { getResponse } from 'msw'
import { parseArgs } from 'node:util'
import { createFakeBackend } from '../../mocks/fake-backend'
import { DEMO_TOKEN, type ScenarioName } from '../../mocks/seed/seed'
import { median } from './support'

export const TARGETS = { 'busy-agent': 150, large: 2000 } as const

async function timeIt(fn: () => Promise<unknown>) {
  const t0 = performance.now()
  await fn()
  return performance.now() - t0
}

export async function measureFakeDb(runs = 5) {
  const results: Array<{ what: string; ms: number; target?: number }> = []
  for (const scenario of ['new-agent', 'busy-agent', 'contested', 'large'] as ScenarioName[]) {
    const n = scenario === 'large' ? Math.min(3, runs) : runs
    const times: number[] = []
    for (let i = 0; i < n; i++) times.push(await timeIt(() => createFakeBackend({ scenario })))
    results.push({
      what: `seed ${scenario}`,
      ms: median(times),
      target: TARGETS[scenario as keyof typeof TARGETS],
    })
  }
  const backend = await createFakeBackend({ scenario: 'large' })
  const call = (path: string) =>
    getResponse(
      backend.handlers,
      new Request(`http://bench.local/api${path}`, {
        headers: { Authorization: `Bearer ${DEMO_TOKEN}` },
      }),
      {
        baseUrl: 'http://bench.local',
      },
    ).then((r) => r?.json())
  for (const path of [
    '/tasks/mine?limit=50',
    '/tasks/mine?status=approved&limit=50',
    '/notifications/mine?limit=50',
    '/opportunities',
    '/me',
  ]) {
    const times: number[] = []
    for (let i = 0; i < runs; i++) times.push(await timeIt(() => call(path)))
    results.push({ what: `large: GET ${path}`, ms: median(times) })
  }
  return results
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { runs: { type: 'string', default: '5' } } })
  for (const r of await measureFakeDb(Number(values.runs)))
    console.log(
      `${r.what.padEnd(48)} ${r.ms.toFixed(1).padStart(8)} ms${r.target ? `  (target ≤ ${r.target} ms)` : ''}`,
    )
}
