import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { configDefaults, defineConfig, mergeConfig } from 'vitest/config'
import viteConfig from './vite.config.js'

// Projects, each inheriting vite.config.ts (plugins and the `@/` → ./src alias) through
// `extends: true`:
//  - unit:      pure logic in Node (src, mocks, scripts)
//  - dom:       components and browser-only code in jsdom, with jest-dom matchers
//  - contracts: Pact consumer tests; one file at a time (Pact writes shared pact files), in
//               child processes, and without any MSW setup (Pact runs its own mock server).
// Run one with `vitest run --project <name>`; `npm run test:unit` runs `unit*` and `dom*`.
//
// `unit` shares one module graph per worker (`isolate: false`, decision 0024): msw, the fake
// backend and the domain load once per worker instead of once per test file.
// src/test/fresh-file.ts puts back, before each file, what a file may leave behind. A file
// that needs modules of its own — `vi.mock`, `vi.resetModules`, or `@vitest-isolate` in a
// comment (a module that must load before another) — runs isolated in `unit-isolated`, found
// here by reading it. `dom` keeps a graph and a window per file (see below).
const NEEDS_OWN_MODULES = /\bvi\.(?:mock|doMock|resetModules)\(|@vitest-isolate\b/

/** Every file under `dir` (node_modules left out). */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .filter((file) => !file.includes('node_modules'))
}
const TEST_FILES = ['src', 'mocks', 'scripts'].flatMap(filesUnder)

const UNIT = ['src/**/*.test.ts', 'mocks/**/*.test.ts', 'scripts/**/*.test.ts']
const UNIT_EXCLUDE = ['src/**/*.dom.test.ts']
const DOM = ['src/**/*.test.tsx', 'src/**/*.dom.test.ts']

/** The test files (by their ending) that need a module graph of their own. */
function isolatedFiles(test: (file: string) => boolean) {
  return TEST_FILES.filter(test).filter((file) =>
    NEEDS_OWN_MODULES.test(readFileSync(file, 'utf8')),
  )
}
const isDom = (file: string) => file.endsWith('.test.tsx') || file.endsWith('.dom.test.ts')
const unitIsolated = isolatedFiles(
  (file) => file.endsWith('.test.ts') && !isDom(file) && !file.startsWith('contracts'),
)

const unit = { name: 'unit', environment: 'node', include: UNIT } as const
const dom = {
  name: 'dom',
  environment: 'jsdom',
  include: DOM,
  // Screens load lazy chunks and round-trip the fake backend and IndexedDB: on a busy
  // 2-core machine a test can pass 5 s without anything being wrong.
  testTimeout: 15_000,
} as const

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      // Both cores: the default leaves one to the main process, which on two cores is half
      // the machine idle while the tests run.
      maxWorkers: 2,
      projects: [
        {
          extends: true,
          test: {
            ...unit,
            isolate: false,
            // One project at a time: a worker keeps its module graph only while the next
            // file is of the same project.
            sequence: { groupOrder: 0 },
            exclude: [...configDefaults.exclude, ...UNIT_EXCLUDE, ...unitIsolated],
            setupFiles: ['./src/test/fresh-file.ts', './src/test/per-test-hooks.ts'],
          },
        },
        {
          extends: true,
          test: {
            ...unit,
            name: 'unit-isolated',
            sequence: { groupOrder: 2 },
            include: unitIsolated.length > 0 ? unitIsolated : ['nothing-isolated'],
            setupFiles: ['./src/test/per-test-hooks.ts'],
          },
        },
        {
          extends: true,
          test: {
            // A module graph and a jsdom window per file, as before issue 39: screens keep
            // module state (the session's last agent, the crash-proof mirror's connection,
            // the connectivity probe) that a shared graph carried from file to file.
            ...dom,
            sequence: { groupOrder: 1 },
            setupFiles: ['./src/test/per-test-hooks.ts', './vitest.setup.dom.ts'],
          },
        },
        {
          extends: true,
          test: {
            name: 'contracts',
            sequence: { groupOrder: 3 },
            environment: 'node',
            include: ['contracts/**/*.pact.test.ts'],
            pool: 'forks',
            fileParallelism: false,
            testTimeout: 30_000,
            hookTimeout: 30_000,
          },
        },
      ],
    },
  }),
)
