/**
 * Helpers for form tests with hostile input (issue #8): what an agent types or pastes, how to
 * put it in a field, and a watch for crashes (uncaught errors, the router's error boundary).
 *
 *   const crashes = watchForCrashes()
 *   await enter(user, field, FORM_INPUTS.paste10kB, 'paste')
 *   expectFieldError(field, /Informe/)
 *   expect(crashes()).toEqual([])
 */
import type { UserEvent } from '@testing-library/user-event'
import { expect, vi, afterEach, beforeEach } from 'vitest'
import { HOSTILE_SAMPLES, repeatTo } from './hostile-strings'

/** Hostile values for a form field, short enough to type or long enough to need a paste. */
export const FORM_INPUTS = {
  /** ZWJ family, skin tone, flag. */
  emoji: '👨‍👩‍👧‍👦 👍🏽 🇧🇷',
  /** Arabic letters and a right-to-left override. */
  rtl: 'محمد \u202Eabc',
  /** Zero-width and control characters only. */
  invisible: '\u200B\u200C\u0007',
  /** Markup that must stay text. */
  markup: '<img src=x onerror=alert(1)>',
  /** A 10 kB paste of everything at once. */
  paste10kB: HOSTILE_SAMPLES['10 kB mixed'],
  /** A 10 kB paste of digits (for numeric fields). */
  digits10kB: repeatTo('1234567890'),
} as const

/** Replaces the field's content by typing (key by key) or pasting (one clipboard paste). */
export async function enter(
  user: UserEvent,
  field: HTMLElement,
  value: string,
  how: 'type' | 'paste' = 'type',
) {
  await user.clear(field)
  if (value === '') return
  if (how === 'paste') {
    await user.click(field)
    await user.paste(value)
  } else await user.type(field, value)
}

/** The field is marked invalid and its message (announced with it) matches. */
export function expectFieldError(field: HTMLElement, message: string | RegExp) {
  expect(field).toHaveAttribute('aria-invalid', 'true')
  expect(field).toHaveAccessibleDescription(
    typeof message === 'string' ? new RegExp(escapeRegExp(message)) : message,
  )
}

function escapeRegExp(text: string) {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/**
 * Collects uncaught errors and the router's "caught the following error" reports during each
 * test; returns a getter. Also hides React Router's warning about malformed percent-encoding.
 */
export function watchForCrashes(): () => string[] {
  let crashes: string[] = []
  const onError = (event: ErrorEvent) => crashes.push(String(event.error ?? event.message))
  beforeEach(() => {
    crashes = []
    window.addEventListener('error', onError)
    const error = console.error.bind(console)
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      const text = args.map(String).join(' ')
      if (/caught the following error|Uncaught|URIError|above error occurred/i.test(text))
        crashes.push(text.slice(0, 300))
      error(...args)
    })
    // React Router warns (and recovers) on each malformed percent-encoding: expected here.
    const warn = console.warn.bind(console)
    vi.spyOn(console, 'warn').mockImplementation((...args: unknown[]) => {
      if (!String(args[0]).includes('could not be decoded')) warn(...args)
    })
  })
  afterEach(() => {
    window.removeEventListener('error', onError)
    vi.restoreAllMocks()
  })
  return () => crashes
}
