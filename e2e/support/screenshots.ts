/**
 * What makes a screenshot the same on every machine (e2e/screens.spec.ts, decision 0009):
 *
 * - **Fonts the project installs**: Noto Sans from `@fontsource/noto-sans` (a pinned dev
 *   dependency), given to the page as a stylesheet that replaces the app's system font stack.
 *   The system fonts differ from one machine to the next; these files do not. The stylesheet
 *   carries the fonts as data: URLs, so these tests run with `bypassCSP` (CSP is checked by
 *   every other end-to-end test).
 * - **A fixed clock**: `page.clock.setFixedTime`; timers still run, so the app works, but every
 *   date, countdown and seeded record is the same.
 * - **A fixed world**: the demo with a seed and a scenario, in a fresh browser context.
 * - **No motion**: reduced motion, animations stopped and the caret hidden by toHaveScreenshot.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { expect, type Page } from '@playwright/test'

/** Wednesday 25 November 2026, 10:00 in São Paulo. */
export const FIXED_NOW = new Date('2026-11-25T13:00:00.000Z')

const require = createRequire(import.meta.url)
const fontDir = join(dirname(require.resolve('@fontsource/noto-sans/package.json')), 'files')

const fontFace = (weight: number) => {
  const file = readFileSync(join(fontDir, `noto-sans-latin-${weight}-normal.woff2`))
  return `@font-face { font-family: 'Screenshot Sans'; font-style: normal; font-weight: ${weight}; src: url(data:font/woff2;base64,${file.toString('base64')}) format('woff2'); }`
}

const FONT_CSS = [
  fontFace(400),
  fontFace(600),
  fontFace(700),
  // Every element, form controls included (they do not inherit the body's font by default).
  `:root { --font: 'Screenshot Sans'; } *, *::before, *::after { font-family: 'Screenshot Sans' !important; }`,
].join('\n')

/** Puts the project's font on the current document and waits until it is in use. */
export async function useProjectFont(page: Page) {
  await page.addStyleTag({ content: FONT_CSS })
  await page.evaluate(async () => {
    await Promise.all(
      [400, 600, 700].map((w) => document.fonts.load(`${w} 16px 'Screenshot Sans'`)),
    )
    await document.fonts.ready
  })
  expect(await page.evaluate(() => document.fonts.check("16px 'Screenshot Sans'"))).toBe(true)
}

/** Opens a path with the fixed clock and the project's font. */
export async function open(page: Page, path: string) {
  await page.goto(path)
  await useProjectFont(page)
}

/**
 * Controls smaller than `min` px (CSS pixels) in either direction, as "role name (w×h)".
 * Counted as the agent's finger meets them: a checkbox or radio by its label, a link by its
 * box. Links inside a sentence are the exception WCAG makes (2.5.8 "inline"): a link whose
 * parent also holds text of its own is not counted.
 */
export async function smallTouchTargets(page: Page, min = 44): Promise<string[]> {
  return page.evaluate((min) => {
    const selector =
      'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=switch], [role=tab]'
    const out: string[] = []
    const inert = (el: Element) => el.closest('[inert], [aria-hidden="true"]') !== null
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      if (inert(el) || (el as HTMLButtonElement).disabled) continue
      const style = getComputedStyle(el)
      if (style.visibility === 'hidden' || style.display === 'none') continue
      let box = el.getBoundingClientRect()
      if (box.width === 0 && box.height === 0) continue
      const type = (el as HTMLInputElement).type
      if (el.tagName === 'INPUT' && (type === 'checkbox' || type === 'radio' || type === 'file')) {
        const label =
          el.closest('label') ?? (el.id ? document.querySelector(`label[for="${el.id}"]`) : null)
        if (!label) continue
        box = label.getBoundingClientRect()
      }
      // A link stretched over its card (an absolute ::after): the card is the target.
      const stretched =
        el.tagName === 'A' && getComputedStyle(el, '::after').position === 'absolute'
      if (stretched && el.offsetParent) box = el.offsetParent.getBoundingClientRect()
      if (el.tagName === 'A' && style.display === 'inline' && !stretched) {
        const parent = el.parentElement
        const ownText = parent
          ? Array.from(parent.childNodes).some(
              (n) =>
                n !== el && n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '',
            )
          : false
        if (ownText) continue
      }
      // Off-screen (scrolled away horizontally in a tab bar, visually hidden): not a target now.
      if (box.right <= 0 || box.left >= window.innerWidth || box.width <= 1) continue
      if (box.width < min - 0.5 || box.height < min - 0.5) {
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)
        out.push(
          `${el.tagName.toLowerCase()} “${name}” (${Math.round(box.width)}×${Math.round(box.height)})`,
        )
      }
    }
    return out
  }, min)
}
