/**
 * A text field whose value is shown through a mask as it is typed (`formatPhoneMask`: "+55 (11)
 * 98765-4321"). Two things a plain `onChange={(e) => set(mask(e.target.value))}` gets wrong:
 *
 *  - the caret: the mask adds and drops characters, and the browser puts the caret at the end
 *    whenever the value is set. Here it stays after the same digits it was after
 *    (`applyMask`), so a digit typed or deleted in the middle stays where it was typed;
 *  - the keys typed before the app took over a prerendered screen (scripts/prerender.ts): the
 *    HTML field took them, unmasked. When React adopts the field (hydration, its first commit)
 *    it takes that value and caret as if just typed — in the same task, so no key typed meanwhile
 *    lands in between (issue #42: a caret set a frame later sent the next keys to the wrong place).
 */
import { useLayoutEffect, useRef } from 'react'
import { TextField, type TextFieldProps } from './text-field'

export type Mask = (typed: string) => string

/**
 * What `typed`, with the caret at `caret`, shows through `mask`: the masked value and where the
 * caret goes in it — after the digits the mask keeps of what was before the caret.
 */
export function applyMask(
  mask: Mask,
  typed: string,
  caret: number,
): { value: string; caret: number } {
  const value = mask(typed)
  // After the mask of what was before the caret (all of it, at the end): the same digits, in
  // the same groups (a mask of a part is the start of the mask of the whole). Else (a country
  // code read from the whole only) at the end.
  const before = mask(typed.slice(0, caret))
  return { value, caret: value.startsWith(before) ? before.length : value.length }
}

export type MaskedFieldProps = Omit<
  TextFieldProps,
  'value' | 'defaultValue' | 'onChange' | 'ref'
> & {
  mask: Mask
  /** The masked value. */
  value: string
  /** Called with the masked value as the agent types (never with an unmasked one). */
  onChange: (value: string) => void
}

export function MaskedField({ mask, value, onChange, ...rest }: MaskedFieldProps) {
  const input = useRef<HTMLInputElement>(null)

  /** Shows what the field holds through the mask, the caret after the same digits. */
  function take(field: HTMLInputElement) {
    const typed = field.value
    const next = applyMask(mask, typed, field.selectionStart ?? typed.length)
    // Set here, not by the render it causes: the caret must be placed after the value is (the
    // same value set again moves nothing).
    field.value = next.value
    if (document.activeElement === field) field.setSelectionRange(next.caret, next.caret)
    if (next.value !== value) onChange(next.value)
  }

  // At the first commit (hydration included): what the HTML field took before the app did.
  useLayoutEffect(() => {
    const field = input.current
    if (field && field.value !== value) take(field)
    // Once, when the field is adopted.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])

  return <TextField {...rest} ref={input} value={value} onChange={(e) => take(e.currentTarget)} />
}
