/**
 * One truth, checked both ways: every interaction's response against the schema openapi.yaml
 * declares for it (scripts/contract-run.ts, step 5).
 *
 * - **The pacts ask no more than the spec.** A property the spec leaves optional, a value it
 *   lets be null (or not null), one value of an enum or a boolean: a pact that requires it
 *   fails a backend the spec allows, unless a backend can read why it must answer so. Three
 *   reasons count: the spec itself (an `if`/`then` that makes the property required, such as
 *   `fields` for `validation_failed`), the provider state (its description names the property
 *   or the value in backquotes: "unread (`readAt` null)"), or the request
 *   (contracts/narrowings.ts: "the check-in this request makes"). Anything else is reported.
 * - **The pacts ask no less than the app needs.** A property the spec constrains (`enum`,
 *   `const`, `pattern`) is one whose value the app branches on or parses — a task's status, a
 *   problem's code, the dotted path of a field error it shows under its field. It must be
 *   matched by that constraint (a regex, or the value itself), not by "any value of this
 *   type", which a backend answering `/attendants/0/name` for `attendants.0.name` passes.
 *
 * Plain data, no Pact: tested in scripts/contract-agreement.test.ts.
 */
import {
  interactionId,
  operationOf,
  basePathOf,
  pointer,
  resolveRef,
  responseBodyOf,
  responseSchemaOf,
  rulePathMatches,
  specOperations,
  type OpenApi,
  type PactFile,
  type PactInteraction,
  type RuleSet,
  type Schema,
} from './contract-lib'

type Path = Array<string | number>

/** What a pact requires beyond what the spec allows. */
export type Narrowing = {
  interaction: string
  /** `operationId status`, e.g. `checkOut 200`. */
  operation: string
  /** The property's Pact path with arrays as `[*]`: `$.items[*].steps.checkin`. */
  path: string
  property: string
  kind: 'optional' | 'non-null' | 'null' | 'value'
  value?: unknown
}

export type Explained = Narrowing & { by: 'spec' | 'state' | 'request'; why: string }

export type AgreementResult = {
  /** Narrowings with the reason a backend can read. */
  explained: Explained[]
  /** What fails the run: unexplained narrowings, constrained values matched by type only, stale reasons. */
  problems: string[]
}

const KIND_TEXT: Record<Narrowing['kind'], string> = {
  optional: 'requires a property the spec leaves optional',
  'non-null': 'requires a value where the spec also allows null',
  null: 'requires null where the spec also allows a value',
  value: 'requires one value where the spec allows others',
}

const jsonType = (v: unknown) =>
  v === null
    ? 'null'
    : Array.isArray(v)
      ? 'array'
      : typeof v === 'number'
        ? Number.isInteger(v)
          ? 'integer'
          : 'number'
        : typeof v

const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : [])
const schemasIn = (s: Schema, key: 'allOf' | 'oneOf' | 'anyOf') => asArray(s[key])

/** The JSON types a schema allows (undefined: any), through $ref, allOf, oneOf and anyOf. */
export function typesOf(spec: OpenApi, node: unknown): Set<string> | undefined {
  const s = resolveRef(spec, node)
  let set: Set<string> | undefined
  if (s.type !== undefined) set = new Set([s.type].flat() as string[])
  else if ('const' in s) set = new Set([jsonType(s.const)])
  else if (Array.isArray(s.enum)) set = new Set(s.enum.map(jsonType))
  // `integer` is a `number` too.
  if (set?.has('number')) set.add('integer')
  const meet = (other: Set<string> | undefined) => {
    if (!other) return
    set = set ? new Set([...set].filter((t) => other.has(t))) : other
  }
  for (const branch of schemasIn(s, 'allOf')) meet(typesOf(spec, branch))
  const alternatives = [...schemasIn(s, 'oneOf'), ...schemasIn(s, 'anyOf')]
  if (alternatives.length) {
    const each = alternatives.map((a) => typesOf(spec, a))
    if (each.every((t) => t !== undefined)) meet(new Set(each.flatMap((t) => [...t!])))
  }
  return set
}

/** Whether a JSON Schema `if` holds for a value (properties with const/enum, and required). */
export function ifHolds(spec: OpenApi, condition: unknown, value: unknown): boolean {
  const s = resolveRef(spec, condition)
  const known = new Set(['properties', 'required', 'const', 'enum', 'type', 'description'])
  if (Object.keys(s).some((k) => !known.has(k))) return false
  if ('const' in s && JSON.stringify(s.const) !== JSON.stringify(value)) return false
  if (Array.isArray(s.enum) && !s.enum.some((e) => JSON.stringify(e) === JSON.stringify(value)))
    return false
  if (s.properties || s.required) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
    const object = value as Record<string, unknown>
    if (asArray(s.required).some((k) => !(String(k) in object))) return false
    for (const [k, sub] of Object.entries((s.properties ?? {}) as Record<string, unknown>))
      if (k in object && !ifHolds(spec, sub, object[k])) return false
  }
  return true
}

type Shape = {
  properties: Array<Record<string, unknown>>
  required: Set<string>
  /** Required only because an `if` of the spec holds for this body. */
  conditional: Set<string>
  /** Constraints on the value itself. */
  enumValues: unknown[] | undefined
  constant: boolean
  pattern: string | undefined
}

/** Everything a schema says about one value: properties, required ones, enum, const, pattern. */
function shapeOf(spec: OpenApi, node: unknown, value: unknown): Shape {
  const s = resolveRef(spec, node)
  const shape: Shape = {
    properties: s.properties ? [s.properties as Record<string, unknown>] : [],
    required: new Set(asArray(s.required).map(String)),
    conditional: new Set(),
    enumValues: Array.isArray(s.enum) ? s.enum : undefined,
    constant: 'const' in s,
    pattern: typeof s.pattern === 'string' ? s.pattern : undefined,
  }
  const merge = (other: Shape, requiredAs: 'required' | 'conditional' = 'required') => {
    shape.properties.push(...other.properties)
    for (const k of other.required) shape[requiredAs].add(k)
    for (const k of other.conditional) shape.conditional.add(k)
    shape.enumValues ??= other.enumValues
    shape.constant ||= other.constant
    shape.pattern ??= other.pattern
  }
  for (const branch of schemasIn(s, 'allOf')) merge(shapeOf(spec, branch, value))
  // Of the alternatives, those the value's type fits; a property is required only by all.
  const fitting = [...schemasIn(s, 'oneOf'), ...schemasIn(s, 'anyOf')].filter((a) => {
    const types = typesOf(spec, a)
    return (
      !types || types.has(jsonType(value)) || (jsonType(value) === 'integer' && types.has('number'))
    )
  })
  if (fitting.length) {
    const shapes = fitting.map((a) => shapeOf(spec, a, value))
    const common = [...shapes[0]!.required].filter((k) => shapes.every((o) => o.required.has(k)))
    for (const o of shapes) merge({ ...o, required: new Set() })
    for (const k of common) shape.required.add(k)
  }
  if (s.if !== undefined && s.then !== undefined && ifHolds(spec, s.if, value))
    merge(shapeOf(spec, s.then, value), 'conditional')
  return shape
}

const TYPEISH = new Set(['type'])

/**
 * How a pact matches the value at `path`: by its own rules, by a type rule of an ancestor
 * (Pact cascades a type matcher to everything under it: `eachLike` makes each element's
 * fields "any value of this type"), or exactly (no rule).
 */
export function howMatched(
  rules: RuleSet,
  path: Path,
): { how: 'exact' | 'type' | 'rule'; matchers: Array<Record<string, unknown>> } {
  const on = (p: Path) =>
    Object.entries(rules)
      .filter(([key]) => rulePathMatches(key, p))
      .flatMap(([, rule]) => rule.matchers ?? [])
  const own = on(path)
  if (own.length)
    return { how: own.every((m) => TYPEISH.has(String(m.match))) ? 'type' : 'rule', matchers: own }
  for (let n = path.length - 1; n >= 0; n--) {
    const above = on(path.slice(0, n))
    if (above.some((m) => TYPEISH.has(String(m.match)))) return { how: 'type', matchers: above }
  }
  return { how: 'exact', matchers: [] }
}

/** Of the values a spec allows, how many a pact's matchers accept (exact: only its own). */
function accepted(
  how: ReturnType<typeof howMatched>,
  value: unknown,
  choices: readonly unknown[],
): number {
  if (how.how === 'exact') return choices.filter((c) => c === value).length || 1
  if (how.how === 'type') return choices.length
  const regexes = how.matchers
    .filter((m) => m.match === 'regex')
    .map((m) => new RegExp(String(m.regex)))
  if (regexes.length === 0) return choices.length
  return choices.filter((c) => regexes.every((r) => r.test(String(c)))).length
}

const wildcard = (path: Path) =>
  `$${path.map((p) => (typeof p === 'number' ? '[*]' : `.${p}`)).join('')}`

/** Every narrowing and every constrained value matched by type only, in one response body. */
export function bodyFindings(
  spec: OpenApi,
  schema: unknown,
  body: unknown,
  rules: RuleSet,
): {
  narrowings: Array<Omit<Narrowing, 'interaction' | 'operation'> & { conditional?: boolean }>
  weak: string[]
} {
  const narrowings: Array<
    Omit<Narrowing, 'interaction' | 'operation'> & { conditional?: boolean }
  > = []
  const weak: string[] = []
  const walk = (node: unknown, value: unknown, path: Path) => {
    const property = String([...path].reverse().find((p) => typeof p === 'string') ?? '$')
    const at = { path: wildcard(path), property }
    const types = typesOf(spec, node)
    if (value === null) {
      if (!types || [...types].some((t) => t !== 'null')) narrowings.push({ ...at, kind: 'null' })
      return
    }
    if (types?.has('null')) narrowings.push({ ...at, kind: 'non-null' })
    const shape = shapeOf(spec, node, value)
    if (Array.isArray(value)) {
      const items = [resolveRef(spec, node), ...schemasIn(resolveRef(spec, node), 'allOf')]
        .map((s) => resolveRef(spec, s).items)
        .find((i) => i !== undefined)
      if (items !== undefined) value.forEach((v, i) => walk(items, v, [...path, i]))
      return
    }
    if (typeof value === 'object') {
      for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
        const sub = shape.properties.map((p) => p[key]).find((p) => p !== undefined)
        if (sub === undefined) continue // not in the spec: the comparator reports it
        if (!shape.required.has(key))
          narrowings.push({
            path: wildcard([...path, key]),
            property: key,
            kind: 'optional',
            ...(shape.conditional.has(key) ? { conditional: true } : {}),
          })
        walk(sub, v, [...path, key])
      }
      return
    }
    // A leaf: a string, number or boolean.
    const matched = howMatched(rules, path)
    const { how } = matched
    const constrained =
      shape.constant || shape.enumValues !== undefined || shape.pattern !== undefined
    if (constrained && how === 'type')
      weak.push(
        `${pointer(path)} is matched as any ${jsonType(value)}, but the spec constrains it (${
          shape.pattern !== undefined
            ? `pattern ${shape.pattern}`
            : shape.enumValues
              ? `one of ${shape.enumValues.join(', ')}`
              : 'const'
        }): match it by that (a regex or the value), so a backend answering another form fails`,
      )
    const choices = shape.constant
      ? [value]
      : (shape.enumValues ?? (typeof value === 'boolean' ? [true, false] : []))
    if (choices.length > 1 && accepted(matched, value, choices) === 1)
      narrowings.push({ ...at, kind: 'value', value })
  }
  walk(schema, body, [])
  return { narrowings, weak }
}

/**
 * Whether a state's description explains a narrowing: it names the property in backquotes
 * (or a dotted end of its path: `steps.checkin`), followed by "null" when the pact requires
 * null and not followed by it otherwise; or, for one value, names that value.
 */
export function stateExplains(text: string, n: Pick<Narrowing, 'path' | 'kind' | 'value'>) {
  if (n.kind === 'value' && text.includes(`\`${String(n.value)}\``)) return true
  const segments = n.path
    .replace(/^\$\.?/, '')
    .replaceAll('[*]', '')
    .split('.')
    .filter(Boolean)
  return segments.some((_, i) => {
    const named = `\`${segments.slice(i).join('.')}\``
    let at = text.indexOf(named)
    while (at >= 0) {
      const saysNull = /^\s+null\b/.test(text.slice(at + named.length))
      if (saysNull === (n.kind === 'null')) return true
      at = text.indexOf(named, at + 1)
    }
    return false
  })
}

/**
 * The check over every pact. `stateSetup` maps a state's name to what it must arrange (its
 * description); `requestReasons` maps `operationId status path` to why the request makes the
 * response carry it (contracts/narrowings.ts). Problem bodies' `status` and `code` are the
 * interaction's subject (the operation declares them): they need no reason.
 */
export function specAgreement(
  spec: OpenApi,
  pacts: readonly PactFile[],
  options: {
    stateSetup: ReadonlyMap<string, string>
    requestReasons: Readonly<Record<string, string>>
  },
): AgreementResult {
  const ops = specOperations(spec)
  const base = basePathOf(spec)
  const explained: Explained[] = []
  const problems: string[] = []
  const usedReasons = new Set<string>()
  for (const pact of pacts)
    for (const interaction of pact.interactions) {
      const schema = responseSchemaOf(spec, interaction, ops)
      const body = responseBodyOf(interaction)
      if (schema === undefined || body === undefined) continue
      const op = operationOf(ops, base, interaction.request.method, interaction.request.path)
      const operation = `${op?.operationId ?? '?'} ${interaction.response.status}`
      const id = interactionId(interaction)
      const rules =
        (interaction.response as { matchingRules?: { body?: RuleSet } }).matchingRules?.body ?? {}
      const found = bodyFindings(spec, schema, body, rules)
      for (const w of found.weak) problems.push(`${id}: ${w}`)
      const isProblem = interaction.response.status >= 400
      for (const raw of found.narrowings) {
        if (isProblem && (raw.path === '$.code' || raw.path === '$.status')) continue
        const n: Narrowing = { interaction: id, operation, ...raw }
        delete (n as { conditional?: boolean }).conditional
        if (raw.conditional) {
          explained.push({
            ...n,
            by: 'spec',
            why: 'an if/then of the spec requires it for this body',
          })
          continue
        }
        const state = stateNamesOf(interaction).find((s) =>
          stateExplains(options.stateSetup.get(s) ?? '', n),
        )
        if (state) {
          explained.push({ ...n, by: 'state', why: `named by the state “${state}”` })
          continue
        }
        const key = `${operation} ${n.path}`
        const why = options.requestReasons[key]
        if (why) {
          usedReasons.add(key)
          explained.push({ ...n, by: 'request', why })
          continue
        }
        problems.push(
          `${id}: ${n.path}${n.kind === 'value' ? ` = ${JSON.stringify(n.value)}` : ''} — the pact ${
            KIND_TEXT[n.kind]
          }. Drop it from the pact if the app does not need it; otherwise say why a backend must answer it: in the spec (if/then), in the state's description (name \`${n.property}\`), or for the request in contracts/narrowings.ts ("${key}")`,
        )
      }
    }
  for (const key of Object.keys(options.requestReasons))
    if (!usedReasons.has(key))
      problems.push(
        `contracts/narrowings.ts explains “${key}”, which no pact requires (or something else explains it)`,
      )
  return { explained, problems }
}

const stateNamesOf = (i: PactInteraction) => (i.providerStates ?? []).map((s) => s.name)
