/**
 * `npm run bench`: every performance figure of issue #7 next to its target, on this machine,
 * written to bench/RESULTS.md and printed. Builds first (the figures are of the production
 * build). Benchmarks, not tests: a missed target is reported, not failed — the size budgets
 * are what `npm test` enforces.
 *
 *   npm run bench [-- --quick]      (--quick: 1 run each instead of 3–5)
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { parseArgs } from 'node:util'
import { gzipSync } from 'node:zlib'
import { findChromium } from '../find-chromium'
import { formatReport, measure, measureBeforeIdle } from '../bundle-size'
import type { ChunkReport } from '../check-bundle'
import { measureFakeDb } from './fake-db'
import { interactionsTable, interactionTraces, measureInteractions } from './interactions'
import { lighthouseTable, lighthouseTraces, measureLighthouse } from './lighthouse'
import { measurePreviewStart, TARGET_MS as PREVIEW_TARGET_MS } from './preview-start'
import { mainThreadLines, measureRepeatVisit, REOPEN_TARGET_MS } from './repeat-visit'
import { lastSoakSection } from './soak'
import { ROOT } from './support'

const { values } = parseArgs({ options: { quick: { type: 'boolean', default: false } } })
const runs = (n: number) => (values.quick ? 1 : n)
const sections: string[] = []
const section = (title: string, body: string) => {
  const text = `## ${title}\n\n${body.trim()}\n`
  console.log(`\n${text}`)
  sections.push(text)
}

process.env.CHROME_PATH ??= findChromium()
const chromiumVersion = execFileSync(process.env.CHROME_PATH, ['--version']).toString().trim()
const loadBefore = loadavg()[0]!.toFixed(2)

// 1. Sizes of the production build.
const dist = `${ROOT}dist/`
const chunks = JSON.parse(readFileSync(`${dist}bundle-modules.json`, 'utf8')) as ChunkReport[]
const gzipBytes = (f: string) => gzipSync(readFileSync(dist + f), { level: 9 }).length
const sizes = measure(chunks, gzipBytes)
sizes.beforeIdle = await measureBeforeIdle(gzipBytes)
section('Download sizes (gzip, production build)', formatReport(sizes))

// 2. Lighthouse.
const lh = await measureLighthouse(runs(5))
section(
  `Lighthouse 12, mobile profile, median of ${runs(5)} (fresh profile per run)`,
  lighthouseTable(lh),
)
section(
  'Where the time goes: every task of 50 ms or more, and what a missed LCP waited for',
  lighthouseTraces(lh),
)

// 3. Reopening the app: the worker serves it, the offers come from the phone.
const repeat = await measureRepeatVisit(runs(5))
const reopenOk = (ms: number) => (ms <= REOPEN_TARGET_MS ? '' : ' ✗')
section(
  `Reopen of /oppy (emulated slow 4G + 4× CPU, median of ${repeat.runs})`,
  [
    '| visit | first offer on screen | target | over the network | from the service worker |',
    '| --- | ---: | ---: | ---: | ---: |',
    `| first | ${repeat.cold.ms} ms | | ${repeat.cold.networkKiB.toFixed(1)} KiB | ${repeat.cold.fromWorker} of ${repeat.cold.requests} |`,
    `| reopen | ${repeat.warm.ms} ms${reopenOk(repeat.warm.ms)} | ≤ ${REOPEN_TARGET_MS} ms | ${repeat.warm.networkKiB.toFixed(1)} KiB | ${repeat.warm.fromWorker} of ${repeat.warm.requests} |`,
    `| reopen, no connection | ${repeat.offline.ms} ms${reopenOk(repeat.offline.ms)} | ≤ ${REOPEN_TARGET_MS} ms | ${repeat.offline.networkKiB.toFixed(1)} KiB | ${repeat.offline.fromWorker} of ${repeat.offline.requests} |`,
    '',
    "Where a typical run's time went on the page's main thread until the first offer (own time",
    'of each traced task, by kind; "other" is task time with nothing finer traced: IPC, scheduling,',
    'IndexedDB and service-worker replies):',
    '',
    ...mainThreadLines(repeat).map((line) => `- ${line}`),
  ].join('\n'),
)

// 3b. Taps: interaction to next paint on the visit's screens and the large lists.
const interactions = await measureInteractions(runs(5))
section(
  `Interaction to next paint (4× CPU, ${runs(5)} taps each): the visit's screens, the large lists`,
  [
    interactionsTable(interactions),
    '',
    'The long animation frames behind any interaction over 100 ms:',
    '',
    interactionTraces(interactions),
  ].join('\n'),
)

// 4. Photo compression (its own script: it builds a benchmark page with both compressors).
const photo = spawnSync(
  process.execPath,
  ['--import', 'tsx', 'scripts/bench/photo-compression.ts', '--runs', String(runs(7))],
  { cwd: ROOT, encoding: 'utf8', env: process.env },
)
section(
  'Photo compression (12 MP JPEG, EXIF orientation 6), ours vs browser-image-compression',
  photo.status === 0
    ? photo.stdout
    : `Could not run (exit ${photo.status}):\n\n\`\`\`\n${photo.stderr.slice(-2000)}\n\`\`\``,
)

// 5. The demo's start.
const preview = await measurePreviewStart(runs(5))
section(
  'Demo start (/preview to interactive offers, no throttling)',
  [
    '| start | median | target | runs |',
    '| --- | ---: | ---: | --- |',
    `| cold (fresh profile) | ${preview.cold} ms | ≤ ${PREVIEW_TARGET_MS} ms | ${preview.coldRuns.join(', ')} |`,
    `| warm reload | ${preview.warm} ms | | ${preview.warmRuns.join(', ')} |`,
  ].join('\n'),
)

// 6. The fake database at scale.
const fakeDb = await measureFakeDb(runs(5))
section(
  'Fake database: seeding and queries (Node, median)',
  [
    '| what | median | target |',
    '| --- | ---: | ---: |',
    ...fakeDb.map(
      (r) => `| ${r.what} | ${r.ms.toFixed(1)} ms | ${r.target ? `≤ ${r.target} ms` : ''} |`,
    ),
  ].join('\n'),
)

// 7. The fake backend's memory over 10 minutes: its own command (npm run bench:soak); the
// last result is kept.
const soakSection = lastSoakSection()
if (soakSection) {
  console.log(`\n${soakSection}`)
  sections.push(soakSection)
}

const header = [
  '# Benchmark results',
  '',
  `Written by \`npm run bench\`${values.quick ? ' --quick' : ''} on ${new Date().toISOString()}.`,
  `Machine: ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, ${chromiumVersion}.`,
  `Load average (1 min) before: ${loadBefore}, after: ${loadavg()[0]!.toFixed(2)} — timings on a busy machine run long.`,
  '',
].join('\n')
if (!existsSync(`${ROOT}bench`)) mkdirSync(`${ROOT}bench`)
writeFileSync(`${ROOT}bench/RESULTS.md`, `${header}\n${sections.join('\n')}`)
console.log('\nWritten to bench/RESULTS.md')
