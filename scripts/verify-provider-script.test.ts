/**
 * contracts/verify-provider.sh, the standalone verification route, run with a stand-in for the
 * `pact` binary that prints the arguments it gets: what the verifier would be asked to do.
 */
import { spawn, spawnSync } from 'node:child_process'
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ANSWER_KEYS, STATES as CATALOGUE } from '../mocks/provider-state-catalogue'
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

/** The script without its provider-state check (the tests of that check start an endpoint). */
function run(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync('sh', [VERIFY_SCRIPT, ...args, '--skip-state-check'], {
    env: { PATH: process.env.PATH ?? '', PACT: stub, ...env },
    encoding: 'utf8',
  })
  return { status: result.status, lines: result.stdout.split('\n'), stderr: result.stderr }
}

/** The script as a backend team runs it, its state check included (asynchronous: a test may serve). */
function runChecked(args: string[]) {
  return new Promise<{ status: number | null; lines: string[]; stderr: string }>((resolve) => {
    const child = spawn('sh', [VERIFY_SCRIPT, ...args], {
      env: { PATH: process.env.PATH ?? '', PACT: stub },
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('close', (status) => resolve({ status, lines: stdout.split('\n'), stderr }))
  })
}

/**
 * A provider-state endpoint that sets up every state of the catalogue, answering a value of the
 * right type for each key its answer must hold — but `leaveOut`.
 */
async function stateEndpoint(leaveOut: readonly string[] = []) {
  const value = (key: keyof typeof ANSWER_KEYS) => {
    const spec: { type: string; format?: string } = ANSWER_KEYS[key]
    if (spec.format === 'date-time') return '2026-03-11T10:40:00Z'
    return spec.type === 'string' ? `${key}-1` : spec.type === 'integer' ? 1 : 1.5
  }
  const byName = new Map(Object.values(CATALOGUE).map((st) => [st.name, st]))
  const server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString()))
    req.on('end', () => {
      const asked = JSON.parse(body) as { state: string; action: string }
      const state = byName.get(asked.state)
      res.setHeader('Content-Type', 'application/json')
      if (!state) {
        res.writeHead(400).end('{"error":"unknown state"}')
        return
      }
      const keys = [...state.returns, ...(state.signsIn ? (['authToken'] as const) : [])]
      const answer =
        asked.action === 'setup'
          ? Object.fromEntries(keys.filter((k) => !leaveOut.includes(k)).map((k) => [k, value(k)]))
          : {}
      res.writeHead(200).end(JSON.stringify(answer))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/test-support/provider-states`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
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

  describe('checks the provider states the pacts use before the verifier', () => {
    // A pact of two states: the script checks the states the pacts use, no more.
    const pact = join(work, 'two-states.json')
    writeFileSync(
      pact,
      JSON.stringify({
        consumer: { name: 'avaliador-app' },
        provider: { name: 'avaliador-api' },
        interactions: [CATALOGUE.signedIn, CATALOGUE.checkedInTask].map((st) => ({
          description: `an interaction given ${st.name}`,
          providerStates: [{ name: st.name, params: st.params }],
          request: { method: 'GET', path: '/api/health' },
          response: { status: 200 },
        })),
      }),
    )
    const args = (states: string) => [
      '--provider-base-url',
      'http://localhost:8080',
      '--pact',
      pact,
      '--provider-states-setup-url',
      states,
    ]

    it('runs the verifier when every state answers its values', async () => {
      const endpoint = await stateEndpoint()
      try {
        const { status, lines } = await runChecked(args(endpoint.url))
        expect(status).toBe(0)
        // Two states and the unknown one refused, then the verifier.
        expect(lines.filter((l) => /^ {2}[✓✗] /.test(l))).toEqual([
          '  ✓ the agent is signed in',
          '  ✓ a task {taskId} checked in',
          expect.stringMatching(/✓ an unknown state is refused/),
        ])
        expect(lines).toContain('verifier')
      } finally {
        await endpoint.close()
      }
    })

    it('stops before the verifier when a state leaves out a value its interactions take', async () => {
      const endpoint = await stateEndpoint(['deviceTime', 'offlineCheckoutAt'])
      try {
        const { status, lines, stderr } = await runChecked(args(endpoint.url))
        expect(status).toBe(1)
        expect(lines.join('\n')).toMatch(
          /✗ a task \{taskId\} checked in\n\s+no deviceTime; no offlineCheckoutAt/,
        )
        expect(lines).not.toContain('verifier')
        expect(stderr).toMatch(/does not answer what the pacts need/)
      } finally {
        await endpoint.close()
      }
    })

    it('stops before the verifier when nothing answers at the state endpoint', async () => {
      const { status, lines } = await runChecked(args('http://127.0.0.1:1/provider-states'))
      expect(status).toBe(1)
      expect(lines).not.toContain('verifier')
    })
  })

  it('with --only-states: checks those states and verifies only their interactions', async () => {
    const endpoint = await stateEndpoint()
    const file = join(work, 'states-we-have.txt')
    writeFileSync(
      file,
      '# the states we have\nthe agent is signed in\n\na task {taskId} checked in\n',
    )
    try {
      const { status, lines } = await runChecked([
        '--provider-base-url',
        'http://localhost:8080',
        '--provider-states-setup-url',
        endpoint.url,
        '--only-states',
        file,
      ])
      expect(status).toBe(0)
      expect(lines.filter((l) => /^ {2}✓ /.test(l))).toEqual([
        '  ✓ the agent is signed in',
        '  ✓ a task {taskId} checked in',
        expect.stringMatching(/an unknown state is refused/),
      ])
      expect(after(lines, '--filter-state')).toBe(
        '^(the agent is signed in|a task \\{taskId\\} checked in)$',
      )
    } finally {
      await endpoint.close()
    }
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
    expect(
      run(['--provider-base-url', 'http://localhost', ...STATES, '--only-states', 'no-such-file'])
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
