/**
 * What the screen's fixed and sticky parts cover (issue #37): a keyboard focus stop hidden,
 * even partly, behind the bottom navigation, a sticky header or a floating message (WCAG 2.2
 * SC 2.4.11), and a control under a confirmation while it shows.
 *
 * Both are measured in the page, as the agent sees it: boxes on the screen, not the DOM's
 * order.
 */
import type { Page } from '@playwright/test'

/** A focus stop as the report names it: `tag “name”` and what covers it. */
export type HiddenStop = { stop: string; why: string }

/**
 * Whether the focused element is fully on the screen and nothing fixed or sticky (that does
 * not hold it) overlaps it; of a control taller than half the screen, its first 48 px.
 * `null`: focus is on no element (the end of the page).
 */
export async function focusedStop(page: Page): Promise<{ stop: string; hidden: string } | null> {
  return page.evaluate(() => {
    const el = document.activeElement
    if (!el || el === document.body || el === document.documentElement) return null
    const name = (el.getAttribute('aria-label') ?? (el as HTMLElement).innerText ?? '')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, 50)
    const stop = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''} “${name}”`
    // A visually hidden input (a checkbox drawn by its label, a file input behind its button)
    // is seen as its label.
    const label = (el as HTMLInputElement).labels?.[0]
    const box = (
      el.getBoundingClientRect().width <= 1 && label ? label : el
    ).getBoundingClientRect()
    // A control taller than half the screen (a whole card that is one link, at 200 %) cannot
    // show whole above the bars: its start, a finger's height of it, must.
    const r =
      box.height > innerHeight / 2
        ? {
            left: box.left,
            right: box.right,
            top: box.top,
            bottom: box.top + 48,
            width: box.width,
            height: 48,
          }
        : box
    const problems: string[] = []
    if (r.top < -0.5 || r.left < -0.5 || r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5)
      problems.push(
        `outside the screen (${Math.round(r.left)},${Math.round(r.top)} ${Math.round(r.width)}×${Math.round(r.height)})`,
      )
    // The screen's pinned parts (found once per screen by tabThroughScreen, else now).
    const pinned =
      (window as { __pinned?: HTMLElement[] }).__pinned ??
      [...document.querySelectorAll<HTMLElement>('body *')].filter((e) =>
        /fixed|sticky/.test(getComputedStyle(e).position),
      )
    // A modal dialog is in the browser's top layer, over every part of the page.
    const modal = el.closest('dialog')?.matches(':modal') ? el.closest('dialog') : null
    for (const cover of pinned) {
      const style = getComputedStyle(cover)
      if (!/fixed|sticky/.test(style.position)) continue
      if (cover.contains(el) || style.visibility === 'hidden' || style.display === 'none') continue
      if (modal && !modal.contains(cover)) continue
      const b = cover.getBoundingClientRect()
      const w = Math.min(r.right, b.right) - Math.max(r.left, b.left)
      const h = Math.min(r.bottom, b.bottom) - Math.max(r.top, b.top)
      if (w > 0.5 && h > 0.5)
        problems.push(
          `${Math.round(h)} px under ${cover.tagName.toLowerCase()} “${(cover.getAttribute('aria-label') ?? cover.innerText ?? '').replace(/\s+/g, ' ').trim().slice(0, 30)}”`,
        )
    }
    return { stop, hidden: problems.join('; ') }
  })
}

/**
 * Presses Tab from the top of the screen until focus leaves the page or comes back to the
 * first stop; returns every stop and those hidden (even partly). At most `max` presses.
 */
export async function tabThroughScreen(
  page: Page,
  max = 250,
): Promise<{ stops: string[]; hidden: HiddenStop[] }> {
  // From the document's start, as a keyboard user who just arrived: nothing focused, the
  // browser's starting point for Tab at the top of the body.
  await page.evaluate(() => {
    ;(document.activeElement as HTMLElement | null)?.blur?.()
    window.getSelection()?.collapse(document.body, 0)
    window.scrollTo(0, 0)
    ;(window as { __pinned?: HTMLElement[] }).__pinned = [
      ...document.querySelectorAll<HTMLElement>('body *'),
    ].filter((e) => /fixed|sticky/.test(getComputedStyle(e).position))
  })
  const stops: string[] = []
  const hidden: HiddenStop[] = []
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab')
    const now = await focusedStop(page)
    if (!now || (stops.length > 0 && now.stop === stops[0])) break
    stops.push(now.stop)
    if (now.hidden) hidden.push({ stop: now.stop, why: now.hidden })
  }
  await page.evaluate(() => delete (window as { __pinned?: HTMLElement[] }).__pinned)
  return { stops, hidden }
}

/** What `watchMessage` saw while the message showed. */
export type MessageWatch = {
  /** Frames in which the message was on the screen. */
  frames: number
  /** The message's box when it was first seen. */
  box: { top: number; bottom: number; left: number; right: number } | null
  /** Each enabled control it lay over, in any of those frames: `tag “name”`. */
  covered: string[]
}

declare global {
  interface Window {
    __messageWatch?: MessageWatch & { text: string; done: boolean }
  }
}

/**
 * From now on, at every frame, the controls that lie (even partly) under the element showing
 * `text` (a confirmation) — until it has shown and gone. Read it with `messageWatch`.
 * A control is enabled, shown and not inert; a checkbox drawn by its label counts as its label.
 * What the message covers where a bar fixed at the screen's edge is under it anyway (a row
 * scrolled half under the navigation) is not the message's doing and does not count.
 */
export async function watchMessage(page: Page, text: string) {
  await page.evaluate((text) => {
    const watch = { text, done: false, frames: 0, box: null, covered: [] } as NonNullable<
      Window['__messageWatch']
    >
    window.__messageWatch = watch
    const selector =
      'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=switch], [role=checkbox], [role=tab], [tabindex]:not([tabindex="-1"])'
    let fixedBars: HTMLElement[] | undefined
    const frame = () => {
      if (window.__messageWatch !== watch) return
      const message = [...document.querySelectorAll<HTMLElement>('[role=status] *')].find(
        (el) => el.textContent?.trim() === text && el.getBoundingClientRect().height > 0,
      )
      if (!message) {
        if (watch.frames > 0) {
          watch.done = true
          return
        }
        requestAnimationFrame(frame)
        return
      }
      watch.frames++
      const m = message.getBoundingClientRect()
      watch.box ??= { top: m.top, bottom: m.bottom, left: m.left, right: m.right }
      // The bars fixed at the screen's edges, found once (they stay while a message shows).
      fixedBars ??= [...document.querySelectorAll<HTMLElement>('body *')].filter(
        (el) =>
          !el.contains(message) &&
          getComputedStyle(el).position === 'fixed' &&
          getComputedStyle(el).visibility !== 'hidden',
      )
      const bars = fixedBars.map((el) => el.getBoundingClientRect())
      for (const el of document.querySelectorAll<HTMLElement>(selector)) {
        if (message.contains(el) || el.closest('[inert], [aria-hidden="true"]')) continue
        if ((el as HTMLButtonElement).disabled) continue
        const style = getComputedStyle(el)
        if (style.visibility === 'hidden' || style.display === 'none') continue
        let r = el.getBoundingClientRect()
        const label = (el as HTMLInputElement).labels?.[0]
        if (r.width <= 1 && label) r = label.getBoundingClientRect()
        if (r.width <= 1 || r.height <= 1) continue
        const under = {
          left: Math.max(r.left, m.left),
          right: Math.min(r.right, m.right),
          top: Math.max(r.top, m.top),
          bottom: Math.min(r.bottom, m.bottom),
        }
        if (under.right - under.left <= 0.5 || under.bottom - under.top <= 0.5) continue
        const underBar = bars.some(
          (b) =>
            b.left <= under.left + 0.5 &&
            b.right >= under.right - 0.5 &&
            b.top <= under.top + 0.5 &&
            b.bottom >= under.bottom - 0.5,
        )
        if (underBar) continue
        const name = (el.getAttribute('aria-label') ?? el.innerText ?? '')
          .replace(/\s+/g, ' ')
          .trim()
          .slice(0, 40)
        const what = `${el.tagName.toLowerCase()} “${name || (label?.innerText ?? '').trim()}”`
        if (!watch.covered.includes(what)) watch.covered.push(what)
      }
      requestAnimationFrame(frame)
    }
    requestAnimationFrame(frame)
  }, text)
}

/** What the watch saw, once the message has shown and gone (`null` before that). */
export async function messageWatch(page: Page): Promise<MessageWatch | null> {
  return page.evaluate(() => {
    const w = window.__messageWatch
    return w?.done ? { frames: w.frames, box: w.box, covered: w.covered } : null
  })
}
