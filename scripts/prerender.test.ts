import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  classesDefinedIn,
  classesUsedIn,
  composeDocument,
  cspHash,
  chunkClosure,
  deferScripts,
  nginxConfig,
} from './prerender'

const template = `<!doctype html>
<html lang="pt-BR">
  <head>
    <title>Avaliador</title>
    <script type="module" crossorigin src="/assets/index-A.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/runtime-B.js">
    <link rel="stylesheet" crossorigin href="/assets/index-C.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`

const sheet = (href: string, css: string) => ({ href, css, classes: classesDefinedIn(css) })
const entry = sheet('/assets/index-C.css', 'body{margin:0}._page_1{padding:16px}')
const auth = sheet('/assets/auth-D.css', '._lead_2{color:#333}._brand_2:hover{color:blue}')
const wallet = sheet('/assets/wallet-E.css', '._balance_3{font-size:2rem}')

describe('composing a prerendered document', () => {
  const markup =
    '<main class="_page_1"><h1 class="x" tabindex="-1">Entrar</h1><p class="_lead_2">Oi</p></main>'
  const { html, styleHash } = composeDocument({
    template,
    markup,
    plan: { path: '/login', kind: 'page' },
    entryStylesheet: entry,
    stylesheets: [auth, entry, wallet],
  })

  it('puts the screen in #root, marked with its kind and path', () => {
    expect(html).toContain(`<div id="root" data-document="page" data-path="/login">${markup}</div>`)
    expect(html).toContain('<title>Entrar · Avaliador</title>')
  })

  it('inlines the entry CSS and the stylesheets the markup uses, and no render-blocking link', () => {
    const style = /<style>([\s\S]*)<\/style>/.exec(html)![1]!
    expect(style).toContain(entry.css)
    expect(style).toContain(auth.css)
    expect(style).not.toContain(wallet.css)
    // No render-blocking link: the inlined stylesheets are only named, disabled (never
    // fetched), so the app's chunk loader does not add them again.
    expect([...html.matchAll(/<link rel="stylesheet"[^>]*>/g)].map((m) => m[0])).toEqual([
      '<link rel="stylesheet" href="/assets/auth-D.css" disabled>',
    ])
    // The scripts still load as before.
    expect(html).toContain('src="/assets/index-A.js"')
  })

  it('records the hash the Content-Security-Policy allows the <style> by', () => {
    const style = /<style>([\s\S]*)<\/style>/.exec(html)![1]!
    expect(styleHash).toBe(`'sha256-${createHash('sha256').update(style).digest('base64')}'`)
    expect(cspHash(style)).toBe(styleHash)
  })

  it('refuses markup with a style attribute (the CSP would refuse it in the browser)', () => {
    expect(() =>
      composeDocument({
        template,
        markup: '<div style="height:72px"></div>',
        plan: { path: '/x', kind: 'page' },
        entryStylesheet: entry,
        stylesheets: [entry],
      }),
    ).toThrow(/style=""/)
  })
})

describe('scripts after the first paint', () => {
  const { template: deferred, boot, shellPreloads } = deferScripts(template, ['/assets/qp-F.js'])

  it('leaves one script in the document, the generated boot, and no preload before the paint', () => {
    expect(deferred).not.toContain('index-A.js')
    expect(deferred).not.toContain('modulepreload')
    expect(deferred).toContain(`<script type="module" crossorigin src="/${boot.fileName}">`)
    expect(boot.fileName).toMatch(/^assets\/boot-[0-9a-f]{8}\.js$/)
  })

  it('a shell document names what a signed-in start loads, entry first, at low priority', () => {
    expect(shellPreloads).toEqual(['/assets/index-A.js', '/assets/runtime-B.js', '/assets/qp-F.js'])
    const compose = (kind: string) =>
      composeDocument({
        template: deferred,
        markup: '<main class="_page_1"></main>',
        plan: { path: '/oppy', kind },
        entryStylesheet: entry,
        stylesheets: [entry],
        shellPreloads,
      }).html
    expect(
      [...compose('shell').matchAll(/<link rel="modulepreload"[^>]*>/g)].map((m) => m[0]),
    ).toEqual(
      shellPreloads.map(
        (href) => `<link rel="modulepreload" crossorigin href="${href}" fetchpriority="low">`,
      ),
    )
    // A signed-out page is whole in its HTML: its scripts wait for the first frame.
    expect(compose('page')).not.toContain('modulepreload')
    expect(compose('frame')).not.toContain('modulepreload')
  })

  /** Runs the boot's source with a fake page: frames, timers, <head> and import() recorded. */
  function runBoot(visibility: 'visible' | 'hidden', kind = 'page') {
    const frames: Array<() => void> = []
    const timers: Array<{ at: number; run: () => void }> = []
    const appended: string[] = []
    const imported: string[] = []
    const document = {
      visibilityState: visibility,
      getElementById: () => ({ dataset: { document: kind } }),
      createElement: () => ({}) as { href?: string },
      head: { append: (link: { href: string }) => appended.push(link.href) },
    }
    const run = new Function(
      'document',
      'requestAnimationFrame',
      'setTimeout',
      '__import',
      boot.source.replace('import(entry)', '__import(entry)'),
    )
    run(
      document,
      (callback: () => void) => frames.push(callback),
      (callback: () => void, ms: number) => timers.push({ at: ms, run: callback }),
      (href: string) => imported.push(href),
    )
    const runTimers = (upTo: number) => {
      for (const timer of timers.splice(0).sort((a, b) => a.at - b.at))
        if (timer.at <= upTo) timer.run()
        else timers.push(timer)
    }
    return { frames, runTimers, appended, imported }
  }

  it('starts the app right after the first frame is painted, not before', () => {
    const page = runBoot('visible')
    page.runTimers(0)
    expect(page.imported).toEqual([])
    // The frame is produced; a task queued from its callback runs after it is painted.
    page.frames.shift()!()
    expect(page.imported).toEqual([])
    page.runTimers(0)
    // The entry first: the largest file, and the others' requests must not queue ahead of it.
    expect(page.appended).toEqual(['/assets/index-A.js', '/assets/runtime-B.js'])
    expect(page.imported).toEqual(['/assets/index-A.js'])
    // The one-second fallback finds it started: no second start.
    page.runTimers(1000)
    expect(page.imported).toEqual(['/assets/index-A.js'])
  })

  it('in a shell, whose head names the preloads, the boot only starts the entry', () => {
    const page = runBoot('visible', 'shell')
    page.frames.shift()!()
    page.runTimers(0)
    expect(page.appended).toEqual([])
    expect(page.imported).toEqual(['/assets/index-A.js'])
  })

  it('starts at once in a page opened in the background, and within a second if no frame comes', () => {
    expect(runBoot('hidden').imported).toEqual(['/assets/index-A.js'])
    const noFrames = runBoot('visible')
    noFrames.runTimers(999)
    expect(noFrames.imported).toEqual([])
    noFrames.runTimers(1000)
    expect(noFrames.imported).toEqual(['/assets/index-A.js'])
  })

  it('a signed-in start preloads the chunks of its modules and what they import', () => {
    const chunks = [
      { fileName: 'assets/runtime-B.js', imports: [], modules: [] },
      {
        fileName: 'assets/qp-F.js',
        imports: ['assets/runtime-B.js', 'assets/core-G.js'],
        modules: ['/src/lib/query-persistence.ts'],
      },
      { fileName: 'assets/core-G.js', imports: [], modules: [] },
    ]
    expect(chunkClosure(chunks, ['/src/lib/query-persistence.ts'])).toEqual([
      '/assets/qp-F.js',
      '/assets/runtime-B.js',
      '/assets/core-G.js',
    ])
    expect(() => chunkClosure(chunks, ['/src/nope.ts'])).toThrow(/no chunk/)
  })
})

describe('class names', () => {
  it('reads the classes a stylesheet defines and the markup uses', () => {
    expect([...classesDefinedIn('._a_1{x:1}._b_2:hover,.c-d>.e{y:.5rem}')]).toEqual([
      '_a_1',
      '_b_2',
      'c-d',
      'e',
    ])
    expect([...classesUsedIn('<p class="a  b"><i class="c"></i></p>')]).toEqual(['a', 'b', 'c'])
  })
})

describe('the nginx example', () => {
  it('answers each route pattern with its document and everything else with index.html', () => {
    const conf = nginxConfig([
      { pattern: '/', document: 'shell/oppy.html' },
      { pattern: '/oppy/:taskId', document: 'shell/oppy.html' },
      { pattern: '/login', document: 'login.html' },
      { pattern: '/tasks/:slug/checkin', document: 'index.html' },
    ])
    expect(conf).toContain('location ~ ^(/|/oppy/[^/]+)/?$ {\n  try_files /shell/oppy.html =404;')
    expect(conf).toContain('location ~ ^(/login)/?$ {\n  try_files /login.html =404;')
    expect(conf).not.toContain('checkin')
    expect(conf).toContain('try_files $uri /index.html;')
  })
})
