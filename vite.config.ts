import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib'
import { defineConfig, type Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'
import { agentAppChunks, type ChunkReport } from './scripts/check-bundle'
import {
  prerenderDocuments,
  SIGNED_IN_START_MODULES,
  START_ENTRY_MODULE,
} from './scripts/prerender'
import { createNetworkGuard } from './mocks/network-guard'
import { SERVICE_WORKER_SCOPE } from './src/lib/service-worker-messages'
import { sharedConfig } from './vite.shared'
import { buildTargets } from './scripts/browser-floor.js'
import { floorCheckScript, withFloorCheck } from './scripts/floor-check'
import type * as FakeBackend from './mocks/fake-backend'
import type * as NodeHttp from './mocks/node-http'
import type * as WebPushGateway from './mocks/web-push-gateway'

type FakeBackendModule = typeof FakeBackend
type NodeHttpModule = typeof NodeHttp
type WebPushGatewayModule = typeof WebPushGateway

/**
 * Writes dist/bundle-modules.json: for each chunk, whether it is the entry, what it imports
 * statically and lazily, and which source modules it holds. scripts/check-bundle.ts reads it
 * to prove the agent app loads no byte of msw, faker, @msw/data or mocks/.
 */
function bundleModulesReport(): Plugin {
  return {
    name: 'avaliador:bundle-modules-report',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle)
        .filter((item) => item.type === 'chunk')
        .map((chunk) => ({
          fileName: chunk.fileName,
          isEntry: chunk.isEntry,
          imports: chunk.imports,
          dynamicImports: chunk.dynamicImports,
          importedCss: [...(chunk.viteMetadata?.importedCss ?? [])],
          modules: Object.keys(chunk.modules).map((id) => id.replace(process.cwd(), '')),
          // Minified bytes each module contributes (before gzip): where a chunk's weight comes from.
          moduleBytes: Object.fromEntries(
            Object.entries(chunk.modules).map(([id, m]) => [
              id.replace(process.cwd(), ''),
              m.renderedLength,
            ]),
          ),
        }))
      this.emitFile({
        type: 'asset',
        fileName: 'bundle-modules.json',
        source: JSON.stringify(chunks, null, 1),
      })
    },
  }
}

/**
 * Read from the module graph once it is complete (`buildEnd`, before the chunks are made), for
 * the groups of `firstScreenChunks`: the app's own modules early-start.ts imports statically
 * (`start`), everything the entries import statically (`initial`), and what a signed-in start
 * loads beside them (`signedIn`: SIGNED_IN_START_MODULES and what they import).
 */
const moduleSets = {
  start: new Set<string>(),
  initial: new Set<string>(),
  signedIn: new Set<string>(),
}
function startModuleGraph(): Plugin {
  return {
    name: 'avaliador:start-module-graph',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()]
      const find = (module: string) => ids.filter((id) => id.replace(/\\/g, '/').endsWith(module))
      const closure = (from: string[], into: Set<string>, skip: (id: string) => boolean) => {
        into.clear()
        const queue = [...from]
        while (queue.length) {
          const id = queue.pop()!
          if (into.has(id) || skip(id)) continue
          into.add(id)
          queue.push(...(this.getModuleInfo(id)?.importedIds ?? []))
        }
      }
      const inNodeModules = (id: string) => /[\\/]node_modules[\\/]/.test(id)
      closure(find(START_ENTRY_MODULE), moduleSets.start, inNodeModules)
      const entries = ids.filter((id) => this.getModuleInfo(id)?.isEntry)
      closure(entries, moduleSets.initial, () => false)
      // Less what the entry also loads lazily by itself (the update offer, which the service
      // worker's registration loads on every page: /login must not load the agent's frame).
      const roots = SIGNED_IN_START_MODULES.flatMap(find)
      const loadedLazilyByTheEntry = (id: string) =>
        !roots.includes(id) &&
        (this.getModuleInfo(id)?.dynamicImporters ?? []).some((i) => moduleSets.initial.has(i))
      closure(
        roots,
        moduleSets.signedIn,
        (id) => moduleSets.initial.has(id) || loadedLazilyByTheEntry(id),
      )
    },
  }
}

/**
 * The browser check (src/app/floor-check.js) inline at the end of index.html's body, in the
 * build and the dev server: below the floor, a page that says what to update instead of the
 * app. The prerendered documents copy dist/index.html, so they carry it too.
 */
function floorCheck(): Plugin {
  return {
    name: 'avaliador:floor-check',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => withFloorCheck(html, floorCheckScript()),
    },
  }
}

/**
 * Once the app's files are written, renders the HTML documents a phone paints before any
 * script runs (scripts/prerender.ts) — before the service worker is generated, so its
 * precache holds them.
 */
function prerender(): Plugin {
  let outDir = 'dist'
  let root = process.cwd()
  return {
    name: 'avaliador:prerender',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir
      root = config.root
    },
    writeBundle: {
      sequential: true,
      order: 'post',
      async handler() {
        await prerenderDocuments({ root, outDir })
      },
    },
  }
}

/**
 * Writes a .br and a .gz beside every text asset of dist/ so the start server (sirv) sends
 * them compressed without spending CPU per request: over weak 4G, bytes are the cost.
 */
function precompressAssets(): Plugin {
  let outDir = 'dist'
  return {
    name: 'avaliador:precompress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir
    },
    // After the service worker and Workbox's runtime are written: they are served compressed too.
    closeBundle: {
      sequential: true,
      order: 'post',
      handler() {
        compressDirectory(outDir)
      },
    },
  }
}

function compressDirectory(outDir: string) {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name)
      return statSync(path).isDirectory() ? walk(path) : [path]
    })
  for (const file of walk(outDir)) {
    if (!/\.(js|mjs|css|html|svg|json|webmanifest)$/.test(file)) continue
    const source = readFileSync(file)
    if (source.length < 1024) continue
    writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }))
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(source, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: source.length,
        },
      }),
    )
  }
}

/**
 * `npm run dev`: answers `/api/*` with the same fake backend `npm start` serves, loaded
 * through Vite's SSR loader so it shares the app's TypeScript and aliases. The control plane
 * is guarded as in `npm start` (mocks/network-guard.ts); Vite checks `Host` itself.
 */
function devFakeBackend(): Plugin {
  return {
    name: 'avaliador:dev-fake-backend',
    // Not inside Vitest, which also runs a Vite server.
    apply: (_config, env) => env.command === 'serve' && !process.env.VITEST,
    configureServer(server) {
      const listen = server.config.server.host
      const guard = createNetworkGuard({
        host: typeof listen === 'string' ? listen : listen ? '0.0.0.0' : 'localhost',
        controlToken: process.env.CONTROL_TOKEN,
        checkHost: false,
      })
      server.httpServer?.once('listening', () => {
        const address = server.httpServer?.address()
        const url = `http://localhost:${typeof address === 'object' && address ? address.port : ''}`
        for (const line of guard.startMessage(url)) server.config.logger.info(line)
      })
      const ready = (async () => {
        const { createFakeBackend } = (await server.ssrLoadModule(
          '/mocks/fake-backend.ts',
        )) as FakeBackendModule
        const { fakeBackendMiddleware } = (await server.ssrLoadModule(
          '/mocks/node-http.ts',
        )) as NodeHttpModule
        const { loadOrCreateVapidKeys, webPushGateway } = (await server.ssrLoadModule(
          '/mocks/web-push-gateway.ts',
        )) as WebPushGatewayModule
        const backend = await createFakeBackend({
          // The same key pair as `npm start`: a device subscribed there keeps receiving here.
          pushGateway: webPushGateway(
            loadOrCreateVapidKeys(
              fileURLToPath(new URL('./.local/vapid-keys.json', import.meta.url)),
            ),
          ),
          latencyMs: [150, 600],
          controlApi: true,
          secrets: 'crypto',
          log: (message) => server.config.logger.info(`[fake-backend] ${message}`),
        })
        return fakeBackendMiddleware(() => backend.handlers, { now: backend.clock.now })
      })()
      server.middlewares.use('/api', (req, res, next) => {
        req.url = `/api${req.url ?? ''}`
        if (guard.refuse(req, res)) return
        void ready.then((middleware) => middleware(req, res, next))
      })
    },
  }
}

/**
 * The service worker precaches the agent app only: the entry, every lazy route chunk, CSS,
 * icons and index.html. The demo's chunks (msw, faker, the fake database) and the styles
 * only they import stay out: they load only under /preview, which MSW's own worker controls.
 */
function agentAppPrecache<Entry extends { url: string }>(entries: Entry[]) {
  const chunks = JSON.parse(
    readFileSync(new URL('./dist/bundle-modules.json', import.meta.url), 'utf8'),
  ) as ChunkReport[]
  const allJs = new Set(chunks.map((c) => c.fileName))
  const agentJs = new Set(agentAppChunks(chunks).map((c) => c.fileName))
  const allCss = new Set(chunks.flatMap((c) => c.importedCss ?? []))
  const agentCss = new Set(agentAppChunks(chunks).flatMap((c) => c.importedCss ?? []))
  const manifest = entries.filter((e) =>
    allJs.has(e.url) ? agentJs.has(e.url) : allCss.has(e.url) ? agentCss.has(e.url) : true,
  )
  return { manifest, warnings: [] }
}

/**
 * The service worker is ours (src/worker/sw.ts: precache, push, notification taps, the
 * outbox's Background Sync); `injectManifest` builds it with Vite and fills in the precache
 * list. Its navigation handling is src/worker/navigation.ts.
 */
const pwa = VitePWA({
  strategies: 'injectManifest',
  srcDir: 'src/worker',
  // Built to SERVICE_WORKER_SCRIPT (/sw.js), which the app registers (src/lib/app-update.ts).
  filename: 'sw.ts',
  scope: SERVICE_WORKER_SCOPE,
  injectRegister: false,
  // A new version waits for the agent's "Atualizar" (src/lib/app-update.ts), never mid-visit.
  registerType: 'prompt',
  includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
  manifest: {
    name: 'Avaliador — visitas de avaliação',
    short_name: 'Avaliador',
    description:
      'Aceite visitas pagas, faça o check-in, responda o questionário e envie o relatório.',
    lang: 'pt-BR',
    dir: 'ltr',
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'portrait',
    background_color: '#f5f6f8',
    theme_color: '#1d4ed8',
    icons: [
      { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
      { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
      { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
    ],
  },
  injectManifest: {
    // html-documents.json: which prerendered document answers a navigation (src/worker/navigation.ts).
    globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}', 'html-documents.json'],
    // The worker itself is not precached; neither is the demo, nor the build's report.
    globIgnores: ['preview/**', 'bundle-modules.json', 'sw.js'],
    manifestTransforms: [async (entries) => agentAppPrecache(entries)],
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    // One classic script (no import statements): every browser that has service workers runs it.
    rollupFormat: 'iife',
  },
})

/**
 * Fewer, larger files before the first screen, in pieces that each evaluate in a task of their
 * own. A phone talks HTTP/1.1 to a plain server over at most six connections, and on slow 4G
 * every wave of small requests costs a round trip: Lighthouse's simulation showed the 107 KiB
 * entry file queued behind a dozen 1–3 KiB chunks, and the screen's data requests behind its
 * code's. Left to itself, Rolldown makes a chunk for every set of screens sharing a module.
 * And a file evaluates in one task: the entry as one 108 KiB file was one task of 215–247 ms on
 * a 4× slower CPU (issue #33). So the start's libraries are one file each, which the generated
 * boot (scripts/prerender.ts) imports one task at a time, in the order they depend on each
 * other; the app's own code of the start is two entries: early-start.ts (everything before the
 * first render: it needs no react-dom) and main.tsx. The groups, captured in this order:
 * - `react`, `router`, `query`: React, React Router and TanStack Query's core, as far as the
 *   start uses them;
 * - `react-dom`: react-dom, its scheduler, and React Router's `RouterProvider` (which imports
 *   react-dom): only the render needs them;
 * - `common`: the components, helpers and TanStack Query hooks that a dozen screens or more
 *   share (notices, skeletons, status, text fields, formats): one file, cached once. A lower
 *   share count also pulls in the domain's validators and zod, for which /login's budget
 *   (scripts/bundle-size.ts) has no room;
 * - `signed-in`: what a signed-in start loads beside the entry (the agent's frame, the kept
 *   answers): one file, which the shell documents preload (scripts/prerender.ts).
 */

function firstScreenChunks() {
  const initial = ['$initial' as const]
  const inPackage = (id: string, name: string) =>
    id.replace(/\\/g, '/').includes(`/node_modules/${name}/`)
  // A group takes in what its modules import, unless an earlier group has it: the order is
  // the order the pieces depend on each other.
  return [
    {
      name: 'early-start',
      tags: initial,
      // What the start's first half runs: its own modules, TanStack Query's core (the cache,
      // not the React hooks) and the API client. None of it needs React.
      test: (id: string) =>
        moduleSets.start.has(id) ||
        // And the start's other helpers (else a few hundred bytes in a file of their own).
        /[\\/]src[\\/](api|lib)[\\/][^\\/]+$/.test(id) ||
        inPackage(id, '@tanstack/query-core') ||
        // The helpers lowering private class members for the floor (Safari 15), which
        // query-core's classes need: else two more files of a few hundred bytes at the start.
        /@oxc-project[+/]runtime/.test(id) ||
        inPackage(id, 'openapi-fetch') ||
        /[\\/]@tanstack[\\/]react-query[\\/]build[\\/]modern[\\/](infiniteQ|q)ueryOptions\.js$/.test(
          id,
        ),
      includeDependenciesRecursively: false,
    },
    {
      // React, React Router, TanStack's React side and react-dom: one file (its evaluation is
      // a few milliseconds, most of a file's cost is its download, and each file is a request
      // with its headers more).
      name: 'react',
      tags: initial,
      test: (id: string) =>
        ['react', 'react-dom', 'scheduler', '@tanstack/react-query', 'react-router'].some((name) =>
          inPackage(id, name),
        ) || inPackage(id, 'react-router-dom'),
      includeDependenciesRecursively: false,
    },
    {
      // What a dozen screens or more share (components, helpers, TanStack's sending hooks);
      // its reading hooks go with the signed-in start (below).
      name: 'common',
      test: (id: string) =>
        /[\\/]src[\\/](components|lib|domain)[\\/][^\\/]+$/.test(id) ||
        /[\\/]@tanstack[\\/].*[\\/](useMutation|mutationObserver)\.js$/.test(id),
      minShareCount: 12,
      includeDependenciesRecursively: false,
    },
    {
      // What a signed-in start loads beside the entry (the agent's frame, the kept answers),
      // with TanStack Query's hydration (how kept answers enter the cache: the graph reaches it
      // only through the core's index, part of the entry) and its reading hooks (every
      // signed-in screen reads; the sign-in screens only send). One file, which the shell
      // documents preload (scripts/prerender.ts).
      name: 'signed-in',
      test: (id: string) =>
        moduleSets.signedIn.has(id) ||
        /[\\/]@tanstack[\\/]query-core[\\/]build[\\/]modern[\\/]hydration\.js$/.test(id) ||
        (inPackage(id, '@tanstack') && !/[\\/](useMutation|mutationObserver)\.js$/.test(id)),
      includeDependenciesRecursively: false,
    },
  ]
}

export default defineConfig({
  plugins: [
    react(),
    floorCheck(),
    bundleModulesReport(),
    startModuleGraph(),
    devFakeBackend(),
    prerender(),
    pwa,
    precompressAssets(),
  ],
  ...sharedConfig,
  build: {
    // The floor (package.json's browserslist, docs/decisions/0020-the-browser-floor.md): what
    // it lacks is lowered, by Oxc for JavaScript (the service worker's build takes the same
    // target) and Lightning CSS for CSS. scripts/check-floor.ts checks the result.
    target: buildTargets(),
    cssTarget: buildTargets(),
    modulePreload: {
      // Every browser the app supports has module preloads (and the boot adds its own): the
      // polyfill would only be bytes in the entry.
      polyfill: false,
      // A screen's code loads with its stylesheets linked first, but its JavaScript through
      // the module graph, not one <link rel="modulepreload"> per chunk: adding 20–30 links in
      // the tap that opens a screen was one task of up to 190 ms on a 4× slower CPU (issue
      // #33, bench:interactions). The first screens' documents preload their own chunks, the
      // likely next screens are prefetched when the phone is idle, and after the first visit
      // every file comes from the service worker, where a module graph's round trips cost
      // nothing.
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'html' ? deps : deps.filter((dep) => dep.endsWith('.css')),
    },
    sourcemap: true,
    rolldownOptions: {
      // The start's first half is an entry of its own: the boot calls its export by name.
      input: { index: 'index.html', 'early-start': START_ENTRY_MODULE.slice(1) },
      preserveEntrySignatures: 'allow-extension',
      output: { codeSplitting: { groups: firstScreenChunks() } },
    },
  },
  server: {
    port: 5173,
  },
})
