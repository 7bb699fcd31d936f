/**
 * The HTML a phone paints before any script has run. Called by the build (vite.config.ts
 * `prerender`) once the app's files are in dist/:
 *
 * 1. builds src/app/prerender.tsx for Node with Vite (same alias, same CSS-module names as the
 *    app's build, so the markup carries the app's own class names);
 * 2. renders each document it plans — the signed-out screens, their frames, a shell per tab —
 *    into a copy of dist/index.html's `#root`;
 * 3. puts the CSS those screens use into the document as one `<style>` (no stylesheet blocks
 *    the first paint) and records its hash for the Content-Security-Policy;
 * 4. writes `html-documents.json` (which document answers which route) and an nginx example
 *    for static hosts, `nginx-documents.conf`.
 *
 * Why this and not React Router's framework prerendering:
 * docs/decisions/0010-prerender-and-query-cache.md.
 */
import { createHash } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { pathToFileURL } from 'node:url'
import react from '@vitejs/plugin-react'
import { build, minify, type Plugin } from 'vite'
import type * as PrerenderEntry from '../src/app/prerender'
import {
  FALLBACK_DOCUMENT,
  HTML_DOCUMENTS_FILE,
  type HtmlDocumentTable,
} from '../src/lib/html-documents'
import { BELOW_FLOOR_ATTRIBUTE, FLOOR_CHECK_GLOBAL } from '../src/lib/floor-check'
import { PREVIEW_BASENAME } from '../src/lib/preview-path'
import { sharedConfig } from '../vite.shared'
import { buildTargets } from './browser-floor.js'

type Entry = typeof PrerenderEntry

const ENTRY = 'src/app/prerender.tsx'

/** The class names a stylesheet defines (CSS modules make them unique to their file). */
export function classesDefinedIn(css: string): Set<string> {
  return new Set([...css.matchAll(/\.(-?[_a-zA-Z][\w-]*)/g)].map((m) => m[1]!))
}

/** The class names the markup uses. */
export function classesUsedIn(html: string): Set<string> {
  const used = new Set<string>()
  for (const match of html.matchAll(/\sclass="([^"]*)"/g))
    for (const name of match[1]!.split(/\s+/)) if (name) used.add(name)
  return used
}

/** `'sha256-…'` of an inline block, as a CSP source. */
export function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`
}

/** `cspHash` of each inline <script> of a document (its browser check). */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => cspHash(m[1]!))
}

/** The first heading's text, for the document's <title> (the screen sets the same one). */
function headingOf(html: string): string | undefined {
  const match = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)
  return match?.[1]?.replace(/<[^>]+>/g, '').trim() || undefined
}

type Stylesheet = { href: string; css: string; classes: Set<string> }

type Chunk = { fileName: string; imports: string[]; modules: string[]; importedCss?: string[] }

/** Modules a signed-in start loads before its first screen (start-app.tsx, the router). */
export const SIGNED_IN_START_MODULES = [
  '/src/lib/query-persistence.ts',
  '/src/app/shell/agent-shell.tsx',
]

/**
 * The start's first half (the query cache, the kept answers, the router): a build entry of its
 * own (vite.config.ts), whose `startAgentApp()` the boot calls as soon as it has run.
 */
export const START_ENTRY_MODULE = '/src/app/early-start.ts'

/** The chunk holding `module`. */
function chunkOf(chunks: Chunk[], module: string): Chunk {
  const chunk = chunks.find((c) => c.modules.includes(module))
  if (!chunk) throw new Error(`no chunk holds ${module}`)
  return chunk
}

/**
 * The chunks `roots` load statically, in an order they can be evaluated in one at a time:
 * each after every chunk it imports (a depth-first walk, imports first). Importing them in
 * this order, each `import()` runs one file's code and no more.
 */
export function evaluationOrder(chunks: Chunk[], roots: string[]): string[] {
  const byName = new Map(chunks.map((c) => [c.fileName, c]))
  const order: string[] = []
  const visiting = new Set<string>()
  const visit = (name: string) => {
    if (order.includes(name) || visiting.has(name)) return
    visiting.add(name)
    byName.get(name)?.imports.forEach(visit)
    order.push(name)
  }
  roots.forEach(visit)
  return order.map((name) => `/${name}`)
}

/** The chunks holding `modules` and what they import statically. */
export function chunkClosure(chunks: Chunk[], modules: string[]): string[] {
  const byName = new Map(chunks.map((c) => [c.fileName, c]))
  const wanted = new Set<string>()
  const add = (name: string) => {
    if (wanted.has(name)) return
    wanted.add(name)
    byName.get(name)?.imports.forEach(add)
  }
  for (const module of modules) add(chunkOf(chunks, module).fileName)
  return [...wanted].map((name) => `/${name}`)
}

/**
 * What a screen's own shell preloads besides the start: the chunks of the modules its route
 * loads lazily and what they import, and their stylesheets — less what `already` names.
 */
export function screenPreloads(
  chunks: Chunk[],
  modules: string[],
  already: readonly string[],
): { scripts: string[]; styles: string[] } {
  const scripts = chunkClosure(chunks, modules).filter((href) => !already.includes(href))
  const byHref = new Map(chunks.map((c) => [`/${c.fileName}`, c]))
  const styles = [...new Set(scripts.flatMap((href) => byHref.get(href)?.importedCss ?? []))].map(
    (css) => `/${css}`,
  )
  return { scripts, styles }
}

/**
 * The prerendered documents' only script is a small generated boot that imports the app's files
 * one task at a time, in the order they depend on each other (`pieces`, from
 * `evaluationOrder`): a file evaluates in the task that imports it, and the entry as one file
 * was one task of 215–247 ms on a 4× slower CPU (issue #33). As soon as the start's first half
 * (`startEntry`: early-start.ts) has run, the boot calls its `startAgentApp()` — the agent's
 * data and the screen's code go out while react-dom and the render's code still arrive —
 * except in the demo (`/preview`), which starts itself on its own fake backend. A signed-out
 * page is whole in its HTML: its boot waits for the first frame to be painted (on a real phone
 * this costs one frame, and no script download competes with the first paint: Lighthouse's
 * simulated slow 4G counts every request that ends before it), then adds the files' module
 * preloads.
 *
 * A shell is not whole without the app: its screen (the offers, the visit) comes from the
 * code and the data. Its head names everything a signed-in start loads (`shellPreloads`) as
 * low-priority module preloads, which the browser's preload scanner starts with the HTML
 * instead of one round trip later, behind the boot: the start's files, the largest first
 * (react-dom: over six connections a big file queued behind small ones finishes last), then
 * the agent's frame. Low priority: they never hold back the frame's paint. Its boot starts at
 * once: reopened from the service worker every file is there, and the kept answers are read
 * while the frame paints.
 */
export function deferScripts(
  template: string,
  start: {
    /** Every file of the entry, in evaluation order (`evaluationOrder`); the entry last. */
    pieces: string[]
    /** The file of `START_ENTRY_MODULE`, one of `pieces`. */
    startEntry: string
    /** What a signed-in start loads beside them (the agent's frame, the kept answers). */
    signedInPreloads: string[]
    /** Bytes of a file: a shell names the largest first (see below). */
    sizeOf: (href: string) => number
  },
): { template: string; boot: { fileName: string; source: string }; shellPreloads: string[] } {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(template)
  if (!entry) throw new Error('index.html has no module entry script')
  const { pieces, startEntry, signedInPreloads, sizeOf } = start
  if (pieces.at(-1) !== entry[1])
    throw new Error(`the entry ${entry[1]} is not the last of the pieces ${pieces.join(', ')}`)
  if (!pieces.includes(startEntry)) throw new Error(`${startEntry} is not one of the pieces`)
  const preloads = [
    ...template.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g),
  ]
  const source = [
    '// Generated by scripts/prerender.ts: the app starts once the prerendered frame is painted,',
    '// one file per task (each import() runs one file: its imports have run before it).',
    `const pieces = ${JSON.stringify(pieces)}`,
    `const startEntry = ${JSON.stringify(startEntry)}`,
    `const preview = ${JSON.stringify(PREVIEW_BASENAME)}`,
    "const inPreview = location.pathname === preview || location.pathname.startsWith(preview + '/')",
    // The next task, ahead of other queued work where the browser can (scheduler.yield):
    // behind a timer, each of the start's files would wait for whatever else was queued.
    'const nextTask = () => globalThis.scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0))',
    'async function start() {',
    // Below the floor, the document's browser check shows its page: nothing starts.
    `  if (document.documentElement.hasAttribute(${JSON.stringify(BELOW_FLOOR_ATTRIBUTE)})) return`,
    '  for (const href of shell ? [] : pieces) {',
    "    const link = document.createElement('link')",
    "    link.rel = 'modulepreload'",
    "    link.crossOrigin = ''",
    '    link.href = href',
    '    document.head.append(link)',
    '  }',
    '  for (const piece of pieces) {',
    '    let module',
    '    try {',
    '      module = await import(piece)',
    '    } catch (error) {',
    "      if (error?.name !== 'SyntaxError') throw error",
    // A file this browser cannot parse: the document's browser check shows its page
    // (src/app/floor-check.js) instead of the skeleton forever, and the start ends there.
    `      globalThis.${FLOOR_CHECK_GLOBAL}?.cannotStart()`,
    '      return',
    '    }',
    '    await nextTask()',
    "    // The start's first half has run: the agent's data and the screen's code go out now.",
    '    if (piece === startEntry && !inPreview) module.startAgentApp()',
    '  }',
    '}',
    // A shell names its preloads in its head, and its screen comes from the data: it starts
    // at once (reopened from the service worker, every file is there already, and the kept
    // answers' read should start with the page). A signed-out page starts right after its
    // first frame: this module runs once the document is parsed, so the next frame carries
    // the whole prerendered screen, and a task queued from that frame's animation callback
    // runs once it is painted. (Waiting for the paint timing entry instead cost 40–70 ms on a
    // 4× slower CPU: it is reported frames later.) At once in a page opened in the
    // background, which paints nothing; never later than a second.
    "const shell = document.getElementById('root')?.dataset.document === 'shell'",
    'let started = false',
    'const once = () => { if (!started) { started = true; start() } }',
    "if (shell || document.visibilityState === 'hidden') once()",
    'else {',
    '  requestAnimationFrame(() => setTimeout(once, 0))',
    '  setTimeout(once, 1000)',
    '}',
    '',
  ].join('\n')
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 8)
  const fileName = `assets/boot-${hash}.js`
  let deferred = template.replace(entry[0], '')
  for (const match of preloads) deferred = deferred.replace(match[0], '')
  deferred = deferred.replace(
    '</head>',
    `<script type="module" crossorigin src="/${fileName}"></script></head>`,
  )
  // The largest first: over six connections, a big file started last would finish last.
  const shellPreloads = [
    ...new Set([...[...pieces].sort((a, b) => sizeOf(b) - sizeOf(a)), ...signedInPreloads]),
  ]
  return { template: deferred, boot: { fileName, source }, shellPreloads }
}

/** One document: the app's index.html with the rendered screen and its CSS inside. */
export function composeDocument(options: {
  template: string
  markup: string
  plan: { path: string; kind: string }
  /** The stylesheets index.html links (the entry's): inlined in every document. */
  entryStylesheets: Stylesheet[]
  stylesheets: Stylesheet[]
  /** A shell's module preloads (deferScripts' `shellPreloads`, then a screen's own chunks). */
  preloads?: string[]
  /**
   * Stylesheets inlined whatever the markup uses: a screen's own, in its shell (the screen is
   * not in the markup yet; its CSS comes with the HTML instead of a request of its own).
   */
  inline?: string[]
}): { html: string; styleHash: string } {
  const { template, markup, plan, entryStylesheets, stylesheets } = options
  if (/\sstyle="/.test(markup))
    throw new Error(
      `${plan.path}: the prerendered markup has a style="" attribute, which the ` +
        'Content-Security-Policy refuses in HTML. Use a CSS class.',
    )
  const used = classesUsedIn(markup)
  const inline = options.inline ?? []
  const inlined = stylesheets.filter(
    (s) =>
      !entryStylesheets.includes(s) &&
      (inline.includes(s.href) || [...s.classes].some((c) => used.has(c))),
  )
  const css = [...entryStylesheets, ...inlined].map((s) => s.css).join('\n')
  // Each stylesheet inlined above is also named by a disabled link, which the browser never
  // fetches: Vite's chunk loader sees it and does not add the same stylesheet again when the
  // screen's code loads (and wait for it, then restyle the page) at the start.
  const declared = [...entryStylesheets, ...inlined]
    .map((s) => `<link rel="stylesheet" href="${s.href}" disabled>`)
    .join('')
  const preloads = (plan.kind === 'shell' ? (options.preloads ?? []) : [])
    .map((href) => `<link rel="modulepreload" crossorigin href="${href}" fetchpriority="low">`)
    .join('')
  let html = template
  for (const sheet of entryStylesheets) {
    const linkTag = new RegExp(
      `\\s*<link rel="stylesheet"[^>]*href="${sheet.href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>`,
    )
    if (!linkTag.test(html)) throw new Error(`index.html has no link to ${sheet.href}`)
    html = html.replace(linkTag, '')
  }
  const heading = plan.kind === 'shell' ? undefined : headingOf(markup)
  html = html
    .replace('</head>', `<style>${css}</style>${declared}${preloads}</head>`)
    .replace(
      '<div id="root"></div>',
      `<div id="root" data-document="${plan.kind}" data-path="${plan.path}">${markup}</div>`,
    )
  if (heading) html = html.replace(/<title>[^<]*<\/title>/, `<title>${heading} · Avaliador</title>`)
  return { html, styleHash: cspHash(css) }
}

/** An nginx `server` fragment: each route pattern answered with its document. */
export function nginxConfig(table: HtmlDocumentTable['routes']): string {
  const byDocument = new Map<string, string[]>()
  for (const { pattern, document } of table) {
    if (document === FALLBACK_DOCUMENT) continue
    const regex = pattern
      .split('/')
      .map((part) => (part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part))
      .join('/')
    byDocument.set(document, [...(byDocument.get(document) ?? []), regex === '' ? '/' : regex])
  }
  const blocks = [...byDocument].map(
    ([document, patterns]) =>
      `location ~ ^(${[...new Set(patterns)].join('|')})/?$ {\n  try_files /${document} =404;\n}`,
  )
  return [
    "# Generated by scripts/prerender.ts from the app's routes: include it in the `server`",
    '# block that serves dist/. Every other path that is not a file gets index.html.',
    ...blocks,
    'location / {\n  try_files $uri /index.html;\n}',
    '',
  ].join('\n')
}

/**
 * `code` with every dynamic import first reporting the module it loads (`/src/…`, as
 * bundle-modules.json names it; `resolve` finds it) to `globalThis.__avaliadorLazyImport`;
 * when that answers, the import is not made. Null when `code` has none.
 */
export async function reportingLazyImports(
  code: string,
  resolve: (specifier: string) => Promise<string | null>,
): Promise<string | null> {
  let out = ''
  let last = 0
  for (const match of code.matchAll(/\bimport\(\s*(['"])([^'"]+)\1\s*\)/g)) {
    const module = await resolve(match[2]!)
    if (!module) continue
    out += code.slice(last, match.index)
    out += `(globalThis.__avaliadorLazyImport?.(${JSON.stringify(module)}) ?? ${match[0]})`
    last = match.index + match[0].length
  }
  return last === 0 ? null : out + code.slice(last)
}

/**
 * For the prerender's own build only (`reportingLazyImports` on the app's code): the
 * prerender reads which modules a route's `lazy` loads (app/prerender.tsx `screenModules`)
 * from the routes themselves, without loading them.
 */
function reportLazyImports(root: string): Plugin {
  return {
    name: 'avaliador:report-lazy-imports',
    async transform(code, id) {
      if (!id.startsWith(resolve(root, 'src'))) return null
      const out = await reportingLazyImports(code, async (specifier) => {
        const target = await this.resolve(specifier, id)
        return target ? `/${relative(root, target.id).split(sep).join('/')}` : null
      })
      return out === null ? null : { code: out, map: null }
    },
  }
}

export async function prerenderDocuments({ root, outDir }: { root: string; outDir: string }) {
  const dist = resolve(root, outDir)
  const serverOut = resolve(root, 'node_modules/.cache/avaliador-prerender')
  await build({
    configFile: false,
    root,
    // The server build's own warnings (React Query's "use client" directives) are noise here.
    logLevel: 'error',
    ...sharedConfig,
    plugins: [react(), reportLazyImports(root)],
    build: {
      ssr: ENTRY,
      outDir: serverOut,
      emptyOutDir: true,
      target: 'node20',
      minify: false,
      sourcemap: false,
      rollupOptions: { output: { entryFileNames: 'prerender.mjs' } },
    },
  })
  const entry = (await import(
    `${pathToFileURL(join(serverOut, 'prerender.mjs')).href}?t=${Date.now()}`
  )) as Entry

  const chunks = JSON.parse(readFileSync(join(dist, 'bundle-modules.json'), 'utf8')) as Chunk[]
  const indexHtml = readFileSync(join(dist, 'index.html'), 'utf8')
  const entryFile = /<script type="module" crossorigin src="\/([^"]+)">/.exec(indexHtml)?.[1]
  if (!entryFile) throw new Error('index.html has no module entry script')
  const startEntry = `/${chunkOf(chunks, START_ENTRY_MODULE).fileName}`
  const pieces = evaluationOrder(chunks, [startEntry.slice(1), entryFile])
  const { template, boot, shellPreloads } = deferScripts(indexHtml, {
    pieces,
    startEntry,
    signedInPreloads: chunkClosure(chunks, SIGNED_IN_START_MODULES),
    sizeOf: (href) => statSync(join(dist, href)).size,
  })
  // Minified like the app's own files, for the same browsers (the floor): the boot counts in
  // every page's download budget.
  writeFileSync(
    join(dist, boot.fileName),
    (
      await minify(boot.fileName, boot.source, {
        compress: { target: buildTargets() },
        mangle: true,
        module: true,
      })
    ).code,
  )
  const assets = join(dist, 'assets')
  const stylesheets: Stylesheet[] = readdirSync(assets)
    .filter((name) => name.endsWith('.css'))
    .sort()
    .map((name) => {
      const css = readFileSync(join(assets, name), 'utf8')
      return { href: `/assets/${name}`, css, classes: classesDefinedIn(css) }
    })
  const entryStylesheets = [...template.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)].map(
    ([, href]) => {
      const sheet = stylesheets.find((s) => s.href === href)
      if (!sheet) throw new Error(`index.html's stylesheet ${href} is not in dist/assets`)
      return sheet
    },
  )

  const styleHashes = new Set<string>()
  // The browser check (scripts/floor-check.ts), also in dist/index.html, which is not rewritten.
  const scriptHashes = new Set<string>(inlineScriptHashes(indexHtml))
  for (const plan of entry.documentPlans()) {
    const markup = await entry.renderDocument(plan)
    // A screen's own shell also preloads the screen's code and CSS.
    const screen = plan.screen
      ? screenPreloads(chunks, entry.screenModules(plan.screen), shellPreloads)
      : { scripts: [], styles: [] }
    const { html, styleHash } = composeDocument({
      template,
      markup,
      plan,
      entryStylesheets,
      stylesheets,
      preloads: [...shellPreloads, ...screen.scripts],
      inline: screen.styles,
    })
    styleHashes.add(styleHash)
    for (const hash of inlineScriptHashes(html)) scriptHashes.add(hash)
    const file = join(dist, plan.document)
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(file, html)
  }
  const table: HtmlDocumentTable = {
    routes: entry.documentTable(),
    styleHashes: [...styleHashes].sort(),
    scriptHashes: [...scriptHashes].sort(),
  }
  writeFileSync(join(dist, HTML_DOCUMENTS_FILE), `${JSON.stringify(table, null, 1)}\n`)
  writeFileSync(join(dist, 'nginx-documents.conf'), nginxConfig(table.routes))
}
