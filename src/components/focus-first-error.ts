/**
 * After a refused submit, focus goes to the first field marked invalid — and the agent sees
 * which field it is. The browser scrolls a focused control just into view, flush under the
 * pinned parts (the page's scroll-padding), leaving its label and hint above the screen's edge
 * (issue #42: the CPF field at the top, "CPF do titular" above it). Here the field is
 * focused without that scroll, and its whole box — label, hint, control and message — is
 * brought into view instead (still inside the scroll-padding: never under a pinned bar).
 */
import { useCallback, useEffect, useState, type RefObject } from 'react'

/**
 * `focusFirstError()`, to call when a submit is refused: after the render that marks the
 * fields invalid, the first `[aria-invalid="true"]` inside `form` takes focus, with its label
 * on the screen.
 */
export function useFocusFirstError(form: RefObject<HTMLElement | null>): () => void {
  // Bumped on each refused submit; the focus moves once the fields say they are invalid.
  const [request, setRequest] = useState(0)
  useEffect(() => {
    if (request === 0) return
    const field = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')
    if (field) focusShowingLabel(field)
  }, [request, form])
  return useCallback(() => setRequest((n) => n + 1), [])
}

/** Focuses `field` and scrolls so that what names it (its label, a group's legend) shows too. */
export function focusShowingLabel(field: HTMLElement) {
  field.focus({ preventScroll: true })
  // (jsdom has no scrolling.) The field itself too, when the whole is taller than the screen.
  namedBox(field).scrollIntoView?.({ block: 'nearest' })
  field.scrollIntoView?.({ block: 'nearest' })
}

/** The smallest box that holds `field` and what names it. */
function namedBox(field: HTMLElement): Element {
  // A radio or checkbox of a group is named by the group's legend.
  const group = field.closest('fieldset')
  if (group?.querySelector(':scope > legend') && /^(radio|checkbox)$/.test(typeOf(field)))
    return group
  const label = (field as HTMLInputElement).labels?.[0]
  let box: Element = field
  if (label) while (box.parentElement && !box.contains(label)) box = box.parentElement
  return box
}

function typeOf(field: HTMLElement) {
  return field instanceof HTMLInputElement ? field.type : ''
}
