/**
 * Server text shown as text: React escapes it, so markup in a body is never interpreted.
 * Each non-empty line becomes a paragraph.
 */
export function PlainTextParagraphs({ text, className }: { text: string; className?: string }) {
  const paragraphs = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
  return (
    <div className={className}>
      {paragraphs.map((paragraph, i) => (
        <p key={i}>{paragraph}</p>
      ))}
    </div>
  )
}

/** The first words of a text on one line, cut at a word boundary. */
export function excerptOf(text: string, maxChars = 110): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  if (flat.length <= maxChars) return flat
  const cut = flat.slice(0, maxChars)
  const lastSpace = cut.lastIndexOf(' ')
  return `${(lastSpace > maxChars * 0.6 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`
}

/** True for a path inside this app (`/tasks/T-1`, `/event/task?id=…`), false for `//host` or a URL. */
export function isAppPath(link: string): boolean {
  return link.startsWith('/') && !link.startsWith('//') && !link.startsWith('/\\')
}

/** True for an https address outside the app (opened in a new tab). */
export function isExternalHttpsLink(link: string): boolean {
  try {
    return new URL(link).protocol === 'https:'
  } catch {
    return false
  }
}
