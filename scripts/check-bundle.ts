/**
 * Proves the agent app (everything loaded outside /preview) carries no byte of msw, faker,
 * @msw/data, openapi-msw or mocks/: walks the static imports from the entry chunk in
 * dist/bundle-modules.json and fails on any such module. Also checks the preview code is
 * still there, reachable only lazily (unless built with VITE_INCLUDE_PREVIEW=false), and that
 * no chunk at all (agent app or demo) holds a benchmark-only library.
 *   npm run test:bundle
 */
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

export type ChunkReport = {
  fileName: string
  isEntry: boolean
  imports: string[]
  dynamicImports: string[]
  /** The stylesheets the chunk loads (absent in reports written before they were listed). */
  importedCss?: string[]
  modules: string[]
}

export const PREVIEW_ONLY =
  /node_modules\/(msw|@msw\/data|@mswjs|@faker-js\/faker|openapi-msw)\/|\/mocks\//

/** Dev dependencies of the benchmarks (scripts/bench/): never part of any build of the app. */
export const BENCHMARK_ONLY = /node_modules\/(browser-image-compression|uzip)\//

/** Chunks the browser fetches before anything lazy: the entry and its static imports. */
export function staticClosure(chunks: ChunkReport[], from: string[]): ChunkReport[] {
  const byName = new Map(chunks.map((c) => [c.fileName, c]))
  const seen = new Set<string>()
  const queue = [...from]
  while (queue.length) {
    const name = queue.pop()!
    if (seen.has(name)) continue
    seen.add(name)
    queue.push(...(byName.get(name)?.imports ?? []))
  }
  return [...seen].map((n) => byName.get(n)!).filter(Boolean)
}

/** Every chunk the agent app can load: the static closure of the entry plus every lazy route, never the preview entry. */
export function agentAppChunks(chunks: ChunkReport[]): ChunkReport[] {
  const entry = chunks.filter((c) => c.isEntry).map((c) => c.fileName)
  const isPreviewEntry = (c: ChunkReport) =>
    c.modules.some((m) => m.endsWith('/src/preview/start-preview.tsx'))
  const byName = new Map(chunks.map((c) => [c.fileName, c]))
  const seen = new Set<string>()
  const queue = [...entry]
  while (queue.length) {
    const name = queue.pop()!
    const chunk = byName.get(name)
    if (!chunk || seen.has(name) || isPreviewEntry(chunk)) continue
    seen.add(name)
    queue.push(...chunk.imports, ...chunk.dynamicImports)
  }
  return [...seen].map((n) => byName.get(n)!)
}

export function findViolations(chunks: ChunkReport[]) {
  return agentAppChunks(chunks).flatMap((c) =>
    c.modules.filter((m) => PREVIEW_ONLY.test(m)).map((m) => `${c.fileName}: ${m}`),
  )
}

/** Benchmark-only modules in any chunk, the demo's included. */
export function findBenchmarkOnlyModules(chunks: ChunkReport[]) {
  return chunks.flatMap((c) =>
    c.modules.filter((m) => BENCHMARK_ONLY.test(m)).map((m) => `${c.fileName}: ${m}`),
  )
}

/**
 * Modules of the service worker (its source map's `sources`) that are preview-only or that
 * a worker must not carry (React: the worker renders nothing). The worker is built apart
 * from the app (vite-plugin-pwa's injectManifest), so it is not in dist/bundle-modules.json.
 */
export function findWorkerViolations(sources: string[]) {
  return sources.filter(
    (s) =>
      PREVIEW_ONLY.test(s) ||
      /node_modules\/(react|react-dom|react-router[^/]*|@tanstack)\//.test(s),
  )
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const report = fileURLToPath(new URL('../dist/bundle-modules.json', import.meta.url))
  const chunks = JSON.parse(readFileSync(report, 'utf8')) as ChunkReport[]
  const violations = findViolations(chunks)
  const agent = agentAppChunks(chunks)
  const previewBuilt = chunks.some((c) =>
    c.modules.some((m) => m.endsWith('/src/preview/start-preview.tsx')),
  )
  console.log(
    `agent app: ${agent.length} chunks, ${agent.reduce((n, c) => n + c.modules.length, 0)} modules; preview ${previewBuilt ? 'built (lazy)' : 'left out'}`,
  )
  if (violations.length) {
    console.error(`Preview-only code reachable from the agent app:\n  ${violations.join('\n  ')}`)
    process.exit(1)
  }
  const benchmarkOnly = findBenchmarkOnlyModules(chunks)
  if (benchmarkOnly.length) {
    console.error(`Benchmark-only libraries in the build:\n  ${benchmarkOnly.join('\n  ')}`)
    process.exit(1)
  }
  const workerMap = fileURLToPath(new URL('../dist/sw.js.map', import.meta.url))
  const workerSources = (JSON.parse(readFileSync(workerMap, 'utf8')) as { sources: string[] })
    .sources
  const inWorker = findWorkerViolations(workerSources)
  if (inWorker.length) {
    console.error(`The service worker carries what it must not:\n  ${inWorker.join('\n  ')}`)
    process.exit(1)
  }
  console.log(
    `OK: no msw, faker, @msw/data, openapi-msw or mocks/ module in any chunk the agent app loads; no benchmark-only library in any chunk; the service worker (${workerSources.length} modules) has none of them and no React.`,
  )
}
