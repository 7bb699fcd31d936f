/**
 * Provider verification of the Avaliador app's pacts (consumer "avaliador-app", provider
 * "avaliador-api") against any running backend, for teams that have Node and a checkout of the
 * app: the real backend in the backend team's CI, the fake one in ours (scripts/contract-run.ts).
 * It runs contracts/verify-provider.sh — the standalone Pact verifier, the same route as
 * without Node — with the `pact` binary of @pact-foundation/pact-cli, then reads the report per
 * interaction and, with a broker, publishes pacts and asks can-i-deploy. See contracts/README.md.
 *
 *   node --import tsx scripts/verify-pacts.ts --provider-base-url http://localhost:8080 [options]
 *
 * Options (each also from the environment, shown in brackets):
 *   --provider-base-url URL           where the API is served; requests go to URL/api/… [PACT_PROVIDER_BASE_URL]
 *   --provider-states-setup-url URL   state-change endpoint, default URL/api/__fake/provider-states
 *                                     [PACT_PROVIDER_STATES_SETUP_URL]
 *   --pact PATH                       a pact file, a folder of pacts or a pact URL; default contracts/pacts
 *   --from-broker                     verify the pacts the broker selects instead of files
 *   --provider-version V              [PACT_PROVIDER_VERSION, GIT_COMMIT; default `git rev-parse HEAD`]
 *   --provider-branch B               [PACT_PROVIDER_BRANCH, GIT_BRANCH; default the current branch]
 *   --no-publish                      with --from-broker: do not publish verification results
 *   --publish-pacts                   with a broker: publish the local pact files first (consumer CI)
 *   --can-i-deploy / --no-can-i-deploy  with a broker: ask can-i-deploy after verifying (default on)
 *   --to-environment ENV              can-i-deploy target [PACT_TO_ENVIRONMENT; default production]
 *   --pacticipant NAME                can-i-deploy about this application (default avaliador-api;
 *                                     avaliador-app in the app's CI)
 *   --pacticipant-version V           its version (default the provider version, or for the app
 *                                     PACT_CONSUMER_VERSION / git HEAD)
 *   --json FILE                       also write the per-interaction results as JSON
 *   --quiet                           only the summary, not the verifier's own report
 *   Broker settings: PACT_BROKER_BASE_URL, and PACT_BROKER_TOKEN or PACT_BROKER_USERNAME/PASSWORD.
 *   Authentication: none to give — every signed-in provider state answers the session token.
 *
 * Exit codes: 0 every interaction verified (and can-i-deploy said yes), 1 a verification or
 * broker step failed, 2 bad usage.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process'
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { parseArgs } from 'node:util'
import { type InteractionResult, parseVerifierOutput, stripAnsi } from './contract-lib'

export type { InteractionResult }

export const CONSUMER = 'avaliador-app'
export const PROVIDER = 'avaliador-api'
export const STATES_PATH = '/api/__fake/provider-states'

// No usage statistics leave this machine (and CI has no network but the package registries).
process.env.PACT_DO_NOT_TRACK ??= 'true'

const root = fileURLToPath(new URL('../', import.meta.url))
export const DEFAULT_PACT_DIR = join(root, 'contracts', 'pacts')
/** The standalone route: a POSIX shell script around the `pact` verifier binary. */
export const VERIFY_SCRIPT = join(root, 'contracts', 'verify-provider.sh')

export type VerifyOptions = {
  providerBaseUrl: string
  providerStatesSetupUrl?: string
  /** A pact file, a folder of pacts or a pact URL (default contracts/pacts). */
  pact?: string
  fromBroker?: boolean
  publishResults?: boolean
  providerVersion?: string
  providerBranch?: string
  /** Also stream the verifier's own report to stdout. */
  echo?: boolean
  /**
   * Skip the provider-state check verify-provider.sh runs first (contracts/check-provider-states.sh):
   * only to show what the verifier alone lets through.
   */
  skipStateCheck?: boolean
}

export type VerifyOutcome = {
  ok: boolean
  results: InteractionResult[]
  /** Set when the verifier could not run at all (bad source, unreachable provider…). */
  error?: string
  /** The verifier's report, without colours. */
  output: string
}

export type BrokerSettings = {
  url: string
  token?: string
  username?: string
  password?: string
}

/** The `pact` binary of @pact-foundation/pact-cli for this platform (no Node needed to run it). */
export function pactBinary(): string {
  const require = createRequire(import.meta.url)
  const os = process.platform === 'win32' ? 'windows' : process.platform
  const pkg = require.resolve(`@pact-foundation/pact-cli-${os}-${process.arch}/package.json`)
  return join(dirname(pkg), 'standalone', process.platform === 'win32' ? 'pact.exe' : 'pact')
}

/** The pact files under a file or folder (none for a URL: the verifier's report lists those). */
export function pactFiles(path: string = DEFAULT_PACT_DIR): string[] {
  if (/^https?:/.test(path)) return []
  return statSync(path).isDirectory()
    ? readdirSync(path)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .map((f) => join(path, f))
    : [path]
}

type PactInteraction = {
  description: string
  providerStates?: Array<{ name: string }>
  request: { method: string; path: string }
}

export function readInteractions(file: string): PactInteraction[] {
  const pact = JSON.parse(readFileSync(file, 'utf8')) as { interactions?: PactInteraction[] }
  return pact.interactions ?? []
}

/** The arguments of contracts/verify-provider.sh for these options. */
export function verifyScriptArgs(options: VerifyOptions, jsonReport?: string): string[] {
  const base = options.providerBaseUrl.replace(/\/$/, '')
  return [
    '--provider-base-url',
    base,
    '--provider-states-setup-url',
    options.providerStatesSetupUrl ?? `${base}${STATES_PATH}`,
    ...(options.fromBroker
      ? [
          '--from-broker',
          ...(options.providerBranch ? ['--provider-branch', options.providerBranch] : []),
          ...(options.providerVersion ? ['--provider-version', options.providerVersion] : []),
          ...(options.publishResults ? ['--publish'] : []),
        ]
      : ['--pact', options.pact ?? DEFAULT_PACT_DIR]),
    ...(jsonReport ? ['--json', jsonReport] : []),
    ...(options.skipStateCheck ? ['--skip-state-check'] : []),
  ]
}

/**
 * Verifies the pacts against a provider with the standalone verifier (through
 * contracts/verify-provider.sh), in a child process whose report is read back (and echoed when
 * `echo` is set): the caller's event loop stays free — it may be serving the provider. Never
 * throws for a failed verification: see `ok` and `results`.
 */
export async function verifyPacts(options: VerifyOptions): Promise<VerifyOutcome> {
  const { echo } = options
  const interactions = options.fromBroker
    ? []
    : pactFiles(options.pact ?? DEFAULT_PACT_DIR).flatMap(readInteractions)
  const remote = options.fromBroker || /^https?:/.test(options.pact ?? '')
  const work = mkdtempSync(join(tmpdir(), 'avaliador-verify-'))
  const report = join(work, 'report.json')
  try {
    const child = spawn('sh', [VERIFY_SCRIPT, ...verifyScriptArgs(options, report)], {
      cwd: root,
      env: { ...process.env, PACT: pactBinary(), PACT_DO_NOT_TRACK: 'true' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    const collect = (chunk: Buffer) => {
      output += chunk.toString()
      if (echo) process.stdout.write(chunk)
    }
    child.stdout.on('data', collect)
    child.stderr.on('data', collect)
    const code = await new Promise<number>((done) => {
      child.on('error', (error) => {
        output += `\n${error.message}`
        done(1)
      })
      child.on('close', (c) => done(c ?? 1))
    })
    const clean = stripAnsi(output)
    const results = parseVerifierOutput(clean, interactions, {
      consumer: CONSUMER,
      provider: PROVIDER,
    })
    const errors = existsSync(report)
      ? ((JSON.parse(readFileSync(report, 'utf8')) as { errors?: unknown[] }).errors ?? [])
      : []
    const ran = clean.includes('Verifying a pact between')
    const ok = code === 0 && results.every((r) => r.ok) && (remote || results.length > 0)
    // Why nothing was verified: the end of the verifier's output (or the script's usage error).
    const error =
      !ok && !ran
        ? clean.trim().split('\n').slice(-8).join('\n') || `verifier exited with ${code}`
        : undefined
    return { ok: ok && errors.length === 0, results, output: clean, ...(error ? { error } : {}) }
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

// ------------------------------------------------------------------ broker (pact-cli)

function pactBrokerBin(): string {
  const require = createRequire(import.meta.url)
  const pkg = require.resolve('@pact-foundation/pact-cli/package.json')
  return join(dirname(pkg), 'bin', 'pact-broker.js')
}

function brokerArgs(broker: BrokerSettings) {
  return [
    '--broker-base-url',
    broker.url,
    ...(broker.token ? ['--broker-token', broker.token] : []),
    ...(broker.username ? ['--broker-username', broker.username] : []),
    ...(broker.password ? ['--broker-password', broker.password] : []),
  ]
}

function runBroker(args: string[]): boolean {
  const shown = args.map((a, i) =>
    /^--broker-(token|password)$/.test(args[i - 1] ?? '') ? '***' : a,
  )
  console.log(`$ pact-broker ${shown.join(' ')}`)
  const run = spawnSync(process.execPath, [pactBrokerBin(), ...args], { stdio: 'inherit' })
  return run.status === 0
}

export function publishPacts(
  broker: BrokerSettings,
  dir: string,
  version: string,
  branch?: string,
) {
  return runBroker([
    'publish',
    dir,
    '--consumer-app-version',
    version,
    ...(branch ? ['--branch', branch] : []),
    ...brokerArgs(broker),
  ])
}

export function canIDeploy(
  broker: BrokerSettings,
  pacticipant: string,
  version: string,
  environment: string,
) {
  return runBroker([
    'can-i-deploy',
    '--pacticipant',
    pacticipant,
    '--version',
    version,
    '--to-environment',
    environment,
    ...brokerArgs(broker),
  ])
}

function git(args: string[]): string | undefined {
  try {
    return execFileSync('git', args, {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim()
  } catch {
    return undefined
  }
}

// ------------------------------------------------------------------ report

export function printResults(results: readonly InteractionResult[], title = 'Pact verification') {
  const passed = results.filter((r) => r.ok).length
  const failed = results.length - passed
  console.log(`\n${title}: ${results.length} interactions`)
  for (const r of results) {
    const states = r.states.length ? `  [${r.states.join('; ')}]` : ''
    console.log(
      `  ${r.ok ? '✓' : '✗'} ${r.method ?? ''} ${r.path ?? ''} — ${r.description}${states}`,
    )
    if (!r.ok && r.failure)
      console.log(
        r.failure
          .split('\n')
          .map((line) => `      ${line}`)
          .join('\n'),
      )
  }
  console.log(`${title}: ${passed} passed, ${failed} failed`)
}

// ------------------------------------------------------------------ CLI

async function main(argv: string[]): Promise<number> {
  let values
  try {
    ;({ values } = parseArgs({
      args: argv,
      options: {
        'provider-base-url': { type: 'string' },
        'provider-states-setup-url': { type: 'string' },
        pact: { type: 'string' },
        'from-broker': { type: 'boolean', default: false },
        'provider-version': { type: 'string' },
        'provider-branch': { type: 'string' },
        'no-publish': { type: 'boolean', default: false },
        'publish-pacts': { type: 'boolean', default: false },
        'can-i-deploy': { type: 'boolean' },
        'no-can-i-deploy': { type: 'boolean', default: false },
        'to-environment': { type: 'string' },
        pacticipant: { type: 'string', default: PROVIDER },
        'pacticipant-version': { type: 'string' },
        json: { type: 'string' },
        quiet: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    }))
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    return 2
  }
  if (values.help) {
    const source = readFileSync(fileURLToPath(import.meta.url), 'utf8')
    console.log(
      source.slice(source.indexOf('/**') + 3, source.indexOf('*/')).replace(/^ \* ?/gm, ''),
    )
    return 0
  }
  const env = process.env
  const baseUrl = values['provider-base-url'] ?? env.PACT_PROVIDER_BASE_URL
  if (!baseUrl) {
    console.error('Missing --provider-base-url (or PACT_PROVIDER_BASE_URL). See --help.')
    return 2
  }
  const brokerUrl = env.PACT_BROKER_BASE_URL
  const broker: BrokerSettings | undefined = brokerUrl
    ? {
        url: brokerUrl,
        token: env.PACT_BROKER_TOKEN,
        username: env.PACT_BROKER_USERNAME,
        password: env.PACT_BROKER_PASSWORD,
      }
    : undefined
  if (values['from-broker'] && !broker) {
    console.error('--from-broker needs PACT_BROKER_BASE_URL.')
    return 2
  }
  const providerVersion =
    values['provider-version'] ??
    env.PACT_PROVIDER_VERSION ??
    env.GIT_COMMIT ??
    git(['rev-parse', 'HEAD'])
  const providerBranch =
    values['provider-branch'] ??
    env.PACT_PROVIDER_BRANCH ??
    env.GIT_BRANCH ??
    git(['rev-parse', '--abbrev-ref', 'HEAD'])
  // Pact publishes verification results only for pacts it fetched from the broker.
  const publishResults = Boolean(broker) && values['from-broker'] && !values['no-publish']
  if (publishResults && !providerVersion) {
    console.error(
      'Publishing verification results needs --provider-version (or PACT_PROVIDER_VERSION).',
    )
    return 2
  }
  if (broker && !values['from-broker'])
    console.log(
      'Verifying local pact files: results are not published (Pact publishes results only for pacts fetched with --from-broker).',
    )
  const pactPath = values.pact && !/^https?:/.test(values.pact) ? resolve(values.pact) : values.pact
  if (pactPath && !/^https?:/.test(pactPath) && !existsSync(pactPath)) {
    console.error(`No pact at ${pactPath}.`)
    return 2
  }

  if (broker && values['publish-pacts']) {
    const dir = pactPath && !/^https?:/.test(pactPath) ? pactPath : DEFAULT_PACT_DIR
    const consumerVersion = env.PACT_CONSUMER_VERSION ?? git(['rev-parse', 'HEAD'])
    if (!consumerVersion) {
      console.error('Publishing pacts needs PACT_CONSUMER_VERSION or a git checkout.')
      return 2
    }
    if (!publishPacts(broker, dir, consumerVersion, env.PACT_CONSUMER_BRANCH ?? providerBranch)) {
      console.error('Publishing the pacts to the broker failed.')
      return 1
    }
  }

  const started = Date.now()
  const outcome = await verifyPacts({
    providerBaseUrl: baseUrl,
    providerStatesSetupUrl:
      values['provider-states-setup-url'] ?? env.PACT_PROVIDER_STATES_SETUP_URL,
    ...(pactPath ? { pact: pactPath } : {}),
    fromBroker: values['from-broker'],
    publishResults,
    providerVersion,
    providerBranch,
    echo: !values.quiet,
  })
  if (outcome.error && outcome.results.every((r) => !r.ok))
    console.error(`\nThe verifier could not run: ${outcome.error}`)
  else {
    printResults(outcome.results)
    if (outcome.error) console.error(`\nThe verifier reported: ${outcome.error}`)
  }
  if (values.json) writeFileSync(values.json, JSON.stringify(outcome, null, 2))
  console.log(
    `Provider ${baseUrl}: ${outcome.ok ? 'every interaction verified' : 'VERIFICATION FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s` +
      (publishResults && !outcome.error
        ? ` (results published to the broker as ${PROVIDER} ${providerVersion})`
        : ''),
  )
  if (!outcome.ok) return 1

  const wantsCanIDeploy = values['can-i-deploy'] ?? !values['no-can-i-deploy']
  if (broker && wantsCanIDeploy) {
    const environment = values['to-environment'] ?? env.PACT_TO_ENVIRONMENT ?? 'production'
    const version =
      values['pacticipant-version'] ??
      (values.pacticipant === CONSUMER
        ? (env.PACT_CONSUMER_VERSION ?? git(['rev-parse', 'HEAD']))
        : providerVersion)
    if (!version) {
      console.error('can-i-deploy needs --pacticipant-version (or --provider-version).')
      return 2
    }
    if (!canIDeploy(broker, values.pacticipant, version, environment)) {
      console.error(`can-i-deploy: ${values.pacticipant} ${version} may NOT go to ${environment}.`)
      return 1
    }
  }
  return 0
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href)
  process.exitCode = await main(process.argv.slice(2))
