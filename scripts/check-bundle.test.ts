import { describe, expect, it } from 'vitest'
import {
  agentAppChunks,
  findBenchmarkOnlyModules,
  findViolations,
  findWorkerViolations,
  type ChunkReport,
} from './check-bundle'

const chunk = (fileName: string, over: Partial<ChunkReport> = {}): ChunkReport => ({
  fileName,
  isEntry: false,
  imports: [],
  dynamicImports: [],
  modules: [],
  ...over,
})

const previewEntry = chunk('start-preview.js', {
  modules: [
    '/src/preview/start-preview.tsx',
    '/node_modules/msw/lib/browser/index.mjs',
    '/mocks/db.ts',
  ],
  imports: ['faker.js'],
})

describe('check-bundle', () => {
  it('passes when preview code is only behind the preview entry', () => {
    const chunks = [
      chunk('index.js', {
        isEntry: true,
        modules: ['/src/main.tsx'],
        dynamicImports: ['start-app.js', 'start-preview.js'],
      }),
      chunk('start-app.js', { modules: ['/src/app/start-app.tsx'] }),
      previewEntry,
      chunk('faker.js', { modules: ['/node_modules/@faker-js/faker/dist/index.js'] }),
    ]
    expect(findViolations(chunks)).toEqual([])
    expect(
      agentAppChunks(chunks)
        .map((c) => c.fileName)
        .sort(),
    ).toEqual(['index.js', 'start-app.js'])
  })

  it('fails when an app chunk statically pulls msw or mocks in', () => {
    const chunks = [
      chunk('index.js', { isEntry: true, modules: ['/src/main.tsx'], imports: ['shared.js'] }),
      chunk('shared.js', {
        modules: ['/src/lib/api.ts', '/node_modules/@msw/data/build/index.mjs'],
      }),
    ]
    expect(findViolations(chunks)).toEqual(['shared.js: /node_modules/@msw/data/build/index.mjs'])
  })

  it('fails when a lazy route of the agent app holds mocks/ code', () => {
    const chunks = [
      chunk('index.js', {
        isEntry: true,
        modules: ['/src/main.tsx'],
        dynamicImports: ['route.js'],
      }),
      chunk('route.js', { modules: ['/src/features/x/page.tsx', '/mocks/seed/seed.ts'] }),
    ]
    expect(findViolations(chunks)).toHaveLength(1)
  })

  it('fails when any chunk, the demo ones included, holds the benchmark-only browser-image-compression', () => {
    const chunks = [
      chunk('index.js', {
        isEntry: true,
        modules: ['/src/main.tsx'],
        dynamicImports: ['start-preview.js'],
      }),
      {
        ...previewEntry,
        modules: [
          ...previewEntry.modules,
          '/node_modules/browser-image-compression/dist/browser-image-compression.mjs',
        ],
      },
    ]
    expect(findViolations(chunks)).toEqual([])
    expect(findBenchmarkOnlyModules(chunks)).toEqual([
      'start-preview.js: /node_modules/browser-image-compression/dist/browser-image-compression.mjs',
    ])
    expect(findBenchmarkOnlyModules(chunks.slice(0, 1))).toEqual([])
  })
})

describe('the service worker', () => {
  it('may carry lib, domain, the API client, idb and workbox', () => {
    expect(
      findWorkerViolations([
        '../src/worker/sw.ts',
        '../src/lib/visit-store/background-sync.ts',
        '../node_modules/idb/build/index.js',
        '../node_modules/workbox-precaching/PrecacheController.js',
        '../node_modules/openapi-fetch/dist/index.mjs',
      ]),
    ).toEqual([])
  })

  it('is refused with the demo, the fake backend or React in it', () => {
    expect(
      findWorkerViolations([
        '../src/worker/sw.ts',
        '../node_modules/msw/lib/core/index.mjs',
        '../mocks/notify.ts',
        '../node_modules/react/cjs/react.production.js',
        '../node_modules/@tanstack/query-core/build/modern/queryClient.js',
      ]),
    ).toEqual([
      '../node_modules/msw/lib/core/index.mjs',
      '../mocks/notify.ts',
      '../node_modules/react/cjs/react.production.js',
      '../node_modules/@tanstack/query-core/build/modern/queryClient.js',
    ])
  })
})
