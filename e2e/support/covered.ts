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
 * The measure of `focusedStop`, run in the page: self-contained (it is also sent as source, to
 * run at each Tab of `tabThroughScreen`).
 */
function measureFocusedStop(withLabel: boolean): { stop: string; hidden: string } | null {
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
  const own = (el.getBoundingClientRect().width <= 1 && label ? label : el).getBoundingClientRect()
  const named = withLabel && label ? label.getBoundingClientRect() : own
  const left = Math.min(own.left, named.left)
  const right = Math.max(own.right, named.right)
  const top = Math.min(own.top, named.top)
  const bottom = Math.max(own.bottom, named.bottom)
  const box = { left, right, top, bottom, width: right - left, height: bottom - top }
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
}

/**
 * Whether the focused element is fully on the screen and nothing fixed or sticky (that does
 * not hold it) overlaps it; of a control taller than half the screen, its first 48 px.
 * `withLabel`: the element and its label, as one box (a field focused after an error must
 * show which field it is). `null`: focus is on no element (the end of the page).
 */
export async function focusedStop(
  page: Page,
  { withLabel = false } = {},
): Promise<{ stop: string; hidden: string } | null> {
  return page.evaluate(measureFocusedStop, withLabel)
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
  // browser's starting point for Tab at the top of the body. Each Tab's stop is measured in
  // the page as its key comes up (after the focus moved and the page scrolled to it), so a
  // press costs one round trip, not two.
  await page.evaluate(
    `(() => {
      document.activeElement?.blur?.()
      window.getSelection()?.collapse(document.body, 0)
      window.scrollTo(0, 0)
      window.__pinned = [...document.querySelectorAll('body *')].filter((e) =>
        /fixed|sticky/.test(getComputedStyle(e).position),
      )
      const measure = ${measureFocusedStop.toString()}
      window.__tabStops = []
      window.__onTabUp = (event) => {
        if (event.key === 'Tab') window.__tabStops.push(measure(false))
      }
      document.addEventListener('keyup', window.__onTabUp, true)
    })()`,
  )
  const stops: string[] = []
  const hidden: HiddenStop[] = []
  // The keys go over the DevTools protocol in batches (Chromium handles them in order, each
  // with its focus move before the next): the walk is the page's time, not round trips'.
  const cdp = await page.context().newCDPSession(page)
  const tab = { key: 'Tab', code: 'Tab', windowsVirtualKeyCode: 9, nativeVirtualKeyCode: 9 }
  const BATCH = 10
  let done = false
  for (let pressed = 0; pressed < max && !done;) {
    const keys: Array<Promise<unknown>> = []
    for (let i = 0; i < BATCH && pressed < max; i++, pressed++)
      keys.push(
        cdp.send('Input.dispatchKeyEvent', { type: 'keyDown', ...tab }),
        cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...tab }),
      )
    await Promise.all(keys)
    const seen = (await page.evaluate(() =>
      (window as { __tabStops?: unknown[] }).__tabStops!.splice(0),
    )) as Array<{ stop: string; hidden: string } | null>
    for (const now of seen) {
      if (!now || (stops.length > 0 && now.stop === stops[0])) {
        done = true
        break
      }
      stops.push(now.stop)
      if (now.hidden) hidden.push({ stop: now.stop, why: now.hidden })
    }
  }
  await cdp.detach()
  await page.evaluate(() => {
    const w = window as {
      __pinned?: HTMLElement[]
      __tabStops?: unknown[]
      __onTabUp?: (event: KeyboardEvent) => void
    }
    if (w.__onTabUp) document.removeEventListener('keyup', w.__onTabUp, true)
    delete w.__pinned
    delete w.__tabStops
    delete w.__onTabUp
  })
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
