/**
 * The pieces of the contract run that are plain data work, kept apart so they can be tested
 * on their own (scripts/contract-lib.test.ts): pact freshness, the operations of openapi.yaml,
 * the calls the app makes, the spec check with the comparator, and the coverage table.
 */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { Comparator } from '@pactflow/openapi-pact-comparator'
import { parse } from 'yaml'

// ------------------------------------------------------------------ pacts

export type PactInteraction = {
  description: string
  key?: string
  providerStates?: Array<{ name: string; params?: Record<string, unknown> }>
  request: { method: string; path: string; [k: string]: unknown }
  response: { status: number; [k: string]: unknown }
  [k: string]: unknown
}

export type PactFile = {
  consumer: { name: string }
  provider: { name: string }
  interactions: PactInteraction[]
  metadata?: Record<string, unknown>
}

export function readPact(file: string): PactFile {
  return JSON.parse(readFileSync(file, 'utf8')) as PactFile
}

export function pactFilesIn(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()
  } catch {
    return []
  }
}

/** Writes a pact where Pact would (`<consumer>-<provider>.json` in `dir`); returns its path. */
export function writePact(dir: string, pact: PactFile) {
  mkdirSync(dir, { recursive: true })
  const file = join(dir, `${pact.consumer.name}-${pact.provider.name}.json`)
  writeFileSync(file, serialisePact(pact))
  return file
}

export const interactionId = (i: PactInteraction) =>
  `${i.description} [${(i.providerStates ?? []).map((s) => s.name).join('; ')}]`

/** Interactions in a stable order: the file Pact writes depends on which test ran first. */
export function sortedPact(pact: PactFile): PactFile {
  return {
    ...pact,
    interactions: [...pact.interactions].sort((a, b) =>
      interactionId(a).localeCompare(interactionId(b)),
    ),
  }
}

/** What must not change between a committed pact and a fresh one: no tool versions, no hash keys. */
export function comparablePact(pact: PactFile): unknown {
  const metadata = { ...(pact.metadata ?? {}) }
  delete metadata['pact-js']
  delete metadata.pactRust
  return {
    ...sortedPact(pact),
    metadata,
    interactions: sortedPact(pact).interactions.map((i) => {
      const copy = { ...i }
      delete copy.key
      return copy
    }),
  }
}

export const serialisePact = (pact: PactFile) => `${JSON.stringify(sortedPact(pact), null, 2)}\n`

export type Freshness = { fresh: boolean; problems: string[] }

/** Compares freshly generated pact files with the committed ones. */
export function pactFreshness(generatedDir: string, committedDir: string): Freshness {
  const problems: string[] = []
  const generated = pactFilesIn(generatedDir)
  const committed = pactFilesIn(committedDir)
  for (const f of committed)
    if (!generated.includes(f))
      problems.push(`${f}: committed, but the consumer tests no longer write it`)
  for (const f of generated) {
    if (!committed.includes(f)) {
      problems.push(`${f}: written by the consumer tests, not committed`)
      continue
    }
    const fresh = readPact(join(generatedDir, f))
    const old = readPact(join(committedDir, f))
    if (JSON.stringify(comparablePact(fresh)) === JSON.stringify(comparablePact(old))) continue
    const byId = (p: PactFile) =>
      new Map(
        p.interactions.map((i) => [
          interactionId(i),
          JSON.stringify(comparablePact({ ...p, interactions: [i] })),
        ]),
      )
    const a = byId(old)
    const b = byId(fresh)
    for (const id of b.keys()) if (!a.has(id)) problems.push(`${f}: new interaction "${id}"`)
    for (const id of a.keys()) if (!b.has(id)) problems.push(`${f}: interaction gone "${id}"`)
    for (const [id, v] of b)
      if (a.has(id) && a.get(id) !== v) problems.push(`${f}: interaction changed "${id}"`)
    if (problems.length === 0)
      problems.push(`${f}: differs outside its interactions (consumer, provider or metadata)`)
  }
  return { fresh: problems.length === 0, problems }
}

// ------------------------------------------------------------------ provider-state injection

/** `${key}` names in a Pact provider-state expression (`Bearer ${authToken}`). */
export const expressionKeys = (expression: string) =>
  [...expression.matchAll(/\$\{(\w+)\}/g)].map((m) => m[1]!)

type Generators = Record<string, Record<string, { type?: string; expression?: string }>>

/**
 * What an interaction's request takes from its provider state (Pact's ProviderState
 * generators on path, headers, query and body) that the state does not answer — a hidden rule
 * the provider could only guess. `answers` maps a state name to the keys its answer holds.
 * Also reports an `Authorization` header sent as a fixed value: the token must come from the
 * state (nothing configured on the verifier rewrites it).
 */
export function injectionFindings(
  interactions: readonly PactInteraction[],
  answers: ReadonlyMap<string, readonly string[]>,
): string[] {
  const problems: string[] = []
  for (const i of interactions) {
    const request = i.request as {
      headers?: Record<string, unknown>
      generators?: Generators
    }
    const generators = Object.values(request.generators ?? {}).flatMap((byPlace) =>
      Object.values(byPlace),
    )
    const given = (i.providerStates ?? []).map((st) => st.name)
    const answered = new Set(given.flatMap((name) => answers.get(name) ?? []))
    for (const g of generators)
      if (g.type === 'ProviderState' && g.expression)
        for (const key of expressionKeys(g.expression))
          if (!answered.has(key))
            problems.push(
              `${interactionId(i)}: the request takes \${${key}} from its provider state, which does not answer it`,
            )
    const authorization = Object.keys(request.headers ?? {}).find(
      (h) => h.toLowerCase() === 'authorization',
    )
    if (authorization && request.generators?.header?.[authorization]?.type !== 'ProviderState')
      problems.push(
        `${interactionId(i)}: sends a fixed Authorization header; take the token from the provider state`,
      )
  }
  return problems
}

// ------------------------------------------------------------------ verifier report

export type InteractionResult = {
  description: string
  states: string[]
  ok: boolean
  method?: string
  path?: string
  /** Why it failed, as the verifier explains it. */
  failure?: string
}

// eslint-disable-next-line no-control-regex -- the ANSI colour codes of the verifier's report
export const stripAnsi = (text: string) => text.replace(/\x1b\[[0-9;]*m/g, '')

/**
 * Per-interaction results from the verifier's report (pact-core 18 reports only as text):
 * an interaction passed when it was run and is not listed under "Failures:".
 */
export function parseVerifierOutput(
  output: string,
  interactions: ReadonlyArray<{
    description: string
    providerStates?: Array<{ name: string }>
    request: { method: string; path: string }
  }>,
  names: { consumer: string; provider: string },
): InteractionResult[] {
  const text = stripAnsi(output)
  const split = text.indexOf('\nFailures:')
  const main = split < 0 ? text : text.slice(0, split)
  const failures = split < 0 ? '' : text.slice(split)
  const entries = failures.split(/\n(?=\d+\) Verifying a pact between )/).slice(1)
  return interactions.map((i) => {
    const states = (i.providerStates ?? []).map((s) => s.name)
    const header = `Verifying a pact between ${names.consumer} and ${names.provider}${
      states.length ? ` Given ${states.join(' And ')}` : ''
    } - ${i.description}`
    const entry = entries.find((e) => {
      const first = e.slice(e.indexOf(') ') + 2).split('\n')[0]!
      return first === header || first.startsWith(`${header} - `)
    })
    const ran = main.includes(`\n  ${i.description} (`)
    const failure = entry
      ? entry
          .slice(entry.indexOf(header) + header.length)
          .replace(/^ - /, '')
          .replace(/\n\nThere (?:were|was) \d+ pact failures?[\s\S]*$/, '')
          .split('\n')
          .map((l) => l.trim())
          .filter(Boolean)
          .join('\n')
      : ran
        ? undefined
        : 'not verified (the verifier did not reach this interaction)'
    return {
      description: i.description,
      states,
      method: i.request.method,
      path: i.request.path,
      ok: failure === undefined,
      ...(failure === undefined ? {} : { failure: failure || 'failed' }),
    }
  })
}

// ------------------------------------------------------------------ openapi.yaml

export type OpenApi = {
  servers?: Array<{ url: string }>
  info: Record<string, unknown>
  security?: unknown[]
  paths: Record<
    string,
    Record<
      string,
      {
        operationId?: string
        requestBody?: unknown
        responses?: Record<string, unknown>
        security?: unknown[]
      }
    >
  >
  components?: { schemas?: Record<string, Record<string, unknown>> }
}

export type Operation = { operationId: string; method: string; path: string }

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options']

export function loadSpec(file: string): OpenApi {
  return parse(readFileSync(file, 'utf8')) as OpenApi
}

export function specOperations(spec: OpenApi): Operation[] {
  return Object.entries(spec.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({
        operationId: op.operationId ?? `${method} ${path}`,
        method: method.toUpperCase(),
        path,
      })),
  )
}

/** The base path the API is served under (`servers[0].url` when it is a path). */
export const basePathOf = (spec: OpenApi) => {
  const url = spec.servers?.[0]?.url ?? ''
  return url.startsWith('/') ? url.replace(/\/$/, '') : ''
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** `/tasks/{id}/checkout` → a RegExp for concrete paths under `basePath`. */
export const templateRegex = (basePath: string, template: string) =>
  new RegExp(
    `^${escapeRegex(basePath)}${template
      .split(/\{[^}]+\}/)
      .map(escapeRegex)
      .join('[^/]+')}$`,
  )

/** Which operation a concrete request (`/api/tasks/tsk_1/checkout`) belongs to. */
export function operationOf(
  ops: readonly Operation[],
  basePath: string,
  method: string,
  path: string,
) {
  const bare = path.split('?')[0]!
  // Literal paths win over templated ones (`/awards/mine` before a `/awards/{x}`).
  const params = (op: Operation) => (op.path.match(/\{/g) ?? []).length
  return ops
    .filter((op) => op.method === method.toUpperCase())
    .sort((a, b) => params(a) - params(b))
    .find((op) => templateRegex(basePath, op.path).test(bare))
}

/** `METHOD /path` of every call the app's source makes through its typed client. */
export function appCalls(srcDir: string): Set<string> {
  const calls = new Set<string>()
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const file = join(dir, name)
      if (statSync(file).isDirectory()) walk(file)
      else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name)) {
        const text = readFileSync(file, 'utf8')
        for (const m of text.matchAll(/api\(\)\s*\.\s*(GET|POST|PUT|DELETE|PATCH)\(\s*'([^']+)'/g))
          calls.add(`${m[1]} ${m[2]}`)
      }
    }
  }
  walk(srcDir)
  return calls
}

// ------------------------------------------------------------------ spec check (comparator)

export type SpecFinding = {
  type: 'error' | 'warning'
  code: string
  message: string
  interaction?: string
  location?: string
  value?: unknown
}

export async function checkAgainstSpec(
  spec: OpenApi,
  pacts: readonly PactFile[],
): Promise<SpecFinding[]> {
  // openapi.yaml as committed: its `x-opc-config-base-path` is how the comparator learns the
  // `/api` base path, exactly as PactFlow's bi-directional check would read the same file.
  const comparator = new Comparator(
    structuredClone(spec) as ConstructorParameters<typeof Comparator>[0],
  )
  const findings: SpecFinding[] = []
  for (const pact of pacts)
    for await (const result of comparator.compare(pact as Parameters<Comparator['compare']>[0])) {
      // Locations read `[root].interactions[12]…`: name the interaction as the rest of the run does.
      const index = /interactions\[(\d+)\]/.exec(result.mockDetails?.location ?? '')?.[1]
      const interaction = index === undefined ? undefined : pact.interactions[Number(index)]
      findings.push({
        type: result.type,
        code: result.code,
        message: result.message,
        ...(interaction ? { interaction: interactionId(interaction) } : {}),
        ...(result.mockDetails?.location ? { location: result.mockDetails.location } : {}),
        ...(result.mockDetails ? { value: result.mockDetails.value } : {}),
      })
    }
  return findings
}

// ------------------------------------------------------------------ date-time and date matchers

export type Schema = Record<string, unknown>

/** A schema with its `$ref` (to `#/components/…`) followed. */
export function resolveRef(spec: OpenApi, node: unknown): Schema {
  let current = node as Schema | undefined
  for (let hops = 0; current && typeof current.$ref === 'string' && hops < 20; hops++) {
    const parts = current.$ref.replace(/^#\//, '').split('/')
    current = parts.reduce<unknown>(
      (at, key) => (at as Record<string, unknown> | undefined)?.[key],
      spec,
    ) as Schema | undefined
  }
  return current ?? {}
}

/** The schema and every branch of its allOf / oneOf / anyOf, resolved. */
function candidates(spec: OpenApi, node: unknown): Schema[] {
  const schema = resolveRef(spec, node)
  const branches = ['allOf', 'oneOf', 'anyOf'].flatMap((k) =>
    Array.isArray(schema[k]) ? (schema[k] as unknown[]) : [],
  )
  return [schema, ...branches.flatMap((b) => candidates(spec, b))]
}

export type FormatLeaf = { path: Array<string | number>; format: 'date-time' | 'date' }

/** Every string in `value` that its schema says is a `date-time` or a `date`. */
export function formatLeaves(
  spec: OpenApi,
  schema: unknown,
  value: unknown,
  path: Array<string | number> = [],
): FormatLeaf[] {
  const options = candidates(spec, schema)
  if (typeof value === 'string') {
    const format = options.map((o) => o.format).find((f) => f === 'date-time' || f === 'date')
    return format ? [{ path, format: format as FormatLeaf['format'] }] : []
  }
  if (Array.isArray(value)) {
    const items = options.find((o) => o.items !== undefined)?.items
    return items === undefined
      ? []
      : value.flatMap((v, i) => formatLeaves(spec, items, v, [...path, i]))
  }
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([key, v]) => {
      const property = options
        .map((o) => (o.properties as Record<string, unknown> | undefined)?.[key])
        .find((p) => p !== undefined)
      return property === undefined ? [] : formatLeaves(spec, property, v, [...path, key])
    })
  return []
}

/** Whether a Pact matching-rule path (`$.items[*].createdAt`) names this concrete path. */
export function rulePathMatches(rulePath: string, path: ReadonlyArray<string | number>) {
  const tokens = [
    ...rulePath.replace(/^\$/, '').matchAll(/\.([^.[\]]+)|\[(\d+|\*)\]|\['([^']+)'\]/g),
  ].map((m) => m[1] ?? m[2] ?? m[3]!)
  return tokens.length === path.length && tokens.every((t, i) => t === '*' || t === String(path[i]))
}

export type RuleSet = Record<string, { matchers?: Array<Record<string, unknown>> }>

export const pointer = (path: ReadonlyArray<string | number>) =>
  `$${path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${p}`)).join('')}`

/** The schema openapi.yaml declares for an interaction's response body, if any. */
export function responseSchemaOf(
  spec: OpenApi,
  interaction: PactInteraction,
  ops: readonly Operation[] = specOperations(spec),
): unknown {
  const op = operationOf(
    ops,
    basePathOf(spec),
    interaction.request.method,
    interaction.request.path,
  )
  const response = interaction.response as { status: number; body?: { contentType?: string } }
  if (!op) return undefined
  const declared = resolveRef(
    spec,
    (spec.paths[op.path]?.[op.method.toLowerCase()] as { responses?: Schema } | undefined)
      ?.responses?.[String(response.status)],
  )
  const content = (declared.content ?? {}) as Record<string, { schema?: unknown }>
  const type = (response.body?.contentType ?? 'application/json').split(';')[0]!.trim()
  return content[type]?.schema
}

/** The example body of an interaction's response (JSON bodies), if any. */
export const responseBodyOf = (interaction: PactInteraction): unknown =>
  (interaction.response as { body?: { content?: unknown } }).body?.content

/**
 * Date-time and date fields of every response body that are not matched the way openapi.yaml
 * allows them to be written: a `format: date-time` needs the RFC 3339 regex, a `format: date`
 * the full-date matcher (contracts/support/date-time.ts). Driven by the spec's response
 * schemas, so a new operation's pacts are checked with no change here.
 */
export function formatMatcherFindings(
  spec: OpenApi,
  pacts: readonly PactFile[],
  expected: {
    dateTime: string
    dateFormat: string
    /** Stricter date-time regexes that still accept every RFC 3339 form of their instants. */
    keptInstants?: readonly string[]
  },
): SpecFinding[] {
  const ops = specOperations(spec)
  const findings: SpecFinding[] = []
  for (const pact of pacts)
    for (const interaction of pact.interactions) {
      const schema = responseSchemaOf(spec, interaction, ops)
      const body = responseBodyOf(interaction)
      if (schema === undefined || body === undefined) continue
      const response = interaction.response as { matchingRules?: { body?: RuleSet } }
      const rules = response.matchingRules?.body ?? {}
      for (const leaf of formatLeaves(spec, schema, body)) {
        const matchers = Object.entries(rules)
          .filter(([key]) => rulePathMatches(key, leaf.path))
          .flatMap(([, rule]) => rule.matchers ?? [])
        const ok =
          leaf.format === 'date-time'
            ? matchers.some(
                (m) =>
                  m.match === 'regex' &&
                  (m.regex === expected.dateTime ||
                    (expected.keptInstants ?? []).includes(String(m.regex))),
              )
            : matchers.some((m) => m.match === 'date' && m.format === expected.dateFormat)
        if (!ok)
          findings.push({
            type: 'error',
            code: `response.body.${leaf.format}-matcher`,
            message:
              leaf.format === 'date-time'
                ? 'A format: date-time field must be matched as any RFC 3339 date-time (instant() in contracts/support/bodies.ts)'
                : 'A format: date field must be matched as any full-date (calendarDate() in contracts/support/bodies.ts)',
            interaction: interactionId(interaction),
            location: `response.body ${pointer(leaf.path)}`,
            value: matchers,
          })
      }
    }
  return findings
}

// ------------------------------------------------------------------ coverage

export type CoverageRow = {
  operationId: string
  method: string
  path: string
  calledByApp: boolean
  interactions: number
  statuses: number[]
  verified: boolean | null
  specOk: boolean
}

export function coverageRows(input: {
  ops: readonly Operation[]
  basePath: string
  appCalls: ReadonlySet<string>
  interactions: readonly PactInteraction[]
  /** interactionId → verified against the provider */
  verified: ReadonlyMap<string, boolean> | null
  /** interactionIds with spec errors */
  specErrors: ReadonlySet<string>
}): { rows: CoverageRow[]; unmapped: string[] } {
  const byOp = new Map<string, PactInteraction[]>()
  const unmapped: string[] = []
  for (const i of input.interactions) {
    const op = operationOf(input.ops, input.basePath, i.request.method, i.request.path)
    if (!op) unmapped.push(`${i.request.method} ${i.request.path} — ${i.description}`)
    else byOp.set(op.operationId, [...(byOp.get(op.operationId) ?? []), i])
  }
  const rows = input.ops.map((op) => {
    const list = byOp.get(op.operationId) ?? []
    const ids = list.map(interactionId)
    return {
      operationId: op.operationId,
      method: op.method,
      path: op.path,
      calledByApp: input.appCalls.has(`${op.method} ${op.path}`),
      interactions: list.length,
      statuses: [...new Set(list.map((i) => i.response.status))].sort((a, b) => a - b),
      verified:
        input.verified === null
          ? null
          : list.length > 0 && ids.every((id) => input.verified!.get(id) === true),
      specOk: ids.every((id) => !input.specErrors.has(id)),
    }
  })
  return { rows, unmapped }
}

export function renderCoverage(rows: readonly CoverageRow[]): string {
  const header = ['operation', 'method path', 'app calls', 'pacts', 'statuses', 'verified', 'spec']
  const body = rows.map((r) => [
    r.operationId,
    `${r.method} ${r.path}`,
    r.calledByApp ? 'yes' : 'no',
    String(r.interactions),
    r.statuses.join(' ') || '—',
    r.interactions === 0 ? '—' : r.verified === null ? 'skipped' : r.verified ? 'yes' : 'NO',
    r.interactions === 0 ? '—' : r.specOk ? 'ok' : 'MISMATCH',
  ])
  const widths = header.map((h, c) => Math.max(h.length, ...body.map((row) => row[c]!.length)))
  const line = (cells: string[]) =>
    cells
      .map((cell, c) => cell.padEnd(widths[c]!))
      .join('  ')
      .trimEnd()
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...body.map(line)].join('\n')
}

export const relativeTo = (root: string, file: string) => relative(root, file) || '.'

// ------------------------------------------------------------------ declared errors

export type DeclaredError = {
  operationId: string
  method: string
  path: string
  status: number
  /** The operation needs the session (bearer) token. */
  bearer: boolean
}

/** Every (operation, 4xx/5xx status) pair openapi.yaml declares. */
export function declaredErrors(spec: OpenApi): DeclaredError[] {
  return specOperations(spec).flatMap((op) => {
    const operation = spec.paths[op.path]![op.method.toLowerCase()]!
    const security = operation.security ?? spec.security ?? []
    return Object.keys(operation.responses ?? {})
      .filter((status) => /^[45]\d\d$/.test(status))
      .map((status) => ({ ...op, status: Number(status), bearer: security.length > 0 }))
  })
}

export type PinnedError = { id: string; code?: string; verified: boolean | null }

export type ErrorCoverageRow = DeclaredError & {
  interactions: PinnedError[]
  /** Why it has no interaction (an entry of contracts/error-coverage.ts or the 401 rule). */
  why?: string
  /** The short name of a reason several pairs share. */
  label?: string
  pinnedBy?: readonly string[]
}

const pairKey = (operationId: string, status: number) => `${operationId} ${status}`

/**
 * Every declared error with its interactions (and their problem `code`), or why it has none;
 * `problems` lists what fails the run: a pair with neither, a reason for a pair that is pinned
 * or not declared, a `pinnedBy` that is not pinned, and an auth style whose 401 nothing pins.
 */
export function errorCoverage(input: {
  spec: OpenApi
  interactions: readonly PactInteraction[]
  verified: ReadonlyMap<string, boolean> | null
  unpinned: Readonly<Record<string, { why: string; label?: string; pinnedBy?: readonly string[] }>>
  authStyles: { default: string; byOperation: Readonly<Record<string, string>> }
  generic401: string
}): { rows: ErrorCoverageRow[]; problems: string[] } {
  const { spec } = input
  const ops = specOperations(spec)
  const base = basePathOf(spec)
  const declared = declaredErrors(spec)
  const pinned = new Map<string, PinnedError[]>()
  for (const i of input.interactions) {
    if (i.response.status < 400) continue
    const op = operationOf(ops, base, i.request.method, i.request.path)
    if (!op) continue
    const id = interactionId(i)
    const body = responseBodyOf(i) as { code?: unknown } | undefined
    const key = pairKey(op.operationId, i.response.status)
    pinned.set(key, [
      ...(pinned.get(key) ?? []),
      {
        id,
        ...(typeof body?.code === 'string' ? { code: body.code } : {}),
        verified: input.verified ? input.verified.get(id) === true : null,
      },
    ])
  }
  const styleOf = (operationId: string) =>
    input.authStyles.byOperation[operationId] ?? input.authStyles.default
  const problems: string[] = []
  const rows = declared.map((pair): ErrorCoverageRow => {
    const key = pairKey(pair.operationId, pair.status)
    const interactions = pinned.get(key) ?? []
    if (interactions.length > 0) return { ...pair, interactions }
    const reason = input.unpinned[key]
    if (reason)
      return {
        ...pair,
        interactions,
        why: reason.why,
        ...(reason.label ? { label: reason.label } : {}),
        pinnedBy: reason.pinnedBy ?? [],
      }
    if (pair.status === 401 && pair.bearer) {
      const style = styleOf(pair.operationId)
      const by = declared
        .filter((d) => d.status === 401 && styleOf(d.operationId) === style)
        .map((d) => pairKey(d.operationId, 401))
        .filter((k) => pinned.has(k))
      if (by.length === 0) problems.push(`no 401 of the ${style} is pinned`)
      return {
        ...pair,
        interactions,
        label: `401 of the ${style}`,
        why: `${input.generic401}.`,
        pinnedBy: by,
      }
    }
    problems.push(
      `${key} is declared in openapi.yaml but has no interaction and no reason in contracts/error-coverage.ts`,
    )
    return { ...pair, interactions }
  })
  const declaredKeys = new Set(declared.map((d) => pairKey(d.operationId, d.status)))
  for (const [key, reason] of Object.entries(input.unpinned)) {
    if (!declaredKeys.has(key))
      problems.push(
        `contracts/error-coverage.ts explains ${key}, which openapi.yaml does not declare`,
      )
    else if (pinned.has(key))
      problems.push(`contracts/error-coverage.ts explains ${key}, which an interaction pins`)
    for (const by of reason.pinnedBy ?? [])
      if (!pinned.has(by))
        problems.push(
          `contracts/error-coverage.ts says ${key} is pinned by ${by}, which is not pinned`,
        )
  }
  for (const row of rows)
    for (const i of row.interactions)
      if (i.verified === false) problems.push(`${i.id} did not verify`)
  return { rows, problems }
}

export function renderErrorCoverage(rows: readonly ErrorCoverageRow[]): string {
  const pinnedBy = (r: ErrorCoverageRow) =>
    r.pinnedBy?.length ? ` Pinned by ${r.pinnedBy.join(', ')}.` : ''
  const header = ['operation', 'status', 'interactions (problem code, verified)', 'or why none']
  const body = rows.map((r) => [
    r.operationId,
    String(r.status),
    r.interactions.length
      ? r.interactions
          .map((i) =>
            `${i.code ?? '—'} ${i.verified === null ? '' : i.verified ? '✓' : '✗'}`.trim(),
          )
          .join(', ')
      : '—',
    r.interactions.length
      ? ''
      : r.label
        ? `[${r.label}]`
        : `${r.why ?? 'NO INTERACTION, NO REASON'}${pinnedBy(r)}`,
  ])
  const widths = header
    .slice(0, 3)
    .map((h, c) => Math.max(h.length, ...body.map((row) => row[c]!.length)))
  const line = (cells: string[]) =>
    cells
      .map((cell, c) => (c < 3 ? cell.padEnd(widths[c]!) : cell))
      .join('  ')
      .trimEnd()
  const legend = new Map<string, string>()
  for (const r of rows)
    if (r.label && r.interactions.length === 0) legend.set(r.label, `${r.why}${pinnedBy(r)}`)
  return [
    line(header),
    line([...widths.map((w) => '-'.repeat(w)), '-'.repeat(11)]),
    ...body.map(line),
    '',
    ...[...legend].map(([label, why]) => `[${label}] ${why}`),
  ].join('\n')
}

// ------------------------------------------------------------------ 404 and 410 paired

export type ErrorPair = { error: string; status: number; operationId: string; pairedWith: string[] }

/**
 * Every 404 and 410 interaction with the 2xx interactions of the same operation. A provider
 * without the endpoint answers its catch-all 404 and passes a 404 interaction by accident;
 * the 2xx of the same operation cannot pass so, which is why each 404/410 needs one (verified
 * in the same run: a backend filtering interactions must keep the pair together).
 */
export function pairedErrors(
  spec: OpenApi,
  interactions: readonly PactInteraction[],
): { pairs: ErrorPair[]; problems: string[] } {
  const ops = specOperations(spec)
  const base = basePathOf(spec)
  const opOf = (i: PactInteraction) =>
    operationOf(ops, base, i.request.method, i.request.path)?.operationId
  const pairs = interactions
    .filter((i) => i.response.status === 404 || i.response.status === 410)
    .map((i) => ({
      error: interactionId(i),
      status: i.response.status,
      operationId: opOf(i) ?? '?',
      pairedWith: interactions
        .filter((o) => o.response.status < 300 && o.response.status >= 200 && opOf(o) === opOf(i))
        .map(interactionId),
    }))
  const problems = pairs
    .filter((p) => p.pairedWith.length === 0)
    .map(
      (p) =>
        `${p.error} answers ${p.status} with no 2xx interaction of ${p.operationId}: a provider without the endpoint passes it with its catch-all 404`,
    )
  return { pairs, problems }
}
