/**
 * Whether typed text shows anything: something is left once white space, control characters
 * and invisible format characters (zero-width spaces, bidi marks, BOM) are set aside. A
 * required free-text answer made only of those is still empty to the agent.
 */
export function hasVisibleText(text: string): boolean {
  return /[^\p{White_Space}\p{Cc}\p{Cf}]/u.test(text)
}
