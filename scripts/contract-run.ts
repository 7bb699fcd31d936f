/**
 * `npm run test:contracts`: the whole contract check, in order —
 *   1. consumer tests (Vitest project `contracts`, the app's real API functions against Pact's
 *      mock server) write the pacts to a fresh temporary folder;
 *   2. freshness: they must equal the committed contracts/pacts/ (tool versions and hash keys
 *      aside) — `npm run test:contracts:update` refreshes them;
 *   3. provider states: every state in the pacts is in mocks/provider-state-catalogue.ts, documented
 *      in contracts/README.md and contracts/provider-states.yaml, implemented by the fake backend
 *      (contracts/check-provider-states.sh passes against it), and answers every value its
 *      interactions take from it (the session token included);
 *   4. provider verification against the fake backend served over HTTP on a free port, its
 *      states set through POST /api/__fake/provider-states, with the standalone `pact` verifier
 *      run by contracts/verify-provider.sh (the route a backend team without Node takes);
 *   5. every interaction checked against openapi.yaml as committed with the comparator, and
 *      every `format: date-time` / `format: date` field of a response matched as any RFC 3339
 *      date-time / full-date;
 *   6. date-times: the fake backend serves its date-times in every RFC 3339 style a backend
 *      may write, and the pacts must verify (a non-RFC 3339 control must fail);
 *   7. coverage: operations of openapi.yaml × the app's calls × pacts × verified × spec, and every
 *      declared error (operation, 4xx/5xx) with its interactions or why it has none
 *      (contracts/error-coverage.ts);
 *   8. self-test of the tooling (deliberate breaks must be caught).
 *
 *   node --import tsx scripts/contract-run.ts [--update] [--skip-consumer] [--skip-selftest] [--json FILE]
 *
 * Exit code 0 when everything holds, 1 otherwise.
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import {
  answerKeys,
  KEPT_DEVICE_TIME,
  STATES,
  STATE_BY_NAME,
} from '../mocks/provider-state-catalogue'
import { ARRANGEMENTS } from '../mocks/handlers/provider-states'
import {
  appCalls,
  basePathOf,
  checkAgainstSpec,
  coverageRows,
  errorCoverage,
  formatMatcherFindings,
  injectionFindings,
  loadSpec,
  pactFilesIn,
  pairedErrors,
  pactFreshness,
  readPact,
  relativeTo,
  renderCoverage,
  renderErrorCoverage,
  serialisePact,
  specOperations,
} from './contract-lib'
import {
  FULL_DATE_FORMAT,
  instantAtMinuteOfHour,
  RFC3339_DATE_TIME,
} from '../contracts/support/date-time'
import { AUTH_STYLES, GENERIC_401, UNPINNED } from '../contracts/error-coverage'
import { REQUEST_NARROWINGS } from '../contracts/narrowings'
import { specAgreement } from './contract-agreement'
import { printDateTimeRun, runDateTimeStyles } from './contract-date-times'
import { startFakeProvider } from './contract-provider'
import {
  checkProviderStates,
  CONFORMANCE_SCRIPT,
  STATES_DOC,
  syncProviderStates,
} from './contract-provider-states'
import { syncReadme } from './contract-readme'
import { printSelfTests, runSelfTests } from './contract-selftest'
import { printResults, STATES_PATH, verifyPacts, verifyScriptArgs } from './verify-pacts'

process.env.PACT_DO_NOT_TRACK ??= 'true'

const root = fileURLToPath(new URL('../', import.meta.url))
const committedDir = join(root, 'contracts', 'pacts')

const { values } = parseArgs({
  options: {
    update: { type: 'boolean', default: false },
    'skip-consumer': { type: 'boolean', default: false },
    'skip-selftest': { type: 'boolean', default: false },
    json: { type: 'string' },
  },
})

/** Ends the run early: what follows needs what just failed. */
class StopRun extends Error {}

const failures: string[] = []
const timings: string[] = []
async function step<T>(name: string, run: () => Promise<T> | T): Promise<T> {
  console.log(`\n━━ ${name}`)
  const started = Date.now()
  try {
    return await run()
  } finally {
    timings.push(`${name}: ${((Date.now() - started) / 1000).toFixed(1)} s`)
  }
}

const started = Date.now()
const work = mkdtempSync(join(tmpdir(), 'avaliador-contracts-'))
const generatedDir = join(work, 'pacts')

try {
  // 1. Consumer tests → fresh pacts.
  if (!values['skip-consumer']) {
    const ok = await step('1. consumer tests (vitest --project contracts)', () => {
      const run = spawnSync(
        join(root, 'node_modules', '.bin', 'vitest'),
        ['run', '--project', 'contracts'],
        {
          cwd: root,
          stdio: 'inherit',
          env: {
            ...process.env,
            AVALIADOR_PACT_DIR: generatedDir,
            PACT_DO_NOT_TRACK: 'true',
            VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true',
          },
        },
      )
      return run.status === 0
    })
    if (!ok) failures.push('consumer tests failed')
  }
  if (failures.length) throw new StopRun()

  // 2. Freshness of the committed pacts.
  if (!values['skip-consumer'] && failures.length === 0) {
    await step('2. committed pacts are up to date', () => {
      if (values.update) {
        mkdirSync(committedDir, { recursive: true })
        for (const f of pactFilesIn(committedDir))
          if (!pactFilesIn(generatedDir).includes(f)) rmSync(join(committedDir, f))
        for (const f of pactFilesIn(generatedDir))
          writeFileSync(join(committedDir, f), serialisePact(readPact(join(generatedDir, f))))
        console.log(
          `Updated ${pactFilesIn(generatedDir)
            .map((f) => `contracts/pacts/${f}`)
            .join(', ')}`,
        )
        return
      }
      const freshness = pactFreshness(generatedDir, committedDir)
      if (freshness.fresh) console.log('contracts/pacts/ matches what the consumer tests write.')
      else {
        console.log('contracts/pacts/ is STALE:')
        for (const p of freshness.problems) console.log(`  - ${p}`)
        console.log('Run `npm run test:contracts:update` and commit contracts/pacts/.')
        failures.push('committed pacts are stale')
      }
    })
  }

  const files = pactFilesIn(committedDir).map((f) => join(committedDir, f))
  if (files.length === 0) {
    failures.push('no pact in contracts/pacts/ (npm run test:contracts:update)')
    throw new StopRun()
  }
  const pacts = files.map(readPact)
  const interactions = pacts.flatMap((p) => p.interactions)

  // 3. Provider states: catalogue, README, fake backend.
  await step('3. provider states are catalogued, documented and implemented', async () => {
    const readme = join(root, 'contracts', 'README.md')
    const used = new Set(interactions.flatMap((i) => (i.providerStates ?? []).map((s) => s.name)))
    const documented = (await syncReadme(readme, values.update)).upToDate || values.update
    const described = await syncProviderStates(
      { doc: STATES_DOC, script: CONFORMANCE_SCRIPT },
      values.update,
    )
    const answers = new Map(Object.values(STATES).map((st) => [st.name, answerKeys(st)]))
    const problems = [
      ...injectionFindings(interactions, answers),
      ...[...used]
        .filter((n) => !STATE_BY_NAME.has(n))
        .map((n) => `used in a pact, not in mocks/provider-state-catalogue.ts: "${n}"`),
      ...Object.values(STATES)
        .filter((s) => !used.has(s.name))
        .map((s) => `catalogued but used by no interaction: "${s.name}"`),
      ...(documented
        ? []
        : [
            'the provider-state table of contracts/README.md is out of date (npm run test:contracts:update)',
          ]),
      ...(described.upToDate || values.update
        ? []
        : described.stale.map(
            (f) => `${relativeTo(root, f)} is out of date (npm run test:contracts:update)`,
          )),
      ...Object.keys(STATES)
        .filter((k) => !(k in ARRANGEMENTS))
        .map((k) => `not implemented by mocks/handlers/provider-states.ts: ${k}`),
    ]
    // The conformance script a backend team points at its endpoint, run against ours.
    const provider = await startFakeProvider()
    const conformance = await checkProviderStates(`${provider.url}${STATES_PATH}`).finally(() =>
      provider.close(),
    )
    console.log(`$ sh contracts/check-provider-states.sh <fake backend>${STATES_PATH}`)
    console.log(conformance.output.trimEnd())
    if (!conformance.ok)
      problems.push('contracts/check-provider-states.sh fails on the fake backend')
    for (const p of problems) console.log(`  ✗ ${p}`)
    if (problems.length) failures.push('provider states out of step')
    else
      console.log(
        `${used.size} provider states, each catalogued, in the README table and contracts/provider-states.yaml, implemented by the fake backend and passing contracts/check-provider-states.sh.`,
      )
  })

  // 4. Provider verification against the fake backend over HTTP.
  const outcome = await step(
    '4. provider verification with the standalone pact verifier against the fake backend',
    async () => {
      const provider = await startFakeProvider()
      try {
        console.log(
          `$ PACT=<the pact binary of @pact-foundation/pact-cli> sh contracts/verify-provider.sh ${verifyScriptArgs({ providerBaseUrl: provider.url, pact: 'contracts/pacts' }).join(' ')}`,
        )
        return await verifyPacts({
          providerBaseUrl: provider.url,
          pact: committedDir,
        })
      } finally {
        await provider.close()
      }
    },
  )
  printResults(outcome.results, 'Verification against the fake backend')
  if (outcome.error) console.log(`The verifier could not run: ${outcome.error}`)
  if (!outcome.ok) failures.push('provider verification against the fake backend failed')

  // 5. Spec check: the comparator on openapi.yaml as committed, and the date-time and date
  //    matchers every `format: date-time` / `format: date` field of a response needs.
  const spec = loadSpec(join(root, 'openapi.yaml'))
  const { findings, agreement } = await step(
    '5. every interaction against openapi.yaml (openapi-pact-comparator, date-time matchers, what the pacts require beyond the spec)',
    async () => ({
      findings: [
        ...(await checkAgainstSpec(spec, pacts)),
        ...formatMatcherFindings(spec, pacts, {
          dateTime: RFC3339_DATE_TIME,
          dateFormat: FULL_DATE_FORMAT,
          keptInstants: [instantAtMinuteOfHour(KEPT_DEVICE_TIME.minute, KEPT_DEVICE_TIME.second)],
        }),
      ],
      agreement: specAgreement(spec, pacts, {
        stateSetup: new Map(Object.values(STATES).map((s) => [s.name, s.setup])),
        requestReasons: REQUEST_NARROWINGS,
      }),
    }),
  )
  const errors = findings.filter((f) => f.type === 'error')
  const warnings = findings.filter((f) => f.type === 'warning')
  for (const f of findings)
    console.log(
      `  ${f.type === 'error' ? '✗' : '!'} ${f.code} — ${f.interaction ?? ''}\n      ${f.message}${f.location ? ` at ${f.location}` : ''}${
        f.value === undefined ? '' : ` (${JSON.stringify(f.value).slice(0, 120)})`
      }`,
    )
  console.log(
    `Spec check: ${interactions.length} interactions, ${errors.length} errors, ${warnings.length} warnings`,
  )
  if (errors.length) failures.push('pacts do not fit openapi.yaml')
  const by = (kind: string) => agreement.explained.filter((e) => e.by === kind).length
  console.log(
    `Beyond the spec: the pacts require ${agreement.explained.length} optional, nullable or single values, ` +
      `each explained — ${by('spec')} by an if/then of openapi.yaml, ${by('state')} by their provider state's ` +
      `description, ${by('request')} by the request (contracts/narrowings.ts)` +
      (agreement.problems.length
        ? '.'
        : '; every value the spec constrains (enum, const, pattern) is matched by that constraint.'),
  )
  for (const p of agreement.problems) console.log(`  ✗ ${p}`)
  if (agreement.problems.length)
    failures.push('the pacts ask more than openapi.yaml allows, or less than the app reads')

  // 6. Date-times in every RFC 3339 style.
  const dateTimes = await step('6. date-times written every RFC 3339 way verify', () =>
    runDateTimeStyles(committedDir),
  )
  printDateTimeRun(dateTimes)
  if (!dateTimes.ok) failures.push('a date-time style a real backend may write fails the pacts')

  // 7. Coverage.
  await step('7. coverage of openapi.yaml', () => {
    const ops = specOperations(spec)
    const calls = appCalls(join(root, 'src'))
    const verified = new Map(
      outcome.results.map((r) => [`${r.description} [${r.states.join('; ')}]`, r.ok]),
    )
    const specErrors = new Set(errors.flatMap((f) => (f.interaction ? [f.interaction] : [])))
    const { rows, unmapped } = coverageRows({
      ops,
      basePath: basePathOf(spec),
      appCalls: calls,
      interactions,
      verified,
      specErrors,
    })
    console.log(renderCoverage(rows))
    const called = rows.filter((r) => r.calledByApp)
    const uncovered = called.filter((r) => r.interactions === 0)
    const unknownCalls = [...calls].filter(
      (c) => !ops.some((op) => `${op.method} ${op.path}` === c),
    )
    const covered = rows.filter((r) => r.interactions > 0)
    console.log(
      `Coverage: ${covered.length}/${rows.length} operations have pacts; the app calls ${called.length}, ` +
        `${called.length - uncovered.length} of them covered; ${rows.filter((r) => r.verified).length} verified against the fake backend; ` +
        `${interactions.length} interactions (${interactions.filter((i) => i.response.status >= 400).length} of them errors).`,
    )
    for (const u of uncovered)
      console.log(
        `  ✗ the app calls ${u.method} ${u.path} (${u.operationId}) but no pact covers it`,
      )
    for (const c of unknownCalls)
      console.log(`  ✗ the app calls ${c}, which openapi.yaml does not define`)
    for (const u of unmapped)
      console.log(`  ✗ an interaction matches no operation of openapi.yaml: ${u}`)
    if (uncovered.length) failures.push('operations the app calls without a pact')
    if (unknownCalls.length || unmapped.length) failures.push('calls outside openapi.yaml')

    // Every declared error: pinned by an interaction, or why not (contracts/error-coverage.ts).
    const errorsCovered = errorCoverage({
      spec,
      interactions,
      verified,
      unpinned: UNPINNED,
      authStyles: AUTH_STYLES,
      generic401: GENERIC_401,
    })
    console.log(`\nDeclared errors of openapi.yaml (4xx/5xx per operation):\n`)
    console.log(renderErrorCoverage(errorsCovered.rows))
    const pinnedRows = errorsCovered.rows.filter((r) => r.interactions.length > 0)
    const generic = errorsCovered.rows.filter(
      (r) => r.interactions.length === 0 && r.status === 401 && !UNPINNED[`${r.operationId} 401`],
    )
    console.log(
      `Declared errors: ${errorsCovered.rows.length} (operation, status) pairs; ${pinnedRows.length} pinned by ` +
        `${pinnedRows.reduce((n, r) => n + r.interactions.length, 0)} interactions, ${generic.length} by the generic 401 path ` +
        `of their way of sending the token, ${errorsCovered.rows.length - pinnedRows.length - generic.length} explained in contracts/error-coverage.ts.`,
    )
    const paired = pairedErrors(spec, interactions)
    console.log(
      `\n404 and 410 interactions, each with a 2xx of its operation (without it a provider lacking the endpoint passes on its catch-all 404): ${paired.pairs.filter((p) => p.pairedWith.length > 0).length} of ${paired.pairs.length} paired.`,
    )
    for (const p of paired.pairs)
      console.log(
        `  ${p.pairedWith.length ? '✓' : '✗'} ${p.operationId} ${p.status}: ${p.error.replace(/ \[.*$/, '')} ↔ ${
          p.pairedWith.map((w) => w.replace(/ \[.*$/, '')).join(' | ') || 'nothing'
        }`,
      )
    for (const p of paired.problems) console.log(`  ✗ ${p}`)
    if (paired.problems.length) failures.push('a 404 or 410 interaction a missing endpoint passes')
    for (const p of errorsCovered.problems) console.log(`  ✗ ${p}`)
    if (errorsCovered.problems.length)
      failures.push('declared errors without an interaction or a reason')
    if (values.json)
      writeFileSync(
        values.json,
        JSON.stringify(
          {
            coverage: rows,
            errors: errorsCovered.rows,
            verification: outcome.results,
            spec: findings,
          },
          null,
          2,
        ),
      )
  })

  // 8. Self-test of the tooling.
  if (!values['skip-selftest']) {
    const results = await step('8. self-test of the contract tooling', () =>
      runSelfTests(committedDir),
    )
    printSelfTests(results)
    if (!results.every((r) => r.ok))
      failures.push('a contract check did not catch a deliberate break')
  }
} catch (error) {
  if (!(error instanceof StopRun)) {
    console.error(error)
    failures.push(error instanceof Error ? error.message : String(error))
  }
} finally {
  rmSync(work, { recursive: true, force: true })
}

console.log(`\n${timings.map((t) => `  ${t}`).join('\n')}`)
const seconds = ((Date.now() - started) / 1000).toFixed(1)
if (failures.length) {
  console.log(`\nCONTRACTS FAILED in ${seconds} s:\n${failures.map((f) => `  - ${f}`).join('\n')}`)
  process.exitCode = 1
} else console.log(`\nContracts OK in ${seconds} s.`)
