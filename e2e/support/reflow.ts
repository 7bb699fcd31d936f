/**
 * A screen laid out for every phone and every hand (issue #37, WCAG 1.4.4, 1.4.10): what the
 * agent would see go wrong on a narrow screen or with a large font — the page scrolling
 * sideways, a control off the screen, text cut by a box, a word broken inside itself, the end
 * of the page under a bar — measured in the page.
 */
import { expect, type Page } from '@playwright/test'

/** A phone and a hand: its width and the browser's default font size (the phone's font scale). */
export type Hand = {
  name: string
  viewport: { width: number; height: number }
  /** Chromium's default font size in px: 16 normal, 18 Android's "Grande", 32 at 200%. */
  fontSize: number
}

export const HANDS = {
  phone: { name: '360×740', viewport: { width: 360, height: 740 }, fontSize: 16 },
  narrow: { name: '320 px wide', viewport: { width: 320, height: 740 }, fontSize: 16 },
  large: { name: 'text at 200%', viewport: { width: 360, height: 740 }, fontSize: 32 },
  grande: { name: 'text at Grande (18 px)', viewport: { width: 360, height: 740 }, fontSize: 18 },
} as const satisfies Record<string, Hand>

/**
 * Sets the browser's default font size (16 → `px`), as a phone's font scale does to a page
 * whose CSS is in rem and em. Holds for the page's later documents too (CDP, Chromium only).
 */
export async function setDefaultFontSize(page: Page, px: number) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Page.setFontSizes', { fontSizes: { standard: px, fixed: Math.round(px * 0.8) } })
}

/**
 * What makes the page as a whole scroll sideways: nothing (`[]`), or how far it scrolls and
 * the innermost elements that reach past the screen's right edge.
 */
export async function sidewaysOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement
    const over = root.scrollWidth - root.clientWidth
    if (over <= 0) return []
    const width = root.clientWidth
    const sticking = [...document.querySelectorAll<HTMLElement>('body *')].filter((el) => {
      const r = el.getBoundingClientRect()
      return r.width > 0 && r.right > width + 0.5
    })
    const innermost = sticking.filter((el) => !sticking.some((o) => o !== el && el.contains(o)))
    return [
      `${over} px sideways`,
      ...innermost
        .slice(0, 5)
        .map(
          (el) =>
            `${el.tagName.toLowerCase()}.${el.className} “${(el.textContent ?? '').trim().slice(0, 30)}” to ${Math.round(el.getBoundingClientRect().right)}`,
        ),
    ]
  })
}

/**
 * Texts cut off: an element whose own text overflows a box it cannot grow out of. `within`:
 * a CSS selector for the part of the page to look at (all of it by default).
 */
export async function clippedTexts(page: Page, within = 'body'): Promise<string[]> {
  return page.evaluate((within) => {
    const problems: string[] = []
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect()
      return r.width > 2 && r.height > 2 && getComputedStyle(el).visibility !== 'hidden'
    }
    for (const el of document.querySelectorAll<HTMLElement>(`${within}, ${within} *`)) {
      const ownText = [...el.childNodes].some(
        (n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '',
      )
      if (!ownText || !visible(el) || el.closest('[aria-hidden="true"], .visually-hidden')) continue
      const style = getComputedStyle(el)
      if (style.display === 'inline' || style.display === 'contents') continue
      // Form controls scroll their own text (a long value in a field is fine).
      if (el.matches('input, textarea, select, option')) continue
      // A few pixels are the glyphs' ascent and descent beyond a tight line height.
      const tall = el.scrollHeight > el.clientHeight + 4
      const wide = el.scrollWidth > el.clientWidth + 4
      if (tall || wide)
        problems.push(
          `${el.tagName.toLowerCase()}.${el.className} “${(el.textContent ?? '').trim().slice(0, 40)}” ${
            tall ? `height ${el.clientHeight} < ${el.scrollHeight}` : ''
          } ${wide ? `width ${el.clientWidth} < ${el.scrollWidth}` : ''}`.trim(),
        )
    }
    return problems
  }, within)
}

/**
 * Controls that stick out of the screen sideways, where no scrolling brings them in: a
 * control in a row that scrolls sideways by itself (the visit's pages) counts when the row
 * does not fit the screen.
 */
export async function controlsOffScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const selector =
      'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=switch], [tabindex]:not([tabindex="-1"])'
    const out: string[] = []
    const width = document.documentElement.clientWidth
    const outside = (r: DOMRect) => r.left < -0.5 || r.right > width + 0.5
    for (const el of document.querySelectorAll<HTMLElement>(selector)) {
      if (el.closest('[aria-hidden="true"], [inert]')) continue
      const style = getComputedStyle(el)
      if (style.visibility === 'hidden' || style.display === 'none') continue
      let r = el.getBoundingClientRect()
      const label = (el as HTMLInputElement).labels?.[0]
      if (r.width <= 1 && label) r = label.getBoundingClientRect()
      if (r.width <= 1 || r.height <= 1 || !outside(r)) continue
      let scroller: HTMLElement | null = el.parentElement
      while (scroller && !/auto|scroll/.test(getComputedStyle(scroller).overflowX))
        scroller = scroller.parentElement
      if (scroller && scroller !== document.documentElement && scroller !== document.body)
        if (!outside(scroller.getBoundingClientRect())) continue
      const name = (el.getAttribute('aria-label') ?? el.innerText ?? '').replace(/\s+/g, ' ')
      out.push(
        `${el.tagName.toLowerCase()} “${name.trim().slice(0, 40)}” (${Math.round(r.left)}–${Math.round(r.right)} of ${width})`,
      )
    }
    return out
  })
}

/**
 * Words broken inside themselves ("validaç / ão") although they would fit on a line of their
 * own. A word is measured against the widest line its text could have — the screen's width
 * less the padding, border and margin of each box around it — so a layout that squeezes it
 * (a column beside a button, a bubble beside an initial) is what fails, not a long word: one
 * wider than that (an e-mail address, a long URL) may break. Words are what lies between
 * spaces and hyphens (a line may end after "pós-"); a no-break space joins ("R$ 115,00"). A
 * word the browser hyphenated (`hyphens: auto`, where it has a dictionary) counts as not
 * broken. `within`: a CSS selector for the part of the page to look at.
 */
export async function brokenWords(page: Page, within = 'body'): Promise<string[]> {
  return page.evaluate((within) => {
    const out: string[] = []
    const px = (v: string) => Math.max(0, parseFloat(v) || 0)
    /** The widest line `el`'s text could have, were no neighbour to squeeze it. */
    const room = (el: Element) => {
      let width = document.documentElement.clientWidth
      for (
        let box: Element | null = el;
        box && box !== document.documentElement;
        box = box.parentElement
      ) {
        const style = getComputedStyle(box)
        if (/^inline/.test(style.display) && box === el) continue
        width -=
          px(style.paddingLeft) +
          px(style.paddingRight) +
          px(style.borderLeftWidth) +
          px(style.borderRightWidth) +
          px(style.marginLeft) +
          px(style.marginRight)
      }
      return width
    }
    const root = document.querySelector(within)
    if (!root) return out
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
    const range = document.createRange()
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement
      if (!parent || parent.closest('[aria-hidden="true"], .visually-hidden, script, style'))
        continue
      const style = getComputedStyle(parent)
      if (style.visibility === 'hidden' || style.hyphens === 'auto') continue
      const text = (node as Text).data
      // A no-break space joins ("R$ 115,00" is one unit, as the browser lays it out).
      for (const word of text.matchAll(
        /[^ \t\n\r\f\v\u2000-\u200a\u2028\u2029\u3000\-\u2010-\u2014/]+/g,
      )) {
        if (word[0].length < 4) continue
        range.setStart(node, word.index)
        range.setEnd(node, word.index + word[0].length)
        const rects = [...range.getClientRects()].filter((r) => r.width > 0)
        if (rects.length < 2) continue
        const lines = new Set(rects.map((r) => Math.round(r.top / 4)))
        if (lines.size < 2) continue
        const width = rects.reduce((sum, r) => sum + r.width, 0)
        if (width <= room(parent))
          out.push(
            `“${word[0]}” (${Math.round(width)} px, ${lines.size} lines) in ${parent.tagName.toLowerCase()}.${parent.className}`,
          )
      }
    }
    return out
  }, within)
}

/**
 * Scrolled to the very end, the screen's last content shows above every bar fixed at the
 * bottom (the navigation, the visit's status bar). Returns what is still under one. With a
 * modal dialog open (a sheet), the page under it is inert and covered on purpose: nothing to say.
 */
export async function endUnderBar(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    if (document.querySelector('dialog:modal')) return null
    window.scrollTo(0, document.documentElement.scrollHeight)
    const main = document.querySelector('main')
    if (!main) return null
    const pinned = (el: Element) => /fixed|sticky/.test(getComputedStyle(el).position)
    const inPinned = (el: Element) => {
      for (let e: Element | null = el; e; e = e.parentElement) if (pinned(e)) return true
      return false
    }
    const last = [...main.querySelectorAll('*')]
      .filter((el) => el.getBoundingClientRect().height > 0 && !inPinned(el))
      .at(-1)
    if (!last) return null
    const end = last.getBoundingClientRect().bottom
    for (const bar of document.querySelectorAll<HTMLElement>('body *')) {
      if (getComputedStyle(bar).position !== 'fixed' || bar.contains(last)) continue
      const b = bar.getBoundingClientRect()
      if (b.height < 1 || b.bottom < innerHeight - 1) continue
      if (end > b.top + 1)
        return `“${(last.textContent ?? '').trim().slice(0, 30)}” ends at ${Math.round(end)}, under the bar from ${Math.round(b.top)}`
    }
    return null
  })
}

/** The bottom navigation's five entries, each whole on the screen and at least 44 px square. */
export async function navigationEntriesOff(page: Page): Promise<string[]> {
  // One look in the page (a round trip per entry and per measure cost seconds a screen).
  const { count, out } = await page.evaluate(() => {
    const nav = [...document.querySelectorAll('nav')].find(
      (n) => n.getAttribute('aria-label') === 'Navegação principal',
    )
    const links = nav ? [...nav.querySelectorAll<HTMLElement>('a[href]')] : []
    const width = document.documentElement.clientWidth
    const out: string[] = []
    for (const link of links) {
      const name = link.getAttribute('aria-label') ?? link.innerText
      const box = link.getBoundingClientRect()
      const shown = box.width > 0 && box.height > 0
      if (!shown || box.x < -0.5 || box.x + box.width > width + 0.5)
        out.push(
          `${name}: off the screen (${shown ? `${Math.round(box.x)}+${Math.round(box.width)}` : 'no box'})`,
        )
      else if (box.width < 43.5 || box.height < 43.5)
        out.push(`${name}: ${Math.round(box.width)}×${Math.round(box.height)} px`)
    }
    return { count: links.length, out }
  })
  expect(count, 'the navigation’s entries').toBe(5)
  return out
}

/** Every layout check above, soft: one run lists every screen's problems. */
export async function expectReflows(page: Page, label: string) {
  expect.soft(await sidewaysOverflow(page), `${label}: scrolls sideways`).toEqual([])
  expect.soft(await controlsOffScreen(page), `${label}: controls off the screen`).toEqual([])
  expect.soft(await clippedTexts(page), `${label}: text cut off`).toEqual([])
  expect.soft(await brokenWords(page), `${label}: words broken inside`).toEqual([])
  expect.soft(await endUnderBar(page), `${label}: the end of the page under a bar`).toBeNull()
}
