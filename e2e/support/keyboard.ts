/** Keyboard-only driving for end-to-end tests: Tab to a control, check focus is visible. */
import { expect, type Locator, type Page } from '@playwright/test'
import { focusedStop } from './covered'

/** True when `target` (any of its matches) is the focused element. Reads only; no waiting. */
export async function hasFocus(target: Locator): Promise<boolean> {
  return target.evaluateAll((els) => els.some((el) => el === document.activeElement))
}

/**
 * Presses Tab (Shift+Tab with `backwards`) until `target` has focus, as a keyboard user
 * would; fails when it is not reached within `max` presses. Returns the presses needed.
 * Every stop on the way must be in sight: one hidden, even partly, behind a fixed or sticky
 * part of the screen (WCAG 2.2 SC 2.4.11) fails the test, softly.
 */
export async function tabTo(
  page: Page,
  target: Locator,
  { max = 40, backwards = false }: { max?: number; backwards?: boolean } = {},
): Promise<number> {
  await target.first().waitFor({ state: 'attached' })
  for (let presses = 0; presses <= max; presses++) {
    if (await hasFocus(target)) return presses
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab')
    const stop = await focusedStop(page)
    if (stop?.hidden)
      expect.soft(stop.hidden, `focus on ${stop.stop}, on the way to ${String(target)}`).toBe('')
  }
  const focused = await page.evaluate(() => {
    const el = document.activeElement
    return el
      ? `${el.tagName.toLowerCase()} “${(el.textContent ?? '').trim().slice(0, 60)}”`
      : 'nothing'
  })
  throw new Error(
    `${String(target)} was not reached with ${max} presses of Tab (focus: ${focused})`,
  )
}

/** Tabs to `target` and presses `key` on it (Enter by default). */
export async function press(page: Page, target: Locator, key = 'Enter', max?: number) {
  await tabTo(page, target, max === undefined ? {} : { max })
  await page.keyboard.press(key)
}

/**
 * The focused element shows where it is: a solid outline at least 2 px wide, or a box
 * shadow, not transparent. What a sighted keyboard user relies on (WCAG 2.4.7).
 */
export async function expectFocusVisible(page: Page, what: string) {
  const ring = await page.evaluate(() => {
    const el = document.activeElement
    if (!el || el === document.body) return { element: 'body', visible: false, style: '' }
    const style = getComputedStyle(el)
    const outline =
      style.outlineStyle !== 'none' &&
      parseFloat(style.outlineWidth) >= 2 &&
      !/rgba\(.*, 0\)|transparent/.test(style.outlineColor)
    const shadow = style.boxShadow !== 'none' && style.boxShadow !== ''
    return {
      element: `${el.tagName.toLowerCase()} “${(el.textContent ?? '').trim().slice(0, 40)}”`,
      visible: outline || shadow,
      style: `outline: ${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}; box-shadow: ${style.boxShadow}`,
    }
  })
  expect(ring.visible, `focus ring on ${ring.element} (${what}): ${ring.style}`).toBe(true)
}

/** The focused element is `target`. */
export async function expectFocusOn(target: Locator, what: string) {
  await expect.poll(() => hasFocus(target), { message: `focus on ${what}` }).toBe(true)
}
