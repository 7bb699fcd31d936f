/**
 * The breaking-change check of `npm run api:breaking` (scripts/contract-versions.ts), on
 * openapi.yaml as committed with one change at a time: whom the change breaks, the version it
 * needs, and whether a release with a changelog section passes.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { CHANGELOG, releasedVersions, workingTree } from './api-breaking'
import {
  bumpOf,
  checkContract,
  type Change,
  pactChanges,
  type PactDigest,
  parseChangelog,
  parseSpec,
  parseVersion,
  requiredLevel,
  snapshotChanges,
  specChanges,
  type Spec,
} from './contract-versions'

const root = fileURLToPath(new URL('../', import.meta.url))
const committed = parseSpec(readFileSync(join(root, 'openapi.yaml'), 'utf8'))
const version = (committed.info as { version: string }).version
const noPacts: PactDigest = { interactions: {}, states: {} }
// Read once (a dozen YAML files): each test only compares.
const released = releasedVersions()
const tree = workingTree()
const changelogText = readFileSync(CHANGELOG, 'utf8')

type Schemas = Record<
  string,
  { properties: Record<string, unknown>; required: string[]; enum?: string[] }
>
/** openapi.yaml with one change made to its schemas, at another version. */
function changed(change: (schemas: Schemas) => void, to = '99.1.0'): Spec {
  const spec = structuredClone(committed)
  change((spec.components as { schemas: Schemas }).schemas)
  ;(spec.info as { version: string }).version = to
  return spec
}

const breaks = (changes: Change[], who: 'providers' | 'app') =>
  changes.filter((c) => c.breaks.includes(who))

/** A release of the committed spec as 99.0.0 and a working tree at `spec`, with its section. */
function release(spec: Spec, entry: string) {
  const base = structuredClone(committed)
  ;(base.info as { version: string }).version = '99.0.0'
  const to = (spec.info as { version: string }).version
  const changelog = [
    `## ${to} — 2026-12-01`,
    '',
    `- ${entry} What to do: see above.`,
    '',
    '## 99.0.0 — 2026-11-30',
    '',
    '- **Not breaking.** The base.',
    '',
  ].join('\n')
  return checkContract({
    current: { spec, digest: noPacts },
    released: [
      { version: '99.0.0', spec: base, digest: noPacts, file: 'openapi-99.0.0.yaml' },
      { version: to, spec, digest: noPacts, file: `openapi-${to}.yaml` },
    ],
    changelog,
  })
}

describe('whom a change of openapi.yaml breaks', () => {
  it('a member removed from an answer breaks the app (it reads it)', () => {
    const changes = specChanges(
      committed,
      changed((s) => {
        delete s.Task!.properties.title
        s.Task!.required = s.Task!.required.filter((r) => r !== 'title')
      }),
    )
    expect(breaks(changes, 'app').map((c) => `${c.where}: ${c.what}`)).toEqual([
      'Task.title: gone (it was required)',
    ])
    expect(breaks(changes, 'providers')).toEqual([])
  })

  it('a member of an answer made optional breaks the app; a new required one breaks providers', () => {
    const optional = specChanges(
      committed,
      changed((s) => void (s.Task!.required = s.Task!.required.filter((r) => r !== 'title'))),
    )
    expect(breaks(optional, 'app').map((c) => c.what)).toEqual(['optional now (it was required)'])
    const required = specChanges(
      committed,
      changed((s) => {
        s.Task!.properties.note = { type: 'string' }
        s.Task!.required.push('note')
      }),
    )
    expect(breaks(required, 'providers').map((c) => `${c.where}: ${c.what}`)).toEqual([
      'Task.note: a new required member',
    ])
    expect(requiredLevel(required)).toBe('major')
  })

  it('a new required member of a request breaks the app (it does not send it)', () => {
    const changes = specChanges(
      committed,
      changed((s) => {
        s.CheckoutInput!.properties.reason = { type: 'string' }
        s.CheckoutInput!.required.push('reason')
      }),
    )
    expect(breaks(changes, 'app').map((c) => `${c.where}: ${c.what}`)).toEqual([
      'CheckoutInput.reason: a new required member',
    ])
    expect(breaks(changes, 'providers')).toEqual([])
  })

  it('a narrowed enum breaks the app in a request and providers in an answer', () => {
    // SignInConnection is sent (SignInCodeRequest) and answered (SignInCodeTicket).
    const changes = specChanges(
      committed,
      changed((s) => void (s.SignInConnection!.enum = ['sms'])),
    )
    expect(changes.map((c) => [c.where, c.what, c.breaks])).toEqual([
      ['SignInConnection', 'value `"whatsapp"` gone', ['app']],
      ['SignInConnection', 'value `"whatsapp"` gone', ['providers']],
    ])
  })

  it('a widened enum of an answer breaks the app (a value it does not know)', () => {
    const changes = specChanges(
      committed,
      changed((s) => void s.AwardStatus!.enum!.push('paid')),
    )
    expect(changes.map((c) => [c.where, c.breaks, c.level])).toEqual([
      ['AwardStatus', ['app'], 'minor'],
    ])
  })

  it('an added optional member breaks nobody: a minor version', () => {
    const changes = specChanges(
      committed,
      changed((s) => void (s.Task!.properties.note = { type: 'string' })),
    )
    expect(changes).toEqual([
      { where: 'Task.note', what: 'a new optional member', breaks: [], level: 'minor' },
    ])
  })

  it('words only are a patch; nothing at all is no change', () => {
    const words = specChanges(
      committed,
      changed((s) => void ((s.Task!.properties.slug as { description: string }).description = 'x')),
    )
    expect(requiredLevel(words)).toBe('patch')
    expect(
      specChanges(
        committed,
        changed(() => undefined),
      ),
    ).toEqual([])
  })
})

describe('the check: a version, its bump and its changelog section', () => {
  it('fails a removed answer member released without an entry marked for the app', () => {
    const spec = changed((s) => {
      delete s.Task!.properties.title
      s.Task!.required = s.Task!.required.filter((r) => r !== 'title')
    })
    const unmarked = release(spec, '**Not breaking.** `Task.title` is gone.')
    expect(unmarked.ok).toBe(false)
    expect(unmarked.problems.join('\n')).toMatch(/breaks? the app .* no entry is marked/)
    expect(release(spec, '**Breaking for the app.** `Task.title` is gone.').ok).toBe(true)
  })

  it('fails a new required request member released without an entry marked for the app', () => {
    const spec = changed((s) => {
      s.CheckoutInput!.properties.reason = { type: 'string' }
      s.CheckoutInput!.required.push('reason')
    })
    expect(release(spec, '**Not breaking.** A reason.').ok).toBe(false)
    expect(release(spec, '**Breaking for the app.** A reason.').ok).toBe(true)
  })

  it('fails a narrowed enum without a major version, even with the right entry', () => {
    const entry = '**Breaking for providers and the app.** No WhatsApp.'
    const minor = release(
      changed((s) => void (s.SignInConnection!.enum = ['sms'])),
      entry,
    )
    expect(minor.ok).toBe(false)
    expect(minor.problems.join('\n')).toMatch(
      /is a minor version after 99.0.0, but its changes need a major one/,
    )
    const major = release(
      changed((s) => void (s.SignInConnection!.enum = ['sms']), '100.0.0'),
      entry,
    )
    expect(major.problems).toEqual([])
  })

  it('passes an added optional member with a minor version and its entry', () => {
    const result = release(
      changed((s) => void (s.Task!.properties.note = { type: 'string' })),
      '**Not breaking.** `Task.note`, optional.',
    )
    expect(result.problems).toEqual([])
  })

  it('fails a change left at the released version, and names the version it needs', () => {
    const spec = changed((s) => void (s.SignInConnection!.enum = ['sms']), version)
    const result = checkContract({
      current: { spec, digest: tree.digest },
      released: released.filter((r) => r.version === version),
      changelog: changelogText,
    })
    expect(result.ok).toBe(false)
    const next = `${parseVersion(version)!.major + 1}.0.0`
    expect(result.problems.join('\n')).toContain(`set info.version to ${next}`)
  })

  it('takes a new interaction of the pacts as breaking for providers', () => {
    const before: PactDigest = {
      interactions: { 'a [s]': { request: 'GET /api/x', status: 200, hash: 'a' } },
      states: { s: { answers: ['authToken'], setup: 'x' } },
    }
    const after: PactDigest = {
      interactions: {
        'a [s]': { request: 'GET /api/x', status: 200, hash: 'a' },
        'b [s]': { request: 'GET /api/y', status: 200, hash: 'b' },
      },
      states: { s: { answers: ['authToken', 'taskId'], setup: 'y' } },
    }
    expect(pactChanges(before, after).map((c) => [c.where, c.level])).toEqual([
      ['pact: b [s]', 'major'],
      ['state: s', 'major'],
      ['state: s', 'patch'],
    ])
    expect(pactChanges(after, after)).toEqual([])
  })
})

describe('this repository', () => {
  // The whole history (each release after the one before) is `npm run api:breaking`, in
  // test:static; here only what the working tree adds.
  it('is at its latest release, and every release has its section, newest first', () => {
    const latest = released.find((r) => r.version === version)
    expect(latest, `contracts/released/openapi-${version}.yaml`).toBeDefined()
    expect(snapshotChanges(latest!, tree)).toEqual([])
    const sections = parseChangelog(changelogText).map((s) => s.version)
    expect(sections[0]).toBe(version)
    expect(sections.at(-1)).toBe('1.0.0')
    expect([...sections].sort()).toEqual(released.map((r) => r.version).sort())
  })

  it('reads versions and bumps as semver', () => {
    expect(bumpOf(parseVersion('6.0.0')!, parseVersion('7.0.0')!)).toBe('major')
    expect(bumpOf(parseVersion('4.1.0')!, parseVersion('4.2.0')!)).toBe('minor')
    expect(bumpOf(parseVersion('4.2.0')!, parseVersion('4.2.1')!)).toBe('patch')
    expect(bumpOf(parseVersion('4.2.0')!, parseVersion('4.2.0')!)).toBeNull()
    expect(parseVersion('v1.0')).toBeNull()
  })
})
