/**
 * contracts/verify-provider.sh, the standalone verification route, run with a stand-in for the
 * `pact` binary that prints the arguments it gets: what the verifier would be asked to do.
 */
import { spawnSync } from 'node:child_process'
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { DEFAULT_PACT_DIR, VERIFY_SCRIPT, verifyScriptArgs } from './verify-pacts'

const work = mkdtempSync(join(tmpdir(), 'verify-provider-sh-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))
const stub = join(work, 'pact')
writeFileSync(
  stub,
  '#!/bin/sh\nfor a in "$@"; do printf "%s\\n" "$a"; done\necho "broker=${PACT_BROKER_BASE_URL:-}"\n',
)
chmodSync(stub, 0o755)
/** A stub that shows whether the verifier would see a webhook URL in its environment. */
const stubEnv = join(work, 'pact-env')
writeFileSync(stubEnv, '#!/bin/sh\necho "webhook=${PACT_WEBHOOK_CALLBACK_URL:-}"\n')
chmodSync(stubEnv, 0o755)

function run(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync('sh', [VERIFY_SCRIPT, ...args], {
    env: { PATH: process.env.PATH ?? '', PACT: stub, ...env },
    encoding: 'utf8',
  })
  return { status: result.status, lines: result.stdout.split('\n'), stderr: result.stderr }
}

const after = (lines: string[], flag: string) => lines[lines.indexOf(flag) + 1]
const STATES = ['--provider-states-setup-url', 'http://api.test/test-support/provider-states']

describe('contracts/verify-provider.sh', () => {
  it('turns a provider URL into the verifier’s transport, host, port and base path', () => {
    const { status, lines } = run(['--provider-base-url', 'https://api.test:8443/v1/', ...STATES])
    expect(status).toBe(0)
    expect(lines[0]).toBe('verifier')
    expect(after(lines, '--transport')).toBe('https')
    expect(after(lines, '--hostname')).toBe('api.test')
    expect(after(lines, '--port')).toBe('8443')
    expect(after(lines, '--base-path')).toBe('/v1')
    expect(after(lines, '--provider-name')).toBe('avaliador-api')
    expect(after(lines, '--state-change-url')).toBe(STATES[1])
    expect(lines).toContain('--state-change-teardown')
    expect(after(lines, '--dir')).toBe(DEFAULT_PACT_DIR)
  })

  it('defaults the port from the scheme and sets no header of its own', () => {
    const { lines } = run(['--provider-base-url', 'http://localhost', ...STATES])
    expect(after(lines, '--port')).toBe('80')
    expect(lines).not.toContain('--base-path')
    expect(lines).not.toContain('--header')
    expect(lines).not.toContain('-H')
  })

  it('verifies local pacts only, even with a broker in the environment', () => {
    const { lines } = run(['--provider-base-url', 'http://localhost:8080', ...STATES], {
      PACT_BROKER_BASE_URL: 'https://broker.test',
    })
    expect(lines).toContain('broker=')
    expect(lines).not.toContain('--broker-url')
  })

  it('with --from-broker: selectors, pending pacts, the branch and published results', () => {
    const { status, lines } = run(
      [
        '--provider-base-url',
        'http://localhost:8080',
        ...STATES,
        '--from-broker',
        '--provider-branch',
        'main',
        '--provider-version',
        'abc123',
        '--publish',
      ],
      { PACT_BROKER_BASE_URL: 'https://broker.test' },
    )
    expect(status).toBe(0)
    expect(after(lines, '--broker-url')).toBe('https://broker.test')
    expect(lines.filter((l) => l === '--consumer-version-selectors')).toHaveLength(3)
    expect(lines).toEqual(expect.arrayContaining(['--enable-pending', '--publish']))
    expect(after(lines, '--provider-version')).toBe('abc123')
    expect(after(lines, '--provider-branch')).toBe('main')
    expect(lines).not.toContain('--dir')
  })

  it('with --from-webhook: the one pact the webhook names, from the broker, results published', () => {
    const url =
      'https://broker.test/pacts/provider/avaliador-api/consumer/avaliador-app/pact-version/abc'
    const { status, lines } = run(
      [
        '--provider-base-url',
        'http://localhost:8080',
        ...STATES,
        '--from-webhook',
        url,
        '--provider-version',
        'sha1',
        '--provider-branch',
        'main',
        '--publish',
      ],
      { PACT_BROKER_BASE_URL: 'https://broker.test' },
    )
    expect(status).toBe(0)
    expect(after(lines, '--webhook-callback-url')).toBe(url)
    expect(after(lines, '--broker-url')).toBe('https://broker.test')
    expect(after(lines, '--provider-version')).toBe('sha1')
    expect(after(lines, '--provider-branch')).toBe('main')
    expect(lines).toContain('--publish')
    // Only that pact: no selectors, no local folder.
    expect(lines).not.toContain('--consumer-version-selectors')
    expect(lines).not.toContain('--dir')
  })

  it('never lets a webhook URL in the environment turn a local run into a broker one', () => {
    // The verifier reads PACT_WEBHOOK_CALLBACK_URL itself, before any --dir or --url.
    const { lines } = run(['--provider-base-url', 'http://localhost:8080', ...STATES], {
      PACT: stubEnv,
      PACT_WEBHOOK_CALLBACK_URL: 'https://broker.test/pacts/x',
    })
    expect(lines).toContain('webhook=')
  })

  it('refuses bad usage with exit code 2', () => {
    expect(run(['--provider-base-url', 'http://localhost']).status).toBe(2)
    expect(run(['--provider-base-url', 'ftp://x', ...STATES]).status).toBe(2)
    expect(
      run(['--provider-base-url', 'http://localhost', ...STATES, '--from-broker']).status,
    ).toBe(2)
    expect(run(['--provider-base-url', 'http://localhost', ...STATES, '--publish']).status).toBe(2)
    expect(
      run(['--provider-base-url', 'http://localhost', ...STATES, '--from-webhook', 'https://b/p'])
        .status,
    ).toBe(2)
  })

  it('is what the Node route runs', () => {
    expect(
      verifyScriptArgs({ providerBaseUrl: 'http://127.0.0.1:9/' }, '/tmp/report.json'),
    ).toEqual([
      '--provider-base-url',
      'http://127.0.0.1:9',
      '--provider-states-setup-url',
      'http://127.0.0.1:9/api/__fake/provider-states',
      '--pact',
      DEFAULT_PACT_DIR,
      '--json',
      '/tmp/report.json',
    ])
  })
})
