import { defineConfig } from '@playwright/test'

// The cross-engine tests (e2e/engines): the built app and the fake backend, served like the
// end-to-end tests (playwright.config.ts) on E2E_PORT, driven in Chromium, Firefox ESR and
// WebKitGTK on saved profiles. Build first (`npm run build`). The engines' own helpers take
// the ports E2E_PORT + 74 to + 78 (e2e/engines/fixtures.ts).
const PORT = Number(process.env.E2E_PORT ?? 4317)
const BASE_URL = `http://127.0.0.1:${PORT}`
const CI = Boolean(process.env.CI)

export default defineConfig({
  testDir: 'e2e/engines',
  testMatch: '*.engines.ts',
  outputDir: 'test-results/engines',
  fullyParallel: false,
  workers: 1,
  retries: CI ? 1 : 0,
  forbidOnly: CI,
  timeout: 180_000,
  reporter: [['list'], ['./e2e/support/flaky-reporter.ts']],
  webServer: {
    command: `node --import tsx scripts/serve.ts --port ${PORT} --latency 0`,
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: !CI,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
  projects: [{ name: 'chromium' }, { name: 'firefox' }, { name: 'webkit' }],
})
