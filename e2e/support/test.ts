/**
 * `test` and `expect` for every end-to-end spec: Playwright's, plus an automatic check that
 * the app ran under the production Content-Security-Policy (scripts/security-headers.ts,
 * sent by scripts/serve.ts) without a single violation.
 *
 * Each page of the test's context reports its `securitypolicyviolation` events to the test
 * through a binding, and its console is watched for the browser's own "Refused to …" CSP
 * messages. Every document the pages load must carry the policy (so the check cannot pass
 * against a server that sends none). A test with any violation, or a page without the
 * header, fails after it ran.
 */
import { test as base, expect, type Page, type Response } from '@playwright/test'
import { fileURLToPath } from 'node:url'
import { contentSecurityPolicy, documentHashesOfBuild } from '../../scripts/security-headers'

export { expect }

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

export const test = base.extend<{ cspViolations: CspViolation[] }>({
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
