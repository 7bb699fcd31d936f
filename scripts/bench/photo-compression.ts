/**
 * Photo compression: the app's on-device compressor next to browser-image-compression, on the
 * same pictures in the same headless Chromium. Targets (issue #7), for the 12 MP JPEG with EXIF
 * orientation 6 and the other pictures: ≤ 0.4 MB, longest side exactly 1920 px (no needless
 * downscaling), upright, median ≤ 250 ms, at most 3 JPEG encodes, in a worker, and no
 * main-thread task over 50 ms while it runs.
 *
 *   npm run bench:photo [-- --runs 7 --warmup 1 --out bench/photo-compression.json]
 *
 * How: builds scripts/bench/photo/ (a page importing the compressor from src/ and the library)
 * with its own Vite config into a temporary folder — every run, a few seconds, so the numbers are
 * always of the current source and the app's dist/ is neither needed nor touched — serves it on
 * a free port and drives it with the system Chromium. The pictures are made in the page; each
 * run compresses one picture once, the two compressors taking turns. Prints a table with
 * PASS/MISS and writes the JSON the bench aggregator reads. A MISS is a result, not a failure:
 * the exit code is non-zero only when the benchmark cannot run.
 */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { cpus, loadavg, tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import sirv from 'sirv'
import { build } from 'vite'
import type { Compressor, ImageInfo, RunFailure, RunRecord } from './photo/bench-page'
import { freePort, launchChromium, median, ROOT } from './support'

export const TARGETS = {
  maxBytes: Math.floor(0.4 * 1024 * 1024),
  longestSide: 1920,
  medianMs: 250,
  maxEncodes: 3,
  maxMainThreadTaskMs: 50,
} as const

const COMPRESSORS: Compressor[] = ['avaliador', 'browser-image-compression']

export type CompressorSummary = {
  runs: number
  errors: string[]
  ms: { median: number; p90: number; min: number; max: number; all: number[] }
  bytes: number[]
  dimensions: string[]
  orientationOk: boolean
  encodes: number | null
  via: string[]
  decoded: string[]
  longestMainThreadTaskMs: number
  longTasks: number
  checks: Record<keyof typeof TARGETS | 'orientation' | 'worker', boolean>
  /** Every check above passed. */
  allPass: boolean
}

/** Nearest-rank percentile. */
function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN
}

const unique = <T>(values: T[]) => [...new Set(values)]
const round1 = (n: number) => Math.round(n * 10) / 10

function summarize(image: ImageInfo, runs: Array<RunRecord | RunFailure>): CompressorSummary {
  const ok = runs.filter((r): r is RunRecord => r.error === undefined)
  const errors = unique(runs.flatMap((r) => (r.error === undefined ? [] : [r.error])))
  const times = runs.map((r) => r.ms)
  const longTasks = runs.flatMap((r) => r.longTasks)
  const longest = Math.max(0, ...longTasks)
  const encodes = ok.some((r) => r.encodes === null)
    ? null
    : Math.max(0, ...ok.map((r) => r.encodes ?? 0))
  const expectedLongest = Math.min(
    TARGETS.longestSide,
    Math.max(image.expected.width, image.expected.height),
  )
  const all = <T>(pick: (r: RunRecord) => T, test: (v: T) => boolean) =>
    ok.length > 0 && errors.length === 0 && ok.every((r) => test(pick(r)))
  const medianMs = median(times)
  const checks = {
    maxBytes: all(
      (r) => r.bytes,
      (b) => b <= TARGETS.maxBytes,
    ),
    longestSide: all(
      (r) => Math.max(r.width, r.height),
      (s) => s === expectedLongest,
    ),
    medianMs: medianMs <= TARGETS.medianMs,
    maxEncodes: encodes !== null && encodes <= TARGETS.maxEncodes && errors.length === 0,
    maxMainThreadTaskMs: longest <= TARGETS.maxMainThreadTaskMs,
    orientation: all((r) => r.orientationOk, Boolean),
    worker: all(
      (r) => r.via,
      (v) => v === 'worker',
    ),
  }
  return {
    runs: runs.length,
    errors,
    ms: {
      median: round1(medianMs),
      p90: round1(percentile(times, 90)),
      min: round1(Math.min(...times)),
      max: round1(Math.max(...times)),
      all: times.map(round1),
    },
    bytes: unique(ok.map((r) => r.bytes)),
    dimensions: unique(ok.map((r) => `${r.width}×${r.height}`)),
    orientationOk: all((r) => r.orientationOk, Boolean),
    encodes,
    via: unique(ok.map((r) => r.via)),
    decoded: unique(ok.flatMap((r) => (r.decoded ? [r.decoded] : []))),
    longestMainThreadTaskMs: longest,
    longTasks: longTasks.length,
    checks,
    allPass: Object.values(checks).every(Boolean),
  }
}

export async function buildPage(outDir: string) {
  const t0 = performance.now()
  await build({
    configFile: fileURLToPath(new URL('./photo/vite.config.ts', import.meta.url)),
    build: { outDir },
  })
  return performance.now() - t0
}

export async function servePage(dir: string) {
  const port = await freePort()
  const assets = sirv(dir, { dev: true })
  const server = createServer((req, res) =>
    assets(req, res, () => {
      res.statusCode = 404
      res.end('not found')
    }),
  )
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done))
  return {
    url: `http://127.0.0.1:${port}/`,
    stop: () => new Promise<void>((done) => server.close(() => done())),
  }
}

export async function measurePhotoCompression({ runs = 7, warmup = 1 } = {}) {
  const loadBefore = loadavg()
  const outDir = mkdtempSync(join(tmpdir(), 'avaliador-photo-bench-'))
  let server: Awaited<ReturnType<typeof servePage>> | undefined
  let browser: Awaited<ReturnType<typeof launchChromium>> | undefined
  try {
    const buildMs = await buildPage(outDir)
    server = await servePage(outDir)
    browser = await launchChromium()
    const page = await browser.newPage()
    page.on('pageerror', (error) => console.error(`[page] ${error.message}`))
    await page.goto(server.url)
    await page.waitForFunction(() => window.__photoBench !== undefined)
    if (!(await page.evaluate(() => window.__photoBench!.longTasksObservable())))
      throw new Error(
        'this Chromium does not report long tasks: main-thread blocking cannot be measured',
      )
    const images = await page.evaluate(() => window.__photoBench!.prepare())

    const results = []
    for (const image of images) {
      const collected: Record<Compressor, Array<RunRecord | RunFailure>> = {
        avaliador: [],
        'browser-image-compression': [],
      }
      for (let i = 0; i < warmup + runs; i++) {
        // Take turns, and swap who goes first each round, so load spikes hit both alike.
        const order = i % 2 === 0 ? COMPRESSORS : [...COMPRESSORS].reverse()
        for (const compressor of order) {
          const record = await page.evaluate(
            ([name, which]) => window.__photoBench!.runOnce(name, which),
            [image.name, compressor] as const,
          )
          if (i >= warmup) collected[compressor].push(record)
        }
      }
      results.push({
        image,
        avaliador: summarize(image, collected.avaliador),
        'browser-image-compression': summarize(image, collected['browser-image-compression']),
      })
    }
    return {
      measuredAt: new Date().toISOString(),
      machine: {
        cpus: cpus().length,
        cpuModel: cpus()[0]?.model ?? 'unknown',
        loadAverageBefore: loadBefore.map(round1),
        loadAverageAfter: loadavg().map(round1),
        chromium: browser.version(),
      },
      runs,
      warmup,
      buildMs: Math.round(buildMs),
      targets: TARGETS,
      results,
    }
  } finally {
    await browser?.close()
    await server?.stop()
    rmSync(outDir, { recursive: true, force: true })
  }
}

export type PhotoCompressionReport = Awaited<ReturnType<typeof measurePhotoCompression>>

const mark = (pass: boolean) => (pass ? 'PASS' : 'MISS')
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`

/** The side-by-side table, one block per picture. */
export function formatReport(report: PhotoCompressionReport): string {
  const lines: string[] = []
  const t = report.targets
  lines.push(
    `Photo compression — ${report.runs} runs per picture (+${report.warmup} warm-up), Chromium ${report.machine.chromium}, ` +
      `${report.machine.cpus} CPUs, load ${report.machine.loadAverageBefore.join(' ')} → ${report.machine.loadAverageAfter.join(' ')}`,
  )
  for (const { image, ...by } of report.results) {
    lines.push('')
    lines.push(
      `${image.label}: ${kb(image.bytes)} ${image.type} in, expected ${image.expected.width}×${image.expected.height}`,
    )
    const rows: string[][] = [['', 'target', ...COMPRESSORS]]
    const cell = (s: CompressorSummary, text: string, pass?: boolean) =>
      pass === undefined ? text : `${text}  ${mark(pass)}`
    const row = (label: string, target: string, f: (s: CompressorSummary) => string) =>
      rows.push([label, target, ...COMPRESSORS.map((c) => f(by[c]))])
    row('time, median', `≤ ${t.medianMs} ms`, (s) =>
      cell(s, `${s.ms.median.toFixed(0)} ms`, s.checks.medianMs),
    )
    row('time, p90 / min', '', (s) => `${s.ms.p90.toFixed(0)} / ${s.ms.min.toFixed(0)} ms`)
    row('output size', '≤ 0.4 MB', (s) =>
      cell(s, s.bytes.map(kb).join(', ') || '—', s.checks.maxBytes),
    )
    row('dimensions', `longest = ${t.longestSide}`, (s) =>
      cell(s, s.dimensions.join(', ') || '—', s.checks.longestSide),
    )
    row('orientation', 'upright', (s) =>
      cell(s, s.orientationOk ? 'upright' : 'wrong', s.checks.orientation),
    )
    row('JPEG encodes', `≤ ${t.maxEncodes}`, (s) =>
      cell(s, s.encodes === null ? '?' : String(s.encodes), s.checks.maxEncodes),
    )
    row('ran in', 'worker', (s) => cell(s, s.via.join(', ') || '—', s.checks.worker))
    row('pixels decoded', '', (s) => s.decoded.join(', ') || '—')
    row('longest main-thread task', `≤ ${t.maxMainThreadTaskMs} ms`, (s) =>
      cell(
        s,
        s.longTasks ? `${s.longestMainThreadTaskMs} ms (${s.longTasks} long)` : 'none',
        s.checks.maxMainThreadTaskMs,
      ),
    )
    for (const c of COMPRESSORS)
      for (const e of by[c].errors) rows.push([`error (${c})`, '', e.slice(0, 80)])
    const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)))
    for (const r of rows)
      lines.push(
        r
          .map((c, i) => c.padEnd(widths[i]!))
          .join('  ')
          .trimEnd(),
      )
  }
  lines.push('')
  for (const c of COMPRESSORS) {
    const misses = report.results.flatMap(({ image, ...by }) => {
      const failed = Object.entries(by[c].checks).filter(([, pass]) => !pass)
      return failed.length ? [`${image.name}: ${failed.map(([name]) => name).join(', ')}`] : []
    })
    lines.push(
      `${c}: ${misses.length ? `MISS — ${misses.join('; ')}` : 'PASS — every target on every picture'}`,
    )
  }
  return lines.join('\n')
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '7' },
      warmup: { type: 'string', default: '1' },
      out: { type: 'string', default: 'bench/photo-compression.json' },
    },
  })
  const runs = Number(values.runs)
  const warmup = Number(values.warmup)
  if (!Number.isInteger(runs) || runs < 1 || !Number.isInteger(warmup) || warmup < 0) {
    console.error('--runs must be a whole number ≥ 1 and --warmup ≥ 0')
    process.exit(2)
  }
  try {
    const report = await measurePhotoCompression({ runs, warmup })
    console.log(formatReport(report))
    const out = resolve(ROOT, values.out)
    mkdirSync(dirname(out), { recursive: true })
    writeFileSync(out, `${JSON.stringify(report, null, 2)}\n`)
    console.log(`\nWrote ${out}`)
  } catch (error) {
    console.error('The photo benchmark could not run:', error)
    process.exit(1)
  }
}
