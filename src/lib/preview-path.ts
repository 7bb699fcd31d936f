/**
 * Where the demo lives: its router's basename, and the paths that start the demo instead of
 * the agent app (main.tsx, the generated boot of scripts/prerender.ts, scripts/serve.ts).
 */
export const PREVIEW_BASENAME = '/preview'

/** A path of the demo (`/preview`, `/preview/…`): the agent app's start never runs there. */
export function isPreviewPath(pathname: string): boolean {
  return pathname === PREVIEW_BASENAME || pathname.startsWith(`${PREVIEW_BASENAME}/`)
}
