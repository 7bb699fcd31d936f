/**
 * `npm run test:bundle`: everything the build wrote that a browser runs, checked against the
 * floor (package.json's browserslist, docs/decisions/0020-the-browser-floor.md):
 *
 * 1. every JavaScript file of dist/ (the app's chunks, the demo's, the service worker, msw's
 *    worker) with es-check, which parses it and looks for ES built-ins and syntax each floor
 *    browser lacks (MDN's browser-compat-data), and with ESLint's floor rules (the ones
 *    src/ has, scripts/browser-floor.js: a regex lookbehind, a class field the build should
 *    have lowered, a Web API the floor lacks), which es-check does not look for;
 * 2. every inline <script> of the HTML documents: the check that runs before any module must
 *    run on browsers far below the floor, to say so (ES5, es-check);
 * 3. every stylesheet, with doiuse (caniuse's data): a CSS feature a floor browser lacks fails
 *    unless it is declared below with its fallback, and a dynamic viewport unit needs a static
 *    fallback before it in its rule.
 *
 * Exits 1 with the list of what the floor cannot run. `tsx scripts/check-floor.ts [dist]`.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ESLint, type Linter } from 'eslint'
import compat from 'eslint-plugin-compat'
import esx from 'eslint-plugin-es-x'
import globals from 'globals'
import postcss from 'postcss'
import doiuse from 'doiuse'
import esCheck from 'es-check'
import { agentAppChunks, type ChunkReport } from './check-bundle'
import { COMPAT_SETTINGS, esxRules, floorQuery, missingStaticApis } from './browser-floor.js'

type Problem = { file: string; message: string }

/**
 * What the demo's libraries hold that the floor lacks, on paths the demo never takes: allowed
 * only in chunks the agent app never loads (bundle-modules.json), each for its reason. es-check
 * findings by feature name, ESLint findings by rule and message.
 */
export const DEMO_LIBRARY_FEATURES: Array<{ esCheck?: string; lint?: RegExp; reason: string }> = [
  {
    esCheck: 'ArrayToSorted',
    reason: "faker's date.betweens(), which the fake backend never calls",
  },
  {
    lint: /^no-restricted-properties: 'URL\.canParse'/,
    reason: 'zod calls it only where typeof URL.canParse is a function',
  },
  {
    lint: /^no-restricted-properties: 'Response\.json'/,
    reason:
      "msw's interceptors, only for a response that could not be cloned (an error either way)",
  },
  {
    lint: /^es-x\/no-set-prototype-[a-z]+: ES2025 'Set\.prototype\.\w+' method/,
    reason: "mutative (@msw/data's drafts) forwards a draft Set's methods to Set.prototype's",
  },
]

/**
 * CSS features caniuse says a floor browser lacks, used knowingly: what a browser without
 * them does instead. Anything else doiuse reports fails.
 */
export const CSS_WITH_FALLBACK: Record<string, string> = {
  'viewport-unit-variants':
    'dvh after a vh declaration of the same property (checked below): Chrome 100-107 and Samsung Internet 18-20 take the vh one',
  'css-container-queries':
    "the visit's header at large text: without container queries it stays sticky with the title on one line",
  'css-overflow': 'one-keyword overflow values only (the partial support is overflow: clip)',
  'css-scrollbar': 'a scrollbar hidden where the browser can; shown elsewhere',
  'intrinsic-width': 'max-content, which every floor browser has (the partial support is stretch)',
  'css3-cursors': 'cursor shapes: phones have no pointer',
  'text-size-adjust': "Safari's -webkit- prefixed one; others do not inflate text anyway",
}

/** Every file under `dir` whose name ends with one of `extensions`. */
function filesIn(dir: string, extensions: string[]): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return filesIn(path, extensions)
    return extensions.some((e) => name.endsWith(e)) ? [path] : []
  })
}

/** The inline scripts of an HTML document (no `src`, not data), with whether each is a module. */
export function inlineScripts(html: string): Array<{ source: string; module: boolean }> {
  return [...html.matchAll(/<script(\s[^>]*)?>([\s\S]*?)<\/script>/gi)].flatMap((m) => {
    const attributes = m[1] ?? ''
    if (/\ssrc=/i.test(attributes)) return []
    const type = /\stype="([^"]*)"/i.exec(attributes)?.[1] ?? ''
    if (type && !/^(module|text\/javascript|application\/javascript)$/i.test(type)) return []
    return [{ source: m[2]!, module: type === 'module' }]
  })
}

/**
 * Declarations with a dynamic viewport unit (`100dvh`) with no earlier declaration of the same
 * property in their rule without one (Lightning CSS may reorder the rule's declarations): a
 * browser without dvh would drop the declaration and have none.
 */
export function dynamicUnitsWithoutFallback(css: string): string[] {
  const dynamic = /\d(d|s|l)v(h|w|b|i|min|max)\b/
  const missing: string[] = []
  postcss.parse(css).walkDecls((decl) => {
    if (!dynamic.test(decl.value)) return
    const earlier = decl.parent?.nodes?.slice(0, decl.parent.index(decl)) ?? []
    const fallback = earlier.some(
      (node) => node.type === 'decl' && node.prop === decl.prop && !dynamic.test(node.value),
    )
    if (!fallback) missing.push(`${decl.parent?.toString().split('{')[0]?.trim()} { ${decl} }`)
  })
  return missing
}

/** The JavaScript files of dist/ that only the demo loads (not the agent app, not a worker). */
function demoOnlyFiles(dist: string): Set<string> {
  const chunks = JSON.parse(
    readFileSync(join(dist, 'bundle-modules.json'), 'utf8'),
  ) as ChunkReport[]
  const app = new Set(agentAppChunks(chunks).map((c) => c.fileName))
  return new Set(chunks.map((c) => c.fileName).filter((name) => !app.has(name)))
}

async function checkJavaScript(dist: string, files: string[]): Promise<Problem[]> {
  const query = floorQuery().join(', ')
  const problems: Problem[] = []
  const demo = demoOnlyFiles(dist)
  const name = (file: string) => relative(dist, file).split(sep).join('/')
  // Modules (the chunks) and classic scripts (the service workers) apart, the demo's chunks
  // with their libraries' known features: the first failing config stops es-check's run.
  const classic = (file: string) => !name(file).startsWith('assets/')
  const groups = [
    { files: files.filter((f) => !classic(f) && !demo.has(name(f))), module: true, ignore: [] },
    {
      files: files.filter((f) => demo.has(name(f))),
      module: true,
      ignore: DEMO_LIBRARY_FEATURES.flatMap((f) => (f.esCheck ? [f.esCheck] : [])),
    },
    { files: files.filter(classic), module: false, ignore: [] },
  ]
  for (const group of groups) {
    if (!group.files.length) continue
    const result = esCheck.runChecks(
      [
        {
          checkBrowser: true,
          checkFeatures: true,
          browserslistQuery: query,
          module: group.module,
          files: group.files,
          ignore: group.ignore.join(','),
          noCache: true,
        },
      ],
      { logger: null },
    )
    for (const error of result.errors)
      problems.push({ file: name(error.file), message: error.err.message })
  }
  const eslint = new ESLint({
    overrideConfigFile: true,
    cwd: dist,
    overrideConfig: floorLintConfig(),
  })
  for (const result of await eslint.lintFiles(files.map((f) => relative(dist, f)))) {
    const file = name(result.filePath)
    for (const message of result.messages) {
      // Warnings are ESLint's own notes (an eslint-disable comment that noInlineConfig ignores).
      if (message.severity < 2) continue
      const text = `${message.ruleId ?? 'parse'}: ${message.message}`
      if (demo.has(file) && DEMO_LIBRARY_FEATURES.some((f) => f.lint?.test(text))) continue
      problems.push({ file: `${file}:${message.line}:${message.column}`, message: text })
    }
  }
  return problems
}

/** The floor's ESLint rules for built files (src/'s, and what the build must have lowered). */
function floorLintConfig(): Linter.Config[] {
  return [
    {
      files: ['**/*.js'],
      plugins: { 'es-x': esx, compat },
      languageOptions: {
        ecmaVersion: 'latest',
        sourceType: 'module',
        globals: { ...globals.browser, ...globals.serviceworker },
      },
      linterOptions: { noInlineConfig: true, reportUnusedDisableDirectives: 'off' },
      settings: COMPAT_SETTINGS,
      rules: {
        ...esxRules(esx),
        'compat/compat': 'error',
        'no-restricted-properties': ['error', ...missingStaticApis()],
      },
    },
    { files: ['sw.js', 'preview/**/*.js'], languageOptions: { sourceType: 'script' } },
  ]
}

async function checkInlineScripts(dist: string, documents: string[]): Promise<Problem[]> {
  const seen = new Map<string, { file: string; module: boolean }>()
  for (const document of documents)
    for (const script of inlineScripts(readFileSync(document, 'utf8')))
      if (!seen.has(script.source))
        seen.set(script.source, { file: relative(dist, document), module: script.module })
  const problems: Problem[] = []
  const scratch = mkdtempSync(join(tmpdir(), 'avaliador-inline-'))
  try {
    let n = 0
    for (const [source, { file, module }] of seen) {
      if (module) {
        problems.push({ file, message: 'an inline module script: the floor check runs none' })
        continue
      }
      const path = join(scratch, `inline-${n++}.js`)
      writeFileSync(path, source)
      const result = esCheck.runChecks(
        [{ ecmaVersion: 'es5', checkFeatures: true, module: false, files: [path], noCache: true }],
        { logger: null },
      )
      for (const error of result.errors)
        problems.push({ file: `${file} (inline script)`, message: error.err.message })
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true })
  }
  return problems
}

async function checkStylesheets(dist: string, sheets: string[]): Promise<Problem[]> {
  const problems: Problem[] = []
  for (const sheet of sheets) {
    const file = relative(dist, sheet)
    const css = readFileSync(sheet, 'utf8')
    const found: Problem[] = []
    await postcss([
      doiuse({
        browsers: floorQuery(),
        ignore: Object.keys(CSS_WITH_FALLBACK),
        onFeatureUsage: (usage) =>
          found.push({ file, message: `${usage.feature}: ${usage.message}` }),
      }),
    ]).process(css, { from: file })
    problems.push(...found)
    for (const declaration of dynamicUnitsWithoutFallback(css))
      problems.push({ file, message: `no static fallback before ${declaration}` })
  }
  return problems
}

export async function checkFloor(dist: string) {
  const scripts = filesIn(dist, ['.js'])
  const documents = filesIn(dist, ['.html'])
  const sheets = filesIn(dist, ['.css'])
  const problems = [
    ...(await checkJavaScript(dist, scripts)),
    ...(await checkInlineScripts(dist, documents)),
    ...(await checkStylesheets(dist, sheets)),
  ]
  return { scripts: scripts.length, documents: documents.length, sheets: sheets.length, problems }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = process.argv[2] ?? fileURLToPath(new URL('../dist', import.meta.url))
  const { scripts, documents, sheets, problems } = await checkFloor(dist)
  const floor = floorQuery().join(', ')
  if (problems.length) {
    console.error(`The build holds what the floor (${floor}) cannot run:`)
    for (const { file, message } of problems) console.error(`- ${file}: ${message}`)
    process.exit(1)
  }
  console.log(
    `OK: ${scripts} scripts, the inline scripts of ${documents} documents and ${sheets} stylesheets run on the floor (${floor}).`,
  )
}
