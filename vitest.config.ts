import { configDefaults, defineConfig, mergeConfig } from 'vitest/config'
import viteConfig from './vite.config.js'

// Three projects, each inheriting vite.config.ts (plugins and the `@/` → ./src alias) through
// `extends: true`:
//  - unit:      pure logic in Node (src, mocks, scripts)
//  - dom:       components and browser-only code in jsdom, with jest-dom matchers
//  - contracts: Pact consumer tests; one file at a time (Pact writes shared pact files), in
//               child processes, and without any MSW setup (Pact runs its own mock server).
// Run one with `vitest run --project <name>`.
export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      projects: [
        {
          extends: true,
          test: {
            name: 'unit',
            environment: 'node',
            include: ['src/**/*.test.ts', 'mocks/**/*.test.ts', 'scripts/**/*.test.ts'],
            exclude: [...configDefaults.exclude, 'src/**/*.dom.test.ts'],
          },
        },
        {
          extends: true,
          test: {
            name: 'dom',
            environment: 'jsdom',
            include: ['src/**/*.test.tsx', 'src/**/*.dom.test.ts'],
            setupFiles: ['./vitest.setup.dom.ts'],
            // Screens load lazy chunks and round-trip the fake backend and IndexedDB: on a busy
            // 2-core machine a test can pass 5 s without anything being wrong.
            testTimeout: 15_000,
          },
        },
        {
          extends: true,
          test: {
            name: 'contracts',
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
