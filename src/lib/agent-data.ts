/**
 * Everything the app keeps on the device for the signed-in agent, and how to wipe it on
 * sign-out: the app's storage keys, the visit databases (IndexedDB) and any runtime cache.
 * (The query cache lives in memory; the sign-out page clears it.)
 *
 * The agent app and the demo share the origin, so each wipes only its own: the agent app
 * leaves the demo's keys (`avaliador.preview.…`) and databases (`avaliador-demo-…`,
 * `avaliador-agent-demo-…`) alone, and signing out inside the demo touches only the demo
 * agent's session and visit database, never the real agent's.
 *
 * Kept on purpose: Workbox's precache (`workbox-precache-…`), which holds the app's own
 * static files (scripts, styles, icons, index.html) and nothing of any agent; it is what
 * lets the next agent open the app with no signal. API responses are never cached by the
 * service worker.
 */
import { deviceStorage } from './device-storage'

const KEY_PREFIX = 'avaliador.'
const DEMO_KEY_PREFIX = 'avaliador.preview.'
const DEMO_SESSION_KEY = 'avaliador.preview.session'
/** Visit databases: `avaliador-agent-<agentId>`, the demo's `avaliador-agent-demo-<agentId>`. */
const AGENT_DB_PREFIX = 'avaliador-agent-'
const DEMO_AGENT_DB_PREFIX = 'avaliador-agent-demo-'
const STATIC_CACHE_PREFIX = 'workbox-precache'
/** A deletion blocked by a connection that does not close stops waiting after this. */
const DELETE_PATIENCE_MS = 3000

type Scope = { preview: boolean; agentId?: string | null | undefined }

function isAgentKey(key: string, { preview }: Scope) {
  if (preview) return key === DEMO_SESSION_KEY
  return key.startsWith(KEY_PREFIX) && !key.startsWith(DEMO_KEY_PREFIX)
}

function isAgentDatabase(name: string, { preview }: Scope) {
  if (preview) return name.startsWith(DEMO_AGENT_DB_PREFIX)
  return name.startsWith(AGENT_DB_PREFIX) && !name.startsWith(DEMO_AGENT_DB_PREFIX)
}

function deleteDatabase(name: string) {
  return new Promise<void>((resolve) => {
    const request = indexedDB.deleteDatabase(name)
    // Open connections close themselves when asked (the visit store's `blocking` handler);
    // `blocked` only means the deletion waits for that, so keep waiting, within reason.
    const timer = setTimeout(resolve, DELETE_PATIENCE_MS)
    request.onsuccess = request.onerror = () => {
      clearTimeout(timer)
      resolve()
    }
  })
}

async function agentDatabases(scope: Scope): Promise<string[]> {
  if ('databases' in indexedDB) {
    const listed = await indexedDB.databases().catch(() => undefined)
    if (listed) return listed.map((db) => db.name ?? '').filter((n) => isAgentDatabase(n, scope))
  }
  // No way to list them: at least the signed-in agent's own.
  if (!scope.agentId) return []
  return [`${scope.preview ? DEMO_AGENT_DB_PREFIX : AGENT_DB_PREFIX}${scope.agentId}`]
}

export async function clearAgentData(scope: Scope = { preview: false }) {
  for (const key of Object.keys(sessionStorage))
    if (isAgentKey(key, scope)) sessionStorage.removeItem(key)
  // localStorage and its crash-proof mirror: nothing of the agent comes back at the next start.
  await deviceStorage.removeWhere((key) => isAgentKey(key, scope))
  if (typeof indexedDB !== 'undefined')
    await Promise.all((await agentDatabases(scope)).map(deleteDatabase))
  // Runtime caches (none today) could hold API answers: only the static precache stays.
  if (!scope.preview && typeof caches !== 'undefined') {
    const names = await caches.keys().catch(() => [])
    await Promise.all(
      names.filter((n) => !n.startsWith(STATIC_CACHE_PREFIX)).map((n) => caches.delete(n)),
    )
  }
}
