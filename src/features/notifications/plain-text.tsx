export { PlainTextParagraphs } from '@/components/plain-text'
export { isAppPath } from '@/lib/app-path'

/** The first words of a text on one line, cut at a word boundary. */
export function excerptOf(text: string, maxChars = 110): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  if (flat.length <= maxChars) return flat
  const cut = flat.slice(0, maxChars)
  const lastSpace = cut.lastIndexOf(' ')
  return `${(lastSpace > maxChars * 0.6 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`
}

/** True for an https address outside the app (opened in a new tab). */
export function isExternalHttpsLink(link: string): boolean {
  try {
    return new URL(link).protocol === 'https:'
  } catch {
    return false
  }
}
