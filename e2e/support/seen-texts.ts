/**
 * What the agent saw, moment by moment, in a real page: every text the first element matching
 * `selector` had, in order, from now on (the twin of src/test/seen-texts.ts). A test that
 * accepts several true states on the way (a photo "Aguardando conexão" or waiting for the retry
 * of a cut transfer) asserts the whole sequence — what came, in which order, what never came —
 * instead of waiting for "A or B" at one moment.
 *
 * A MutationObserver in the page reads the element after each change, before the browser
 * paints it. It lives as long as the document (a navigation ends it).
 */
import type { Page } from '@playwright/test'

declare global {
  interface Window {
    __seenTexts?: Record<string, string[]>
  }
}

export async function seenTexts(page: Page, selector: string) {
  await page.evaluate((selector) => {
    const seen = ((window.__seenTexts ??= {})[selector] = [] as string[])
    const read = () => {
      const text = document.querySelector(selector)?.textContent ?? undefined
      if (text !== undefined && text !== seen.at(-1)) seen.push(text)
    }
    new MutationObserver(read).observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    })
    read()
  }, selector)
  return {
    /** The element's texts so far, each change once, in the order shown. */
    texts: () => page.evaluate((selector) => [...(window.__seenTexts?.[selector] ?? [])], selector),
  }
}
