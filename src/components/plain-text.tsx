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
