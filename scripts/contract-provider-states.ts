/**
 * The provider-state endpoint, described for the backend team from the one catalogue the
 * pacts, the fake backend and the README use (mocks/provider-state-catalogue.ts):
 *  - contracts/provider-states.yaml, an OpenAPI document of the state-setup endpoint: every
 *    state as a request schema (its name, its parameters with their examples, what it must
 *    arrange) and the answer each must give;
 *  - the cases of contracts/check-provider-states.sh, the conformance script a backend team
 *    points at its endpoint (between its `cases:start` / `cases:end` lines).
 * `npm run test:contracts:update` rewrites both; the contract run fails when either is stale.
 */
import { spawn } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { format, resolveConfig } from 'prettier'
import { stringify } from 'yaml'
import {
  ANSWER_KEYS,
  answerKeys,
  STATES,
  type ProviderStateSpec,
  type StateKey,
} from '../mocks/provider-state-catalogue'

const root = fileURLToPath(new URL('../', import.meta.url))
export const STATES_DOC = join(root, 'contracts', 'provider-states.yaml')
export const CONFORMANCE_SCRIPT = join(root, 'contracts', 'check-provider-states.sh')

/**
 * Runs contracts/check-provider-states.sh against a state endpoint (sh, curl and jq), with its
 * options (`--only STATE`, `--only-file FILE`). `code` is its exit code (2: bad usage).
 */
export function checkProviderStates(
  url: string,
  options: readonly string[] = [],
): Promise<{ ok: boolean; output: string; code: number | null }> {
  return new Promise((resolve) => {
    const child = spawn('sh', [CONFORMANCE_SCRIPT, url, ...options], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('error', (error) =>
      resolve({ ok: false, output: `${output}\n${error.message}`, code: null }),
    )
    child.on('close', (code) => resolve({ ok: code === 0, output, code }))
  })
}

const schemaName = (key: StateKey) => `${key[0]!.toUpperCase()}${key.slice(1)}`

function paramsSchema(state: ProviderStateSpec) {
  const entries = Object.entries(state.params)
  return {
    type: 'object',
    description: 'The consumer’s examples: use them when you can, or your own and answer those.',
    properties: Object.fromEntries(
      entries.map(([k, v]) => [
        k,
        { type: typeof v === 'number' ? 'integer' : 'string', examples: [v] },
      ]),
    ),
    ...(entries.length ? {} : { maxProperties: 0 }),
  }
}

function answerSchema(state: ProviderStateSpec) {
  const keys = answerKeys(state)
  return {
    type: 'object',
    description: `What setting up “${state.name}” answers (more properties are ignored).`,
    required: keys,
    properties: Object.fromEntries(keys.map((k) => [k, { ...ANSWER_KEYS[k] }])),
  }
}

export async function renderProviderStatesDoc(file: string): Promise<string> {
  const keys = Object.keys(STATES) as StateKey[]
  const requests = Object.fromEntries(
    keys.map((key) => {
      const state = STATES[key]
      return [
        `${schemaName(key)}State`,
        {
          title: state.name,
          description: `${state.setup}${state.signsIn ? ' Signs the agent in: answer `authToken`.' : ''}`,
          type: 'object',
          required: ['state', 'action'],
          properties: {
            state: { const: state.name },
            params: paramsSchema(state),
            action: { type: 'string', enum: ['setup', 'teardown'] },
          },
          'x-answer': `#/components/schemas/${schemaName(key)}Answer`,
        },
      ]
    }),
  )
  const answers = Object.fromEntries(
    keys.map((key) => [`${schemaName(key)}Answer`, answerSchema(STATES[key])]),
  )
  const doc = {
    openapi: '3.1.0',
    info: {
      title: 'Avaliador provider states',
      version: '1.0.0',
      summary:
        'The state-setup endpoint the Avaliador app’s pacts need on the API under test (Pact provider states).',
      description: [
        'Before each interaction the Pact verifier sends `{ state, params, action: "setup" }` to this endpoint, and after it the same with `action: "teardown"`. Pass the endpoint’s URL to the verifier (`--provider-states-setup-url`).',
        '',
        '- **Setup** puts the test database in the named state, starting from a clean, known agent, and answers 200 with a JSON object holding the values of the state’s answer schema. The verifier injects them into the request (path, headers, body): your ids need not match ours.',
        '- **Signed-in states** also answer `authToken`, the bearer token of a live session of the agent they arranged: every authenticated request of the interaction sends it. Nothing else authenticates the verifier.',
        '- `params` carry the consumer’s examples. Use them when you can; otherwise use your own and answer those.',
        '- An unknown state or a failed setup answers non-2xx: the interaction then fails with that message instead of a misleading mismatch.',
        '- **Teardown** answers 2xx (an empty object); the next setup starts clean anyway.',
        '- The verifier injects values into JSON bodies, paths, queries and headers, not into a multipart body: `POST /media` takes its task in the query (`taskId`).',
        '',
        '`contracts/check-provider-states.sh` checks an endpoint against this document. Generated from `mocks/provider-state-catalogue.ts`; do not edit by hand.',
      ].join('\n'),
      license: {
        name: 'Proprietary',
        identifier: 'LicenseRef-Avaliador-Proprietary',
      },
    },
    servers: [
      {
        url: '/test-support',
        description: 'Wherever your test build serves it: give its full URL to the verifier.',
      },
    ],
    // A test-only endpoint of the build under verification: the verifier sends no credentials.
    security: [],
    paths: {
      '/provider-states': {
        post: {
          operationId: 'changeProviderState',
          summary: 'Set up (or tear down) one provider state',
          requestBody: {
            required: true,
            content: {
              'application/json': {
                schema: {
                  oneOf: keys.map((k) => ({ $ref: `#/components/schemas/${schemaName(k)}State` })),
                  discriminator: {
                    propertyName: 'state',
                    mapping: Object.fromEntries(
                      keys.map((k) => [
                        STATES[k].name,
                        `#/components/schemas/${schemaName(k)}State`,
                      ]),
                    ),
                  },
                },
              },
            },
          },
          responses: {
            '200': {
              description:
                'Set up: the state’s answer (its schema is named by the request schema’s `x-answer`). Torn down: an empty object.',
              content: {
                'application/json': {
                  schema: {
                    anyOf: [
                      ...keys.map((k) => ({ $ref: `#/components/schemas/${schemaName(k)}Answer` })),
                      { type: 'object', maxProperties: 0, description: 'Teardown.' },
                    ],
                  },
                },
              },
            },
            '400': {
              description:
                'An unknown state or action. The verifier fails the interaction with this answer.',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Refusal' } } },
            },
            '409': {
              description:
                'The state cannot be arranged (e.g. no record fits it). The verifier fails the interaction with this answer.',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Refusal' } } },
            },
          },
        },
      },
    },
    components: {
      schemas: {
        ...requests,
        ...answers,
        Refusal: {
          type: 'object',
          description: 'Any JSON object saying why; the verifier shows it.',
          properties: { error: { type: 'string' } },
        },
      },
    },
  }
  const header =
    '# Generated from mocks/provider-state-catalogue.ts by `npm run test:contracts:update`: do not edit.\n'
  const config = (await resolveConfig(file)) ?? {}
  return format(header + stringify(doc, { lineWidth: 0 }), { ...config, filepath: file })
}

/** The conformance script's cases: each state's name, example params and typed answer keys. */
export function conformanceCases(): string {
  const cases = (Object.keys(STATES) as StateKey[]).map((key) => {
    const state = STATES[key]
    return {
      state: state.name,
      params: state.params,
      answer: Object.fromEntries(
        answerKeys(state).map((k) => [
          k,
          'format' in ANSWER_KEYS[k] ? ANSWER_KEYS[k].format : ANSWER_KEYS[k].type,
        ]),
      ),
    }
  })
  // One case a line, inside the script's single quotes.
  return `CASES='[\n${cases.map((c) => JSON.stringify(c).replaceAll("'", "'\\''")).join(',\n')}\n]'`
}

const CASES_START = '# cases:start (generated from mocks/provider-state-catalogue.ts)'
const CASES_END = '# cases:end'

/** The script with its cases block replaced. */
export function withCases(script: string): string {
  const start = script.indexOf(CASES_START)
  const end = script.indexOf(CASES_END)
  if (start < 0 || end < start) throw new Error(`no ${CASES_START} … ${CASES_END} block`)
  return `${script.slice(0, start + CASES_START.length)}\n${conformanceCases()}\n${script.slice(end)}`
}

/** `{ upToDate }` for the document and the script's cases; with `write`, both rewritten. */
export async function syncProviderStates(
  files: { doc: string; script: string },
  write: boolean,
): Promise<{ upToDate: boolean; stale: string[] }> {
  const stale: string[] = []
  const doc = await renderProviderStatesDoc(files.doc)
  const currentDoc = (() => {
    try {
      return readFileSync(files.doc, 'utf8')
    } catch {
      return ''
    }
  })()
  if (currentDoc !== doc) {
    stale.push(files.doc)
    if (write) writeFileSync(files.doc, doc)
  }
  const script = readFileSync(files.script, 'utf8')
  const next = withCases(script)
  if (next !== script) {
    stale.push(files.script)
    if (write) writeFileSync(files.script, next)
  }
  return { upToDate: stale.length === 0, stale }
}
