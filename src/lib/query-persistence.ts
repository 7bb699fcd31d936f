/**
 * The agent's last known server data, kept on the phone so a reopened app paints the offers,
 * tasks and notifications it showed last time — at once, and with no signal at all — and then
 * refreshes them when the network answers (docs/decisions/0010-prerender-and-query-cache.md).
 *
 * - Per agent: one IndexedDB database a signed-in agent (`DATABASES.queryCache`), written
 *   only while that agent's session lasts and deleted by sign-out with everything else
 *   (lib/agent-data walks the registry).
 * - Never the demo: `/preview` has its own fake backend in the browser and persists nothing
 *   here.
 * - Versioned: the cache carries the build's API-shape hash (`QUERY_CACHE_BUSTER`, a hash of
 *   the types generated from openapi.yaml). A cache written by a build with other shapes is
 *   dropped, never handed to screens that would misread it.
 * - Only answers are kept: a query that never answered is asked again, and one whose refresh
 *   failed (the app opened with no signal) is kept as the answer it still shows — otherwise
 *   an offline open would wipe the offers from the phone for the next one.
 *
 * TanStack Query's own persistence core does the dehydrating, the age and buster checks and
 * the throttling; this module only says where (IndexedDB) and when (the agent's session).
 */
import {
  persistQueryClientRestore,
  persistQueryClientSave,
  type PersistedClient,
  type Persister,
} from '@tanstack/query-persist-client-core'
import type { DehydratedState, Query, QueryClient } from '@tanstack/react-query'
import { DATABASES } from './storage-keys'
import { mayBeFrozen, onFreeze, onResume, withDeadline } from './page-lifecycle'
import { deviceNow } from './clock'

/** The build's API-shape hash (vite.config.ts `define`); tests run with a fixed one. */
export const QUERY_CACHE_BUSTER: string =
  typeof __QUERY_CACHE_BUSTER__ === 'string' ? __QUERY_CACHE_BUSTER__ : 'dev'

/** How old a kept cache may be and still paint a screen: the queries' own gcTime. */
export const QUERY_CACHE_MAX_AGE_MS = 24 * 60 * 60_000

/** Writes are coalesced: at most one a second while answers arrive. */
const PERSIST_THROTTLE_MS = 1000

const STORE = DATABASES.queryCacheStore
const KEY = DATABASES.queryCacheRecord

function openCache(agentId: string, version?: number): Promise<IDBDatabase | null> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(null)
  return new Promise((resolve) => {
    let request: IDBOpenDBRequest
    try {
      request = indexedDB.open(DATABASES.queryCache(agentId), version)
    } catch {
      return resolve(null)
    }
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(STORE)) request.result.createObjectStore(STORE)
    }
    request.onsuccess = () => {
      const db = request.result
      // A database of this name without the store (made by something else): add the store.
      if (!db.objectStoreNames.contains(STORE)) {
        db.close()
        return resolve(version === undefined ? openCache(agentId, db.version + 1) : null)
      }
      // Sign-out deletes the database: let it.
      db.onversionchange = () => db.close()
      resolve(db)
    }
    request.onerror = () => resolve(null)
    request.onblocked = () => resolve(null)
  })
}

function run<T>(
  db: IDBDatabase | null,
  mode: IDBTransactionMode,
  act: (store: IDBObjectStore) => IDBRequest<T>,
  underWay?: Set<IDBTransaction>,
): Promise<T | undefined> {
  return new Promise((resolve) => {
    if (!db) return resolve(undefined)
    try {
      const tx = db.transaction(STORE, mode)
      underWay?.add(tx)
      const request = act(tx.objectStore(STORE))
      tx.oncomplete = () => {
        underWay?.delete(tx)
        resolve(request.result)
      }
      tx.onerror = tx.onabort = () => {
        underWay?.delete(tx)
        resolve(undefined)
      }
    } catch {
      // Closed by a sign-out in another tab, or storage blocked: nothing kept, nothing lost.
      resolve(undefined)
    }
  })
}

/** Kept: every query holding an answer, also one whose latest refresh failed. */
const holdsAnAnswer = (query: Query) => query.state.data !== undefined

/**
 * A query whose refresh failed is kept as its last answer: the failure (an Error, which may
 * not even be cloneable) belongs to that moment, not to the next start.
 */
export function asLastAnswer(
  query: DehydratedState['queries'][number],
): DehydratedState['queries'][number] {
  if (query.state.status !== 'error') return query
  return {
    ...query,
    state: {
      ...query.state,
      status: 'success',
      fetchStatus: 'idle',
      error: null,
      fetchFailureCount: 0,
      fetchFailureReason: null,
    },
  }
}

/**
 * A TanStack Query persister over the agent's cache database (structured clone, no JSON).
 * `release()` ends a write under way and lets the database go (the page may be frozen: see
 * lib/page-lifecycle); the next use opens it again.
 */
export function indexedDbPersister(
  agentId: string,
): Persister & { release(): void; close(): void } {
  let db: Promise<IDBDatabase | null> | undefined
  const open = () => (db ??= openCache(agentId))
  const writing = new Set<IDBTransaction>()
  const release = () => {
    for (const tx of writing) {
      try {
        tx.abort()
      } catch {
        // Already finished.
      }
    }
    writing.clear()
    const closing = db
    db = undefined
    void closing?.then((d) => d?.close())
  }
  return {
    async persistClient(client) {
      const queries = client.clientState.queries.map(asLastAnswer)
      const kept = { ...client, clientState: { ...client.clientState, queries } }
      await run(await open(), 'readwrite', (s) => s.put(kept, KEY), writing)
    },
    async restoreClient() {
      return run<PersistedClient | undefined>(await open(), 'readonly', (s) => s.get(KEY))
    },
    async removeClient() {
      await run(await open(), 'readwrite', (s) => s.delete(KEY), writing)
    },
    release,
    close: release,
  }
}

/**
 * How long the first screen waits for the kept answers. A read takes milliseconds; one that
 * takes longer is held by something else (in WebKit, a page of the app frozen in the
 * back/forward cache with a transaction open), and the app starts without it.
 */
export const RESTORE_DEADLINE_MS = 2000

/**
 * Puts the agent's kept answers into `queryClient` (call it before the first screen renders),
 * marked stale so each screen that shows one refreshes it, then keeps them up to date until
 * the returned function is called (the session ended). A kept cache that is too old, from
 * other API shapes or unreadable is removed and ignored.
 *
 * `freshSince`: when this page began asking the network (the start asks for the first
 * screen's data before this module has even arrived): an answer from then on is fresh, not a
 * kept one, and is not asked for again.
 *
 * Resolves within `RESTORE_DEADLINE_MS`. A read that is late still puts its answers in the
 * cache when it completes (never over a fresher one), and nothing is written until it has:
 * the kept answers are never replaced by a start that did not see them. Nothing is lost.
 *
 * Saving dehydrates the whole cache, so it runs at most once a second while answers arrive
 * (not once per cache event), and at once when the app goes to the background, where a
 * phone may kill it — but never as the page goes into the back/forward cache, where the
 * write would be frozen half done and hold the database from the app's next page.
 */
export async function restoreAndPersistQueries(
  queryClient: QueryClient,
  agentId: string,
  deadlineMs: number = RESTORE_DEADLINE_MS,
  freshSince: number = deviceNow(),
): Promise<() => void> {
  const persister = indexedDbPersister(agentId)
  const options = {
    queryClient,
    persister,
    buster: QUERY_CACHE_BUSTER,
    maxAge: QUERY_CACHE_MAX_AGE_MS,
    dehydrateOptions: { shouldDehydrateQuery: holdsAnAnswer },
  }
  let stopped = false
  let stopPersisting = () => {}
  const read = persistQueryClientRestore(options)
    .catch(() => undefined)
    .then(() => {
      // What was restored paints the screen, and is asked again as soon as a screen shows
      // it: kept answers are never taken for fresh ones, however young. An answer the
      // network gave this page (before or while the cache was read: the start asks for the
      // screen's data at once) is fresh.
      void queryClient.invalidateQueries({
        refetchType: 'none',
        predicate: (query) => query.state.dataUpdatedAt < freshSince,
      })
      if (!stopped) stopPersisting = persistFromNowOn(queryClient, persister, options)
    })
  await withDeadline(read, deadlineMs, undefined, () =>
    console.warn(
      `[avaliador] As respostas guardadas neste aparelho não abriram em ${deadlineMs} ms: o app começa sem elas. Nada foi perdido: elas entram assim que a leitura terminar.`,
    ),
  )
  return () => {
    stopped = true
    stopPersisting()
    persister.close()
  }
}

/** Keeps the cache on the device from now on; returns the stop. */
function persistFromNowOn(
  queryClient: QueryClient,
  persister: ReturnType<typeof indexedDbPersister>,
  options: Parameters<typeof persistQueryClientSave>[0],
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined
  let stopped = false
  const save = () => {
    clearTimeout(timer)
    timer = undefined
    if (!stopped) void persistQueryClientSave(options).catch(() => undefined)
  }
  const schedule = () => {
    timer ??= setTimeout(save, PERSIST_THROTTLE_MS)
  }
  const unsubscribe = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'added' || event.type === 'removed' || event.type === 'updated') schedule()
  })
  // What the cache already holds (answers that arrived while this started, e.g. right after
  // signing in) is kept too, not only what changes from now on.
  schedule()
  const flush = () => {
    if (timer !== undefined) save()
  }
  const onHidden = () => {
    if (document.visibilityState === 'hidden' && !mayBeFrozen()) flush()
  }
  // Unloaded for good: write now. Kept in the back/forward cache: write nothing (the page
  // is whole there, and a write frozen half done would hold the database).
  const onPageHide = (event: PageTransitionEvent) => {
    if (!event.persisted) flush()
  }
  document.addEventListener('visibilitychange', onHidden)
  window.addEventListener('pagehide', onPageHide)
  // Frozen: a write under way is ended and the database let go; shown again: saved anew.
  const stopFreeze = onFreeze(() => {
    clearTimeout(timer)
    timer = undefined
    persister.release()
  })
  const stopResume = onResume(schedule)
  return () => {
    stopped = true
    clearTimeout(timer)
    unsubscribe()
    document.removeEventListener('visibilitychange', onHidden)
    window.removeEventListener('pagehide', onPageHide)
    stopFreeze()
    stopResume()
  }
}
