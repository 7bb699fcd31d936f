/**
 * Accessibility checks with axe-core for end-to-end tests (WCAG 2.1 A and AA).
 *
 * axe runs in the page itself: its source is evaluated once per document (again only after a
 * navigation loads a new one) and `axe.run` checks the document as it is. The app has no
 * frames, so nothing is lost by not using `@axe-core/playwright`, which evaluates the 500 kB
 * source twice per check and opens a blank tab to merge per-frame results — about 1 s per
 * check on a 2-core machine, against ~0.3 s here.
 *
 * axe-core is pinned to a minor version (`~`): a new minor adds rules, and a new rule must
 * come in as a reviewed change, not turn CI red on a fresh install.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { expect, type Page, type TestInfo } from '@playwright/test'
import type * as Axe from 'axe-core'

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
)

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']
const BLOCKING = new Set(['serious', 'critical'])

type Violation = Axe.Result

declare global {
  interface Window {
    axe?: typeof Axe
  }
}

/** axe's results for the page as it is now, violations only (much less work per page). */
async function runAxe(page: Page): Promise<Axe.AxeResults> {
  if (!(await page.evaluate(() => window.axe !== undefined))) await page.evaluate(AXE_SOURCE)
  const options: Axe.RunOptions = {
    runOnly: { type: 'tag', values: TAGS },
    resultTypes: ['violations'],
  }
  return page.evaluate((options) => window.axe!.run(document, options), options)
}

function describe(v: Violation) {
  const targets = v.nodes
    .slice(0, 4)
    .map((n) => n.target.join(' '))
    .join(' | ')
  return `${v.id} (${v.impact}): ${v.help} — ${v.nodes.length}× ${targets}`
}

/**
 * Runs axe on the page as it is now. Serious and critical violations fail the test (softly,
 * so one run lists every screen's problems); moderate and minor ones are added to the test's
 * annotations so they show in the report without failing it.
 */
export async function checkAccessibility(page: Page, testInfo: TestInfo, label: string) {
  const results = await runAxe(page)
  const blocking = results.violations.filter((v) => BLOCKING.has(v.impact ?? ''))
  for (const v of results.violations.filter((v) => !BLOCKING.has(v.impact ?? ''))) {
    const description = `${label}: ${describe(v)}`
    testInfo.annotations.push({ type: `axe ${v.impact ?? 'unknown'}`, description })
    console.log(`[axe ${v.impact ?? 'unknown'}] ${description}`)
  }
  expect.soft(blocking.map(describe), `serious or critical axe violations on ${label}`).toEqual([])
  return results
}
