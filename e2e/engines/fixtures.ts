/**
 * The cross-engine tests' `test`: each project (chromium, firefox, webkit) gets its engine,
 * started on a new saved profile for the test and closed after it, with the fake backend
 * reset. Every test fails if the browser logged an error (a console error, an uncaught error,
 * a CSP message) on any page of the journey.
 *
 * `test.use({ profile: 'private' })` starts the engine on a throwaway profile instead, as a
 * private tab: WebKit only for now (Safari's private browsing); the other engines refuse it.
 * There the errors checked are those the page itself reports (webkit.ts).
 */
import { test as base, expect } from '@playwright/test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ChromiumEngine } from './chromium'
import type { EngineBrowser, EngineName, LaunchOptions } from './engine'
import { FirefoxEngine } from './firefox'
import { WebKitEngine } from './webkit'
import { Screen } from './screen'
import { Backend } from './backend'

export { expect }

/** The fake backend's port (playwright.engines.config.ts); each engine's own servers follow it. */
export const PORT = Number(process.env.E2E_PORT ?? 4317)
export const BASE_URL = `http://127.0.0.1:${PORT}`
const PORTS: LaunchOptions['ports'] = {
  firefox: PORT + 74,
  webdriver: PORT + 75,
  inspector: PORT + 76,
  control: PORT + 77,
  geo: PORT + 78,
}

/** `saved`: a profile kept across restarts, as an installed app; `private`: a throwaway one. */
export type Profile = 'saved' | 'private'

export function launchEngine(
  name: EngineName,
  profileDir: string,
  profile: Profile = 'saved',
): Promise<EngineBrowser> {
  const options = { baseURL: BASE_URL, profileDir, ports: PORTS }
  if (profile === 'private' && name !== 'webkit')
    throw new Error(`No private profile for ${name} in these tests: WebKit only`)
  switch (name) {
    case 'chromium':
      return ChromiumEngine.launch(options)
    case 'firefox':
      return FirefoxEngine.launch(options)
    case 'webkit':
      return WebKitEngine.launch({ ...options, ephemeral: profile === 'private' })
  }
}

export const test = base.extend<{
  profile: Profile
  /** This project's engine (for `test.skip(({ engineName }) => …)`, before it starts). */
  engineName: EngineName
  engine: EngineBrowser
  ui: Screen
  backend: Backend
}>({
  profile: ['saved', { option: true }],
  // eslint-disable-next-line no-empty-pattern -- needs no other fixture
  engineName: async ({}, use, testInfo) => {
    await use(testInfo.project.name as EngineName)
  },
  // eslint-disable-next-line no-empty-pattern -- needs no other fixture
  backend: async ({}, use) => {
    const backend = new Backend(BASE_URL)
    await backend.reset()
    await use(backend)
    await backend.clearFaults()
  },
  engine: async ({ backend, profile, engineName }, use, testInfo) => {
    const profileDir = mkdtempSync(join(tmpdir(), `avaliador-${engineName}-`))
    const engine = await launchEngine(engineName, profileDir, profile)
    try {
      await use(engine)
      if (testInfo.status !== testInfo.expectedStatus)
        await engine.page
          .screenshot(testInfo.outputPath('failure.png'))
          .then(() =>
            testInfo.attachments.push({
              name: 'failure',
              path: testInfo.outputPath('failure.png'),
              contentType: 'image/png',
            }),
          )
          .catch(() => undefined)
    } finally {
      await engine.close()
      rmSync(profileDir, { recursive: true, force: true })
    }
    const errors = engine
      .consoleErrors()
      .filter((logged) => !backend.isExpectedNetworkFailure(logged))
      .filter((logged) => !engine.cutByNavigation(logged))
      .map((logged) => logged.text)
    expect(errors, `errors ${engine.name} logged`).toEqual([])
    // A preload nothing used is a wasted request on a phone's weak connection (issue #28).
    expect(
      engine.consoleWarnings().filter((w) => /preload/i.test(w)),
      `unused preloads ${engine.name} reported`,
    ).toEqual([])
  },
  ui: async ({ engine }, use) => {
    await use(new Screen(engine))
  },
})
