import { defineConfig } from '@playwright/test'
import { serverArguments } from './e2e/support/backend-server'
import { CHROMIUM_ARGS, findChromium } from './scripts/find-chromium'

// End-to-end tests drive the built app (dist/) served together with the fake API by
// scripts/serve.ts. Build first (`npm run build`): the web server builds nothing.
// The browser is the system Chromium (see scripts/find-chromium.ts); no downloads.
const PORT = Number(process.env.E2E_PORT ?? 4317)
const BASE_URL = `http://127.0.0.1:${PORT}`
const CI = Boolean(process.env.CI)

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  // Spec files are spread over two workers (a file's tests stay together, in order), each
  // with a fake backend of its own (e2e/support/test.ts; decision 0024): on two cores one
  // worker left a core idle while it waited on the browser. E2E_WORKERS=1 runs them one by one.
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: CI ? 1 : 0,
  forbidOnly: CI,
  // Retried tests are named at the end ("flaky: N"): a retry must never hide a flaky test.
  reporter: CI
    ? [['list'], ['./e2e/support/flaky-reporter.ts']]
    : [
        ['list'],
        ['./e2e/support/flaky-reporter.ts'],
        ['html', { open: 'never', outputFolder: 'playwright-report' }],
      ],
  // Screenshot baselines (e2e/screens.spec.ts): one set, named by test file and picture, with
  // no browser or platform in the name. The pictures depend on the project's own font and on
  // Debian's Chromium (decision 0005), not on the machine; another browser or OS has no
  // baseline and fails loudly instead of writing a second set beside this one.
  expect: {
    toHaveScreenshot: { pathTemplate: '{testDir}/__screenshots__/{testFilePath}/{arg}{ext}' },
  },
  use: {
    baseURL: BASE_URL,
    viewport: { width: 360, height: 640 },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: findChromium(),
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    // --seed: a repeatable run (the same world, sign-in codes and session tokens every time).
    // The first worker's; each other worker starts its own the same way (E2E_PORT + 10·n).
    command: `node ${serverArguments(PORT).join(' ')}`,
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: !CI,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
  // Only the system Chromium: no `devices[...]` preset, it would override the phone viewport.
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
})
