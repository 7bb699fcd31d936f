/**
 * `npm run bench:soak`: does the fake backend's memory come back after a long load (issue #30)?
 *
 * Starts scripts/serve.ts as `npm start` runs it (repeatable: `--seed`; no latency) with
 * `node --expose-gc` and an IPC channel, so it can report its own memory. Then, for `--minutes`
 * (10), a few concurrent clients send mixed reads and keyed writes over real HTTP: reads of the
 * agent's screens, keyed writes with a new Idempotency-Key each (availability, report saves), a
 * repeat of a recent key now and then (a replay), and a 1 MB body every 10 s (refused, 413).
 * The server's RSS is sampled every 5 s.
 *
 * "Start" and "after the load" are read alike, settled (SETTLE_STEP_MS): right after start the
 * RSS still holds the start-up's garbage, right after the load the heap V8 grew for it. RSS
 * right after the load and a GC is shown too. Last, the fake clock moves past the keys' 24 h
 * (mocks/handlers/idempotency.ts), one keyed write sweeps the store, and RSS settles again.
 *
 * Writes bench/soak.json and the soak's section of bench/RESULTS.md (`npm run bench` keeps it).
 * A benchmark, not a test: a miss is reported, not failed.
 *
 *   npm run bench:soak [-- --minutes 10 --clients 8 --port 4518]
 *   npm run bench:soak -- --render     (the section again from bench/soak.json, no soak)
 */
import { spawn } from 'node:child_process'
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { parseArgs } from 'node:util'
import { format, resolveConfig } from 'prettier'
import { IDEMPOTENCY_STORE_MAX_BYTES } from '../../mocks/handlers/idempotency'
import { DEFAULT_SEED } from '../../mocks/seed/scenarios'
import { freePort, ROOT } from './support'

/** RSS after the load (settled, GC) may be at most this much over its start (settled, GC). */
export const SOAK_RSS_TOLERANCE = 0.2

/**
 * "Settled": with no requests, a full GC every SETTLE_STEP_MS until RSS stops falling (two
 * readings in a row within 1 MB), at most SETTLE_MAX_MS. V8 hands heap pages back to the system
 * in steps over the seconds after the allocations stop, so one GC right away says little.
 */
const SETTLE_STEP_MS = 5000
const SETTLE_MAX_MS = 120_000

export const SOAK_JSON = `${ROOT}bench/soak.json`
const RESULTS = `${ROOT}bench/RESULTS.md`
const SECTION_TITLE = '## Fake backend soak'

type Memory = { rss: number; heapUsed: number; external: number; arrayBuffers: number }

export type SoakResult = {
  at: string
  machine: string
  minutes: number
  clients: number
  requests: number
  perSecond: number
  statuses: Record<string, number>
  failures: number
  latencyMs: { p50: number; p99: number }
  rssMB: {
    start: number
    peak: number
    endOfLoad: number
    afterGc: number
    settled: number
    afterExpiry: number
  }
  heapMB: { start: number; afterGc: number; settled: number; afterExpiry: number }
  /** How long each reading took to settle, in seconds. */
  settledInSeconds: { start: number; settled: number; afterExpiry: number }
}

const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10

function percentile(sorted: number[], p: number) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]! : 0
}

async function soak(minutes: number, clients: number, port: number): Promise<SoakResult> {
  if (!existsSync(`${ROOT}dist/index.html`))
    throw new Error('dist/ is missing: run `npm run build` first.')
  const server = spawn(
    process.execPath,
    [
      '--expose-gc',
      '--import',
      'tsx',
      'scripts/serve.ts',
      '--port',
      String(port),
      '--latency',
      '0',
      '--seed',
      String(DEFAULT_SEED),
    ],
    { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit', 'ipc'] },
  )
  const memory = (gc: boolean) =>
    new Promise<Memory>((resolve) => {
      server.once('message', (message: { memory: Memory }) => resolve(message.memory))
      server.send({ memory: { gc } })
    })
  /** Memory once settled (SETTLE_STEP_MS), with how long that took. */
  const settle = async (): Promise<Memory & { seconds: number }> => {
    const t0 = Date.now()
    let last = await memory(true)
    let steady = 0
    while (steady < 2 && Date.now() - t0 < SETTLE_MAX_MS) {
      await new Promise((resolve) => setTimeout(resolve, SETTLE_STEP_MS))
      const next = await memory(true)
      steady = Math.abs(next.rss - last.rss) < 1024 * 1024 ? steady + 1 : 0
      last = next
    }
    return { ...last, seconds: Math.round((Date.now() - t0) / 1000) }
  }
  const base = `http://127.0.0.1:${port}`
  try {
    for (let i = 0; ; i++) {
      const up = await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
      if (up) break
      if (i > 150) throw new Error('the server did not start')
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    const auth = { Authorization: 'Bearer demo-token' }
    const json = { ...auth, 'Content-Type': 'application/json' }

    // Reports a keyed save can change: the visited tasks' (one per client, as far as they go).
    const visited = (await (
      await fetch(`${base}/api/tasks/mine?status=visited&limit=50`, { headers: auth })
    ).json()) as { items: Array<{ reportId: string }> }
    const reports = visited.items.map((t) => t.reportId)
    if (reports.length === 0) throw new Error('the scenario has no visited task to save')

    const start = await settle()

    const statuses: Record<string, number> = {}
    const latencies: number[] = []
    let failures = 0
    let keyCounter = 0
    const recent: Array<{ url: string; method: string; body: string; key: string }> = []
    const deadline = Date.now() + minutes * 60_000
    let peak = start.rss

    async function send(url: string, init: RequestInit) {
      const t0 = performance.now()
      try {
        const res = await fetch(`${base}${url}`, init)
        const text = await res.text()
        latencies.push(performance.now() - t0)
        // A refusal is counted with its problem code (`409 stale_version`).
        const code = res.ok ? '' : (/"code":"(\w+)"/.exec(text)?.[1] ?? '')
        const status = code ? `${res.status} ${code}` : String(res.status)
        statuses[status] = (statuses[status] ?? 0) + 1
        return { status: res.status, text }
      } catch {
        failures++
        return { status: 0, text: '' }
      }
    }

    /** A keyed report save with its report's current version and new notes. */
    async function saveReport(reportId: string) {
      const read = await send(`/api/reports/${reportId}`, { headers: auth })
      if (read.status !== 200) return
      const report = JSON.parse(read.text) as Record<string, unknown> & {
        evidences: Array<{ id: string }>
      }
      const body = JSON.stringify({
        version: report.version,
        answers: report.answers,
        attendants: report.attendants,
        times: report.times,
        checklist: report.checklist,
        evidenceIds: report.evidences.map((e) => e.id),
        taxReceipts: report.taxReceipts,
        ...(report.testimony ? { testimony: report.testimony } : {}),
        notes: `Visita de carga ${keyCounter}: ${'observação '.repeat(200)}`.slice(0, 5000),
      })
      await keyed(`/api/reports/${reportId}`, 'PUT', body)
    }

    async function keyed(url: string, method: string, body: string) {
      const key = `soak-${++keyCounter}-${Math.random().toString(36).slice(2)}`
      await send(url, { method, headers: { ...json, 'Idempotency-Key': key }, body })
      recent.push({ url, method, body, key })
      if (recent.length > 50) recent.shift()
    }

    const reads = [
      '/api/me',
      '/api/tasks/mine?limit=50',
      '/api/opportunities',
      '/api/notifications/mine?limit=50',
      '/api/wallet',
    ]
    async function client(index: number) {
      let n = 0
      while (Date.now() < deadline) {
        const roll = Math.random()
        n++
        if (roll < 0.6) await send(reads[n % reads.length]!, { headers: auth })
        else if (roll < 0.8)
          await keyed(
            '/api/me/availability',
            'PUT',
            JSON.stringify({ available: Math.random() < 0.5 }),
          )
        else if (roll < 0.95) await saveReport(reports[index % reports.length]!)
        else if (recent.length > 0) {
          // A replay: the same key and body as a recent write.
          const again = recent[Math.floor(Math.random() * recent.length)]!
          await send(again.url, {
            method: again.method,
            headers: { ...json, 'Idempotency-Key': again.key },
            body: again.body,
          })
        }
      }
    }
    async function oversized() {
      const body = JSON.stringify({ available: true, padding: 'x'.repeat(1024 * 1024) })
      while (Date.now() < deadline) {
        await send('/api/me/availability', {
          method: 'PUT',
          headers: { ...json, 'Idempotency-Key': `soak-big-${++keyCounter}` },
          body,
        })
        await new Promise((resolve) => setTimeout(resolve, 10_000))
      }
    }
    async function sample() {
      while (Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 5000))
        const now = await memory(false)
        peak = Math.max(peak, now.rss)
        process.stdout.write(
          `  ${Math.round((deadline - Date.now()) / 1000)} s left: RSS ${mb(now.rss)} MB, ${latencies.length} requests\n`,
        )
      }
    }

    const t0 = Date.now()
    await Promise.all([
      ...Array.from({ length: clients }, (_, i) => client(i)),
      oversized(),
      sample(),
    ])
    const seconds = (Date.now() - t0) / 1000
    const endOfLoad = await memory(false)
    peak = Math.max(peak, endOfLoad.rss)
    const afterGc = await memory(true)
    const settled = await settle()

    // The keys' time is over: 24 h and a minute on the fake clock, one keyed write sweeps.
    await fetch(`${base}/api/__fake/clock/advance`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ms: 24 * 3_600_000 + 60_000 }),
    })
    await keyed('/api/me/availability', 'PUT', JSON.stringify({ available: true }))
    const afterExpiry = await settle()

    const sorted = [...latencies].sort((a, b) => a - b)
    return {
      at: new Date().toISOString(),
      machine: `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, load average ${loadavg()[0]!.toFixed(2)} at the end`,
      minutes,
      clients,
      requests: latencies.length + failures,
      perSecond: Math.round((latencies.length + failures) / seconds),
      statuses,
      failures,
      latencyMs: {
        p50: Math.round(percentile(sorted, 0.5) * 10) / 10,
        p99: Math.round(percentile(sorted, 0.99) * 10) / 10,
      },
      rssMB: {
        start: mb(start.rss),
        peak: mb(peak),
        endOfLoad: mb(endOfLoad.rss),
        afterGc: mb(afterGc.rss),
        settled: mb(settled.rss),
        afterExpiry: mb(afterExpiry.rss),
      },
      heapMB: {
        start: mb(start.heapUsed),
        afterGc: mb(afterGc.heapUsed),
        settled: mb(settled.heapUsed),
        afterExpiry: mb(afterExpiry.heapUsed),
      },
      settledInSeconds: {
        start: start.seconds,
        settled: settled.seconds,
        afterExpiry: afterExpiry.seconds,
      },
    }
  } finally {
    server.kill('SIGTERM')
  }
}

/** The section of bench/RESULTS.md for a soak's result. */
export function soakSection(result: SoakResult): string {
  const over = (mbValue: number) =>
    `${mbValue} MB (${mbValue >= result.rssMB.start ? '+' : ''}${Math.round(
      ((mbValue - result.rssMB.start) / result.rssMB.start) * 100,
    )} %)`
  const returned = result.rssMB.settled <= result.rssMB.start * (1 + SOAK_RSS_TOLERANCE)
  const statuses = Object.entries(result.statuses)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ')
  return [
    `${SECTION_TITLE} (\`npm run bench:soak\`, ${result.minutes} minutes)`,
    '',
    `Measured ${result.at} on ${result.machine}. scripts/serve.ts with \`--seed ${DEFAULT_SEED} --latency 0\`,`,
    `${result.clients} concurrent clients over HTTP: 60 % reads, 35 % keyed writes (availability and report saves, a new key each), 5 % replays of a recent key, and a 1 MB body every 10 s (413).`,
    '',
    `${result.requests} requests, ${result.perSecond} per second, p50 ${result.latencyMs.p50} ms, p99 ${result.latencyMs.p99} ms; ${result.failures} failed. Answers: ${statuses} (\`stale_version\`: a report save another client's save overtook).`,
    '',
    '| server RSS | MB | heap used |',
    '| --- | --: | --: |',
    `| start (settled in ${result.settledInSeconds.start} s) | ${result.rssMB.start} MB | ${result.heapMB.start} MB |`,
    `| peak under load | ${over(result.rssMB.peak)} | |`,
    `| end of the load | ${over(result.rssMB.endOfLoad)} | |`,
    `| right after the load, GC | ${over(result.rssMB.afterGc)} | ${result.heapMB.afterGc} MB |`,
    `| after the load (settled in ${result.settledInSeconds.settled} s) | ${over(result.rssMB.settled)} | ${result.heapMB.settled} MB |`,
    `| after the keys expired (fake clock + 24 h, settled in ${result.settledInSeconds.afterExpiry} s) | ${over(result.rssMB.afterExpiry)} | ${result.heapMB.afterExpiry} MB |`,
    '',
    `"Settled": no requests, a full GC every ${SETTLE_STEP_MS / 1000} s until RSS stops falling (V8 gives heap pages back in steps after the allocations stop). After the load, settled RSS is ${returned ? 'within' : 'NOT within'} ${SOAK_RSS_TOLERANCE * 100} % of the settled start: ${returned ? 'PASS' : 'MISS'}. What stays in the heap until the keys expire is mostly their stored answers, capped at IDEMPOTENCY_STORE_MAX_BYTES (${IDEMPOTENCY_STORE_MAX_BYTES / 1024 / 1024} MiB) of bodies.`,
    '',
  ].join('\n')
}

/** Puts the soak's section into bench/RESULTS.md, in place of the last one or at the end. */
async function writeSection(section: string) {
  const text = existsSync(RESULTS) ? readFileSync(RESULTS, 'utf8') : '# Benchmark results\n'
  const at = text.indexOf(SECTION_TITLE)
  const next = at < 0 ? -1 : text.indexOf('\n## ', at + SECTION_TITLE.length)
  const updated =
    at < 0
      ? `${text.trimEnd()}\n\n${section}`
      : `${text.slice(0, at)}${section}${next < 0 ? '' : `\n${text.slice(next + 1)}`}`
  const config = (await resolveConfig(RESULTS)) ?? {}
  writeFileSync(RESULTS, await format(updated, { ...config, parser: 'markdown' }))
}

/** The last soak's section, for `npm run bench` (which does not run the 10 minutes again). */
export function lastSoakSection(): string | null {
  if (!existsSync(SOAK_JSON)) return null
  return soakSection(JSON.parse(readFileSync(SOAK_JSON, 'utf8')) as SoakResult)
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      minutes: { type: 'string', default: '10' },
      clients: { type: 'string', default: '8' },
      port: { type: 'string' },
      render: { type: 'boolean', default: false },
    },
  })
  const port = values.port ? Number(values.port) : await freePort()
  // `--render`: write the section again from bench/soak.json, without running the soak.
  const result = values.render
    ? (JSON.parse(readFileSync(SOAK_JSON, 'utf8')) as SoakResult)
    : await soak(Number(values.minutes), Number(values.clients), port)
  writeFileSync(SOAK_JSON, `${JSON.stringify(result, null, 2)}\n`)
  const section = soakSection(result)
  await writeSection(section)
  console.log(`\n${section}\nWritten to bench/soak.json and bench/RESULTS.md`)
}
