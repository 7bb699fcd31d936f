/**
 * Keeps the demo's fake database in the browser (IndexedDB, one database per seed and
 * scenario) so a reload, or the presenter closing the tab, loses nothing until reset.
 */
import { openDB } from 'idb'
import type { FakeBackend } from '../../mocks/fake-backend'
import { deviceStorage } from '@/lib/device-storage'
import { DATABASES, isDemoDatabase, isDemoKey } from '@/lib/storage-keys'
import { mayBeFrozen } from '@/lib/page-lifecycle'

type Snapshot = { collections: Record<string, unknown[]>; clockOffsetMs: number; savedAt: string }

function dbName(seed: number, scenario: string) {
  return DATABASES.demoBackend(`${scenario}-${seed}`)
}

function open(seed: number, scenario: string) {
  return openDB(dbName(seed, scenario), 1, {
    upgrade(db) {
      db.createObjectStore('snapshot')
    },
  })
}

export async function loadSnapshot(seed: number, scenario: string): Promise<Snapshot | undefined> {
  const db = await open(seed, scenario)
  try {
    return (await db.get('snapshot', 'db')) as Snapshot | undefined
  } finally {
    db.close()
  }
}

/** Fills an empty backend from a snapshot. */
export async function restoreSnapshot(backend: FakeBackend, snapshot: Snapshot) {
  const collections = backend.db as unknown as Record<
    string,
    { create(value: unknown): Promise<unknown> }
  >
  for (const [name, records] of Object.entries(snapshot.collections)) {
    const collection = collections[name]
    if (!collection) continue
    for (const record of records) await collection.create(record)
  }
  backend.clock.set(snapshot.clockOffsetMs)
}

export async function saveSnapshot(backend: FakeBackend) {
  const collections = Object.fromEntries(
    Object.entries(backend.db).map(([name, collection]) => [
      name,
      JSON.parse(JSON.stringify(collection.all())) as unknown[],
    ]),
  )
  const db = await open(backend.seed, backend.scenario)
  try {
    await db.put(
      'snapshot',
      {
        collections,
        clockOffsetMs: backend.clock.offsetMs(),
        savedAt: new Date(backend.clock.now()).toISOString(),
      } satisfies Snapshot,
      'db',
    )
  } finally {
    db.close()
  }
}

/** Saves at most every 300 ms, and at once when the tab is hidden. */
export function createSnapshotSaver(backend: FakeBackend) {
  let timer: ReturnType<typeof setTimeout> | undefined
  let saving: Promise<void> = Promise.resolve()
  const flush = () => {
    clearTimeout(timer)
    timer = undefined
    saving = saving
      .then(() => saveSnapshot(backend))
      .catch((error: unknown) =>
        console.error('[demo] não foi possível guardar a demonstração', error),
      )
    return saving
  }
  const schedule = () => {
    clearTimeout(timer)
    timer = setTimeout(flush, 300)
  }
  // Not as the page goes into the back/forward cache: a write frozen there half done would
  // hold the database the next page of the demo reads before its first screen (issue #28).
  // The page is kept whole there, and the timer saves when it is shown again.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden' && timer && !mayBeFrozen()) void flush()
  })
  window.addEventListener('pagehide', (event) => {
    if (timer && !event.persisted) void flush()
  })
  return { schedule, flush }
}

/** Deletes every demo database and the demo's keys (leaving preview, or reset). */
export async function clearDemoData(only?: { seed: number; scenario: string }) {
  const names = only
    ? [dbName(only.seed, only.scenario)]
    : ((await indexedDB.databases?.()) ?? []).map((d) => d.name ?? '').filter(isDemoDatabase)
  await Promise.all(
    names.map(
      (name) =>
        new Promise<void>((resolve) => {
          const request = indexedDB.deleteDatabase(name)
          request.onsuccess = request.onerror = request.onblocked = () => resolve()
        }),
    ),
  )
  if (!only) await deviceStorage.removeWhere(isDemoKey)
}
