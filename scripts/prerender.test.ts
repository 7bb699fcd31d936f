import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import {
  classesDefinedIn,
  classesUsedIn,
  composeDocument,
  cspHash,
  chunkClosure,
  deferScripts,
  evaluationOrder,
  nginxConfig,
  reportingLazyImports,
  screenPreloads,
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
    entryStylesheets: [entry],
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
      '<link rel="stylesheet" href="/assets/index-C.css" disabled>',
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
        entryStylesheets: [entry],
        stylesheets: [entry],
      }),
    ).toThrow(/style=""/)
  })
})

describe("every stylesheet of the entry is inlined, and a screen shell inlines its screen's", () => {
  const twoSheets = template.replace(
    '</head>',
    '<link rel="stylesheet" crossorigin href="/assets/start-S.css"></head>',
  )
  const start = sheet('/assets/start-S.css', '._button_4{color:red}')

  it('takes every entry link out, inlines each, and inlines what it is told to', () => {
    const { html } = composeDocument({
      template: twoSheets,
      markup: '<main class="_page_1"></main>',
      plan: { path: '/oppy', kind: 'shell' },
      entryStylesheets: [entry, start],
      stylesheets: [entry, start, wallet],
      inline: ['/assets/wallet-E.css'],
    })
    const style = /<style>([\s\S]*)<\/style>/.exec(html)![1]!
    for (const s of [entry, start, wallet]) expect(style).toContain(s.css)
    expect(html).not.toMatch(/<link rel="stylesheet"(?![^>]*disabled)[^>]*>/)
  })
})

describe('scripts after the first paint, one file per task', () => {
  const pieces = ['/assets/early-start-E.js', '/assets/react-R.js', '/assets/index-A.js']
  const sizes: Record<string, number> = { '/assets/react-R.js': 3, '/assets/early-start-E.js': 2 }
  const start = {
    pieces,
    startEntry: '/assets/early-start-E.js',
    signedInPreloads: ['/assets/qp-F.js'],
    sizeOf: (href: string) => sizes[href] ?? 1,
  }
  const { template: deferred, boot, shellPreloads } = deferScripts(template, start)

  it('leaves one script in the document, the generated boot, and no preload before the paint', () => {
    expect(deferred).not.toContain('index-A.js')
    expect(deferred).not.toContain('modulepreload')
    expect(deferred).toContain(`<script type="module" crossorigin src="/${boot.fileName}">`)
    expect(boot.fileName).toMatch(/^assets\/boot-[0-9a-f]{8}\.js$/)
  })

  it('refuses pieces that do not end with the entry or miss the start entry', () => {
    expect(() => deferScripts(template, { ...start, pieces: [...pieces].reverse() })).toThrow(
      /not the last/,
    )
    expect(() => deferScripts(template, { ...start, startEntry: '/assets/x.js' })).toThrow(
      /not one of the pieces/,
    )
  })

  it('a shell document names what a signed-in start loads, the largest first, at low priority', () => {
    expect(shellPreloads).toEqual([
      '/assets/react-R.js',
      '/assets/early-start-E.js',
      '/assets/index-A.js',
      '/assets/qp-F.js',
    ])
    const compose = (kind: string) =>
      composeDocument({
        template: deferred,
        markup: '<main class="_page_1"></main>',
        plan: { path: '/oppy', kind },
        entryStylesheets: [entry],
        stylesheets: [entry],
        preloads: [...shellPreloads, '/assets/screen-S.js'],
      }).html
    expect(
      [...compose('shell').matchAll(/<link rel="modulepreload"[^>]*>/g)].map((m) => m[0]),
    ).toEqual(
      [...shellPreloads, '/assets/screen-S.js'].map(
        (href) => `<link rel="modulepreload" crossorigin href="${href}" fetchpriority="low">`,
      ),
    )
    // A signed-out page is whole in its HTML: its scripts wait for the first frame.
    expect(compose('page')).not.toContain('modulepreload')
    expect(compose('frame')).not.toContain('modulepreload')
  })

  /**
   * Runs the boot's source with a fake page: frames, timers, <head> and import() recorded.
   * Each import resolves to a module whose `startAgentApp` records its call.
   */
  function runBoot(
    visibility: 'visible' | 'hidden',
    kind = 'page',
    pathname = '/oppy',
    options: { belowFloor?: boolean; unparsable?: string } = {},
  ) {
    const frames: Array<() => void> = []
    const timers: Array<{ at: number; run: () => void }> = []
    const appended: string[] = []
    const log: string[] = []
    const document = {
      visibilityState: visibility,
      // The browser check (src/app/floor-check.js) marks a browser below the floor.
      documentElement: {
        hasAttribute: (name: string) => Boolean(options.belowFloor) && name === 'data-below-floor',
      },
      getElementById: () => ({ dataset: { document: kind } }),
      createElement: () => ({}) as { href?: string },
      head: { append: (link: { href: string }) => appended.push(link.href) },
    }
    const run = new Function(
      'document',
      'location',
      'requestAnimationFrame',
      'setTimeout',
      '__import',
      'globalThis',
      boot.source.replace('await import(piece)', 'await __import(piece)'),
    )
    run(
      document,
      { pathname },
      (callback: () => void) => frames.push(callback),
      (callback: () => void, ms: number) => timers.push({ at: ms, run: callback }),
      (href: string) => {
        log.push(`import ${href}`)
        if (href === options.unparsable) return Promise.reject(new SyntaxError('Unexpected token'))
        return Promise.resolve({ startAgentApp: () => log.push('startAgentApp()') })
      },
      // The browser check's handle on the window.
      { __avaliadorFloor: { cannotStart: () => log.push('cannotStart()') } },
    )
    const runTimers = async (upTo: number) => {
      for (let round = 0; round < 20; round++) {
        await new Promise((resolve) => queueMicrotask(() => resolve(undefined)))
        const due = timers.filter((t) => t.at <= upTo).sort((a, b) => a.at - b.at)
        if (due.length === 0) continue
        for (const timer of due) timers.splice(timers.indexOf(timer), 1)
        for (const timer of due) timer.run()
      }
    }
    return { frames, runTimers, appended, log }
  }

  it('after the first frame, imports the files one per task, each after what it imports', async () => {
    const page = runBoot('visible')
    await page.runTimers(0)
    expect(page.log).toEqual([])
    // The frame is produced; a task queued from its callback runs after it is painted.
    page.frames.shift()!()
    await page.runTimers(0)
    expect(page.appended).toEqual(pieces)
    // The start's first half is called as soon as its file has run, before the next file.
    expect(page.log).toEqual([
      'import /assets/early-start-E.js',
      'startAgentApp()',
      'import /assets/react-R.js',
      'import /assets/index-A.js',
    ])
    // The one-second fallback finds it started: no second start.
    await page.runTimers(1000)
    expect(page.log.filter((l) => l.startsWith('import'))).toHaveLength(3)
  })

  it('in a shell, whose head names the preloads, the boot only imports, at once', async () => {
    const page = runBoot('visible', 'shell')
    // No frame needed: its screen is the data's, and reopened every file is already there.
    await page.runTimers(0)
    expect(page.frames).toHaveLength(0)
    expect(page.appended).toEqual([])
    expect(page.log).toContain('startAgentApp()')
  })

  it('in the demo, the agent app is not started: the demo starts itself on its own backend', async () => {
    for (const pathname of ['/preview', '/preview/oppy']) {
      const page = runBoot('hidden', 'page', pathname)
      await page.runTimers(0)
      expect(page.log).toEqual(pieces.map((p) => `import ${p}`))
    }
    const page = runBoot('hidden', 'page', '/previewer')
    await page.runTimers(0)
    expect(page.log).toContain('startAgentApp()')
  })

  it('starts at once in a page opened in the background, and within a second if no frame comes', async () => {
    const hidden = runBoot('hidden')
    await hidden.runTimers(0)
    expect(hidden.log[0]).toBe('import /assets/early-start-E.js')
    const noFrames = runBoot('visible')
    await noFrames.runTimers(999)
    expect(noFrames.log).toEqual([])
    await noFrames.runTimers(1000)
    expect(noFrames.log[0]).toBe('import /assets/early-start-E.js')
  })

  it('below the floor (the browser check marked the page), imports nothing', async () => {
    const page = runBoot('hidden', 'page', '/oppy', { belowFloor: true })
    await page.runTimers(1000)
    expect(page.log).toEqual([])
  })

  it('tells the browser check when a file of the start cannot be parsed, and stops there', async () => {
    const page = runBoot('hidden', 'page', '/oppy', { unparsable: '/assets/react-R.js' })
    await page.runTimers(0)
    expect(page.log).toEqual([
      'import /assets/early-start-E.js',
      'startAgentApp()',
      'import /assets/react-R.js',
      'cannotStart()',
    ])
  })

  it('orders the entry files so each comes after the files it imports', () => {
    const chunks = [
      {
        fileName: 'assets/index-A.js',
        imports: ['assets/early-E.js', 'assets/react-R.js', 'assets/dom-D.js'],
        modules: [],
      },
      { fileName: 'assets/dom-D.js', imports: ['assets/react-R.js'], modules: [] },
      { fileName: 'assets/react-R.js', imports: [], modules: [] },
      { fileName: 'assets/early-E.js', imports: [], modules: [] },
    ]
    expect(evaluationOrder(chunks, ['assets/early-E.js', 'assets/index-A.js'])).toEqual([
      '/assets/early-E.js',
      '/assets/react-R.js',
      '/assets/dom-D.js',
      '/assets/index-A.js',
    ])
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

  it("a screen's shell preloads its route's chunks and their CSS, less what the start has", () => {
    const chunks = [
      { fileName: 'assets/react-R.js', imports: [], modules: [] },
      {
        fileName: 'assets/hub-H.js',
        imports: ['assets/react-R.js', 'assets/list-L.js'],
        modules: ['/src/features/tasks/routes/task-hub-page.tsx'],
        importedCss: ['assets/tasks-T.css'],
      },
      {
        fileName: 'assets/list-L.js',
        imports: [],
        modules: [],
        importedCss: ['assets/list-L.css'],
      },
    ]
    expect(
      screenPreloads(
        chunks,
        ['/src/features/tasks/routes/task-hub-page.tsx'],
        ['/assets/react-R.js'],
      ),
    ).toEqual({
      scripts: ['/assets/hub-H.js', '/assets/list-L.js'],
      styles: ['/assets/tasks-T.css', '/assets/list-L.css'],
    })
  })
})

describe('reading which modules a route loads lazily', () => {
  it('has every dynamic import report its module first, and makes it only when not answered', async () => {
    const code = "const a = () => import('./x'); const b = import(\"@/y\"); import('nope')"
    const resolved: Record<string, string> = { './x': '/src/x.tsx', '@/y': '/src/y.ts' }
    const out = await reportingLazyImports(code, async (s) => resolved[s] ?? null)
    expect(out).toBe(
      'const a = () => (globalThis.__avaliadorLazyImport?.("/src/x.tsx") ?? import(\'./x\')); ' +
        'const b = (globalThis.__avaliadorLazyImport?.("/src/y.ts") ?? import("@/y")); ' +
        "import('nope')",
    )
    expect(await reportingLazyImports('const c = 1', async () => null)).toBeNull()
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
