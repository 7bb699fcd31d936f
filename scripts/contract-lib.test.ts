/**
 * The contract tooling's data work (no Pact here: it runs in the unit project) and the fake
 * backend's provider-state endpoint, answered in-process through msw's getResponse.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { getResponse } from 'msw'
import { afterAll, describe, expect, it } from 'vitest'
import { answerKeys, STATES } from '../mocks/provider-state-catalogue'
import { createFakeBackend } from '../mocks/fake-backend'
import {
  appCalls,
  basePathOf,
  comparablePact,
  declaredErrors,
  errorCoverage,
  formatLeaves,
  formatMatcherFindings,
  injectionFindings,
  loadSpec,
  operationOf,
  pactFreshness,
  pairedErrors,
  parseVerifierOutput,
  rulePathMatches,
  serialisePact,
  specOperations,
  type PactFile,
  type PactInteraction,
} from './contract-lib'
import { statesTable } from './contract-readme'
import { FULL_DATE_FORMAT, RFC3339_DATE_TIME } from '../contracts/support/date-time'

const root = fileURLToPath(new URL('../', import.meta.url))
const spec = loadSpec(join(root, 'openapi.yaml'))
const ops = specOperations(spec)

const interaction = (
  description: string,
  path = '/api/health',
  state = 'the service is up',
): PactInteraction => ({
  description,
  key: `key-${description}`,
  providerStates: [{ name: state }],
  request: { method: 'GET', path },
  response: { status: 200 },
})

const pact = (interactions: PactInteraction[], version = '16.2.0'): PactFile => ({
  consumer: { name: 'avaliador-app' },
  provider: { name: 'avaliador-api' },
  interactions,
  metadata: {
    'pact-js': { version },
    pactRust: { ffi: version },
    pactSpecification: { version: '4.0' },
  },
})

const dirs: string[] = []
const dirWith = (p: PactFile) => {
  const dir = mkdtempSync(join(tmpdir(), 'contract-lib-test-'))
  dirs.push(dir)
  writeFileSync(join(dir, 'avaliador-app-avaliador-api.json'), serialisePact(p))
  return dir
}
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })))

describe('pact freshness', () => {
  it('ignores tool versions, hash keys and interaction order', () => {
    const a = pact([interaction('b'), interaction('a')], '16.2.0')
    const b = pact([{ ...interaction('a'), key: 'other' }, interaction('b')], '99.0.0')
    expect(comparablePact(a)).toEqual(comparablePact(b))
    expect(pactFreshness(dirWith(a), dirWith(b)).fresh).toBe(true)
  })

  it('names interactions added, gone and changed', () => {
    const committed = pact([interaction('kept'), interaction('gone'), interaction('changed')])
    const generated = pact([
      interaction('kept'),
      interaction('new'),
      { ...interaction('changed'), response: { status: 500 } },
    ])
    const { fresh, problems } = pactFreshness(dirWith(generated), dirWith(committed))
    expect(fresh).toBe(false)
    expect(problems.join('\n')).toMatch(/new interaction "new/)
    expect(problems.join('\n')).toMatch(/interaction gone "gone/)
    expect(problems.join('\n')).toMatch(/interaction changed "changed/)
  })
})

describe('operations of openapi.yaml', () => {
  it('maps concrete request paths to their operation, literal paths first', () => {
    const base = basePathOf(spec)
    expect(base).toBe('/api')
    const id = (method: string, path: string) => operationOf(ops, base, method, path)?.operationId
    expect(id('GET', '/api/awards/mine')).toBe('listMyAwards')
    expect(id('POST', '/api/awards/')).toBe('createAward')
    expect(id('GET', '/api/tasks/mine?limit=200')).toBe('listMyTasks')
    expect(id('GET', '/api/tasks/T-4826')).toBe('getTask')
    expect(id('PUT', '/api/tasks/tsk_1/checkin/byPosition')).toBe('checkInByPosition')
    expect(id('POST', '/api/reports/rep_1/submission')).toBe('submitReport')
    expect(id('GET', '/api/reports/rep_1/revisions/current')).toBe('getCurrentRevision')
    expect(id('GET', '/tasks/mine')).toBeUndefined()
  })

  it('finds every call the app makes, and each is an operation of the spec', () => {
    const calls = appCalls(join(root, 'src'))
    const defined = new Set(ops.map((op) => `${op.method} ${op.path}`))
    expect([...calls].filter((c) => !defined.has(c))).toEqual([])
    expect(calls.size).toBeGreaterThanOrEqual(7)
    for (const call of [
      'GET /tasks/mine',
      'PUT /reports/{id}',
      'POST /awards/',
      'GET /notifications/mine',
    ])
      expect(calls).toContain(call)
  })

  it('declares the base path the way the comparator reads it', () => {
    expect(spec.info['x-opc-config-base-path']).toBe(basePathOf(spec))
  })
})

describe('date-time and date matchers, from the spec', () => {
  const expected = { dateTime: RFC3339_DATE_TIME, dateFormat: FULL_DATE_FORMAT }
  const rfc3339 = { matchers: [{ match: 'regex', regex: RFC3339_DATE_TIME }] }
  const health = (rules: Record<string, unknown>): PactInteraction => ({
    ...interaction('a health check'),
    response: {
      status: 200,
      body: { content: { status: 'ok', version: '1', time: '2026-03-10T12:00:00.000Z' } },
      matchingRules: { body: rules },
    },
  })

  it('finds the date-time and date fields of a body through refs, arrays and nullable types', () => {
    const wallet = {
      transactions: [{ createdAt: '2026-03-10T12:00:00.000Z', id: 'trx_1' }],
      bank: null,
    }
    expect(formatLeaves(spec, { $ref: '#/components/schemas/Wallet' }, wallet)).toEqual([
      { path: ['transactions', 0, 'createdAt'], format: 'date-time' },
    ])
    expect(
      formatLeaves(spec, { $ref: '#/components/schemas/Profile' }, { birthDate: '1994-03-12' }),
    ).toEqual([{ path: ['birthDate'], format: 'date' }])
  })

  it('reads Pact rule paths with wildcards and indexes', () => {
    expect(rulePathMatches('$.items[*].createdAt', ['items', 3, 'createdAt'])).toBe(true)
    expect(rulePathMatches('$.items[0].createdAt', ['items', 0, 'createdAt'])).toBe(true)
    expect(rulePathMatches('$.items', ['items', 0, 'createdAt'])).toBe(false)
    expect(rulePathMatches("$['time']", ['time'])).toBe(true)
  })

  it('accepts the RFC 3339 matcher and reports a fixed format, a type matcher or none', () => {
    const check = (rules: Record<string, unknown>) =>
      formatMatcherFindings(spec, [pact([health(rules)])], expected)
    expect(check({ '$.time': rfc3339 })).toEqual([])
    for (const rules of [
      { '$.time': { matchers: [{ match: 'datetime', format: "yyyy-MM-dd'T'HH:mm:ss.SSSX" }] } },
      { '$.time': { matchers: [{ match: 'type' }] } },
      {},
    ]) {
      const findings = check(rules)
      expect(findings).toHaveLength(1)
      expect(findings[0]).toMatchObject({
        code: 'response.body.date-time-matcher',
        location: 'response.body $.time',
      })
    }
  })
})

describe('what requests take from their provider state', () => {
  const withAuth = (expression: string | null, state = 'the agent is signed in') => ({
    ...interaction('a request for the signed-in agent', '/api/me', state),
    request: {
      method: 'GET',
      path: '/api/me',
      headers: { Authorization: ['Bearer demo-token'] },
      ...(expression
        ? { generators: { header: { Authorization: { type: 'ProviderState', expression } } } }
        : {}),
    },
  })
  const answers = new Map([
    ['the agent is signed in', ['authToken']],
    ['the session {token} has expired', ['token']],
  ])

  it('accepts a token the state answers', () => {
    expect(injectionFindings([withAuth('Bearer ${authToken}')], answers)).toEqual([])
    expect(
      injectionFindings([withAuth('Bearer ${token}', 'the session {token} has expired')], answers),
    ).toEqual([])
  })

  it('reports a value the state does not answer, and a fixed Authorization header', () => {
    expect(
      injectionFindings(
        [withAuth('Bearer ${authToken}', 'the session {token} has expired')],
        answers,
      ),
    ).toEqual([expect.stringMatching(/takes \$\{authToken\} from its provider state/)])
    expect(injectionFindings([withAuth(null)], answers)).toEqual([
      expect.stringMatching(/fixed Authorization header/),
    ])
  })
})

describe('declared errors and their coverage', () => {
  const error = (op: string, path: string, status: number, code: string, method = 'GET') => ({
    ...interaction(`${op} ${status}`, path),
    request: { method, path },
    response: { status, body: { content: { code } } },
  })
  const coverage = (
    interactions: PactInteraction[],
    unpinned: Record<string, { why: string; pinnedBy?: string[] }> = {},
  ) =>
    errorCoverage({
      spec,
      interactions,
      verified: null,
      unpinned,
      authStyles: { default: 'typed client', byOperation: { uploadMedia: 'upload' } },
      generic401: 'signed out',
    })

  it('lists every 4xx/5xx an operation declares, and whether it needs the session', () => {
    const pairs = declaredErrors(spec)
    expect(pairs).toContainEqual(
      expect.objectContaining({ operationId: 'getHealth', status: 503, bearer: false }),
    )
    expect(pairs).toContainEqual(
      expect.objectContaining({ operationId: 'getMe', status: 401, bearer: true }),
    )
    expect(pairs.every((p) => p.status >= 400)).toBe(true)
  })

  it('explains a 401 by the pinned 401 of the same way of sending the token, or reports none', () => {
    const pinned = [error('getMe', '/api/me', 401, 'session_expired')]
    const { rows, problems } = coverage(pinned)
    const wallet = rows.find((r) => r.operationId === 'getWallet' && r.status === 401)!
    expect(wallet).toMatchObject({ label: '401 of the typed client', pinnedBy: ['getMe 401'] })
    expect(rows.find((r) => r.operationId === 'getMe' && r.status === 401)!.interactions).toEqual([
      { id: expect.any(String), code: 'session_expired', verified: null },
    ])
    expect(problems).toContain('no 401 of the upload is pinned')
  })

  it('reports a pair with neither interaction nor reason, and reasons that no longer fit', () => {
    const pinned = [error('getHealth', '/api/health', 503, 'maintenance')]
    const { problems } = coverage(pinned, {
      'getHealth 503': { why: 'stale: it is pinned' },
      'getHealth 418': { why: 'not declared' },
      'getMe 503': { why: 'by a pair that is not pinned', pinnedBy: ['getTask 404'] },
    })
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/getTask 404 is declared .* no interaction and no reason/),
        expect.stringMatching(/explains getHealth 503, which an interaction pins/),
        expect.stringMatching(/explains getHealth 418, which openapi.yaml does not declare/),
        expect.stringMatching(/getMe 503 is pinned by getTask 404, which is not pinned/),
      ]),
    )
  })
})

describe("the verifier's report", () => {
  const names = { consumer: 'avaliador-app', provider: 'avaliador-api' }
  const report = `
Verifying a pact between avaliador-app and avaliador-api

  a health check (1ms loading, 10ms verification)
     Given the service is up
    returns a response which
      has status code 200 (OK)
      has a matching body (FAILED)

  a request for the signed-in agent (1ms loading, 10ms verification)
     Given the agent is signed in
    returns a response which
      has status code 200 (OK)

Failures:

1) Verifying a pact between avaliador-app and avaliador-api Given the service is up - a health check
    1.1) has a matching body
           $.version -> Expected 1 (Integer) to be the same type as '1.0.0' (String)

There were 1 pact failures
`
  it('reads which interactions failed, passed or were never reached', () => {
    const results = parseVerifierOutput(
      report,
      [
        interaction('a health check'),
        interaction('a request for the signed-in agent', '/api/me', 'the agent is signed in'),
        interaction('a request for the profile', '/api/me/profile', 'the agent is signed in'),
      ],
      names,
    )
    expect(results.map((r) => r.ok)).toEqual([false, true, false])
    expect(results[0]!.failure).toMatch(/\$\.version -> Expected 1/)
    expect(results[2]!.failure).toMatch(/not verified/)
  })
})

describe('the fake backend’s provider-state endpoint', () => {
  const call = async (body: unknown, method = 'POST') => {
    const backend = await createFakeBackend({ controlApi: true, latencyMs: 0 })
    const response = await getResponse(
      backend.handlers,
      new Request('http://fake.test/api/__fake/provider-states', {
        method,
        ...(method === 'POST'
          ? { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }
          : {}),
      }),
      { baseUrl: 'http://fake.test' },
    )
    return { status: response!.status, body: (await response!.json()) as Record<string, unknown> }
  }

  it.each(Object.entries(STATES))(
    'sets up "%s" and answers every value it must return',
    async (_key, state) => {
      const { status, body } = await call({
        state: state.name,
        params: state.params,
        action: 'setup',
      })
      expect(status).toBe(200)
      expect(Object.keys(body).sort()).toEqual(expect.arrayContaining(answerKeys(state).sort()))
    },
  )

  it('refuses an unknown state with the list of known ones, and acknowledges teardown', async () => {
    const unknown = await call({ state: 'a state nobody implements', action: 'setup' })
    expect(unknown.status).toBe(400)
    expect(unknown.body.known).toContain(STATES.signedIn.name)
    expect((await call({ state: STATES.signedIn.name, action: 'teardown' })).status).toBe(200)
    expect(((await call(undefined, 'GET')).body.states as unknown[]).length).toBe(
      Object.keys(STATES).length,
    )
  })
})

it('documents every provider state in the README table', () => {
  const table = statesTable()
  for (const state of Object.values(STATES)) expect(table).toContain(`\`${state.name}\``)
})

describe('404 and 410 interactions and their pairs', () => {
  const at = (description: string, path: string, status: number): PactInteraction => ({
    ...interaction(description, path),
    response: { status },
  })
  it('pairs a 404 with a 2xx of the same operation, and reports one with none', () => {
    const { pairs, problems } = pairedErrors(spec, [
      at('a task', '/api/tasks/tsk_1', 200),
      at('no task', '/api/tasks/tsk_0', 404),
      at('no revision', '/api/reports/rep_1/revisions/current', 404),
      at('a report', '/api/reports/rep_1', 200),
    ])
    expect(pairs.map((p) => [p.operationId, p.pairedWith.length])).toEqual([
      ['getTask', 1],
      ['getCurrentRevision', 0],
    ])
    expect(problems).toEqual([
      expect.stringMatching(
        /^no revision .* answers 404 with no 2xx interaction of getCurrentRevision/,
      ),
    ])
  })
})
