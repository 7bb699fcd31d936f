/**
 * The room the screen's pinned parts take at its top and bottom — the bottom navigation, the
 * visit's status bar, the visit's sticky header, the chat's answer box — measured as they
 * are, and written on the root element for CSS (src/styles/global.css):
 *
 * - `--room-top` / `--room-bottom`: the `scroll-padding` of the page, so that the browser
 *   never scrolls a focused control (Tab) or a scrolled-to one under them (WCAG 2.2 SC 2.4.11);
 * - `--bottom-bar-height`: the bar at the bottom of the screen, whose place a short message
 *   takes while it shows (components/snackbar), and which the page keeps free at its end;
 * - `--top-bar-height`: a bar over everything at the top (the demo's banner), under which a
 *   sticky header sticks.
 *
 * A part counts while it is `position: fixed` or `sticky` (a header that scrolls away with
 * the page at a large text size takes no room). Sizes are read again when a part changes size
 * (its text wraps, a line comes or goes) and when the window does.
 */
import { useCallback, useRef } from 'react'

export type ScreenEdge = 'top' | 'bottom'

type Part = { edge: ScreenEdge; bar: boolean }

const parts = new Map<HTMLElement, Part>()
let resizes: ResizeObserver | undefined

function measure() {
  const room = { top: 0, bottom: 0 }
  const bar = { top: 0, bottom: 0 }
  for (const [element, part] of parts) {
    const style = getComputedStyle(element)
    if (!/fixed|sticky/.test(style.position) || style.display === 'none') continue
    const height = element.getBoundingClientRect().height
    room[part.edge] += height
    if (part.bar) bar[part.edge] = Math.max(bar[part.edge], height)
  }
  const root = document.documentElement.style
  root.setProperty('--room-top', `${Math.ceil(room.top)}px`)
  root.setProperty('--room-bottom', `${Math.ceil(room.bottom)}px`)
  for (const edge of ['top', 'bottom'] as const)
    if (bar[edge] > 0) root.setProperty(`--${edge}-bar-height`, `${Math.ceil(bar[edge])}px`)
    else root.removeProperty(`--${edge}-bar-height`)
}

function add(element: HTMLElement, part: Part) {
  if (parts.size === 0) {
    resizes = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(measure)
    window.addEventListener('resize', measure)
  }
  parts.set(element, part)
  resizes?.observe(element)
  measure()
}

function remove(element: HTMLElement) {
  parts.delete(element)
  resizes?.unobserve(element)
  if (parts.size === 0) {
    resizes?.disconnect()
    resizes = undefined
    window.removeEventListener('resize', measure)
  }
  measure()
}

/**
 * A ref for a part pinned to an edge of the screen. `bar`: it is the screen's bar on that
 * edge (at the bottom, a message takes its place while it shows; at the top, sticky headers
 * stick under it).
 */
export function useScreenRoom<T extends HTMLElement>(edge: ScreenEdge, { bar = false } = {}) {
  const current = useRef<T | null>(null)
  return useCallback(
    (element: T | null) => {
      if (current.current) remove(current.current)
      current.current = element
      if (element) add(element, { edge, bar })
    },
    [edge, bar],
  )
}
