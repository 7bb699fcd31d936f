/**
 * The HTTP security headers of the agent app and the demo, in one place: scripts/serve.ts
 * sends them on every response, the end-to-end tests run the whole app under them (any CSP
 * violation fails a test, see e2e/support/test.ts), and the README's deployment section
 * copies `securityHeaders()` from here.
 *
 * The policy allows only what the built app does: scripts, styles, workers and the manifest
 * from its own origin (the manifest by `default-src`) (no eval; the only inline <script> is
 * the browser check every document runs first, src/app/floor-check.js, and the only inline
 * <style> blocks are the prerendered documents' critical CSS, each allowed by its hash), pictures and recordings
 * as blob:/data: URLs made on the device, API calls to its own origin (or to the API origin a
 * deployment names), and nothing may frame it.
 */

import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { HTML_DOCUMENTS_FILE, type HtmlDocumentTable } from '../src/lib/html-documents'

/** Where the production build calls its API when that is not the app's own origin. */
export type SecurityHeaderOptions = {
  /** e.g. `https://api.example` when built with VITE_API_BASE_URL=https://api.example/v1. */
  apiOrigin?: string
  /**
   * `'sha256-…'` of each prerendered document's inline <style> (the build writes them to
   * dist/html-documents.json: `documentHashesOfBuild`).
   */
  styleHashes?: readonly string[]
  /** `'sha256-…'` of the documents' inline <script> (the browser check), likewise. */
  scriptHashes?: readonly string[]
}

/** The hashes of the inline styles and scripts the build recorded, or none before a build. */
export function documentHashesOfBuild(dist: string): {
  styleHashes: string[]
  scriptHashes: string[]
} {
  try {
    const table = JSON.parse(
      readFileSync(join(dist, HTML_DOCUMENTS_FILE), 'utf8'),
    ) as Partial<HtmlDocumentTable>
    return { styleHashes: table.styleHashes ?? [], scriptHashes: table.scriptHashes ?? [] }
  } catch {
    return { styleHashes: [], scriptHashes: [] }
  }
}

export function contentSecurityPolicyDirectives(
  options: SecurityHeaderOptions = {},
): Array<[directive: string, ...sources: string[]]> {
  const api = options.apiOrigin ? [new URL(options.apiOrigin).origin] : []
  return [
    // Also the manifest's: `manifest-src 'self'` would say the same, and WebKit (every browser
    // on an iPhone) does not know the directive and logs an error on every load (issue #28).
    // Only directives every engine the agents use understands (CSP_DIRECTIVES_ALL_ENGINES).
    ['default-src', "'self'"],
    // No 'unsafe-inline', no 'unsafe-eval': only the bundled files run (zod runs jitless), and
    // the browser check inline in every document, by its hash.
    ['script-src', "'self'", ...(options.scriptHashes ?? [])],
    // React's style={{…}} goes through the CSSOM, which style-src does not govern; the
    // prerendered HTML carries no style="" attribute (scripts/prerender.ts refuses one).
    ['style-src', "'self'", ...(options.styleHashes ?? [])],
    // Evidence photos and receipts are shown from blob: URLs of the device's copies.
    ['img-src', "'self'", 'blob:', 'data:', ...api],
    // The recorded testimony plays from a blob: URL.
    ['media-src', "'self'", 'blob:', ...api],
    ['font-src', "'self'"],
    ['connect-src', "'self'", ...api],
    // The Workbox service worker, MSW's worker under /preview and the image compressor.
    ['worker-src', "'self'", 'blob:'],
    ['object-src', "'none'"],
    ['base-uri', "'none'"],
    ['frame-ancestors', "'none'"],
    ['form-action', "'self'"],
  ]
}

/**
 * The directives Chromium, Firefox and WebKit all understand (CSP Level 3 fetch, document
 * and navigation directives that WebKit 2.50 parses): a policy with any other makes some
 * engine log an error on every page.
 */
export const CSP_DIRECTIVES_ALL_ENGINES: readonly string[] = [
  'default-src',
  'script-src',
  'style-src',
  'img-src',
  'media-src',
  'font-src',
  'connect-src',
  'worker-src',
  'object-src',
  'base-uri',
  'frame-ancestors',
  'form-action',
  'frame-src',
  'child-src',
]

/** The Content-Security-Policy header value. */
export function contentSecurityPolicy(options: SecurityHeaderOptions = {}): string {
  return contentSecurityPolicyDirectives(options)
    .map((directive) => directive.join(' '))
    .join('; ')
}

/** Every security header the app's responses carry (HTML, assets, workers and the API). */
export function securityHeaders(options: SecurityHeaderOptions = {}): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(options),
    'X-Content-Type-Options': 'nosniff',
    // Nothing of the agent's screens (task slugs, notification paths) leaves in a Referer.
    'Referrer-Policy': 'no-referrer',
    // The visit needs the camera, the microphone and the position; nothing else, and no
    // framed page gets any of them.
    'Permissions-Policy':
      'camera=(self), microphone=(self), geolocation=(self), payment=(), usb=()',
    'Cross-Origin-Opener-Policy': 'same-origin',
    // For browsers that predate frame-ancestors.
    'X-Frame-Options': 'DENY',
  }
}
