/** What the service worker (src/worker/sw.ts) and the app's windows say to each other. */

/** `{ type: OPEN_PATH_MESSAGE, path }`: a tapped notification asks a window to open `path`. */
export const OPEN_PATH_MESSAGE = 'avaliador:open'
