/** Accessibility checks with axe-core for end-to-end tests (WCAG 2.1 A and AA). */
import AxeBuilder from '@axe-core/playwright'
import { expect, type Page, type TestInfo } from '@playwright/test'

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']
const BLOCKING = new Set(['serious', 'critical'])

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number]

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
  const results = await new AxeBuilder({ page })
    .withTags(TAGS)
    // Only violations are reported in full: much less work per page.
    .options({ resultTypes: ['violations'] })
    .analyze()
  const blocking = results.violations.filter((v) => BLOCKING.has(v.impact ?? ''))
  for (const v of results.violations.filter((v) => !BLOCKING.has(v.impact ?? ''))) {
    const description = `${label}: ${describe(v)}`
    testInfo.annotations.push({ type: `axe ${v.impact ?? 'unknown'}`, description })
    console.log(`[axe ${v.impact ?? 'unknown'}] ${description}`)
  }
  expect.soft(blocking.map(describe), `serious or critical axe violations on ${label}`).toEqual([])
  return results
}
