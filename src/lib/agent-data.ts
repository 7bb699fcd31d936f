/**
 * What the app keeps on the device for an agent, and what each end of a session does with it
 * (decision 0023: one phone, several agents):
 *
 * - **Sign-out** (`clearAgentData`) wipes the session's traces (the session-lifetime keys of
 *   ./storage-keys), the signing-out agent's own work (the keys under that agent's prefix),
 *   that agent's visit database and kept answers, any runtime cache, and the agent's line in
 *   ./kept-work. Never another agent's: a second agent's sign-out leaves the first's kept visit
 *   where it is.
 * - **An ended session** (`endSessionKeepingWork`: a 401, the session expired) wipes the
 *   session's traces only: the agent's work and databases stay, to be sent after the agent's
 *   next sign-in, and ./kept-work notes whose they are.
 * - **A sign-in** touches nothing of anyone else; it adopts, once, work an older version kept
 *   without an owner (`adoptUnownedWork`).
 *
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
import { forgetKeptWork, noteKeptWork, type KeptWork } from './kept-work'
import {
  DATABASES,
  isSessionTrace,
  isUnownedWork,
  isWipedAtSignOut,
  isWipedDatabase,
  ownedWorkKey,
  visitDatabaseOwner,
} from './storage-keys'

const STATIC_CACHE_PREFIX = 'workbox-precache'
/** A deletion blocked by a connection that does not close stops waiting after this. */
const DELETE_PATIENCE_MS = 3000

type Scope = { preview: boolean; agentId?: string | null | undefined }

const ownerOf = ({ preview }: Scope) => (preview ? 'demo' : 'agent')
/** Whose work keys an agent's are: the agent's id, `demo-<id>` in the demo (lib/session). */
const workScopeOf = ({ preview, agentId }: Scope) =>
  agentId ? (preview ? `demo-${agentId}` : agentId) : undefined

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

/** The signing-out agent's own databases (named by the agent's id: no listing needed). */
function agentDatabases(scope: Scope): string[] {
  const { agentId } = scope
  if (!agentId) return []
  const owner = ownerOf(scope)
  return [DATABASES.visit(agentId), DATABASES.queryCache(agentId), DATABASES.demoVisit(agentId)]
    .filter((name, i, all) => all.indexOf(name) === i)
    .filter((name) => isWipedDatabase(name, { owner, agentId }))
}

/** Sign-out: the session's traces and everything of this one agent leave the phone. */
export async function clearAgentData(scope: Scope = { preview: false }) {
  const wiped = (key: string) =>
    isWipedAtSignOut(key, { owner: ownerOf(scope), scope: workScopeOf(scope) })
  for (const key of Object.keys(sessionStorage)) if (wiped(key)) sessionStorage.removeItem(key)
  // localStorage and its crash-proof mirror: nothing of the agent comes back at the next start.
  await deviceStorage.removeWhere(wiped)
  if (typeof indexedDB !== 'undefined') await Promise.all(agentDatabases(scope).map(deleteDatabase))
  if (scope.preview) return
  if (scope.agentId) await forgetKeptWork(scope.agentId)
  // Runtime caches (none today) could hold API answers: only the static precache stays.
  if (typeof caches !== 'undefined') {
    const names = await caches.keys().catch(() => [])
    await Promise.all(
      names.filter((n) => !n.startsWith(STATIC_CACHE_PREFIX)).map((n) => caches.delete(n)),
    )
  }
}

/**
 * The session ended without a sign-out (the server refused it): its traces go, the agent's
 * work stays on the phone for the next sign-in, and when some of it is unsent the phone notes
 * whose it is (`work.visits`: visits with writes waiting).
 */
export async function endSessionKeepingWork(work: KeptWork) {
  for (const key of Object.keys(sessionStorage))
    if (isSessionTrace(key)) sessionStorage.removeItem(key)
  await deviceStorage.removeWhere(isSessionTrace)
  await noteKeptWork(work)
}

/**
 * Work kept by a version before work had an owner (`avaliador.visit-input.…`) moves under its
 * agent's prefix, once: the agent whose visit database is the only one on the phone (whose
 * session ended before the update), otherwise `agentId` (the one signed in).
 */
export async function adoptUnownedWork(agentId: string) {
  let keys: string[]
  try {
    keys = Object.keys(localStorage).filter(isUnownedWork)
  } catch {
    return
  }
  if (keys.length === 0) return
  let owner = agentId
  if (typeof indexedDB !== 'undefined' && 'databases' in indexedDB) {
    const owners = ((await indexedDB.databases().catch(() => [])) ?? [])
      .map((db) => visitDatabaseOwner(db.name ?? ''))
      .filter((id): id is string => id !== undefined)
    if (owners.length === 1) owner = owners[0]!
  }
  for (const key of keys) {
    const value = deviceStorage.get(key)
    if (value !== null) await deviceStorage.set(ownedWorkKey(key, owner), value)
    await deviceStorage.remove(key)
  }
}
