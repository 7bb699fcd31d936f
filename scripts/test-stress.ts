/**
 * `npm run test:stress`: the suite on a bad day, before a release (issue 39). A test that
 * passes only on a warm, idle machine, or only in the order it was written, fails here:
 *
 *  1. the unit and component tests (`vitest --project 'unit*' --project 'dom*'`) `--rounds` times,
 *     each in a new shuffled order (`--sequence.shuffle`, a new seed each round), with
 *     `--load` CPU burners running beside them;
 *  2. the end-to-end tests (Chromium, `playwright test`) `--e2e-rounds` times with the same
 *     burners (after `npm run build`, unless `--no-build`).
 *
 * Each round prints its seed (reproduce a failure with the command it prints), pass or fail,
 * its duration and the tests that failed; a summary ends the run, which fails if any round
 * did. A retried end-to-end test counts as a failure here (`--retries=0`).
 *
 *   npm run test:stress                                   5 unit rounds + 2 e2e rounds, 1 burner
 *   npm run test:stress -- --rounds 2 --e2e-rounds 0     only the unit and component rounds
 *   npm run test:stress -- --load 2 --seed 1234          2 burners; seeds 1234, 1235, …
 *
 * End-to-end tests take E2E_PORT (and its neighbours, see playwright.config.ts) like
 * `npm run test:e2e`.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    'e2e-rounds': { type: 'string', default: '2' },
    load: { type: 'string', default: '1' },
    seed: { type: 'string' },
    'no-build': { type: 'boolean', default: false },
  },
})

const rounds = Number(values.rounds)
const e2eRounds = Number(values['e2e-rounds'])
const burners = Number(values.load)
const firstSeed = values.seed === undefined ? Date.now() % 1_000_000 : Number(values.seed)
for (const [name, n] of [
  ['--rounds', rounds],
  ['--e2e-rounds', e2eRounds],
  ['--load', burners],
  ['--seed', firstSeed],
] as const)
  if (!Number.isInteger(n) || n < 0) {
    console.error(`${name} must be a whole number ≥ 0 (got ${n})`)
    process.exit(2)
  }

type Round = {
  name: string
  seed?: number
  ok: boolean
  seconds: number
  failed: string[]
  reproduce: string
}

/** A busy core beside the tests: a loop that never yields, in its own process. */
function startBurners(n: number): ChildProcess[] {
  return Array.from({ length: n }, () =>
    spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }),
  )
}

function stopBurners(children: ChildProcess[]) {
  for (const child of children) child.kill('SIGKILL')
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const started = performance.now()
  const result = spawnSync(command, args, {
    stdio: 'inherit',
    env: { ...process.env, ...env },
  })
  return { ok: result.status === 0, seconds: (performance.now() - started) / 1000 }
}

/** The failed tests named in a Vitest JSON report. */
function vitestFailures(file: string): string[] {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8')) as {
      testResults: Array<{
        name: string
        status: string
        message?: string
        assertionResults: Array<{ fullName: string; status: string }>
      }>
    }
    return report.testResults.flatMap((f) => {
      const tests = f.assertionResults
        .filter((t) => t.status === 'failed')
        .map((t) => `${f.name.replace(`${process.cwd()}/`, '')} › ${t.fullName}`)
      // A file that failed outside any test (an import, a hook).
      return tests.length > 0 || f.status !== 'failed'
        ? tests
        : [`${f.name.replace(`${process.cwd()}/`, '')}: ${f.message?.split('\n')[0] ?? 'failed'}`]
    })
  } catch {
    return ['(no report: the run stopped before writing it)']
  }
}

/** The failed (or flaky) tests named in a Playwright JSON report. */
function playwrightFailures(file: string): string[] {
  type Suite = {
    title: string
    specs?: Array<{
      title: string
      tests: Array<{ status: string; results: Array<{ status: string }> }>
    }>
    suites?: Suite[]
  }
  const walk = (suite: Suite, path: string[]): string[] => [
    ...(suite.specs ?? []).flatMap((spec) =>
      spec.tests
        .filter((t) => t.status !== 'expected' && t.status !== 'skipped')
        .map((t) => `${[...path, spec.title].join(' › ')} (${t.status})`),
    ),
    ...(suite.suites ?? []).flatMap((s) => walk(s, [...path, s.title])),
  ]
  try {
    const report = JSON.parse(readFileSync(file, 'utf8')) as { suites: Suite[] }
    return report.suites.flatMap((s) => walk(s, [s.title]))
  } catch {
    return ['(no report: the run stopped before writing it)']
  }
}

const results: Round[] = []
const reports = mkdtempSync(join(tmpdir(), 'avaliador-stress-'))
const printRound = (r: Round) => {
  console.log(
    `\n[stress] ${r.name}${r.seed === undefined ? '' : ` seed ${r.seed}`}: ${r.ok ? 'PASS' : 'FAIL'} in ${r.seconds.toFixed(0)} s`,
  )
  for (const f of r.failed) console.log(`[stress]   ✗ ${f}`)
  if (!r.ok) console.log(`[stress]   reproduce: ${r.reproduce}`)
}

console.log(
  `[stress] ${rounds} unit+component round(s) shuffled, ${e2eRounds} end-to-end round(s); ` +
    `${burners} CPU burner(s) beside them; ${cpus().length} cores, load ${loadavg()[0]!.toFixed(1)}`,
)

const burning = startBurners(burners)
const stop = () => stopBurners(burning)
process.on('exit', stop)
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    stop()
    process.exit(130)
  })

try {
  for (let i = 0; i < rounds; i++) {
    const seed = firstSeed + i
    const report = join(reports, `vitest-${seed}.json`)
    const args = [
      'vitest',
      'run',
      '--project',
      'unit*',
      '--project',
      'dom*',
      '--sequence.shuffle',
      `--sequence.seed=${seed}`,
      '--reporter=dot',
      '--reporter=json',
      `--outputFile.json=${report}`,
    ]
    console.log(`\n[stress] unit+component round ${i + 1}/${rounds}, seed ${seed}`)
    const { ok, seconds } = run('npx', args)
    const round: Round = {
      name: `unit+component ${i + 1}/${rounds}`,
      seed,
      ok,
      seconds,
      failed: ok ? [] : vitestFailures(report),
      reproduce: `npx vitest run --project 'unit*' --project 'dom*' --sequence.shuffle --sequence.seed=${seed}`,
    }
    results.push(round)
    printRound(round)
  }

  if (e2eRounds > 0 && !values['no-build']) {
    // Built without the burners: the build is not what is under test.
    stop()
    console.log('\n[stress] npm run build')
    if (!run('npm', ['run', 'build']).ok) {
      console.error('[stress] the build failed: no end-to-end round')
      process.exit(1)
    }
    burning.splice(0, burning.length, ...startBurners(burners))
  }
  for (let i = 0; i < e2eRounds; i++) {
    const report = join(reports, `playwright-${i}.json`)
    console.log(`\n[stress] end-to-end round ${i + 1}/${e2eRounds}`)
    const { ok, seconds } = run(
      'npx',
      ['playwright', 'test', '--retries=0', '--reporter=dot,json'],
      {
        CI: '1',
        PLAYWRIGHT_JSON_OUTPUT_FILE: report,
      },
    )
    const round: Round = {
      name: `end-to-end ${i + 1}/${e2eRounds}`,
      ok,
      seconds,
      failed: ok ? [] : playwrightFailures(report),
      reproduce: 'CI=1 npx playwright test --retries=0 <file>',
    }
    results.push(round)
    printRound(round)
  }
} finally {
  stop()
}

console.log('\n[stress] summary')
for (const r of results)
  console.log(
    `  ${r.ok ? 'PASS' : 'FAIL'}  ${r.name.padEnd(22)} ${r.seed === undefined ? ''.padEnd(12) : `seed ${String(r.seed).padEnd(7)}`} ${r.seconds.toFixed(0).padStart(5)} s${r.failed.length ? `  ${r.failed.length} failed` : ''}`,
  )
const failed = results.filter((r) => !r.ok)
console.log(
  failed.length === 0
    ? `[stress] all ${results.length} round(s) passed`
    : `[stress] ${failed.length} of ${results.length} round(s) failed`,
)
rmSync(reports, { recursive: true, force: true })
process.exit(failed.length === 0 ? 0 : 1)
