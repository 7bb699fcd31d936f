/**
 * What counts as text in what an agent types or pastes. Shared by every validator of free
 * text (and the fake backend): invisible characters do not make an answer, and characters
 * that are not text at all (C0/C1 controls, lone surrogates from a broken paste) are never
 * stored — PostgreSQL refuses NUL and a lone surrogate is not UTF-8.
 */

/** Controls other than white space (tab, line breaks, vertical tab, form feed), and lone UTF-16 surrogates. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const BROKEN = /[\u0000-\u0008\u000E-\u001F\u007F-\u009F]|\p{Cs}/gu
/** Format characters: zero-width spaces and joiners, bidi marks and overrides, BOM. */
const INVISIBLE = /\p{Cf}/gu

/**
 * Whether typed text shows anything: something is left once white space, control characters
 * and invisible format characters are set aside. A required answer made only of those is
 * still empty to the agent.
 */
export function hasVisibleText(text: string): boolean {
  return /[^\p{White_Space}\p{Cc}\p{Cf}\p{Cs}]/u.test(text)
}

/** Whether the text carries characters that are not text (controls, lone surrogates). */
export function hasBrokenChars(text: string): boolean {
  return new RegExp(BROKEN.source, 'u').test(text)
}

/** The text without controls and lone surrogates (tab and line breaks stay). */
export function withoutBrokenChars(text: string): string {
  return text.replace(BROKEN, '')
}

/** Characters the agent sees: code points, not counting invisible format characters. */
export function countVisibleChars(text: string): number {
  return [...text.replace(INVISIBLE, '')].length
}
