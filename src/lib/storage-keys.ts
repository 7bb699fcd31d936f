/**
 * Every name the app keeps data under on the device — localStorage / sessionStorage keys,
 * IndexedDB databases, the BroadcastChannel — in one registry. Code builds its keys here and
 * nowhere else (an ESLint rule refuses `avaliador.`/`avaliador-` strings outside this file),
 * and sign-out (lib/agent-data.ts) walks the registry to wipe the agent's data, so a key added
 * here with its owner is wiped without anyone remembering to.
 *
 * One phone may be shared by several agents (decision 0023): an agent's kept work (a
 * visit's half-typed fields, its last server data, stopwatches, pendency answers) sits under
 * that agent's own prefix, `avaliador.agent.<agentId>.`, so a sign-out, a sign-in or an expiry
 * touches one agent's keys only, and one agent's screens never read another's.
 *
 * The agent app and the demo share the origin: the demo's names all carry `preview`/`demo`,
 * and each side wipes only its own (docs/decisions/0002-session-token-storage.md).
 */

/**
 * Whose data a key holds:
 * - `agent`: the signed-in session's own traces (the session, where to return, the push
 *   subscription as the server knows it…): wiped at sign-out and when the session ends;
 * - `work`: one agent's kept work, under that agent's prefix: kept when the session ends (to
 *   be sent after the next sign-in), wiped only at that agent's own sign-out;
 * - `demo`: the demo's;
 * - `device`: the phone's own (how far its clock is off, what the app already told it, whose
 *   work waits here, a sign-out still to reach the server): kept across agents.
 */
type Owner = 'agent' | 'work' | 'demo' | 'device'

type KeyEntry = { prefix: string; owner: Owner; area: 'local' | 'session' }

const registry = <T extends Record<string, KeyEntry>>(entries: T) => entries

/** Where every agent's own prefix starts: `avaliador.agent.<agentId>.`. */
const WORK_ROOT = 'avaliador.agent.'

/** localStorage (through lib/device-storage) and sessionStorage keys, by prefix. */
export const STORAGE_KEYS = registry({
  session: { prefix: 'avaliador.session', owner: 'agent', area: 'local' },
  pendingSignIn: { prefix: 'avaliador.pending-sign-in', owner: 'agent', area: 'session' },
  returnTo: { prefix: 'avaliador.return-to', owner: 'agent', area: 'session' },
  /** Where each history entry was scrolled to (React Router's ScrollRestoration). */
  scrollPositions: { prefix: 'avaliador.scroll-positions', owner: 'agent', area: 'session' },
  /** The screen the app reloaded once because its code was missing although online. */
  missingCodeReload: { prefix: 'avaliador.missing-code-reload', owner: 'device', area: 'session' },
  /** The `work` keys: a prefix each, after the agent's own (`avaliador.agent.<id>.visit-input.`). */
  visitInput: { prefix: 'visit-input.', owner: 'work', area: 'local' },
  visitSnapshot: { prefix: 'visit-snapshot.', owner: 'work', area: 'local' },
  receiptForm: { prefix: 'visit.receipt-form.', owner: 'work', area: 'local' },
  stopwatch: { prefix: 'stopwatch.', owner: 'work', area: 'local' },
  pendencyAnswers: { prefix: 'pendency-answers.', owner: 'work', area: 'local' },
  /**
   * What a visit database holds unsent, and what a deleted one lost (visit-store/unsent-record.ts),
   * one per database (`avaliador.unsent.<dbName>`): kept outside IndexedDB, across agents and an
   * ended session like the database it describes, and wiped with it at its agent's sign-out.
   */
  unsentRecord: { prefix: 'avaliador.unsent.', owner: 'device', area: 'local' },
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
  /** The app already said it works offline on this phone (src/lib/app-update.ts). */
  offlineReadyAnnounced: {
    prefix: 'avaliador.offline-ready-announced',
    owner: 'device',
    area: 'local',
  },
  /** Whose kept work waits on this phone for its agent to sign in again (src/lib/kept-work.ts). */
  keptWork: { prefix: 'avaliador.kept-work', owner: 'device', area: 'local' },
  /**
   * Sign-outs made with no connection, still to reach the server (src/lib/pending-sign-out.ts):
   * the ended sessions' tokens, the only place a token lives after its sign-out, until sent.
   */
  pendingSignOuts: { prefix: 'avaliador.pending-sign-outs', owner: 'device', area: 'local' },
  demoSession: { prefix: 'avaliador.preview.session', owner: 'demo', area: 'local' },
  demoPosition: { prefix: 'avaliador.preview.position', owner: 'demo', area: 'local' },
  demoOffline: { prefix: 'avaliador.preview.offline', owner: 'demo', area: 'local' },
  demoWorld: { prefix: 'avaliador.preview.world', owner: 'demo', area: 'local' },
  /** The demo agent's unsent record (as `unsentRecord`), wiped with the demo's visit database. */
  demoUnsentRecord: { prefix: 'avaliador.preview.unsent.', owner: 'demo', area: 'local' },
})

/**
 * An agent's own prefix. The id is written so that no agent's prefix is the start of another's
 * (`agt.1` never takes in `agt.10`'s keys).
 */
export const workPrefix = (scope: string) =>
  `${WORK_ROOT}${encodeURIComponent(scope).replaceAll('.', '%2E')}.`

let currentWorkScope: () => string | undefined = () => undefined
/**
 * lib/session says whose work the `work` keys are built for (the signed-in agent's, `demo-<id>`
 * in the demo); registered from there, as the session imports this registry.
 */
export function setWorkScope(scope: () => string | undefined) {
  currentWorkScope = scope
}

/** Keys of work when nobody has signed in on this page: no agent's, never read by one. */
const NOBODY = '-'
const workKey = (entry: KeyEntry, rest: string) =>
  `${workPrefix(currentWorkScope() ?? NOBODY)}${entry.prefix}${rest}`

/** The keys themselves, built from the registry's prefixes. */
export const storageKey = {
  session: (preview: boolean) =>
    preview ? STORAGE_KEYS.demoSession.prefix : STORAGE_KEYS.session.prefix,
  pendingSignIn: () => STORAGE_KEYS.pendingSignIn.prefix,
  returnTo: () => STORAGE_KEYS.returnTo.prefix,
  scrollPositions: () => STORAGE_KEYS.scrollPositions.prefix,
  /** A half-typed form field of a visit (`field` names it within the report or task). */
  visitInput: (id: string) => workKey(STORAGE_KEYS.visitInput, id),
  visitSnapshot: (slug: string) => workKey(STORAGE_KEYS.visitSnapshot, slug),
  receiptForm: (reportId: string) => workKey(STORAGE_KEYS.receiptForm, reportId),
  stopwatch: (taskId: string, code: string) => workKey(STORAGE_KEYS.stopwatch, `${taskId}.${code}`),
  pendencyAnswers: (revisionId: string) => workKey(STORAGE_KEYS.pendencyAnswers, revisionId),
  /** The unsent record of the visit database `dbName` (`avaliador-agent-<agentId>`, or the demo's). */
  unsentRecord: (dbName: string) =>
    `${dbName.startsWith(DEMO_VISIT_DB_PREFIX) ? STORAGE_KEYS.demoUnsentRecord.prefix : STORAGE_KEYS.unsentRecord.prefix}${dbName}`,
  bulletinAlertDismissed: () => STORAGE_KEYS.bulletinAlertDismissed.prefix,
  pushSubscription: () => STORAGE_KEYS.pushSubscription.prefix,
  clockOffset: () => STORAGE_KEYS.clockOffset.prefix,
  missingCodeReload: () => STORAGE_KEYS.missingCodeReload.prefix,
  offlineReadyAnnounced: () => STORAGE_KEYS.offlineReadyAnnounced.prefix,
  keptWork: () => STORAGE_KEYS.keptWork.prefix,
  pendingSignOuts: () => STORAGE_KEYS.pendingSignOuts.prefix,
  demoPosition: () => STORAGE_KEYS.demoPosition.prefix,
  demoOffline: () => STORAGE_KEYS.demoOffline.prefix,
  demoWorld: () => STORAGE_KEYS.demoWorld.prefix,
}

const ofOwner = (owner: Owner) =>
  Object.values(STORAGE_KEYS as Record<string, KeyEntry>).filter((e) => e.owner === owner)

/** A trace of the signed-in session (wiped at sign-out, and when the session ends). */
export const isSessionTrace = (key: string) =>
  ofOwner('agent').some((e) => key.startsWith(e.prefix))

/** One agent's kept work (`scope`: the agent's id, or `demo-<id>` in the demo). */
export const isWorkOf = (key: string, scope: string) => key.startsWith(workPrefix(scope))

/**
 * Kept work written by a version before work had an owner (`avaliador.visit-input.…`): whose
 * it is, the phone adopts once (lib/agent-data `adoptUnownedWork`).
 */
const UNOWNED_WORK_PREFIXES = ofOwner('work').map((e) => `avaliador.${e.prefix}`)
export const isUnownedWork = (key: string) => UNOWNED_WORK_PREFIXES.some((p) => key.startsWith(p))
/** Where unowned work moves to: the same key under `scope`'s prefix. */
export const ownedWorkKey = (key: string, scope: string) =>
  `${workPrefix(scope)}${key.slice('avaliador.'.length)}`

/**
 * The keys sign-out removes: the demo's session only (inside the demo), or the session's
 * traces and the signing-out agent's own work (`scope`) and the unsent record of the visit
 * database that goes with it, never another agent's.
 */
export function isWipedAtSignOut(
  key: string,
  { owner, scope }: { owner: 'agent' | 'demo'; scope?: string | undefined },
): boolean {
  // The demo's sign-out deletes its visit database: the record of what it held unsent goes too.
  if (owner === 'demo')
    return (
      key === STORAGE_KEYS.demoSession.prefix ||
      key.startsWith(STORAGE_KEYS.demoUnsentRecord.prefix)
    )
  return (
    isSessionTrace(key) ||
    (scope !== undefined &&
      (isWorkOf(key, scope) || key === storageKey.unsentRecord(DATABASES.visit(scope))))
  )
}

/** Every demo key (leaving the demo, or resetting it, removes them all), the demo agent's work too. */
export const isDemoKey = (key: string) =>
  ofOwner('demo').some((e) => key.startsWith(e.prefix)) || key.startsWith(`${WORK_ROOT}demo-`)

/** The prefixes of the phone's own keys (no agent's data: kept across sign-outs). */
export const DEVICE_KEY_PREFIXES = ofOwner('device').map((e) => e.prefix)

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
const DEMO_VISIT_DB_PREFIX = DATABASES.demoVisit('')
const DEMO_BACKEND_DB_PREFIX = DATABASES.demoBackend('')

/**
 * Databases sign-out deletes: the demo agent's visits (inside the demo), or the signing-out
 * agent's own visits and kept answers — never another agent's.
 */
export function isWipedDatabase(
  name: string,
  { owner, agentId }: { owner: 'agent' | 'demo'; agentId: string },
): boolean {
  if (owner === 'demo') return name === DATABASES.demoVisit(agentId)
  return name === DATABASES.visit(agentId) || name === DATABASES.queryCache(agentId)
}

/** A visit database of the agent app (not the demo's): whose, or undefined. */
export function visitDatabaseOwner(name: string): string | undefined {
  if (!name.startsWith(VISIT_DB_PREFIX) || name.startsWith(DEMO_VISIT_DB_PREFIX)) return undefined
  return name.slice(VISIT_DB_PREFIX.length) || undefined
}

/** Every database of the demo (its fake backend's and its agent's visits). */
export const isDemoDatabase = (name: string) =>
  name.startsWith(DEMO_BACKEND_DB_PREFIX) || name.startsWith(DEMO_VISIT_DB_PREFIX)

/**
 * The Web Lock under which waiting sign-outs are sent (lib/pending-sign-out): one sender at a
 * time across the tabs and the service worker, so a sign-out goes once.
 */
export const PENDING_SIGN_OUT_LOCK = 'avaliador-pending-sign-outs'

/**
 * The file lib/device-space writes in the origin's private file system (OPFS) to measure the
 * room left, deleted at once (a crash may leave it: the next measure removes it first).
 */
export const SPACE_PROBE_FILE = 'avaliador-space-probe'

/** The visit store's BroadcastChannel: tabs tell each other the store changed. */
export const VISIT_STORE_CHANNEL = 'avaliador-visit-store'
