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
 * docs/decisions/0009-prerender-and-query-cache.md.
 */
import { createHash } from 'node:crypto'
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import react from '@vitejs/plugin-react'
import { build } from 'vite'
import type * as PrerenderEntry from '../src/app/prerender'
import {
  FALLBACK_DOCUMENT,
  HTML_DOCUMENTS_FILE,
  type HtmlDocumentTable,
} from '../src/lib/html-documents'
import { sharedConfig } from '../vite.shared'

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

/** The first heading's text, for the document's <title> (the screen sets the same one). */
function headingOf(html: string): string | undefined {
  const match = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)
  return match?.[1]?.replace(/<[^>]+>/g, '').trim() || undefined
}

type Stylesheet = { href: string; css: string; classes: Set<string> }

type Chunk = { fileName: string; imports: string[]; modules: string[] }

/** Modules a signed-in start loads before its first screen (start-app.tsx). */
export const SIGNED_IN_START_MODULES = [
  '/src/lib/query-persistence.ts',
  '/src/app/shell/agent-shell.tsx',
]

/**
 * The chunks holding `modules` and what they import, minus those the template already loads:
 * `<link rel="modulepreload">` tags for them.
 */
export function modulePreloads(chunks: Chunk[], modules: string[], template: string): string {
  const byName = new Map(chunks.map((c) => [c.fileName, c]))
  const wanted = new Set<string>()
  const add = (name: string) => {
    if (wanted.has(name)) return
    wanted.add(name)
    byName.get(name)?.imports.forEach(add)
  }
  for (const module of modules) {
    const chunk = chunks.find((c) => c.modules.includes(module))
    if (!chunk) throw new Error(`no chunk holds ${module}`)
    add(chunk.fileName)
  }
  return [...wanted]
    .filter((name) => !template.includes(`/${name}"`))
    .map((name) => `<link rel="modulepreload" crossorigin href="/${name}">`)
    .join('')
}

/** One document: the app's index.html with the rendered screen and its CSS inside. */
export function composeDocument(options: {
  template: string
  markup: string
  plan: { path: string; kind: string }
  entryStylesheet: Stylesheet
  stylesheets: Stylesheet[]
  /** Extra `<link>` tags for the head (a signed-in start's modules). */
  preloads?: string
}): { html: string; styleHash: string } {
  const { template, markup, plan, entryStylesheet, stylesheets, preloads = '' } = options
  if (/\sstyle="/.test(markup))
    throw new Error(
      `${plan.path}: the prerendered markup has a style="" attribute, which the ` +
        'Content-Security-Policy refuses in HTML. Use a CSS class.',
    )
  const used = classesUsedIn(markup)
  const css = [
    entryStylesheet.css,
    ...stylesheets
      .filter((s) => s !== entryStylesheet && [...s.classes].some((c) => used.has(c)))
      .map((s) => s.css),
  ].join('\n')
  const linkTag = new RegExp(
    `\\s*<link rel="stylesheet"[^>]*href="${entryStylesheet.href.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>`,
  )
  if (!linkTag.test(template)) throw new Error(`index.html has no link to ${entryStylesheet.href}`)
  const heading = plan.kind === 'shell' ? undefined : headingOf(markup)
  let html = template
    .replace(linkTag, '')
    .replace('</head>', `${preloads}<style>${css}</style></head>`)
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

export async function prerenderDocuments({ root, outDir }: { root: string; outDir: string }) {
  const dist = resolve(root, outDir)
  const serverOut = resolve(root, 'node_modules/.cache/avaliador-prerender')
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    ...sharedConfig,
    plugins: [react()],
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

  const template = readFileSync(join(dist, 'index.html'), 'utf8')
  const assets = join(dist, 'assets')
  const stylesheets: Stylesheet[] = readdirSync(assets)
    .filter((name) => name.endsWith('.css'))
    .sort()
    .map((name) => {
      const css = readFileSync(join(assets, name), 'utf8')
      return { href: `/assets/${name}`, css, classes: classesDefinedIn(css) }
    })
  const entryHref = /<link rel="stylesheet"[^>]*href="([^"]+)"/.exec(template)?.[1]
  const entryStylesheet = stylesheets.find((s) => s.href === entryHref)
  if (!entryStylesheet)
    throw new Error(`index.html's stylesheet ${entryHref} is not in dist/assets`)

  const chunks = JSON.parse(readFileSync(join(dist, 'bundle-modules.json'), 'utf8')) as Chunk[]
  const signedInPreloads = modulePreloads(chunks, SIGNED_IN_START_MODULES, template)

  const styleHashes = new Set<string>()
  for (const plan of entry.documentPlans()) {
    const markup = await entry.renderDocument(plan)
    const { html, styleHash } = composeDocument({
      template,
      markup,
      plan,
      entryStylesheet,
      stylesheets,
      ...(plan.kind === 'shell' ? { preloads: signedInPreloads } : {}),
    })
    styleHashes.add(styleHash)
    const file = join(dist, plan.document)
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(file, html)
  }
  const table: HtmlDocumentTable = {
    routes: entry.documentTable(),
    styleHashes: [...styleHashes].sort(),
  }
  writeFileSync(join(dist, HTML_DOCUMENTS_FILE), `${JSON.stringify(table, null, 1)}\n`)
  writeFileSync(join(dist, 'nginx-documents.conf'), nginxConfig(table.routes))
}
