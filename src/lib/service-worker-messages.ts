/** What the service worker (src/worker/sw.ts) and the app's windows say to each other. */

/** Where the built worker is (vite.config.ts builds src/worker/sw.ts there) and what it serves. */
export const SERVICE_WORKER_SCRIPT = '/sw.js'
export const SERVICE_WORKER_SCOPE = '/'

/** `{ type: SKIP_WAITING_MESSAGE }`: "Atualizar" asks the waiting worker to take over. */
export const SKIP_WAITING_MESSAGE = 'SKIP_WAITING'

/** `{ type: OPEN_PATH_MESSAGE, path }`: a tapped notification asks a window to open `path`. */
export const OPEN_PATH_MESSAGE = 'avaliador:open'
