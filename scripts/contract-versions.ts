/**
 * The contract's versions (docs/decisions/0025-the-contract-has-a-version.md): what changed between two versions of
 * openapi.yaml and of the pacts, whom each change breaks, the version bump it needs, and
 * whether contracts/CHANGELOG.md and contracts/released/ say so. `npm run api:breaking`
 * (scripts/api-breaking.ts) runs it on the working tree.
 *
 * Whom a change breaks, for a message from a writer to a reader:
 *  - a response (the provider writes, the app reads): a schema that allows less (a new
 *    required member, a narrower enum, a tighter bound) breaks **providers** — one built to the
 *    old version may answer what the new app refuses; a schema that allows more (a member
 *    gone or now optional, a wider enum, null allowed) breaks **the app** — an app built to the
 *    old version may get what it does not expect;
 *  - a request (the app writes, the provider reads): the other way round — allowing less
 *    (a new required member, a narrower enum) breaks the app, allowing more breaks providers.
 * A new operation breaks providers (the app calls it), a removed one the app. In the pacts,
 * every new or changed interaction and every new state or state value breaks providers: a
 * provider that passed the old pacts may fail it.
 *
 * The bump: breaking for providers → major; breaking only for the app, or any other change of
 * what may be sent → minor; only words (descriptions, examples, a state's text) → patch.
 */
import { createHash } from 'node:crypto'
import { parse } from 'yaml'

// ------------------------------------------------------------------ changes

export type Breaks = 'providers' | 'app'
export type Level = 'major' | 'minor' | 'patch'

export type Change = {
  /** Where: an operation, `Schema.member`, or a pact interaction or state. */
  where: string
  what: string
  breaks: Breaks[]
  level: Level
}

const LEVELS: readonly Level[] = ['patch', 'minor', 'major']
export const levelAtLeast = (a: Level, b: Level) => LEVELS.indexOf(a) >= LEVELS.indexOf(b)

/** The bump a set of changes needs (null: nothing changed). */
export function requiredLevel(changes: readonly Change[]): Level | null {
  let level: Level | null = null
  for (const c of changes) if (level === null || !levelAtLeast(level, c.level)) level = c.level
  return level
}

// ------------------------------------------------------------------ versions

export type Version = { major: number; minor: number; patch: number }

export function parseVersion(text: string): Version | null {
  const m = /^(\d+)\.(\d+)\.(\d+)$/.exec(text.trim())
  return m ? { major: Number(m[1]), minor: Number(m[2]), patch: Number(m[3]) } : null
}

export const compareVersions = (a: Version, b: Version) =>
  a.major - b.major || a.minor - b.minor || a.patch - b.patch

export const formatVersion = (v: Version) => `${v.major}.${v.minor}.${v.patch}`

/** The bump from `a` to `b` (null when `b` is not above `a`). */
export function bumpOf(a: Version, b: Version): Level | null {
  if (compareVersions(b, a) <= 0) return null
  if (b.major > a.major) return 'major'
  if (b.minor > a.minor) return 'minor'
  return 'patch'
}

/** The next version after `a` for a bump. */
export function nextVersion(a: Version, level: Level): Version {
  if (level === 'major') return { major: a.major + 1, minor: 0, patch: 0 }
  if (level === 'minor') return { major: a.major, minor: a.minor + 1, patch: 0 }
  return { ...a, patch: a.patch + 1 }
}

// ------------------------------------------------------------------ openapi.yaml

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
type Obj = { [key: string]: Json }
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v)
const canonical = (v: unknown): string =>
  JSON.stringify(v, (_k, value: unknown) =>
    isObj(value)
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((k) => [k, value[k]]),
        )
      : value,
  )
const same = (a: unknown, b: unknown) => canonical(a) === canonical(b)

export type Spec = Obj

export const parseSpec = (text: string): Spec => parse(text) as Spec

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'] as const
/** Words only: what a change of these keys says, not what it allows. */
const WORDS = new Set(['description', 'summary', 'title', 'example', 'examples', '$comment'])

type Direction = 'request' | 'response'

/** What allowing less / allowing more breaks, by who writes the message. */
const NARROWER: Record<Direction, Breaks> = { request: 'app', response: 'providers' }
const WIDER: Record<Direction, Breaks> = { request: 'providers', response: 'app' }

class SpecDiff {
  readonly changes: Change[] = []
  /** Named schemas already compared in a direction (they recur: a report inside a problem). */
  private readonly seen = new Set<string>()

  constructor(
    readonly old: Spec,
    readonly next: Spec,
  ) {}

  add(where: string, what: string, breaks: Breaks[], level?: Level) {
    const unique = [...new Set(breaks)]
    this.changes.push({
      where,
      what,
      breaks: unique,
      level: level ?? (unique.includes('providers') ? 'major' : 'minor'),
    })
  }
  narrower(dir: Direction, where: string, what: string) {
    this.add(where, what, [NARROWER[dir]])
  }
  wider(dir: Direction, where: string, what: string) {
    this.add(where, what, [WIDER[dir]])
  }
  either(where: string, what: string) {
    this.add(where, what, ['providers', 'app'])
  }
  minor(where: string, what: string) {
    this.add(where, what, [], 'minor')
  }
  words(where: string, what: string) {
    this.add(where, what, [], 'patch')
  }

  /** A `$ref`'s target (with its sibling keywords) and the schema's name, if it is one. */
  deref(spec: Spec, node: Json | undefined): { node: Obj | undefined; name?: string } {
    let name: string | undefined
    let current = node
    const siblings: Obj = {}
    for (let hops = 0; isObj(current) && typeof current.$ref === 'string' && hops < 20; hops++) {
      const ref: string = current.$ref
      for (const [k, v] of Object.entries(current)) if (k !== '$ref') siblings[k] ??= v
      if (!ref.startsWith('#/')) throw new Error(`Only local $refs are compared: ${ref}`)
      name = ref.split('/').pop()
      current = ref
        .slice(2)
        .split('/')
        .map((p) => p.replaceAll('~1', '/').replaceAll('~0', '~'))
        .reduce<Json | undefined>((at, key) => (isObj(at) ? at[key] : undefined), spec)
    }
    if (current !== undefined && !isObj(current))
      return { node: undefined, ...(name ? { name } : {}) }
    return { node: current ? { ...current, ...siblings } : undefined, ...(name ? { name } : {}) }
  }

  wordsOf(where: string, o: Obj, n: Obj) {
    for (const key of WORDS) if (!same(o[key], n[key])) words(this, where, key, o[key], n[key])
  }

  // ---------------------------------------------------------------- schemas

  schema(dir: Direction, where: string, oldNode: Json | undefined, newNode: Json | undefined) {
    const o = this.deref(this.old, oldNode)
    const n = this.deref(this.next, newNode)
    // A named schema is compared once per direction; changes are said where it is defined.
    if (o.name && o.name === n.name) {
      const key = `${dir} ${o.name}`
      if (this.seen.has(key)) return
      this.seen.add(key)
      where = o.name
    }
    if (!o.node || !n.node) {
      if (!o.node && !n.node) return
      if (!o.node) this.narrower(dir, where, 'a schema where there was none')
      else this.wider(dir, where, 'no schema any more (anything goes)')
      return
    }
    this.compareSchema(dir, where, o.node, n.node)
  }

  private compareSchema(dir: Direction, where: string, o: Obj, n: Obj) {
    this.wordsOf(where, o, n)

    // Alternatives (oneOf / anyOf): a new one allows more, a gone one allows less. A schema
    // without them is one alternative (a `$ref` that becomes `oneOf: [$ref, null]`).
    const oAlt = alternatives(o)
    const nAlt = alternatives(n)
    if (oAlt.length > 1 || nAlt.length > 1) {
      const key = (s: Json) => (isObj(s) && typeof s.$ref === 'string' ? s.$ref : typeKey(s))
      const oKeys = new Map(oAlt.map((s) => [key(s), s]))
      const nKeys = new Map(nAlt.map((s) => [key(s), s]))
      for (const [k, s] of nKeys)
        if (!oKeys.has(k)) this.wider(dir, where, `may now also be ${describe(s)}`)
      for (const [k, s] of oKeys)
        if (!nKeys.has(k)) this.narrower(dir, where, `may no longer be ${describe(s)}`)
      for (const [k, s] of oKeys) if (nKeys.has(k)) this.schema(dir, where, s, nKeys.get(k))
      return
    }

    // allOf: each member is one more constraint (the spec's if/then per problem code).
    const oAll = (Array.isArray(o.allOf) ? o.allOf : []).map((s) => [canonical(s), s] as const)
    const nAll = (Array.isArray(n.allOf) ? n.allOf : []).map((s) => [canonical(s), s] as const)
    const oAllKeys = new Set(oAll.map(([k]) => k))
    const nAllKeys = new Set(nAll.map(([k]) => k))
    for (const [k, s] of nAll)
      if (!oAllKeys.has(k)) this.narrower(dir, where, `a new constraint: ${brief(s)}`)
    for (const [k, s] of oAll)
      if (!nAllKeys.has(k)) this.wider(dir, where, `a constraint gone: ${brief(s)}`)
    for (const key of ['if', 'then', 'else', 'not'])
      if (!same(o[key], n[key]))
        this.either(where, `\`${key}\` changed: ${brief(o[key])} → ${brief(n[key])}`)

    // Types: `integer` is a kind of `number`.
    const oTypes = typesOf(o)
    const nTypes = typesOf(n)
    if (oTypes && nTypes) {
      const allows = (set: Set<string>, t: string) =>
        set.has(t) || (t === 'integer' && set.has('number'))
      const added = [...nTypes].filter((t) => !allows(oTypes, t))
      const removed = [...oTypes].filter((t) => !allows(nTypes, t))
      if (added.length) this.wider(dir, where, `may now be ${added.join(' or ')}`)
      if (removed.length) this.narrower(dir, where, `may no longer be ${removed.join(' or ')}`)
      if (oTypes.has('number') && !nTypes.has('number') && nTypes.has('integer'))
        this.narrower(dir, where, 'a number that must now be an integer')
    } else if (oTypes && !nTypes) this.wider(dir, where, 'any type now')
    else if (!oTypes && nTypes) this.narrower(dir, where, `must now be ${[...nTypes].join(' or ')}`)

    // Values: enum and const.
    const oValues = valuesOf(o)
    const nValues = valuesOf(n)
    if (oValues || nValues) {
      if (!oValues) this.narrower(dir, where, `only ${list(nValues!)} now`)
      else if (!nValues) this.wider(dir, where, `any value now, not only ${list(oValues)}`)
      else {
        const added = nValues.filter((v) => !oValues.some((w) => same(v, w)))
        const removed = oValues.filter((v) => !nValues.some((w) => same(v, w)))
        if (added.length)
          this.wider(dir, where, `new value${added.length > 1 ? 's' : ''} ${list(added)}`)
        if (removed.length)
          this.narrower(dir, where, `value${removed.length > 1 ? 's' : ''} ${list(removed)} gone`)
      }
    }

    // Bounds: a larger minimum or a smaller maximum allows less.
    for (const [key, isMin] of BOUNDS) {
      const a = o[key]
      const b = n[key]
      if (same(a, b)) continue
      const tighter = typeof a !== 'number' || (typeof b === 'number' && (isMin ? b > a : b < a))
      const looser = typeof b !== 'number' || (typeof a === 'number' && (isMin ? b < a : b > a))
      const what = `${key} ${a ?? 'none'} → ${b ?? 'none'}`
      if (tighter && !looser) this.narrower(dir, where, what)
      else if (looser && !tighter) this.wider(dir, where, what)
    }
    for (const key of ['pattern', 'format', 'contentMediaType', 'contentEncoding', 'multipleOf']) {
      if (same(o[key], n[key])) continue
      const what = `${key} ${brief(o[key]) || 'none'} → ${brief(n[key]) || 'none'}`
      if (o[key] === undefined) this.narrower(dir, where, what)
      else if (n[key] === undefined) this.wider(dir, where, what)
      else this.either(where, what)
    }
    for (const key of ['uniqueItems']) {
      if (same(o[key] ?? false, n[key] ?? false)) continue
      if (n[key] === true) this.narrower(dir, where, `${key} now`)
      else this.wider(dir, where, `no ${key} any more`)
    }
    if (!same(o.default, n.default))
      this.either(where, `default ${brief(o.default) || 'none'} → ${brief(n.default) || 'none'}`)
    for (const key of ['readOnly', 'writeOnly', 'deprecated'])
      if (!same(o[key], n[key]))
        this.minor(where, `${key}: ${brief(o[key]) || 'no'} → ${brief(n[key]) || 'no'}`)

    // Objects: members and which are required.
    const oProps = isObj(o.properties) ? o.properties : {}
    const nProps = isObj(n.properties) ? n.properties : {}
    const oReq = new Set(Array.isArray(o.required) ? (o.required as string[]) : [])
    const nReq = new Set(Array.isArray(n.required) ? (n.required as string[]) : [])
    for (const name of new Set([...Object.keys(oProps), ...Object.keys(nProps)])) {
      const at = `${where}.${name}`
      const inOld = name in oProps
      const inNew = name in nProps
      if (inOld && inNew) this.schema(dir, at, oProps[name], nProps[name])
      else if (inNew && !nReq.has(name)) this.minor(at, 'a new optional member')
      else if (inOld && !oReq.has(name)) this.minor(at, 'an optional member gone')
      else if (inNew && !oReq.has(name)) {
        /* said below, as a new required member */
      } else if (inOld) this.wider(dir, at, 'gone (it was required)')
    }
    for (const name of nReq)
      if (!oReq.has(name))
        this.narrower(
          dir,
          `${where}.${name}`,
          name in oProps ? 'required now (it was optional)' : 'a new required member',
        )
    for (const name of oReq)
      if (!nReq.has(name) && name in nProps)
        this.wider(dir, `${where}.${name}`, 'optional now (it was required)')
    if (!same(o.additionalProperties, n.additionalProperties)) {
      if (n.additionalProperties === false)
        this.narrower(dir, where, 'no other members allowed now')
      else if (o.additionalProperties === false) this.wider(dir, where, 'other members allowed now')
      else this.schema(dir, `${where}.*`, o.additionalProperties, n.additionalProperties)
    }

    // Arrays.
    if (o.items !== undefined || n.items !== undefined)
      this.schema(dir, `${where}[]`, o.items, n.items)
  }

  // ---------------------------------------------------------------- operations

  run() {
    const oPaths = isObj(this.old.paths) ? this.old.paths : {}
    const nPaths = isObj(this.next.paths) ? this.next.paths : {}
    for (const path of new Set([...Object.keys(oPaths), ...Object.keys(nPaths)])) {
      const oItem = isObj(oPaths[path]) ? oPaths[path] : {}
      const nItem = isObj(nPaths[path]) ? nPaths[path] : {}
      for (const method of METHODS) {
        const o = oItem[method]
        const n = nItem[method]
        const where = `${method.toUpperCase()} ${path}`
        if (!isObj(o) && !isObj(n)) continue
        if (!isObj(o)) this.add(where, 'a new operation the app calls', ['providers'])
        else if (!isObj(n)) this.add(where, 'operation gone', ['app'])
        else
          this.operation(
            where,
            { ...o, parameters: params(oItem, o) },
            {
              ...n,
              parameters: params(nItem, n),
            },
          )
      }
    }
    this.rest()
  }

  private operation(where: string, o: Obj, n: Obj) {
    const label = typeof n.operationId === 'string' ? `${where} (${n.operationId})` : where
    for (const key of ['summary', 'description'])
      if (!same(o[key], n[key])) words(this, label, key, o[key], n[key])
    if (!same(o.operationId, n.operationId))
      this.minor(label, `operationId ${brief(o.operationId)} → ${brief(n.operationId)}`)
    const security = (op: Obj, spec: Spec) => op.security ?? spec.security ?? null
    if (!same(security(o, this.old), security(n, this.next)))
      this.either(
        label,
        `security ${brief(security(o, this.old))} → ${brief(security(n, this.next))}`,
      )

    // Parameters, by where and name.
    const key = (p: Obj) =>
      `${String(p.in)} ${p.in === 'header' ? String(p.name).toLowerCase() : String(p.name)}`
    const oParams = new Map(
      (o.parameters as Json[]).map((p) => this.deref(this.old, p).node!).map((p) => [key(p), p]),
    )
    const nParams = new Map(
      (n.parameters as Json[]).map((p) => this.deref(this.next, p).node!).map((p) => [key(p), p]),
    )
    for (const [k, p] of nParams) {
      const at = `${label} ${p.in} parameter ${String(p.name)}`
      const op = oParams.get(k)
      if (!op) {
        if (p.required === true) this.add(at, 'a new required parameter', ['app'])
        else this.minor(at, 'a new optional parameter')
        continue
      }
      if (p.required === true && op.required !== true) this.add(at, 'required now', ['app'])
      if (p.required !== true && op.required === true) this.add(at, 'optional now', ['providers'])
      for (const s of ['style', 'explode', 'allowEmptyValue', 'allowReserved'])
        if (!same(op[s], p[s])) this.either(at, `${s} ${brief(op[s])} → ${brief(p[s])}`)
      this.wordsOf(at, op, p)
      this.schema('request', at, op.schema, p.schema)
    }
    for (const [k, p] of oParams)
      if (!nParams.has(k)) {
        const at = `${label} ${p.in} parameter ${String(p.name)}`
        if (p.required === true) this.add(at, 'gone (it was required)', ['providers'])
        else this.minor(at, 'an optional parameter gone')
      }

    // The request body.
    const oBody = this.deref(this.old, o.requestBody).node
    const nBody = this.deref(this.next, n.requestBody).node
    if (oBody || nBody) {
      const at = `${label} request body`
      if (!oBody)
        this.add(at, 'a new request body', nBody!.required === true ? ['app'] : ['providers'])
      else if (!nBody) this.add(at, 'no request body any more', ['providers'])
      else {
        if (nBody.required === true && oBody.required !== true)
          this.add(at, 'required now', ['app'])
        if (nBody.required !== true && oBody.required === true)
          this.add(at, 'optional now', ['providers'])
        this.wordsOf(at, oBody, nBody)
        this.content('request', at, oBody.content, nBody.content)
      }
    }

    // Responses, by status.
    const oRes = isObj(o.responses) ? o.responses : {}
    const nRes = isObj(n.responses) ? n.responses : {}
    for (const status of new Set([...Object.keys(oRes), ...Object.keys(nRes)])) {
      const at = `${label} ${status}`
      const success = /^[23]/.test(status)
      if (!(status in oRes)) {
        if (success) this.add(at, 'a new success status', ['app'])
        else this.minor(at, 'a new error status (the app takes it as any error of its class)')
        continue
      }
      if (!(status in nRes)) {
        this.add(at, 'status gone: a provider may no longer answer it', ['providers'])
        continue
      }
      const or = this.deref(this.old, oRes[status]).node ?? {}
      const nr = this.deref(this.next, nRes[status]).node ?? {}
      this.wordsOf(at, or, nr)
      this.content('response', at, or.content, nr.content)
      this.headers(at, or.headers, nr.headers)
      if (!same(or.links, nr.links)) this.minor(at, 'links changed')
    }
    if (!same(o.callbacks, n.callbacks)) this.either(label, 'callbacks changed')
  }

  private content(dir: Direction, where: string, o: Json | undefined, n: Json | undefined) {
    const oc = isObj(o) ? o : {}
    const nc = isObj(n) ? n : {}
    for (const type of new Set([...Object.keys(oc), ...Object.keys(nc)])) {
      const at = `${where} ${type}`
      const om = oc[type]
      const nm = nc[type]
      if (!isObj(om)) this.wider(dir, at, 'a new media type')
      else if (!isObj(nm)) this.narrower(dir, at, 'media type gone')
      else {
        this.schema(dir, at, om.schema, nm.schema)
        for (const key of ['example', 'examples'])
          if (!same(om[key], nm[key])) this.words(at, `${key} changed`)
        if (!same(om.encoding, nm.encoding)) this.either(at, 'encoding changed')
      }
    }
  }

  private headers(where: string, o: Json | undefined, n: Json | undefined) {
    const lower = (h: Json | undefined) =>
      new Map(Object.entries(isObj(h) ? h : {}).map(([k, v]) => [k.toLowerCase(), [k, v] as const]))
    const oh = lower(o)
    const nh = lower(n)
    for (const [k, [name, h]] of nh) {
      const at = `${where} header ${name}`
      const nn = this.deref(this.next, h).node ?? {}
      const old = oh.get(k)
      if (!old) {
        if (nn.required === true) this.add(at, 'a new required response header', ['providers'])
        else this.minor(at, 'a new response header')
        continue
      }
      const on = this.deref(this.old, old[1]).node ?? {}
      if (nn.required === true && on.required !== true) this.add(at, 'required now', ['providers'])
      if (nn.required !== true && on.required === true) this.add(at, 'optional now', ['app'])
      this.wordsOf(at, on, nn)
      this.schema('response', at, on.schema, nn.schema)
    }
    for (const [k, [name, h]] of oh)
      if (!nh.has(k)) {
        const on = this.deref(this.old, h).node ?? {}
        const at = `${where} header ${name}`
        if (on.required === true) this.add(at, 'gone (it was required)', ['app'])
        else this.minor(at, 'a response header gone')
      }
  }

  /** Everything outside the operations: servers, security schemes, info, tags. */
  private rest() {
    const keys = new Set([...Object.keys(this.old), ...Object.keys(this.next)])
    for (const key of keys) {
      if (key === 'paths' || key === 'components' || key === 'info') continue
      if (same(this.old[key], this.next[key])) continue
      if (key === 'tags' || key === 'externalDocs') this.words(key, 'changed')
      else if (key === 'security')
        continue // compared per operation
      else this.either(key, `changed: ${brief(this.old[key])} → ${brief(this.next[key])}`)
    }
    const oInfo: Obj = isObj(this.old.info) ? { ...this.old.info, version: null } : {}
    const nInfo: Obj = isObj(this.next.info) ? { ...this.next.info, version: null } : {}
    for (const key of new Set([...Object.keys(oInfo), ...Object.keys(nInfo)]))
      if (!same(oInfo[key], nInfo[key])) {
        if (key.startsWith('x-'))
          this.either(`info.${key}`, `${brief(oInfo[key])} → ${brief(nInfo[key])}`)
        else if (key === 'description' || key === 'summary')
          words(this, 'info', key, oInfo[key], nInfo[key])
        else this.words(`info.${key}`, 'changed')
      }
    const oSec = isObj(this.old.components) ? this.old.components.securitySchemes : undefined
    const nSec = isObj(this.next.components) ? this.next.components.securitySchemes : undefined
    if (!same(oSec, nSec)) this.either('components.securitySchemes', 'changed')
  }

  /** Anything the comparison above did not name (a schema no operation uses, say). */
  catchAll() {
    if (this.changes.length) return
    const strip = (s: Spec) => ({ ...s, info: isObj(s.info) ? { ...s.info, version: null } : null })
    if (!same(strip(this.old), strip(this.next)))
      this.words('openapi.yaml', 'changed where no operation reads it (an unused component, say)')
  }
}

function words(
  diff: SpecDiff,
  where: string,
  key: string,
  a: Json | undefined,
  b: Json | undefined,
) {
  if (a === undefined) diff.words(where, `${key} added: “${clip(b)}”`)
  else if (b === undefined) diff.words(where, `${key} removed`)
  else diff.words(where, `${key} now “${clip(b)}”`)
}

const BOUNDS: ReadonlyArray<readonly [string, boolean]> = [
  ['minimum', true],
  ['exclusiveMinimum', true],
  ['maximum', false],
  ['exclusiveMaximum', false],
  ['minLength', true],
  ['maxLength', false],
  ['minItems', true],
  ['maxItems', false],
  ['minProperties', true],
  ['maxProperties', false],
]

function alternatives(s: Obj): Json[] {
  if (Array.isArray(s.oneOf)) return s.oneOf
  if (Array.isArray(s.anyOf)) return s.anyOf
  return [s]
}

function typesOf(s: Obj): Set<string> | null {
  if (typeof s.type === 'string') return new Set([s.type])
  if (Array.isArray(s.type)) return new Set(s.type.map(String))
  return null
}

const typeKey = (s: Json) =>
  isObj(s) && s.type !== undefined ? `type:${canonical(s.type)}` : canonical(s)

function valuesOf(s: Obj): Json[] | null {
  if (Array.isArray(s.enum)) return s.enum
  if ('const' in s) return [s.const]
  return null
}

const list = (values: readonly Json[]) => values.map((v) => `\`${JSON.stringify(v)}\``).join(', ')
const clip = (v: Json | undefined) => {
  const text = (typeof v === 'string' ? v : (JSON.stringify(v) ?? '')).replace(/\s+/g, ' ').trim()
  return text.length > 160 ? `${text.slice(0, 157)}…` : text
}
const brief = (v: Json | undefined) => (v === undefined ? '' : clip(v))
function describe(s: Json): string {
  if (isObj(s) && typeof s.$ref === 'string') return s.$ref.split('/').pop()!
  if (isObj(s) && s.type !== undefined)
    return Array.isArray(s.type) ? s.type.join('|') : String(s.type)
  return brief(s)
}

function params(item: Obj, op: Obj): Json[] {
  const byKey = new Map<string, Json>()
  for (const p of [
    ...(Array.isArray(item.parameters) ? item.parameters : []),
    ...(Array.isArray(op.parameters) ? op.parameters : []),
  ])
    byKey.set(canonical(p), p)
  return [...byKey.values()]
}

/** Every change from one openapi.yaml to the next (info.version aside). */
export function specChanges(old: Spec, next: Spec): Change[] {
  const diff = new SpecDiff(old, next)
  diff.run()
  diff.catchAll()
  return diff.changes
}

// ------------------------------------------------------------------ the pacts

type PactInteraction = {
  description: string
  providerStates?: Array<{ name: string; params?: Record<string, unknown> }>
  request: { method: string; path: string; generators?: Record<string, unknown> }
  response: { status: number }
  key?: string
  [more: string]: unknown
}

/** What a released version's pacts ask of a provider, in a few lines a version. */
export type PactDigest = {
  /** `description [state; state]` → the request, the status and a hash of the whole interaction. */
  interactions: Record<string, { request: string; status: number; hash: string }>
  /** Every provider state → what it must answer and what it must arrange (null: not written). */
  states: Record<string, { answers: string[]; setup: string | null }>
}

const interactionKey = (i: PactInteraction) =>
  `${i.description} [${(i.providerStates ?? []).map((s) => s.name).join('; ')}]`

/** The `${key}`s a request takes from its provider states. */
function injectedKeys(i: PactInteraction): string[] {
  const keys: string[] = []
  const walk = (v: unknown) => {
    if (isObj(v)) {
      if (v.type === 'ProviderState' && typeof v.expression === 'string')
        for (const m of v.expression.matchAll(/\$\{(\w+)\}/g)) keys.push(m[1]!)
      else for (const w of Object.values(v)) walk(w)
    }
  }
  walk(i.request.generators)
  return keys
}

/**
 * The digest of the pacts, with the states' answers and text from contracts/provider-states.yaml
 * (`statesDoc`, its text) when there is one; otherwise from the pacts alone.
 */
export function pactDigest(
  pacts: ReadonlyArray<{ interactions: PactInteraction[] }>,
  statesDoc?: string,
): PactDigest {
  const interactions: PactDigest['interactions'] = {}
  const states: PactDigest['states'] = {}
  for (const i of pacts.flatMap((p) => p.interactions)) {
    const copy: Record<string, unknown> = { ...i }
    delete copy.key
    interactions[interactionKey(i)] = {
      request: `${i.request.method} ${i.request.path}`,
      status: i.response.status,
      hash: createHash('sha256').update(canonical(copy)).digest('hex').slice(0, 16),
    }
    const keys = injectedKeys(i)
    for (const s of i.providerStates ?? []) {
      const entry = (states[s.name] ??= { answers: [], setup: null })
      // Without the state document, the values the pacts take from a state are its answer (a
      // request given two states takes each value from one of them: both are listed).
      entry.answers = [...new Set([...entry.answers, ...keys])].sort()
    }
  }
  if (statesDoc) {
    const doc = parse(statesDoc) as { components?: { schemas?: Record<string, Obj> } }
    const schemas = doc.components?.schemas ?? {}
    for (const schema of Object.values(schemas)) {
      const name = typeof schema.title === 'string' ? schema.title : undefined
      const answer = typeof schema['x-answer'] === 'string' ? schema['x-answer'] : undefined
      if (!name || !answer) continue
      const answerSchema = schemas[answer.split('/').pop()!]
      const answers = Array.isArray(answerSchema?.required) ? answerSchema.required.map(String) : []
      states[name] = {
        answers: [...answers].sort(),
        setup: typeof schema.description === 'string' ? schema.description : null,
      }
    }
  }
  return {
    interactions: Object.fromEntries(
      Object.entries(interactions).sort(([a], [b]) => a.localeCompare(b)),
    ),
    states: Object.fromEntries(Object.entries(states).sort(([a], [b]) => a.localeCompare(b))),
  }
}

/** Every change from one version's pacts to the next. */
export function pactChanges(old: PactDigest, next: PactDigest): Change[] {
  const changes: Change[] = []
  const add = (where: string, what: string, breaks: Breaks[], level: Level) =>
    changes.push({ where, what, breaks, level })
  for (const [key, i] of Object.entries(next.interactions)) {
    const before = old.interactions[key]
    const where = `pact: ${key}`
    if (!before)
      add(where, `a new interaction (${i.request} → ${i.status})`, ['providers'], 'major')
    else if (before.hash !== i.hash)
      add(
        where,
        `the interaction changed (${i.request} → ${i.status}): verify it again`,
        ['providers'],
        'major',
      )
  }
  for (const [key, i] of Object.entries(old.interactions))
    if (!next.interactions[key])
      add(`pact: ${key}`, `interaction gone (${i.request} → ${i.status})`, [], 'minor')
  for (const [name, s] of Object.entries(next.states)) {
    const before = old.states[name]
    const where = `state: ${name}`
    if (!before) {
      add(
        where,
        `a new provider state${s.answers.length ? ` answering ${s.answers.join(', ')}` : ''}`,
        ['providers'],
        'major',
      )
      continue
    }
    const added = s.answers.filter((a) => !before.answers.includes(a))
    const gone = before.answers.filter((a) => !s.answers.includes(a))
    if (added.length) add(where, `must now also answer ${added.join(', ')}`, ['providers'], 'major')
    if (gone.length) add(where, `no longer needs to answer ${gone.join(', ')}`, [], 'minor')
    if (before.setup !== null && s.setup !== null && before.setup !== s.setup)
      add(where, `what it arranges now reads: “${clip(s.setup)}”`, [], 'patch')
  }
  for (const name of Object.keys(old.states))
    if (!next.states[name]) add(`state: ${name}`, 'no interaction uses it any more', [], 'minor')
  return changes
}

// ------------------------------------------------------------------ the changelog

export const MARKERS = {
  providers: '**Breaking for providers.**',
  app: '**Breaking for the app.**',
  both: '**Breaking for providers and the app.**',
  neither: '**Not breaking.**',
} as const

export type ChangelogSection = {
  version: string
  date: string | null
  /** The text of each top-level entry (`- …`), joined across its lines. */
  entries: string[]
  line: number
}

/** The sections of contracts/CHANGELOG.md (`## 1.2.0 — 2026-11-25`), newest first as written. */
export function parseChangelog(text: string): ChangelogSection[] {
  const sections: ChangelogSection[] = []
  let current: ChangelogSection | null = null
  text.split('\n').forEach((line, index) => {
    const heading = /^## (\S+)(?:\s+—\s+(\d{4}-\d{2}-\d{2}))?/.exec(line)
    if (heading) {
      current = { version: heading[1]!, date: heading[2] ?? null, entries: [], line: index + 1 }
      sections.push(current)
      return
    }
    if (/^#{1,2} /.test(line)) {
      current = null
      return
    }
    if (!current) return
    const section: ChangelogSection = current
    if (/^- /.test(line)) section.entries.push(line.slice(2).trim())
    else if (/^\s+\S/.test(line) && section.entries.length && !/^\s+- /.test(line))
      section.entries[section.entries.length - 1] += ` ${line.trim()}`
  })
  return sections
}

const breaksOfEntry = (entry: string): Breaks[] | null => {
  if (entry.startsWith(MARKERS.both)) return ['providers', 'app']
  if (entry.startsWith(MARKERS.providers)) return ['providers']
  if (entry.startsWith(MARKERS.app)) return ['app']
  if (entry.startsWith(MARKERS.neither)) return []
  return null
}

// ------------------------------------------------------------------ the check

export type Release = { version: string; spec: Spec; digest: PactDigest; file: string }

export type Snapshot = { spec: Spec; digest: PactDigest }

export type CheckInput = {
  current: Snapshot
  /** contracts/released/: every released version, any order. */
  released: readonly Release[]
  changelog: string
}

export type StepReport = { from: string; to: string; changes: Change[]; level: Level | null }

export type CheckResult = { ok: boolean; problems: string[]; steps: StepReport[] }

/** Every change between two snapshots: the spec's and the pacts'. */
export const snapshotChanges = (a: Snapshot, b: Snapshot): Change[] => [
  ...specChanges(a.spec, b.spec),
  ...pactChanges(a.digest, b.digest),
]

const versionOf = (spec: Spec) =>
  isObj(spec.info) && typeof spec.info.version === 'string' ? spec.info.version : ''

/**
 * The whole check of `npm run api:breaking`:
 *  - every released snapshot is named by its own info.version, and each follows the one before
 *    with the bump its changes need and a changelog section that marks what they break;
 *  - the working tree (openapi.yaml and the pacts) is the released version its info.version
 *    names: any change needs a new version, its changelog section and its snapshot.
 */
export function checkContract({ current, released, changelog }: CheckInput): CheckResult {
  const problems: string[] = []
  const steps: StepReport[] = []
  const sections = parseChangelog(changelog)
  const sectionOf = new Map(sections.map((s) => [s.version, s]))

  const ordered = [...released].sort((a, b) =>
    compareVersions(parseVersion(a.version)!, parseVersion(b.version)!),
  )
  for (const r of released) {
    if (!parseVersion(r.version))
      problems.push(`${r.file}: "${r.version}" is not a version (MAJOR.MINOR.PATCH)`)
    else if (versionOf(r.spec) !== r.version)
      problems.push(
        `${r.file}: its info.version is ${versionOf(r.spec) || 'missing'}, not ${r.version}`,
      )
  }
  if (problems.length) return { ok: false, problems, steps }

  // The changelog: newest first, every entry marked, every section a released version.
  for (let k = 1; k < sections.length; k++) {
    const a = parseVersion(sections[k - 1]!.version)
    const b = parseVersion(sections[k]!.version)
    if (a && b && compareVersions(a, b) <= 0)
      problems.push(
        `contracts/CHANGELOG.md: ${sections[k]!.version} comes after ${sections[k - 1]!.version}; newest first`,
      )
  }
  for (const s of sections) {
    if (!parseVersion(s.version))
      problems.push(`contracts/CHANGELOG.md line ${s.line}: "${s.version}" is not a version`)
    if (!s.date)
      problems.push(
        `contracts/CHANGELOG.md: ${s.version} has no date (\`## ${s.version} — YYYY-MM-DD\`)`,
      )
    if (!released.some((r) => r.version === s.version) && s.version !== versionOf(current.spec))
      problems.push(`contracts/CHANGELOG.md: ${s.version} has no snapshot in contracts/released/`)
    if (s.entries.length === 0)
      problems.push(`contracts/CHANGELOG.md: ${s.version} lists no change`)
    for (const e of s.entries)
      if (!breaksOfEntry(e))
        problems.push(
          `contracts/CHANGELOG.md: an entry of ${s.version} does not start with ${Object.values(MARKERS).join(', ')}: “${clip(e)}”`,
        )
  }

  // Each released version after the one before.
  const needs = (section: ChangelogSection | undefined, changes: Change[], to: string) => {
    if (!section) return [`contracts/CHANGELOG.md has no section for ${to}`]
    const said = new Set(section.entries.flatMap((e) => breaksOfEntry(e) ?? []))
    const out: string[] = []
    for (const who of ['providers', 'app'] as const) {
      const breaking = changes.filter((c) => c.breaks.includes(who))
      if (breaking.length && !said.has(who))
        out.push(
          `contracts/CHANGELOG.md, ${to}: ${breaking.length} change${breaking.length > 1 ? 's' : ''} break${breaking.length > 1 ? '' : 's'} ${who === 'app' ? 'the app' : 'providers'} (${clip(`${breaking[0]!.where}: ${breaking[0]!.what}`)}…) and no entry is marked ${who === 'app' ? MARKERS.app : MARKERS.providers} (or ${MARKERS.both})`,
        )
    }
    return out
  }
  for (let k = 1; k < ordered.length; k++) {
    const a = ordered[k - 1]!
    const b = ordered[k]!
    const changes = snapshotChanges(a, b)
    const level = requiredLevel(changes)
    steps.push({ from: a.version, to: b.version, changes, level })
    const bump = bumpOf(parseVersion(a.version)!, parseVersion(b.version)!)!
    if (level === null) problems.push(`${b.version}: nothing changed since ${a.version}`)
    else if (!levelAtLeast(bump, level))
      problems.push(
        `${b.version} is a ${bump} version after ${a.version}, but its changes need a ${level} one`,
      )
    problems.push(...needs(sectionOf.get(b.version), changes, b.version))
  }

  // The working tree: the latest release, or a new version above it with what that needs.
  const latest = ordered[ordered.length - 1]
  const version = versionOf(current.spec)
  const v = parseVersion(version)
  if (!latest) problems.push('contracts/released/ holds no version (npm run api:release)')
  else if (!v)
    problems.push(`openapi.yaml: info.version "${version}" is not a version (MAJOR.MINOR.PATCH)`)
  else {
    const last = parseVersion(latest.version)!
    const changes = snapshotChanges(latest, current)
    const level = requiredLevel(changes)
    steps.push({ from: latest.version, to: `the working tree (${version})`, changes, level })
    const order = compareVersions(v, last)
    const count = `${changes.length} change${changes.length > 1 ? 's' : ''}, listed above`
    if (order < 0)
      problems.push(`info.version is ${version}, older than the latest release ${latest.version}`)
    else if (order === 0) {
      if (level)
        problems.push(
          `openapi.yaml or the pacts changed since ${latest.version} was released (${count}): they need a ${level} version — ` +
            `set info.version to ${formatVersion(nextVersion(last, level))}, write its section in contracts/CHANGELOG.md ` +
            `(each entry marked for whom it breaks, with what a provider must do), then \`npm run api:release\``,
        )
    } else if (level === null)
      problems.push(`info.version is ${version}, but nothing changed since ${latest.version}`)
    else {
      const bump = bumpOf(last, v)!
      if (!levelAtLeast(bump, level))
        problems.push(
          `${version} is a ${bump} version after ${latest.version}, but its changes (${count}) need a ${level} one: set info.version to ${formatVersion(nextVersion(last, level))}`,
        )
      problems.push(...needs(sectionOf.get(version), changes, version))
      problems.push(
        `${version} is not released yet: \`npm run api:release\` once its changelog section is written`,
      )
    }
  }
  if (
    latest &&
    sections[0] &&
    sections[0].version !== latest.version &&
    sections[0].version !== version
  )
    problems.push(
      `contracts/CHANGELOG.md: its latest section is ${sections[0].version}, the latest release ${latest.version}`,
    )
  return { ok: problems.length === 0, problems, steps }
}

/** A change as one line: whom it breaks, where, what. */
export function formatChange(c: Change): string {
  const who =
    c.breaks.length === 2
      ? 'providers + app'
      : c.breaks[0] === 'providers'
        ? 'providers'
        : c.breaks[0] === 'app'
          ? 'the app'
          : c.level === 'patch'
            ? 'words'
            : 'neither'
  return `[${c.level} · ${who}] ${c.where}: ${c.what}`
}
