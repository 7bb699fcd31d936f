/**
 * The docs checked against the repository (scripts/docs-check.test.ts runs it in
 * `npm run test:unit`). docs/README.md says that when a page and the code disagree the page
 * is wrong; this finds the disagreements a machine can see:
 *
 * 1. **Cited paths that do not exist** (`missingCitations`). Read from every Markdown file of
 *    the repository (`markdownCitations`) and from the comments of its code, scripts and
 *    configuration: TypeScript and JavaScript through the compiler's comment ranges, `#` in
 *    shell, Python and YAML, `/* *\/` in CSS (`commentCitations`). What counts as a path:
 *    - in Markdown, the target of a link or image (`[text](target)`) that has no URL scheme
 *      and does not start with `/` (an app route): resolved from the Markdown file's folder;
 *      a `#anchor` must be a heading of the target (or of the page itself for `(#anchor)`);
 *    - in a Markdown code span, a fenced block without a language or marked `text` (a
 *      diagram; a `sh` or `yaml` block shows commands and other repositories' files), or a
 *      code comment, a word made only of path
 *      characters (letters, digits, `_ . @ - /`: no spaces, globs, `{}`, `<>`, `:` or `…`)
 *      that either starts with a top-level entry of the repository (`src/…`, `openapi.yaml`;
 *      `@/…` is `src/…`), or has a `/` and starts with a folder of `src/`, `mocks/` or `e2e/`
 *      (`lib/query-client`, `features/report`), or ends with a file extension the repository
 *      uses (`.ts`, `.md`…). A word with a `/` must name a file or folder ending that way (a
 *      module named without its `.ts`/`.tsx` counts); a bare file name must be the name of
 *      some file here. So URLs, route patterns (`/tasks/:slug`), API paths (`/api/me`),
 *      globs and npm packages (`zod/mini`, `@msw/data`) are not paths.
 *      A path into an installed package (`msw/src/…/get-worker-instance.ts`) must exist in
 *      node_modules.
 *    - Not checked: build output and other ignored folders (`dist/`, `.local/`… as
 *      .gitignore lists them) and the few files only the build writes (`BUILD_OUTPUTS`).
 * 2. **References to documents outside the repository** (`outsideReferences`): a spec, a
 *    brief or a shared folder that a reader of the repository cannot open.
 * 3. **Counts quoted in the docs** that the code can give (`quotedCounts`): "N operations"
 *    is the number of operations in openapi.yaml, "N operations marked "idem."" the number
 *    that require an Idempotency-Key.
 * 4. **Constants quoted instead of named**: a table row naming a constant of
 *    src/domain/constants.ts gives its value as the code has it (`constantTables`), and
 *    elsewhere the docs name the constants of `NAMED_CONSTANTS` instead of writing their value
 *    with its unit (`quotedConstants`).
 *
 * The test also checks that docs/architecture.md's tables of features and of the visit store
 * list what those folders hold (`firstColumn`).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { basename, join, posix, relative, sep } from 'node:path'
import ts from 'typescript'
import { parse } from 'yaml'

export const REPO_ROOT = join(import.meta.dirname, '..')

/** Folders never walked: dependencies, git, and what .gitignore keeps out of the repository. */
const NOT_WALKED = new Set(['.git', 'node_modules'])

/** Files only the build (or a first `npm start`) writes: cited, never committed. */
export const BUILD_OUTPUTS = new Set([
  'html-documents.json', // dist/html-documents.json: documentFor's table (scripts/prerender.ts)
  'nginx-documents.conf', // dist/nginx-documents.conf (scripts/prerender.ts)
  'sw.js', // the service worker built from src/worker/sw.ts
  'vapid-keys.json', // .local/vapid-keys.json, made by the first `npm start`
  'manifest.webmanifest', // the PWA manifest vite-plugin-pwa writes
  'login.html', // dist/login.html and the other prerendered documents (scripts/prerender.ts)
  'oppy.html', // dist/shell/oppy.html, a tab's prerendered shell
  '_slug.html', // dist/screen/tasks/_slug.html, a first screen's shell (scripts/prerender.ts)
  'bundle-modules.json', // dist/bundle-modules.json (scripts/check-bundle.ts)
])

/** Extensions that make a word a file name. */
const EXTENSIONS =
  /\.(?:ts|tsx|js|mjs|cjs|json|md|ya?ml|css|sh|py|java|html|svg|png|jpe?g|conf|txt)$/

/** Characters a cited path is made of. */
const PATH_WORD = /^(?:@\/)?[A-Za-z0-9_.-][A-Za-z0-9_.@/-]*$/

export type Repo = {
  root: string
  /** Every file and folder, relative to the root with `/`, folders ending in `/`. */
  entries: Set<string>
  /** Every file's name. */
  names: Set<string>
  /** Top-level entries (`src`, `openapi.yaml`). */
  top: Set<string>
  /** Folders whose name may start a path cited from inside them (`lib/…`, `handlers/…`). */
  innerFolders: Set<string>
  /** Folders .gitignore keeps out (`dist`, `.local`). */
  ignored: string[]
}

function ignoredFolders(root: string): string[] {
  const file = join(root, '.gitignore')
  if (!existsSync(file)) return []
  return readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#') && l.endsWith('/'))
    .map((l) => l.replace(/^\//, ''))
}

export function readRepo(root = REPO_ROOT): Repo {
  const ignored = ignoredFolders(root)
  const entries = new Set<string>()
  const names = new Set<string>()
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name)
      const rel = relative(root, path).split(sep).join('/')
      if (entry.isDirectory()) {
        if (NOT_WALKED.has(entry.name) || ignored.includes(`${rel}/`)) continue
        entries.add(`${rel}/`)
        walk(path)
      } else {
        entries.add(rel)
        names.add(entry.name)
      }
    }
  }
  walk(root)
  const top = new Set([...entries].map((e) => e.split('/')[0]!))
  const innerFolders = new Set<string>()
  for (const parent of ['src/', 'mocks/', 'e2e/'])
    for (const e of entries)
      if (e.startsWith(parent) && e.endsWith('/') && e.split('/').length === 3)
        innerFolders.add(e.slice(parent.length, -1))
  return { root, entries, names, top, innerFolders, ignored }
}

export type Citation = { file: string; line: number; path: string; problem: string }

/**
 * Trims what surrounds a path in prose: brackets, quotes, a full stop, a `:line`, in any
 * order (`(src/lib/api.ts).`, `"src/lib/api.ts:12",`).
 */
function trimWord(word: string): string {
  return word
    .replace(/^[(["'`«“‘]+/, '')
    .replace(/[)\]"'`»”’,;!?.:]+$/, '')
    .replace(/(?::\d+(?:[-–]\d+)?)+$/, '')
    .replace(/[.:]+$/, '')
}

function isIgnored(repo: Repo, path: string): boolean {
  return repo.ignored.some((folder) => path === folder.slice(0, -1) || path.startsWith(folder))
}

/**
 * A file or folder of the repository, named with its `.ts`/`.tsx`/`.js` or without; a
 * decision record may be named by its number alone (`docs/decisions/0013`).
 */
function exists(repo: Repo, path: string): boolean {
  const clean = path.replace(/\/$/, '')
  if (/(?:^|\/)decisions\/\d{4}$/.test(clean))
    return [...repo.entries].some((e) => e.startsWith(`${clean}-`) && e.endsWith('.md'))
  return (
    repo.entries.has(clean) ||
    repo.entries.has(`${clean}/`) ||
    ['.ts', '.tsx', '.js'].some((ext) => repo.entries.has(clean + ext))
  )
}

const installed = new Map<string, boolean>()

/** The installed package a path like `msw/src/…` or `@scope/name/…` starts with, if any. */
function packageOf(repo: Repo, path: string): string | undefined {
  const parts = path.split('/')
  if (parts.length < 2) return undefined
  const name = path.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!
  if (name === path) return undefined
  const manifest = join(repo.root, 'node_modules', name, 'package.json')
  if (!installed.has(manifest)) installed.set(manifest, existsSync(manifest))
  return installed.get(manifest) ? name : undefined
}

/** Every tail of every entry (`lib/api.ts`, `api.ts` of `src/lib/api.ts`), per repository. */
const tailsOf = new WeakMap<Repo, Set<string>>()

function endsWithEntry(repo: Repo, suffix: string): boolean {
  let tails = tailsOf.get(repo)
  if (!tails) {
    tails = new Set()
    for (const entry of repo.entries) {
      const parts = entry.replace(/\/$/, '').split('/')
      for (let i = 1; i < parts.length; i++) tails.add(parts.slice(i).join('/'))
    }
    tailsOf.set(repo, tails)
  }
  const clean = suffix.replace(/\/$/, '')
  return [clean, `${clean}.ts`, `${clean}.tsx`, `${clean}.js`].some((s) => tails.has(s))
}

/**
 * Whether `word` (from a code span, a fenced block or a comment of `file`) cites a path, and
 * if so what is wrong with it: `null` for a word that is no path or a path that exists.
 */
export function judgeWord(repo: Repo, file: string, raw: string): string | null {
  const word = trimWord(raw).replace(/#.*$/, '')
  if (!word || !PATH_WORD.test(word) || word.includes('//') || /^[./]+$/.test(word)) return null
  const path = word.startsWith('@/') ? `src/${word.slice(2)}` : word.replace(/^\.\//, '')
  const first = path.split('/')[0]!
  const hasSlash = path.replace(/\/$/, '').includes('/')
  const fromHere = () => posix.normalize(posix.join(posix.dirname(file), path))
  if (repo.top.has(first) && (hasSlash || first === path.replace(/\/$/, ''))) {
    if (isIgnored(repo, path)) return null
    return exists(repo, path) ? null : 'no such file or folder'
  }
  if (isIgnored(repo, path)) return null
  if (path.startsWith('../')) return exists(repo, fromHere()) ? null : 'no such file or folder'
  // `.ts`, `.jpg`: an extension, not a file.
  if (path.startsWith('.')) return null
  const ends = () => endsWithEntry(repo, path) || exists(repo, fromHere())
  if (hasSlash && repo.innerFolders.has(first))
    return ends() ? null : 'no file or folder ends with this path'
  const pkg = packageOf(repo, path)
  if (pkg)
    return EXTENSIONS.test(path) && !existsSync(join(repo.root, 'node_modules', path))
      ? `no such file in the package ${pkg}`
      : null
  if (!EXTENSIONS.test(path) || BUILD_OUTPUTS.has(basename(path))) return null
  // Node.js, Vue.js: a product, not a file.
  if (/^[A-Z][a-z]+\.js$/.test(path)) return null
  if (hasSlash) return ends() ? null : 'no file or folder ends with this path'
  return repo.names.has(path) ? null : 'no file has this name'
}

/** GitHub's heading anchors of a Markdown text. */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>()
  const seen = new Map<string, number>()
  let fenced = false
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced
    const heading = !fenced && /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)
    if (!heading) continue
    const slug = heading[1]!
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-')
    const n = seen.get(slug) ?? 0
    seen.set(slug, n + 1)
    anchors.add(n === 0 ? slug : `${slug}-${n}`)
  }
  return anchors
}

const LINK = /!?\[(?:[^\]]|\][^(])*?\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g

/** The problems of one Markdown file's links, code spans and fenced blocks. */
export function markdownCitations(repo: Repo, file: string, text: string): Citation[] {
  const found: Citation[] = []
  let fenced = false
  let readFence = false
  text.split('\n').forEach((line, i) => {
    const at = (path: string, problem: string | null) => {
      if (problem) found.push({ file, line: i + 1, path, problem })
    }
    const fence = /^\s*```\s*(\S*)/.exec(line)
    if (fence) {
      fenced = !fenced
      readFence = fenced && (fence[1] === '' || fence[1] === 'text')
      return
    }
    if (fenced) {
      if (!readFence) return
      for (const word of line.split(/\s+/)) at(trimWord(word), judgeWord(repo, file, word))
      return
    }
    // Code spans first: a link written inside one is an example, not a link.
    for (const [, span] of line.matchAll(/`([^`]+)`/g))
      at(span!.trim(), judgeWord(repo, file, span!.trim()))
    for (const [, target] of line.replace(/`[^`]+`/g, '``').matchAll(LINK))
      at(target!, judgeLink(repo, file, text, target!))
  })
  return found
}

function judgeLink(repo: Repo, file: string, text: string, target: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('/')) return null
  const [pathPart, anchor] = target.split('#') as [string, string | undefined]
  const path = decodeURI(pathPart.replace(/\?.*$/, ''))
  const resolved = path ? posix.normalize(posix.join(posix.dirname(file), path)) : file
  if (isIgnored(repo, resolved)) return null
  if (!exists(repo, resolved)) return 'no such file or folder'
  if (anchor && resolved.endsWith('.md')) {
    const markdown = resolved === file ? text : readFileSync(join(repo.root, resolved), 'utf8')
    if (!anchorsOf(markdown).has(anchor)) return `no heading #${anchor} in ${resolved}`
  }
  return null
}

/**
 * The comments of a TypeScript or JavaScript file, each with its first line. The compiler
 * finds the literals (strings, templates, regular expressions, JSX text), where `//` is no
 * comment; every `//` and `/*` outside them starts one.
 */
export function scriptComments(file: string, text: string): { line: number; text: string }[] {
  const source = ts.createSourceFile(
    file,
    text,
    // JSDoc is only read here as text: parsing it would double the cost.
    { languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode: ts.JSDocParsingMode.ParseNone },
    false,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  )
  const literals: Array<[number, number]> = []
  const visit = (node: ts.Node) => {
    if (
      ts.isStringLiteral(node) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isRegularExpressionLiteral(node) ||
      ts.isJsxText(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    )
      literals.push([node.getStart(source), node.end])
    ts.forEachChild(node, visit)
  }
  visit(source)
  literals.sort((x, y) => x[0] - y[0])
  const comments: { line: number; text: string }[] = []
  let next = 0
  let line = 1
  for (let i = 0; i < text.length; i++) {
    while (next < literals.length && literals[next]![1] <= i) next++
    const literal = literals[next]
    if (literal && literal[0] <= i) {
      for (; i < literal[1]; i++) if (text[i] === '\n') line++
      i--
      continue
    }
    if (text[i] === '\n') line++
    if (text[i] !== '/' || (text[i + 1] !== '/' && text[i + 1] !== '*')) continue
    const end = text[i + 1] === '/' ? text.indexOf('\n', i) : text.indexOf('*/', i + 2) + 2
    const stop = end <= 1 || end === -1 ? text.length : end
    const comment = text.slice(i, stop)
    comments.push({ line, text: comment })
    line += comment.split('\n').length - 1
    i = stop - 1
  }
  return comments
}

/** `#` comments of shell, Python and YAML files; `/* *\/` of CSS. */
function otherComments(file: string, text: string): { line: number; text: string }[] {
  if (file.endsWith('.css'))
    return [...text.matchAll(/\/\*[\s\S]*?\*\//g)].map((m) => ({
      line: text.slice(0, m.index).split('\n').length,
      text: m[0],
    }))
  return text.split('\n').flatMap((line, i) => {
    const hash = /(?:^|\s)#(?!!)\s?(.*)$/.exec(line)
    return hash ? [{ line: i + 1, text: hash[1]! }] : []
  })
}

/** The files whose comments are read: code, scripts and configuration, not generated ones. */
export function commentedFiles(repo: Repo): string[] {
  return [...repo.entries].filter(
    (e) =>
      !e.endsWith('/') &&
      !/\.gen\.|^public\/preview\/mockServiceWorker\.js$|^contracts\/pacts\//.test(e) &&
      (/\.(?:ts|tsx|js|mjs|cjs|css|sh|py|ya?ml)$/.test(e) || e === '.ci/run') &&
      e !== 'package-lock.json',
  )
}

/**
 * Every `//` to the end of its line and `/*` to its `*\/`, strings and regular expressions
 * not told apart: more than the comments, for a first look that needs no parser.
 */
function roughComments(text: string): { line: number; text: string }[] {
  const comments: { line: number; text: string }[] = []
  let line = 1
  for (let i = 0; i < text.length; i++) {
    if (text[i] === '\n') line++
    if (text[i] !== '/' || (text[i + 1] !== '/' && text[i + 1] !== '*')) continue
    const end = text[i + 1] === '/' ? text.indexOf('\n', i) : text.indexOf('*/', i + 2) + 2
    const stop = end <= 1 || end === -1 ? text.length : end
    const comment = text.slice(i, stop)
    comments.push({ line, text: comment })
    line += comment.split('\n').length - 1
    i = stop - 1
  }
  return comments
}

export function commentCitations(repo: Repo, file: string, text: string): Citation[] {
  if (!/\.(?:ts|tsx|js|mjs|cjs)$/.test(file))
    return citationsIn(repo, file, otherComments(file, text))
  // Parsing every file is most of the check's time: a file whose rough comments (a superset)
  // cite nothing missing is done; the others are read again with the compiler, so a string
  // that looks like a comment is never reported.
  return citationsIn(repo, file, roughComments(text)).length === 0
    ? []
    : citationsIn(repo, file, scriptComments(file, text))
}

function citationsIn(
  repo: Repo,
  file: string,
  comments: { line: number; text: string }[],
): Citation[] {
  const found: Citation[] = []
  for (const comment of comments)
    comment.text.split('\n').forEach((line, i) => {
      for (const word of line.split(/[\s`]+/)) {
        const problem = judgeWord(repo, file, word)
        if (problem) found.push({ file, line: comment.line + i, path: trimWord(word), problem })
      }
    })
  return found
}

export function markdownFiles(repo: Repo): string[] {
  return [...repo.entries].filter((e) => e.endsWith('.md'))
}

/** Every cited path that does not exist, in Markdown and in code comments. */
export function missingCitations(repo = readRepo()): Citation[] {
  const read = (file: string) => readFileSync(join(repo.root, file), 'utf8')
  return [
    ...markdownFiles(repo).flatMap((file) => markdownCitations(repo, file, read(file))),
    ...commentedFiles(repo).flatMap((file) => commentCitations(repo, file, read(file))),
  ]
}

/**
 * Words that point a reader at a document the repository does not hold: the spec or brief
 * the project started from, its sections (`§8`), a folder beside the repository. Say what
 * the rule is and cite the repository's own page (docs/product/…) instead. `RFC 3339 §5.6`
 * and the like are public standards, not ours, and pass.
 */
export const OUTSIDE_DOCUMENT = [
  { pattern: /\bSPEC\b/g, what: 'the project spec' },
  { pattern: /\b(?:the|a|our) brief\b|\bbrief['’]s\b/gi, what: 'the brief' },
  {
    pattern: /\bthe seed['’]s (?:spec|§|\d|snackbar)|\bthe seed names\b/gi,
    what: "the seed's spec (the product spec the project started from)",
  },
  {
    // A section sign, unless it follows a public standard (`RFC 3339 §5.6`), across a line
    // break of a comment.
    pattern: /(?<!(?:RFC|ISO|ECMA-?|WCAG) ?[\d.]+[\s*/]*)§\s*\d/g,
    what: 'a numbered section of an outside document',
  },
  {
    pattern: /\.\.\/shared\b|\bshared\/(?:docs|specs?)\b/g,
    what: 'a shared folder outside the repository',
  },
]

export type OutsideReference = { file: string; line: number; text: string; what: string }

/** Lines of `text` that cite a document outside the repository. */
export function outsideReferences(file: string, text: string): OutsideReference[] {
  const lines = text.split('\n')
  const found: OutsideReference[] = []
  for (const { pattern, what } of OUTSIDE_DOCUMENT)
    for (const m of text.matchAll(pattern)) {
      const line = text.slice(0, m.index).split('\n').length
      found.push({ file, line, text: lines[line - 1]!.trim(), what })
    }
  return found.sort((a, b) => a.line - b.line)
}

/** The files read for outside references: every Markdown file and every commented file. */
export function proseFiles(repo: Repo): string[] {
  return [...markdownFiles(repo), ...commentedFiles(repo)]
}

type Operation = { parameters?: Array<{ $ref?: string; name?: string; required?: boolean }> }

/** How many operations openapi.yaml has, and how many of them require an Idempotency-Key. */
export function specCounts(root = REPO_ROOT): { operations: number; idempotent: number } {
  const spec = parse(readFileSync(join(root, 'openapi.yaml'), 'utf8')) as {
    paths: Record<string, Record<string, Operation>>
  }
  const methods = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'])
  const operations = Object.values(spec.paths).flatMap((item) =>
    Object.entries(item)
      .filter(([k]) => methods.has(k))
      .map(([, op]) => op),
  )
  const idempotent = operations.filter((op) =>
    (op.parameters ?? []).some(
      (p) =>
        p.$ref === '#/components/parameters/IdempotencyKey' ||
        (p.name === 'Idempotency-Key' && p.required === true),
    ),
  )
  return { operations: operations.length, idempotent: idempotent.length }
}

export type QuotedCount = { file: string; line: number; quoted: string; actual: number }

/**
 * Counts of the API written in `text` that openapi.yaml contradicts: "N operations" (all of
 * them) and "N operations marked "idem."" (those requiring an Idempotency-Key).
 */
export function quotedCounts(
  file: string,
  text: string,
  counts: { operations: number; idempotent: number },
): QuotedCount[] {
  const found: QuotedCount[] = []
  // Joined across line breaks (a count and its noun may sit on two lines of a paragraph),
  // remembering the line each character came from.
  let flat = ''
  const lines: number[] = []
  let line = 1
  for (const char of text) {
    if (/\s/.test(char)) {
      if (!flat.endsWith(' ')) {
        flat += ' '
        lines.push(line)
      }
    } else {
      flat += char
      lines.push(line)
    }
    if (char === '\n') line++
  }
  const lineOf = (index: number) => lines[index] ?? line
  for (const m of flat.matchAll(/\b(\d+) (?:API )?operations( marked "idem\.")?/gi)) {
    const actual = m[2] ? counts.idempotent : counts.operations
    if (Number(m[1]) !== actual) found.push({ file, line: lineOf(m.index), quoted: m[0], actual })
  }
  return found
}

// ---------------------------------------------------------------------------------------------
// Constants quoted in the docs

export type Constants = Record<string, unknown>

/** A number as the docs may write it: 2500, 2,500, 2 500, 2.500 (and 2.5 / 2,5 for decimals). */
function numberForms(n: number): string[] {
  if (!Number.isInteger(n)) return [String(n), String(n).replace('.', ',')]
  const plain = String(n)
  const grouped = plain.replace(/\B(?=(\d{3})+$)/g, '\u0000')
  return [
    ...new Set([
      plain,
      ...[',', '.', ' ', '\u00a0', '\u202f'].map((s) => grouped.replaceAll('\u0000', s)),
    ]),
  ]
}

/** The unit words a constant's value is written with, from the end of its name. */
function unitsOf(name: string, value: number): Array<[number, string[]]> {
  const seconds = ['s\\b', 'seconds?', 'segundos?']
  const minutes = ['min\\b', 'minutes?', 'minutos?']
  if (name.endsWith('_MS'))
    return [
      [value, ['ms\\b', 'milliseconds?']],
      [value / 1000, seconds],
    ]
  if (name.endsWith('_SECONDS'))
    return [
      [value, seconds],
      [value / 60, minutes],
    ]
  if (name.endsWith('_MINUTES')) return [[value, minutes]]
  if (name.endsWith('_CHARS')) return [[value, ['characters?', 'caracteres?', 'chars?']]]
  if (name.endsWith('_METERS')) return [[value, ['m\\b', 'metres?', 'meters?']]]
  if (name.endsWith('_PX')) return [[value, ['px\\b', 'pixels?']]]
  if (name.endsWith('_BYTES')) return [[value, ['bytes?']]]
  return []
}

/** The ways a constant's value is written with its unit: `2,500 ms`, `2.5 s`, `50–1000 caracteres`. */
export function quotedForms(
  name: string,
  value: number,
  extraUnits: string[] = [],
): RegExp | undefined {
  const units = [
    ...unitsOf(name, value),
    ...(extraUnits.length ? [[value, extraUnits] as [number, string[]]] : []),
  ]
  const forms = units
    .filter(([n]) => Number.isFinite(n) && Math.round(n * 1000) === n * 1000 && n > 0)
    .flatMap(([n, words]) => {
      const numbers = numberForms(n).map((f) => f.replace(/\./g, '\\.'))
      // The value alone or as the end of a range written before the unit ("50–1000 characters").
      return [
        `(?:${numbers.join('|')})(?:\\s?(?:–|-|a|to|and|e)\\s?[\\d.,]+)?\\s?(?:${words.join('|')})`,
      ]
    })
  const ranges = units.flatMap(([n, words]) =>
    Number.isFinite(n) && n > 0
      ? [
          `[\\d.,]+\\s?(?:–|-|a|to|and|e)\\s?(?:${numberForms(n)
            .map((f) => f.replace(/\./g, '\\.'))
            .join('|')})\\s?(?:${words.join('|')})`,
        ]
      : [],
  )
  // A time typed as mm:ss (`00:05`, `20:00`).
  if (name.endsWith('_SECONDS') && value < 6000)
    forms.push(
      `${String(Math.floor(value / 60)).padStart(2, '0')}:${String(value % 60).padStart(2, '0')}(?!\\d)`,
    )
  if (forms.length === 0) return undefined
  return new RegExp(`(?<![\\d.,])(?:${[...forms, ...ranges].join('|')})`, 'gi')
}

/**
 * The constants of src/domain/constants.ts the docs name instead of quoting, with what a line
 * must speak of for a number with the constant's unit to be that constant ("60 s" is the
 * sign-in code's wait only on a line about the code). A value is given once, in the table of
 * docs/product/rules.md (checked by `constantTables`).
 */
export const NAMED_CONSTANTS: Record<string, { about: RegExp; units?: string[] }> = {
  SNACKBAR_MS: { about: /snackbar|short confirmation|message (?:ends|lasts)|a message lies/i },
  JUSTIFICATION_MIN_CHARS: {
    about: /justification|testimony|justificativa|depoimento|Escreva pelo menos/i,
  },
  JUSTIFICATION_MAX_CHARS: {
    about: /justification|testimony|justificativa|depoimento|Use no máximo/i,
  },
  ATTENDANT_NAME_MAX_CHARS: { about: /attendant|atendente|\bname\b/i },
  DEFAULT_CHECKIN_RADIUS_METERS: { about: /radius|\braio\b|check-in/i },
  DEFAULT_CHECKIN_MAX_ACCURACY_METERS: { about: /accuracy|precis|\bGPS\b/i },
  TIME_ENTRY_MIN_SECONDS: { about: /mission time|TimeRecord|time code|Pausing saves/i },
  TIME_ENTRY_MAX_SECONDS: { about: /mission time|TimeRecord|time code|Pausing saves/i },
  OTP_RESEND_LOCK_SECONDS: { about: /\bcode\b|código|\botp/i },
  OTP_TTL_SECONDS: { about: /\bcode\b|código|\botp/i },
  OTP_LENGTH: { about: /\bcode\b|código|\botp/i, units: ['digits?', 'dígitos?'] },
  OTP_MAX_ATTEMPTS: {
    about: /\bcode\b|código|\botp/i,
    units: ['(?:wrong )?tries', 'attempts?', 'tentativas?'],
  },
  IMAGE_MAX_SIDE_PX: { about: /image|photo|side/i },
  IMAGE_MAX_BYTES: { about: /image|photo/i },
}

export type QuotedConstant = { file: string; line: number; name: string; text: string }

/**
 * Where a doc writes the value of one of `NAMED_CONSTANTS` with its unit ("after 2,500 ms")
 * instead of naming it (`SNACKBAR_MS`). The table row that names the constant in its first
 * cell is where the value is given, and is left to `constantTables`.
 */
export function quotedConstants(
  file: string,
  text: string,
  constants: Constants,
): QuotedConstant[] {
  const found: QuotedConstant[] = []
  const patterns = Object.entries(NAMED_CONSTANTS).flatMap(([name, { about, units }]) => {
    const value = constants[name]
    if (typeof value !== 'number')
      throw new Error(`${name} is not a number in src/domain/constants.ts`)
    const pattern = quotedForms(name, value, units)
    return pattern ? [{ name, about, pattern }] : []
  })
  text.split('\n').forEach((line, i) => {
    const row = /^\|\s*`([A-Z0-9_]+)`\s*\|/.exec(line)
    for (const { name, about, pattern } of patterns) {
      if (row?.[1] === name || !about.test(line)) continue
      for (const m of line.matchAll(pattern)) found.push({ file, line: i + 1, name, text: m[0] })
    }
  })
  return found
}

export type TableValue = {
  file: string
  line: number
  name: string
  quoted: string
  actual: unknown
  ok: boolean
}

/**
 * Rows of a Markdown table naming a constant of src/domain/constants.ts in the first cell
 * and its value in the second (`` | `SNACKBAR_MS` | `2500` | ``; `` `expr` = 419 430 ``),
 * each with whether the value is the code's.
 */
export function constantTables(file: string, text: string, constants: Constants): TableValue[] {
  const rows: TableValue[] = []
  text.split('\n').forEach((line, i) => {
    const row = /^\|\s*`([A-Z0-9_]+)`\s*\|([^|]*)\|/.exec(line)
    if (!row || !(row[1]! in constants)) return
    const cell = row[2]!.trim()
    const written = (cell.includes('=') ? cell.split('=').pop()! : cell).replace(
      /[`_,\s\u00a0\u202f]/g,
      '',
    )
    const actual = constants[row[1]!]
    rows.push({
      file,
      line: i + 1,
      name: row[1]!,
      quoted: cell,
      actual,
      ok: String(actual) === written,
    })
  })
  return rows
}

// ---------------------------------------------------------------------------------------------
// Tables that list a folder

/** The backticked names in the first column of the first table under `heading`. */
export function firstColumn(markdown: string, heading: string): string[] {
  const lines = markdown.split('\n')
  const start = lines.findIndex((l) => /^#+\s/.test(l) && l.replace(/^#+\s+/, '') === heading)
  if (start < 0) throw new Error(`No heading "${heading}"`)
  const names: string[] = []
  let inTable = false
  for (const line of lines.slice(start + 1)) {
    if (/^#+\s/.test(line)) break
    if (line.startsWith('|')) {
      inTable = true
      const cell = /^\|\s*`([^`]+)`\s*\|/.exec(line)
      if (cell) names.push(cell[1]!)
    } else if (inTable) break
  }
  return names
}
