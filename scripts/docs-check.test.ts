import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import * as constants from '../src/domain/constants'
import {
  REPO_ROOT,
  constantTables,
  firstColumn,
  markdownFiles,
  missingCitations,
  outsideReferences,
  proseFiles,
  quotedConstants,
  quotedCounts,
  readRepo,
  specCounts,
} from './docs-check'

const repo = readRepo()
const read = (file: string) => readFileSync(join(REPO_ROOT, file), 'utf8')

/** The checker and this test spell what they look for. */
const SELF = new Set(['scripts/docs-check.ts', 'scripts/docs-check.test.ts'])

/** The product docs and the README; decision records keep the numbers they were decided with. */
const PRODUCT_DOCS = markdownFiles(repo).filter(
  (f) => f === 'README.md' || (f.startsWith('docs/') && !/^docs\/decisions\/\d{4}-/.test(f)),
)

/** A repository in a temporary folder, made of `files` (path → text). */
function fixtureRepo(files: Record<string, string>) {
  const root = mkdtempSync(join(tmpdir(), 'docs-check-'))
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true })
    writeFileSync(join(root, path), text)
  }
  return readRepo(root)
}

describe('the docs cite only what the repository holds', () => {
  it('every path cited in Markdown and in code comments exists', () => {
    const missing = missingCitations(repo).filter((c) => !SELF.has(c.file))
    expect(
      missing.map((c) => `${c.file}:${c.line} cites ${c.path}: ${c.problem}`),
      'fix the path, or the text (scripts/docs-check.ts says what counts as a path)',
    ).toEqual([])
  })

  it('reads the whole repository', () => {
    expect(markdownFiles(repo)).toEqual(
      expect.arrayContaining(['README.md', 'docs/architecture.md', 'docs/product/visit.md']),
    )
    expect(repo.entries.has('node_modules/')).toBe(false)
    expect(repo.entries.has('src/lib/query-keys.ts')).toBe(true)
  })

  it('fails on a moved file, and only on paths', () => {
    const fixture = fixtureRepo({
      '.gitignore': 'dist/\n',
      'openapi.yaml': 'openapi: 3.1.0\n',
      'src/lib/here.ts': [
        '// Used by src/features/gone.ts and by lib/here (itself); see docs/guide.md#usage.',
        '// Not paths: https://example.com/a.ts, /tasks/:slug, /api/me, src/**/*.ts, zod/mini,',
        '// @msw/data, dist/index.html (build output), .ts, e.g., Node.js 20.',
        '// Closing a sentence: (src/lib/gone-in-brackets.ts). (lib/here.ts), [src/lib/here.ts];',
        '// "src/lib/gone-quoted.ts", (src/lib/gone-at-a-line.ts:12).',
        '// Decisions by number: (docs/decisions/0001), docs/decisions/0002.',
        "export const here = 'src/not-a-comment.ts'",
      ].join('\n'),
      'docs/decisions/0001-a-decision.md': '# 1. A decision\n',
      'docs/guide.md': [
        '# Guide',
        '',
        '## Usage',
        '',
        'See `src/lib/here.ts`, `lib/here.ts`, `here.ts`, `openapi.yaml` and',
        '[the spec](../openapi.yaml), [usage](#usage), [here](../src/lib/here.ts).',
        'Moved: `src/lib/moved.ts`, `lib/moved.ts`, `moved.ts`, [gone](other.md),',
        '[bad anchor](guide.md#nowhere).',
        'Not paths: `/tasks/:slug`, `GET /api/me`, `src/features/<name>/api/`, `@tanstack/react-query`,',
        '[site](https://example.com/x.md), `dist/sw.js`, `[an example](nowhere.md)`.',
        '',
        '```text',
        'diagram → src/lib/here.ts, src/lib/diagram-gone.ts',
        '```',
        '',
        '```sh',
        'sh their-own-script.sh --file their-file.txt',
        '```',
      ].join('\n'),
    })
    expect(missingCitations(fixture).map((c) => `${c.file}:${c.line} ${c.path}`)).toEqual([
      'docs/guide.md:7 src/lib/moved.ts',
      'docs/guide.md:7 lib/moved.ts',
      'docs/guide.md:7 moved.ts',
      'docs/guide.md:7 other.md',
      'docs/guide.md:8 guide.md#nowhere',
      'docs/guide.md:13 src/lib/diagram-gone.ts',
      'src/lib/here.ts:1 src/features/gone.ts',
      'src/lib/here.ts:4 src/lib/gone-in-brackets.ts',
      'src/lib/here.ts:5 src/lib/gone-quoted.ts',
      'src/lib/here.ts:5 src/lib/gone-at-a-line.ts',
      'src/lib/here.ts:6 docs/decisions/0002',
    ])
  })
})

describe('the docs cite no document outside the repository', () => {
  it('in Markdown, comments or test names', () => {
    const found = proseFiles(repo)
      .filter((f) => !SELF.has(f))
      .flatMap((f) => outsideReferences(f, read(f)))
    expect(
      found.map((r) => `${r.file}:${r.line} cites ${r.what}: ${r.text}`),
      'say what the rule is and cite the repository’s own page (docs/product/…)',
    ).toEqual([])
  })

  it('knows one when it sees one', () => {
    const text = [
      'carry none of their bytes (SPEC §8).',
      'the seven calls the brief names',
      "the seed's spec (§9) says so",
      'see ../shared/spec.md',
      'RFC 3339\n * §5.6 allows any fraction; the briefing is a mission field.',
    ].join('\n')
    expect(outsideReferences('x.ts', text).map((r) => `${r.line} ${r.what}`)).toEqual([
      '1 the project spec',
      '1 a numbered section of an outside document',
      '2 the brief',
      "3 the seed's spec (the product spec the project started from)",
      '3 a numbered section of an outside document',
      '4 a shared folder outside the repository',
    ])
  })
})

describe('counts and constants in the docs come from the code', () => {
  const counts = specCounts()

  it('quotes the number of operations openapi.yaml has, or none', () => {
    expect(counts.operations).toBeGreaterThan(40)
    const wrong = markdownFiles(repo).flatMap((f) => quotedCounts(f, read(f), counts))
    expect(
      wrong.map((q) => `${q.file}:${q.line} says "${q.quoted}", openapi.yaml has ${q.actual}`),
    ).toEqual([])
    expect(quotedCounts('x.md', 'the 41\noperations, 44 operations', counts)).toEqual([
      { file: 'x.md', line: 1, quoted: '41 operations', actual: counts.operations },
    ])
    expect(
      quotedCounts('x.md', `The ${counts.idempotent + 1} operations marked "idem."`, counts),
    ).toHaveLength(1)
  })

  it('gives each constant’s value where its table names it, as the code has it', () => {
    const rows = PRODUCT_DOCS.flatMap((f) => constantTables(f, read(f), constants))
    expect(rows.length).toBeGreaterThan(15)
    expect(
      rows
        .filter((r) => !r.ok)
        .map(
          (r) =>
            `${r.file}:${r.line} gives ${r.name} as ${r.quoted}, the code has ${String(r.actual)}`,
        ),
    ).toEqual([])
    expect(
      constantTables('x.md', '| `SNACKBAR_MS` | `5000` | how long |', constants).map((r) => r.ok),
    ).toEqual([false])
  })

  it('names a constant elsewhere instead of writing its value', () => {
    const quoted = PRODUCT_DOCS.flatMap((f) => quotedConstants(f, read(f), constants))
    expect(
      quoted.map((q) => `${q.file}:${q.line} writes "${q.text}": name ${q.name} instead`),
    ).toEqual([])
    const sample = [
      'The snackbar goes after 2,500 ms.',
      'A justification of 50–1000 characters.',
      'Reenviar código is locked for 60 s.',
      'Typed as mm:ss, a mission time from 00:05 to 20:00.',
      'FCP 2.5 s; backoff 60 s.',
    ].join('\n')
    expect(quotedConstants('x.md', sample, constants).map((q) => `${q.line} ${q.name}`)).toEqual([
      '1 SNACKBAR_MS',
      '2 JUSTIFICATION_MIN_CHARS',
      '2 JUSTIFICATION_MAX_CHARS',
      '3 OTP_RESEND_LOCK_SECONDS',
      '4 TIME_ENTRY_MIN_SECONDS',
      '4 TIME_ENTRY_MAX_SECONDS',
    ])
  })
})

describe('docs/architecture.md lists what the folders hold', () => {
  const architecture = read('docs/architecture.md')
  const features = readdirSync(join(REPO_ROOT, 'src/features'), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)

  it('every feature, and only those', () => {
    expect(firstColumn(architecture, 'Features').sort()).toEqual([...features].sort())
  })

  it('a routes file in every feature with screens, as it says', () => {
    // The visit's kit has none: its row says so.
    const screenless = features.filter((name) =>
      new RegExp(`^\\| \`${name}\`\\s+\\| no screens`, 'm').test(architecture),
    )
    const withoutRoutes = features.filter(
      (name) =>
        !readdirSync(join(REPO_ROOT, 'src/features', name), { recursive: true }).some((f) =>
          String(f).endsWith('-routes.tsx'),
        ),
    )
    expect(withoutRoutes).toEqual(screenless)
  })

  it('a check for every job of "One way to do each job", and each one-way rule it names', () => {
    const section = architecture.slice(architecture.indexOf('## One way to do each job'))
    const rows = section
      .split('\n')
      .filter((l) => l.startsWith('| ') && !l.startsWith('| job '))
      .map((l) => l.split(' | ').map((c) => c.replace(/^\|\s*|\s*\|$/g, '').trim()))
    expect(rows.length).toBeGreaterThan(30)
    expect(rows.filter((cells) => cells.length !== 3 || !cells[2]).map((c) => c[0])).toEqual([])
    const named = [...section.matchAll(/`one-way\/([a-z-]+)`/g)].map((m) => m[1]!)
    const rules = [...read('eslint.config.js').matchAll(/^\s*rule: '([a-z-]+)',$/gm)].map(
      (m) => m[1]!,
    )
    expect(rules.length).toBeGreaterThan(10)
    expect([...new Set(named)].sort()).toEqual([...rules].sort())
  })

  it('every production file of the visit store, and only those', () => {
    const files = readdirSync(join(REPO_ROOT, 'src/lib/visit-store')).filter(
      (f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f),
    )
    expect(firstColumn(architecture, 'The visit store (`src/lib/visit-store`)').sort()).toEqual(
      files.sort(),
    )
  })
})
