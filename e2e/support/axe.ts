/**
 * Accessibility checks with axe-core for end-to-end tests: WCAG 2.2 A and AA (the 2.0, 2.1 and
 * 2.2 rules: target size 24×24 and the rest), plus axe's best practices.
 *
 * axe runs in the page itself: its source is evaluated once per document (again only after a
 * navigation loads a new one) and `axe.run` checks the document as it is. The app has no
 * frames, so nothing is lost by not using `@axe-core/playwright`, which evaluates the 500 kB
 * source twice per check and opens a blank tab to merge per-frame results — about 1 s per
 * check on a 2-core machine, against ~0.3 s here. The same source and the same run go into
 * Firefox and WebKit through the engines' own driver (e2e/engines/screen.ts).
 *
 * axe-core is pinned to a minor version (`~`): a new minor adds rules, and a new rule must
 * come in as a reviewed change, not turn CI red on a fresh install.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { expect, type Page, type TestInfo } from '@playwright/test'
import type * as Axe from 'axe-core'

export const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
)

/** What a run checks: WCAG 2.2 A and AA as axe tags them, and its best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']

/** A violation as the tests report it. */
export type AxeViolation = {
  id: string
  impact: string
  /** Whether it breaks a WCAG 2.2 A or AA success criterion (else: a best practice). */
  wcag: boolean
  help: string
  nodes: number
  targets: string
}

declare global {
  interface Window {
    axe?: typeof Axe
  }
}

/**
 * In the page (axe's source already in it): the violations of `tags`, compact enough to cross
 * any engine's driver. Self-contained: it is sent to the page as a function's source.
 */
export function axeViolationsInPage(tags: string[]): Promise<AxeViolation[]> {
  const wcag = /^wcag2(1|2)?a{1,2}$/
  return window
    .axe!.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    })
    .then((results) =>
      results.violations.map((v) => ({
        id: v.id,
        impact: v.impact ?? 'unknown',
        wcag: v.tags.some((t) => wcag.test(t)),
        help: v.help,
        nodes: v.nodes.length,
        targets: v.nodes
          .slice(0, 4)
          .map((n) => n.target.join(' '))
          .join(' | '),
      })),
    )
}

/** axe's violations for the page as it is now (much less work than passes too). */
async function runAxe(page: Page): Promise<AxeViolation[]> {
  if (!(await page.evaluate(() => window.axe !== undefined))) await page.evaluate(AXE_SOURCE)
  return page.evaluate(axeViolationsInPage, AXE_TAGS)
}

export function describeViolation(v: AxeViolation) {
  return `${v.id} (${v.impact}): ${v.help} — ${v.nodes}× ${v.targets}`
}

/**
 * What fails a check: every violation of a WCAG 2.2 A or AA rule, whatever its impact, and a
 * best practice's when it is serious or critical.
 */
export function failing(v: AxeViolation) {
  return v.wcag || v.impact === 'serious' || v.impact === 'critical'
}

/**
 * Runs axe on the page as it is now. Failing violations fail the test (softly, so one run
 * lists every screen's problems); a best practice's moderate and minor ones are added to the
 * test's annotations so they show in the report without failing it.
 */
export async function checkAccessibility(page: Page, testInfo: TestInfo, label: string) {
  const violations = await runAxe(page)
  for (const v of violations.filter((v) => !failing(v))) {
    const description = `${label}: ${describeViolation(v)}`
    testInfo.annotations.push({ type: `axe ${v.impact}`, description })
    console.log(`[axe ${v.impact}] ${description}`)
  }
  expect
    .soft(
      violations.filter(failing).map(describeViolation),
      `WCAG 2.2 AA violations (or serious best-practice ones) on ${label}`,
    )
    .toEqual([])
  return violations
}
