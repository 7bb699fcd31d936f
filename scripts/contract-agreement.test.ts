/**
 * The spec-agreement check (scripts/contract-agreement.ts) on small bodies against the real
 * openapi.yaml: each way a pact can ask more than the spec, or less than the app reads, is
 * reported, and each reason a backend can read clears it.
 */
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { loadSpec, type PactFile, type PactInteraction } from './contract-lib'
import { bodyFindings, howMatched, specAgreement, stateExplains } from './contract-agreement'

const root = fileURLToPath(new URL('../', import.meta.url))
const spec = loadSpec(join(root, 'openapi.yaml'))
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` })

const typeRule = { matchers: [{ match: 'type' }] }
const regexRule = (regex: string) => ({ matchers: [{ match: 'regex', regex }] })

const interaction = (
  body: unknown,
  rules: Record<string, unknown>,
  over: Partial<PactInteraction> = {},
): PactInteraction => ({
  description: 'a save of the report with a forbidden attendant name',
  providerStates: [{ name: 'a report' }],
  request: { method: 'PUT', path: '/api/reports/rep_1' },
  response: {
    status: 422,
    body: { content: body, contentType: 'application/problem+json' },
    matchingRules: { body: rules },
  },
  ...over,
})
const pactOf = (...interactions: PactInteraction[]): PactFile => ({
  consumer: { name: 'avaliador-app' },
  provider: { name: 'avaliador-api' },
  interactions,
})
const problem422 = {
  type: 't',
  title: 't',
  status: 422,
  code: 'validation_failed',
  fields: [{ field: 'attendants.0.name', message: 'm' }],
}

describe('what a pact asks beyond the spec', () => {
  it('reports an optional property the pact requires (Problem.detail)', () => {
    const { problems } = specAgreement(
      spec,
      [
        pactOf(
          interaction(
            { ...problem422, detail: 'd' },
            { '$.fields[*].field': regexRule('^attendants\\.0\\.name$') },
          ),
        ),
      ],
      { stateSetup: new Map(), requestReasons: {} },
    )
    expect(problems).toEqual([
      expect.stringMatching(/\$\.detail — the pact requires a property the spec leaves optional/),
    ])
  })

  it('takes a member the spec requires for this code (if/then) as the spec’s own', () => {
    const { problems, explained } = specAgreement(
      spec,
      [
        pactOf(
          interaction(problem422, { '$.fields[*].field': regexRule('^attendants\\.0\\.name$') }),
        ),
      ],
      { stateSetup: new Map(), requestReasons: {} },
    )
    expect(problems).toEqual([])
    expect(explained).toEqual([expect.objectContaining({ path: '$.fields', by: 'spec' })])
  })

  it('the same member for another code is a narrowing', () => {
    const { narrowings } = bodyFindings(
      spec,
      ref('Problem'),
      { type: 't', title: 't', status: 409, code: 'transition_refused', attemptsLeft: 3 },
      {},
    )
    expect(narrowings).toContainEqual(
      expect.objectContaining({ path: '$.attemptsLeft', kind: 'optional' }),
    )
    expect(narrowings.find((n) => n.path === '$.attemptsLeft')?.conditional).toBeUndefined()
  })

  it('reports a nullable value the pact requires, and one value of an enum or boolean', () => {
    const { narrowings } = bodyFindings(
      spec,
      ref('Agent'),
      {
        id: 'a',
        name: 'n',
        phone: '+5511987654321',
        email: 'e@x.br',
        cpf: '52998224725',
        status: 'active',
        available: true,
        termsVersionAccepted: '2026.2',
        counts: {
          pendingOpportunities: 1,
          unreadNotifications: 1,
          openPendencies: 1,
          unreadBulletins: 1,
        },
      },
      {
        '$.id': typeRule,
        '$.name': typeRule,
        '$.email': typeRule,
        '$.termsVersionAccepted': typeRule,
        '$.phone': regexRule('.'),
        '$.cpf': regexRule('.'),
        '$.counts': typeRule,
      },
    )
    expect(narrowings.map((n) => `${n.path} ${n.kind}`)).toEqual([
      '$.status value',
      '$.available value',
      '$.termsVersionAccepted non-null',
    ])
  })

  it('clears a narrowing its state names, or the request explains, and reports an unused reason', () => {
    const withTerms = interaction(
      { token: 't', expiresAt: '2026-01-01T00:00:00Z', agent: { termsVersionAccepted: '2026.2' } },
      {
        '$.token': typeRule,
        '$.expiresAt': regexRule('.'),
        '$.agent.termsVersionAccepted': typeRule,
      },
      {
        description: 'the right sign-in code',
        providerStates: [{ name: 'a code was sent' }],
        request: { method: 'POST', path: '/api/auth/session' },
        response: {
          status: 200,
          body: {
            content: {
              token: 't',
              expiresAt: '2026-01-01T00:00:00Z',
              agent: { termsVersionAccepted: '2026.2' },
            },
          },
          matchingRules: {
            body: {
              '$.token': typeRule,
              '$.expiresAt': regexRule('.'),
              '$.agent.termsVersionAccepted': typeRule,
            },
          },
        },
      },
    )
    const silent = specAgreement(spec, [pactOf(withTerms)], {
      stateSetup: new Map([['a code was sent', 'A code was sent to the agent.']]),
      requestReasons: {},
    })
    expect(silent.problems).toEqual([
      expect.stringMatching(
        /\$\.agent\.termsVersionAccepted — the pact requires a value where the spec also allows null/,
      ),
    ])
    const named = specAgreement(spec, [pactOf(withTerms)], {
      stateSetup: new Map([
        ['a code was sent', 'The agent accepted the terms (`termsVersionAccepted`).'],
      ]),
      requestReasons: {},
    })
    expect(named.problems).toEqual([])
    const byRequest = specAgreement(spec, [pactOf(withTerms)], {
      stateSetup: new Map(),
      requestReasons: {
        'verifySignInCode 200 $.agent.termsVersionAccepted': 'why',
        'verifySignInCode 200 $.nothing': 'stale',
      },
    })
    expect(byRequest.problems).toEqual([
      expect.stringMatching(/explains “verifySignInCode 200 \$\.nothing”, which no pact requires/),
    ])
  })

  it('reads "null" after a named property as explaining null only', () => {
    const text = 'An unread notification (`readAt` null) with a `link`.'
    expect(stateExplains(text, { path: '$.readAt', kind: 'null' })).toBe(true)
    expect(stateExplains(text, { path: '$.readAt', kind: 'non-null' })).toBe(false)
    expect(stateExplains(text, { path: '$.link', kind: 'optional' })).toBe(true)
    expect(
      stateExplains('visited: `steps.checkin` set', {
        path: '$.items[*].steps.checkin',
        kind: 'optional',
      }),
    ).toBe(true)
    expect(
      stateExplains('in status `contested`', {
        path: '$.status.code',
        kind: 'value',
        value: 'contested',
      }),
    ).toBe(true)
  })
})

describe('what the app reads is matched by more than its type', () => {
  it('reports a field path matched as any string (eachLike cascades its type rule)', () => {
    const { weak } = bodyFindings(spec, ref('Problem'), problem422, {
      '$.fields': { matchers: [{ match: 'type', min: 1 }] },
    })
    expect(weak).toEqual([
      expect.stringMatching(
        /^\$\.fields\[0\]\.field is matched as any string, but the spec constrains it \(pattern/,
      ),
    ])
  })

  it('accepts a regex on the path, or an exact value', () => {
    const cascading = { '$.fields': { matchers: [{ match: 'type', min: 1 }] } }
    expect(
      bodyFindings(spec, ref('Problem'), problem422, {
        ...cascading,
        '$.fields[*].field': regexRule('^attendants\\.0\\.name$'),
      }).weak,
    ).toEqual([])
    expect(bodyFindings(spec, ref('Problem'), problem422, {}).weak).toEqual([])
  })

  it('finds how a value is matched: its own rule, a type rule above it, or exactly', () => {
    const rules = {
      '$.items': { matchers: [{ match: 'type', min: 1 }] },
      '$.items[*].slug': regexRule('^T-'),
    }
    expect(howMatched(rules, ['items', 0, 'slug']).how).toBe('rule')
    expect(howMatched(rules, ['items', 0, 'status', 'code']).how).toBe('type')
    expect(howMatched(rules, ['total']).how).toBe('exact')
  })
})
