/**
 * Every name the app keeps data under on the device — localStorage / sessionStorage keys,
 * IndexedDB databases, the BroadcastChannel — in one registry. Code builds its keys here and
 * nowhere else (an ESLint rule refuses `avaliador.`/`avaliador-` strings outside this file),
 * and sign-out (lib/agent-data.ts) walks `AGENT_KEYS` / `AGENT_DATABASES` to wipe the agent's
 * data, so a key added here with `wipe: 'agent'` is wiped without anyone remembering to.
 *
 * The agent app and the demo (/preview) share the origin: the demo's names all carry
 * `preview`/`demo`, and each side wipes only its own (docs/decisions/0002-token-storage.md).
 */

/**
 * Whose data a key holds: the signed-in agent's (wiped at sign-out), the demo's, or the
 * phone's own (how far its clock is off, what the app already told it: kept across agents).
 */
type Owner = 'agent' | 'demo' | 'device'

type KeyEntry = { prefix: string; owner: Owner; area: 'local' | 'session' }

const registry = <T extends Record<string, KeyEntry>>(entries: T) => entries

/** localStorage (through lib/device-storage) and sessionStorage keys, by prefix. */
export const STORAGE_KEYS = registry({
  session: { prefix: 'avaliador.session', owner: 'agent', area: 'local' },
  pendingSignIn: { prefix: 'avaliador.pending-sign-in', owner: 'agent', area: 'session' },
  returnTo: { prefix: 'avaliador.return-to', owner: 'agent', area: 'session' },
  /** Where each history entry was scrolled to (React Router's ScrollRestoration). */
  scrollPositions: { prefix: 'avaliador.scroll-positions', owner: 'agent', area: 'session' },
  /** The screen the app reloaded once because its code was missing although online. */
  missingCodeReload: { prefix: 'avaliador.missing-code-reload', owner: 'device', area: 'session' },
  visitInput: { prefix: 'avaliador.visit-input.', owner: 'agent', area: 'local' },
  visitSnapshot: { prefix: 'avaliador.visit-snapshot.', owner: 'agent', area: 'local' },
  receiptForm: { prefix: 'avaliador.visit.receipt-form.', owner: 'agent', area: 'local' },
  stopwatch: { prefix: 'avaliador.stopwatch.', owner: 'agent', area: 'local' },
  pendencyAnswers: { prefix: 'avaliador.pendency-answers.', owner: 'agent', area: 'local' },
  /**
   * What a visit database holds unsent, and what a deleted one lost (visit-store/unsent-record.ts):
   * kept outside IndexedDB, wiped with the database it describes.
   */
  unsentRecord: { prefix: 'avaliador.unsent.', owner: 'agent', area: 'local' },
  /** This device's push subscription as the server knows it: `{ id, endpoint }` (src/lib/push.ts). */
  pushSubscription: { prefix: 'avaliador.push-subscription', owner: 'agent', area: 'local' },
  /** How many unread bulletins the agent put the shell's alert away for. */
  bulletinAlertDismissed: {
    prefix: 'avaliador.bulletin-alert-dismissed',
    owner: 'agent',
    area: 'local',
  },
  /** How far this phone's clock is from the server's, in ms (src/lib/clock.ts). */
  clockOffset: { prefix: 'avaliador.clock-offset', owner: 'device', area: 'local' },
  /** The app already said it works offline on this phone (src/app/offline-ready.tsx). */
  offlineReadyAnnounced: {
    prefix: 'avaliador.offline-ready-announced',
    owner: 'device',
    area: 'local',
  },
  demoSession: { prefix: 'avaliador.preview.session', owner: 'demo', area: 'local' },
  demoPosition: { prefix: 'avaliador.preview.position', owner: 'demo', area: 'local' },
  demoOffline: { prefix: 'avaliador.preview.offline', owner: 'demo', area: 'local' },
  demoWorld: { prefix: 'avaliador.preview.world', owner: 'demo', area: 'local' },
  /** The demo agent's unsent record (as `unsentRecord`), wiped with the demo's visit database. */
  demoUnsentRecord: { prefix: 'avaliador.preview.unsent.', owner: 'demo', area: 'local' },
})

/** The keys themselves, built from the registry's prefixes. */
export const storageKey = {
  session: (preview: boolean) =>
    preview ? STORAGE_KEYS.demoSession.prefix : STORAGE_KEYS.session.prefix,
  pendingSignIn: () => STORAGE_KEYS.pendingSignIn.prefix,
  returnTo: () => STORAGE_KEYS.returnTo.prefix,
  scrollPositions: () => STORAGE_KEYS.scrollPositions.prefix,
  /** A half-typed form field of a visit (`field` names it within the report or task). */
  visitInput: (id: string) => `${STORAGE_KEYS.visitInput.prefix}${id}`,
  visitSnapshot: (slug: string) => `${STORAGE_KEYS.visitSnapshot.prefix}${slug}`,
  receiptForm: (reportId: string) => `${STORAGE_KEYS.receiptForm.prefix}${reportId}`,
  stopwatch: (taskId: string, code: string) => `${STORAGE_KEYS.stopwatch.prefix}${taskId}.${code}`,
  pendencyAnswers: (revisionId: string) => `${STORAGE_KEYS.pendencyAnswers.prefix}${revisionId}`,
  /** The unsent record of the visit database `dbName` (`avaliador-agent-<agentId>`, or the demo's). */
  unsentRecord: (dbName: string) =>
    `${dbName.startsWith(DEMO_VISIT_DB_PREFIX) ? STORAGE_KEYS.demoUnsentRecord.prefix : STORAGE_KEYS.unsentRecord.prefix}${dbName}`,
  bulletinAlertDismissed: () => STORAGE_KEYS.bulletinAlertDismissed.prefix,
  pushSubscription: () => STORAGE_KEYS.pushSubscription.prefix,
  clockOffset: () => STORAGE_KEYS.clockOffset.prefix,
  missingCodeReload: () => STORAGE_KEYS.missingCodeReload.prefix,
  offlineReadyAnnounced: () => STORAGE_KEYS.offlineReadyAnnounced.prefix,
  demoPosition: () => STORAGE_KEYS.demoPosition.prefix,
  demoOffline: () => STORAGE_KEYS.demoOffline.prefix,
  demoWorld: () => STORAGE_KEYS.demoWorld.prefix,
}

/** The keys sign-out removes for `owner` (the agent app's, or the demo's session only). */
export function isWipedAtSignOut(key: string, owner: Owner): boolean {
  // The demo's sign-out deletes its visit database: the record of what it held unsent goes too.
  if (owner === 'demo')
    return (
      key === STORAGE_KEYS.demoSession.prefix ||
      key.startsWith(STORAGE_KEYS.demoUnsentRecord.prefix)
    )
  return Object.values(STORAGE_KEYS).some((e) => e.owner === 'agent' && key.startsWith(e.prefix))
}

/** Every demo key (leaving the demo, or resetting it, removes them all). */
export const isDemoKey = (key: string) =>
  Object.values(STORAGE_KEYS).some((e) => e.owner === 'demo' && key.startsWith(e.prefix))

/** The prefixes of the phone's own keys (no agent's data: kept across sign-outs). */
export const DEVICE_KEY_PREFIXES = Object.values(STORAGE_KEYS)
  .filter((e) => e.owner === 'device')
  .map((e) => e.prefix)

/** IndexedDB databases. */
export const DATABASES = {
  /** The agent's visits (drafts, media, outbox): `avaliador-agent-<agentId>`. */
  visit: (agentId: string) => `avaliador-agent-${agentId}`,
  /** The demo agent's visits: `avaliador-agent-demo-<agentId>`. */
  demoVisit: (agentId: string) => `avaliador-agent-demo-${agentId}`,
  /** The demo's fake backend, one per seed and scenario. */
  demoBackend: (suffix: string) => `avaliador-demo-${suffix}`,
  /** The agent's last known server answers (lib/query-persistence): `avaliador-queries-<agentId>`. */
  queryCache: (agentId: string) => `avaliador-queries-${agentId}`,
  /** In `queryCache`: the object store, and the key of the one record (TanStack's client). */
  queryCacheStore: 'client',
  queryCacheRecord: 'query-cache',
  /** lib/device-storage's crash-proof mirror of localStorage (holds the keys above). */
  deviceStorage: 'avaliador-device-storage',
}

const VISIT_DB_PREFIX = DATABASES.visit('')
const QUERY_CACHE_DB_PREFIX = DATABASES.queryCache('')
const DEMO_VISIT_DB_PREFIX = DATABASES.demoVisit('')
const DEMO_BACKEND_DB_PREFIX = DATABASES.demoBackend('')

/** Databases sign-out deletes for `owner`. */
export function isWipedDatabase(name: string, owner: Owner): boolean {
  if (owner === 'demo') return name.startsWith(DEMO_VISIT_DB_PREFIX)
  if (name.startsWith(QUERY_CACHE_DB_PREFIX)) return true
  return name.startsWith(VISIT_DB_PREFIX) && !name.startsWith(DEMO_VISIT_DB_PREFIX)
}

/** Every database of the demo (its fake backend's and its agent's visits). */
export const isDemoDatabase = (name: string) =>
  name.startsWith(DEMO_BACKEND_DB_PREFIX) || name.startsWith(DEMO_VISIT_DB_PREFIX)

/**
 * The file lib/device-space writes in the origin's private file system (OPFS) to measure the
 * room left, deleted at once (a crash may leave it: the next measure removes it first).
 */
export const SPACE_PROBE_FILE = 'avaliador-space-probe'

/** The visit store's BroadcastChannel: tabs tell each other the store changed. */
export const VISIT_STORE_CHANNEL = 'avaliador-visit-store'
