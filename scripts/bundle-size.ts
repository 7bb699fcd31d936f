/**
 * What an agent's phone downloads, in gzip bytes, measured on dist/ after `npm run build`:
 * the JS fetched before /login, /oppy and /tasks/:slug are interactive (the entry, the app's
 * static imports and the route's chunk with its own static imports), each route's own
 * chunk, and the whole visit flow (check-in through report). Budgets from issue #7.
 *
 *   npm run size            prints the table
 *   npm run test:size       prints it and fails when a budget is exceeded (part of npm test)
 *   --json <file>           also writes the figures as JSON (used by `npm run bench`)
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { gzipSync } from 'node:zlib'
import { agentAppChunks, PREVIEW_ONLY, staticClosure, type ChunkReport } from './check-bundle'

/** The visit's features (docs/architecture.md): check-in, questionnaire, report, validation. */
const VISIT_FEATURES = /^\/src\/features\/(?:checkin|questionnaire|report|validation)\//

const KiB = 1024

/** The budgets, in gzip bytes. Issue #7's targets; change them only with a reason in the commit. */
export const BUDGETS = {
  entryJs: 140 * KiB,
  routeChunk: 30 * KiB,
  visitFlow: 300 * KiB,
} as const

/** The routes whose first load is budgeted, and the module that renders each. */
export const ENTRY_ROUTES = [
  ['/login', '/src/features/auth/routes/login-page.tsx'],
  ['/oppy', '/src/features/opportunities/routes/opportunity-list-page.tsx'],
  ['/tasks/:slug', '/src/features/tasks/routes/task-hub-page.tsx'],
] as const

export type SizeReport = {
  bootBytes: number
  entries: Array<{ route: string; bytes: number; chunks: number }>
  routeChunks: Array<{ fileName: string; module: string; bytes: number; firstVisitBytes: number }>
  visitFlow: { bytes: number; chunks: number }
  previewOnlyBytesInAgentApp: number
}

export function measure(
  chunks: ChunkReport[],
  gzipBytes: (fileName: string) => number,
): SizeReport {
  const byName = new Map(chunks.map((c) => [c.fileName, c]))
  const sum = (names: Iterable<string>) => [...names].reduce((n, f) => n + gzipBytes(f), 0)
  const closure = (names: string[]) => new Set(staticClosure(chunks, names).map((c) => c.fileName))
  const chunkOf = (module: string) => {
    const chunk = chunks.find((c) => c.modules.includes(module))
    if (!chunk) throw new Error(`No chunk holds ${module}: was it renamed? Update ENTRY_ROUTES.`)
    return chunk.fileName
  }

  // The entry decides between the app and the demo; the app's start is one dynamic import.
  const entry = chunks.filter((c) => c.isEntry).map((c) => c.fileName)
  const boot = closure([...entry, chunkOf('/src/app/start-app.tsx')])
  const bootBytes = sum(boot)

  const agent = agentAppChunks(chunks)
  const agentNames = new Set(agent.map((c) => c.fileName))
  // Route chunks: what the app's boot code loads lazily (the router's `lazy` imports).
  const lazyTargets = new Set(
    [...boot]
      .flatMap((name) => byName.get(name)?.dynamicImports ?? [])
      .filter((n) => agentNames.has(n) && !boot.has(n)),
  )
  const routeChunks = [...lazyTargets]
    .map((fileName) => {
      const chunk = byName.get(fileName)!
      const firstVisit = [...closure([fileName])].filter((n) => !boot.has(n))
      const module =
        chunk.modules.findLast((m) => m.startsWith('/src/')) ?? chunk.modules.at(-1) ?? ''
      return { fileName, module, bytes: gzipBytes(fileName), firstVisitBytes: sum(firstVisit) }
    })
    .sort((a, b) => b.bytes - a.bytes)

  const entries = ENTRY_ROUTES.map(([route, module]) => {
    const all = new Set([...boot, ...closure([chunkOf(module)])])
    return { route, bytes: sum(all), chunks: all.size }
  })

  // The visit: boot plus every chunk a visit route can load (check-in, questionnaire, report),
  // including what those screens import lazily (photo compression worker module, recorder…).
  const visitRoots = [...lazyTargets].filter((n) =>
    byName.get(n)!.modules.some((m) => VISIT_FEATURES.test(m)),
  )
  const visit = new Set(boot)
  const queue = [...visitRoots]
  while (queue.length) {
    const name = queue.pop()!
    if (visit.has(name) || !agentNames.has(name)) continue
    visit.add(name)
    const chunk = byName.get(name)!
    queue.push(...chunk.imports)
    queue.push(
      ...chunk.dynamicImports.filter((d) =>
        byName
          .get(d)!
          .modules.every((m) => !m.includes('/src/features/') || VISIT_FEATURES.test(m)),
      ),
    )
  }

  const previewOnlyBytesInAgentApp = sum(
    agent.filter((c) => c.modules.some((m) => PREVIEW_ONLY.test(m))).map((c) => c.fileName),
  )
  return {
    bootBytes,
    entries,
    routeChunks,
    visitFlow: { bytes: sum(visit), chunks: visit.size },
    previewOnlyBytesInAgentApp,
  }
}

export function budgetFailures(report: SizeReport): string[] {
  const kib = (n: number) => `${(n / KiB).toFixed(1)} KiB`
  return [
    ...report.entries
      .filter((e) => e.bytes > BUDGETS.entryJs)
      .map((e) => `entry JS for ${e.route}: ${kib(e.bytes)} > ${kib(BUDGETS.entryJs)}`),
    ...report.routeChunks
      .filter((r) => r.bytes > BUDGETS.routeChunk)
      .map(
        (r) =>
          `route chunk ${r.fileName} (${r.module}): ${kib(r.bytes)} > ${kib(BUDGETS.routeChunk)}`,
      ),
    ...(report.visitFlow.bytes > BUDGETS.visitFlow
      ? [`visit flow: ${kib(report.visitFlow.bytes)} > ${kib(BUDGETS.visitFlow)}`]
      : []),
    ...(report.previewOnlyBytesInAgentApp > 0
      ? [`msw/faker/@msw/data in the agent app: ${report.previewOnlyBytesInAgentApp} bytes > 0`]
      : []),
  ]
}

export function formatReport(report: SizeReport): string {
  const kib = (n: number) => `${(n / KiB).toFixed(1)} KiB`
  const mark = (ok: boolean) => (ok ? 'ok' : 'OVER')
  const largest = report.routeChunks[0]
  const lines = [
    `boot (entry + app shell, before any route): ${kib(report.bootBytes)} gzip`,
    '',
    '| what | gzip | budget | |',
    '| --- | ---: | ---: | --- |',
    ...report.entries.map(
      (e) =>
        `| entry JS for ${e.route} (${e.chunks} files) | ${kib(e.bytes)} | ${kib(BUDGETS.entryJs)} | ${mark(e.bytes <= BUDGETS.entryJs)} |`,
    ),
    largest
      ? `| largest route chunk (${largest.module.split('/').at(-1)}) of ${report.routeChunks.length} | ${kib(largest.bytes)} | ${kib(BUDGETS.routeChunk)} | ${mark(largest.bytes <= BUDGETS.routeChunk)} |`
      : '| no route chunk | | | |',
    `| visit flow, check-in to report (${report.visitFlow.chunks} files) | ${kib(report.visitFlow.bytes)} | ${kib(BUDGETS.visitFlow)} | ${mark(report.visitFlow.bytes <= BUDGETS.visitFlow)} |`,
    `| msw, faker, @msw/data outside /preview | ${report.previewOnlyBytesInAgentApp} B | 0 B | ${mark(report.previewOnlyBytesInAgentApp === 0)} |`,
  ]
  return lines.join('\n')
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      check: { type: 'boolean', default: false },
      json: { type: 'string' },
      routes: { type: 'boolean', default: false },
    },
  })
  const dist = process.env.DIST_DIR ?? fileURLToPath(new URL('../dist/', import.meta.url))
  let chunks: ChunkReport[]
  try {
    chunks = JSON.parse(readFileSync(`${dist}bundle-modules.json`, 'utf8')) as ChunkReport[]
  } catch {
    console.error('dist/bundle-modules.json is missing: run `npm run build` first.')
    process.exit(2)
  }
  const gzipBytes = (fileName: string) =>
    gzipSync(readFileSync(dist + fileName), { level: 9 }).length
  const report = measure(chunks, gzipBytes)
  console.log(formatReport(report))
  if (values.routes) {
    console.log('\nroute chunks (own / first visit incl. shared imports):')
    for (const r of report.routeChunks)
      console.log(
        `  ${(r.bytes / KiB).toFixed(1).padStart(6)} / ${(r.firstVisitBytes / KiB).toFixed(1).padStart(6)} KiB  ${r.module}`,
      )
  }
  if (values.json)
    writeFileSync(values.json, JSON.stringify({ budgets: BUDGETS, ...report }, null, 2))
  const failures = budgetFailures(report)
  if (values.check && failures.length) {
    console.error(`\nSize budget exceeded:\n  ${failures.join('\n  ')}`)
    process.exit(1)
  }
  if (values.check) console.log('\nOK: every size budget is met.')
}
