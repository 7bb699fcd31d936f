/**
 * Everything the app keeps on the device for the signed-in agent, and how to wipe it on
 * sign-out: the storage keys and visit databases of the registry in ./storage-keys (walked,
 * not listed here) and any runtime cache.
 * The query cache in memory is cleared by the sign-out page; its copy on the device
 * (lib/query-persistence, one database per agent) is one of the databases wiped here.
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
import { DATABASES, isWipedAtSignOut, isWipedDatabase } from './storage-keys'

const STATIC_CACHE_PREFIX = 'workbox-precache'
/** A deletion blocked by a connection that does not close stops waiting after this. */
const DELETE_PATIENCE_MS = 3000

type Scope = { preview: boolean; agentId?: string | null | undefined }

const ownerOf = ({ preview }: Scope) => (preview ? 'demo' : 'agent')

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
    if (listed)
      return listed.map((db) => db.name ?? '').filter((n) => isWipedDatabase(n, ownerOf(scope)))
  }
  // No way to list them: at least the signed-in agent's own.
  if (!scope.agentId) return []
  if (scope.preview) return [DATABASES.demoVisit(scope.agentId)]
  return [DATABASES.visit(scope.agentId), DATABASES.queryCache(scope.agentId)]
}

export async function clearAgentData(scope: Scope = { preview: false }) {
  for (const key of Object.keys(sessionStorage))
    if (isWipedAtSignOut(key, ownerOf(scope))) sessionStorage.removeItem(key)
  // localStorage and its crash-proof mirror: nothing of the agent comes back at the next start.
  await deviceStorage.removeWhere((key) => isWipedAtSignOut(key, ownerOf(scope)))
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
