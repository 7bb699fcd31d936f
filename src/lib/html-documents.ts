/**
 * Which HTML document answers a navigation: the build prerenders the signed-out screens and a
 * shell for each tab of the signed-in app (scripts/prerender.ts), and writes the table of
 * route patterns to documents as `html-documents.json` beside them. The start server
 * (scripts/serve.ts), the service worker and the static-host example (README) all answer a
 * navigation with `documentFor(pathname, table)`; nothing else decides it.
 *
 * Patterns are React Router's, after the build expanded optional segments: `/tasks/:slug`
 * (one segment for each `:param`), `/oppy/*` (any rest). The most specific pattern wins, as in
 * React Router: a static segment beats a parameter, which beats a splat (lib/route-patterns).
 */
import { bestMatch, matchPattern } from './route-patterns'

/** Written by the build: `dist/html-documents.json`. */
export const HTML_DOCUMENTS_FILE = 'html-documents.json'

/** The document a navigation falls back to: the app with an empty root (the visit screens). */
export const FALLBACK_DOCUMENT = 'index.html'

export type HtmlDocumentTable = {
  /** Route pattern → document file, relative to the build's root (`login.html`). */
  routes: Array<{ pattern: string; document: string }>
  /** Hashes of the inline `<style>` blocks, for the Content-Security-Policy's style-src. */
  styleHashes: string[]
  /** Hashes of the inline `<script>` blocks (the browser check), for its script-src. */
  scriptHashes: string[]
}

/** How specific `pattern` is for `segments`, or null when it does not match them. */
export function matchScore(pattern: string, segments: readonly string[]): number | null {
  return matchPattern(pattern, segments)?.score ?? null
}

/** The document for a navigation to `pathname` (the app's own path, no base path). */
export function documentFor(pathname: string, table: Pick<HtmlDocumentTable, 'routes'>): string {
  return bestMatch(table.routes, pathname)?.document ?? FALLBACK_DOCUMENT
}
