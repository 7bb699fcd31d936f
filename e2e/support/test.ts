/**
 * `test` and `expect` for every end-to-end spec: Playwright's, plus
 *
 *  - a fake backend of the worker's own (`backendTest`): the specs run in several workers at
 *    once (playwright.config.ts, decision 0024) and each test resets the backend
 *    (`resetBackend`), so no two workers may share one. The first worker uses the server the
 *    config starts (E2E_PORT); worker n starts `scripts/serve.ts` on E2E_PORT + 10·n with the
 *    same arguments, and `baseURL` (hence `page`, `request`, every relative URL) points at it.
 *    A spec or fixture reaches it through `baseURL` (or the worker fixture `workerBaseURL`),
 *    never the config's;
 *  - an automatic check that the app ran under the production Content-Security-Policy
 *    (scripts/security-headers.ts, sent by scripts/serve.ts) without a single violation.
 *
 * Each page of the test's context reports its `securitypolicyviolation` events to the test
 * through a binding, and its console is watched for the browser's own "Refused to …" CSP
 * messages. Every document the pages load must carry the policy (so the check cannot pass
 * against a server that sends none). A test with any violation, or a page without the
 * header, fails after it ran.
 */
import { test as base, expect, type Page, type Response } from '@playwright/test'
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { contentSecurityPolicy, documentHashesOfBuild } from '../../scripts/security-headers'
import { serverArguments, WORKER_PORT_STEP } from './backend-server'

export { expect }

/** How long a worker's own server may take to answer its health check. */
const SERVER_START_MS = 60_000

/**
 * Playwright's `test` with a fake backend per worker (see above): for specs that drive their
 * own browser (a saved profile, the crash browser) and need no CSP check of the default one.
 */
export const backendTest = base.extend<object, { workerBaseURL: string }>({
  workerBaseURL: [
    // eslint-disable-next-line no-empty-pattern -- a worker fixture that needs no other fixture
    async ({}, use, workerInfo) => {
      const configured = workerInfo.project.use.baseURL
      if (!configured) throw new Error('playwright.config.ts sets no baseURL')
      if (workerInfo.parallelIndex === 0) return use(configured)
      const url = new URL(configured)
      url.port = String(Number(url.port) + WORKER_PORT_STEP * workerInfo.parallelIndex)
      const origin = url.origin
      const server = spawn(process.execPath, serverArguments(Number(url.port)), {
        cwd: fileURLToPath(new URL('../..', import.meta.url)),
        stdio: ['ignore', 'ignore', 'pipe'],
      })
      let stderr = ''
      server.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
      try {
        const started = Date.now()
        for (;;) {
          if (server.exitCode !== null)
            throw new Error(`The worker's server exited (${server.exitCode}): ${stderr}`)
          const healthy = await fetch(`${origin}/api/health`).then(
            (res) => res.ok,
            () => false,
          )
          if (healthy) break
          if (Date.now() - started > SERVER_START_MS)
            throw new Error(`The worker's server did not answer at ${origin}: ${stderr}`)
          await new Promise((resolve) => setTimeout(resolve, 100))
        }
        await use(origin)
      } finally {
        server.kill('SIGTERM')
      }
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ workerBaseURL }, use) => use(workerBaseURL),
  // A test's own calls to the fake backend (its control plane, the API) each on a connection of
  // its own. Playwright keeps its connections open (a keep-alive agent) and, on Node 20, never
  // closes an idle one: the agent ignores the server's `Keep-Alive: timeout=5` hint unless it
  // has a timeout of its own. The server closes a connection idle for 6 s (Node's 5 s plus its
  // 1 s margin), so a call made about 6 s after the previous one went out on a connection the
  // server was closing, and failed with ECONNRESET (faults.spec.ts 'no answer…', whose calls
  // are 6 s apart, in a CI run under load). `Connection: close` sends every call on a fresh one.
  request: async ({ playwright, baseURL }, use) => {
    const context = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { Connection: 'close' },
    })
    await use(context)
    await context.dispose()
  },
})

export type CspViolation = {
  page: string
  directive: string
  blocked: string
  source: string
  sample: string
}

/**
 * The built app's policy (what scripts/serve.ts sends): its documents' inline <style> blocks
 * and browser check are allowed by hash.
 */
export const BUILT_APP_POLICY = contentSecurityPolicy(
  documentHashesOfBuild(fileURLToPath(new URL('../../dist', import.meta.url))),
)
const CSP_CONSOLE =
  /Content Security Policy|Refused to (load|execute|apply|evaluate|connect|frame|create|compile)/

declare global {
  interface Window {
    __reportCspViolation?: (violation: Omit<CspViolation, 'page'>) => void
  }
}

export const test = backendTest.extend<{ cspViolations: CspViolation[] }>({
  cspViolations: [
    async ({ context }, use, testInfo) => {
      const violations: CspViolation[] = []
      const unprotected: string[] = []
      await context.exposeBinding(
        '__reportCspViolation',
        ({ page }, violation: Omit<CspViolation, 'page'>) => {
          violations.push({ page: page?.url() ?? '?', ...violation })
        },
      )
      await context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (event) => {
          window.__reportCspViolation?.({
            directive: event.effectiveDirective || event.violatedDirective,
            blocked: event.blockedURI,
            source: `${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
            sample: event.sample,
          })
        })
      })
      const watch = (page: Page) => {
        page.on('console', (message) => {
          if (CSP_CONSOLE.test(message.text()))
            violations.push({
              page: page.url(),
              directive: 'console',
              blocked: '',
              source: `${message.location().url}:${message.location().lineNumber}`,
              sample: message.text(),
            })
        })
        page.on('response', (response: Response) => {
          const request = response.request()
          if (
            request.resourceType() !== 'document' ||
            request.frame() !== page.mainFrame() ||
            !response.url().startsWith('http') ||
            response.status() >= 300
          )
            return
          if (response.headers()['content-security-policy'] !== BUILT_APP_POLICY)
            unprotected.push(`${response.url()}: ${response.headers()['content-security-policy']}`)
        })
      }
      context.pages().forEach(watch)
      context.on('page', watch)

      await use(violations)

      if (violations.length > 0)
        await testInfo.attach('csp-violations.json', {
          body: JSON.stringify(violations, null, 2),
          contentType: 'application/json',
        })
      expect(unprotected, 'documents served without the production CSP').toEqual([])
      expect(violations, 'Content-Security-Policy violations').toEqual([])
    },
    { auto: true },
  ],
})
