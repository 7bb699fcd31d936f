/**
 * Which HTML document answers a navigation: the build prerenders the signed-out screens and a
 * shell for each tab of the signed-in app (scripts/prerender.ts), and writes the table of
 * route patterns to documents as `html-documents.json` beside them. The start server
 * (scripts/serve.ts), the service worker and the static-host example (README) all answer a
 * navigation with `documentFor(pathname, table)`; nothing else decides it.
 *
 * Patterns are React Router's, after the build expanded optional segments: `/tasks/:slug`
 * (one segment for each `:param`), `/oppy/*` (any rest). The most specific pattern wins, as in
 * React Router: a static segment beats a parameter, which beats a splat.
 */

/** Written by the build: `dist/html-documents.json`. */
export const HTML_DOCUMENTS_FILE = 'html-documents.json'

/** The document a navigation falls back to: the app with an empty root (the visit screens). */
export const FALLBACK_DOCUMENT = 'index.html'

export type HtmlDocumentTable = {
  /** Route pattern → document file, relative to the build's root (`login.html`). */
  routes: Array<{ pattern: string; document: string }>
  /** Hashes of the inline `<style>` blocks, for the Content-Security-Policy's style-src. */
  styleHashes: string[]
}

const SEGMENT_SCORE = { static: 10, param: 3, splat: -2 }

/** How specific `pattern` is for `segments`, or null when it does not match them. */
export function matchScore(pattern: string, segments: readonly string[]): number | null {
  const parts = pattern.split('/').filter(Boolean)
  let score = 0
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!
    if (part === '*') return score + SEGMENT_SCORE.splat
    const segment = segments[i]
    if (segment === undefined) return null
    if (part.startsWith(':')) score += SEGMENT_SCORE.param
    else if (part === segment) score += SEGMENT_SCORE.static
    else return null
  }
  return parts.length === segments.length ? score : null
}

/** The document for a navigation to `pathname` (the app's own path, no base path). */
export function documentFor(pathname: string, table: Pick<HtmlDocumentTable, 'routes'>): string {
  let segments: string[]
  try {
    segments = pathname.split('/').filter(Boolean).map(decodeURIComponent)
  } catch {
    return FALLBACK_DOCUMENT
  }
  let best: { score: number; document: string } | undefined
  for (const { pattern, document } of table.routes) {
    const score = matchScore(pattern, segments)
    if (score !== null && (!best || score > best.score)) best = { score, document }
  }
  return best?.document ?? FALLBACK_DOCUMENT
}
