/**
 * Small values the app must find again after the phone kills it: the session, a visit's
 * last known server data, half-typed form fields, a running stopwatch.
 *
 * Why not localStorage alone: it is read synchronously (route guards, first render), but
 * Chromium writes it to disk seconds after `setItem` returns — an app killed in that window
 * comes back without it (measured: signed out after a kill within ~8 s of signing in).
 * IndexedDB hands a committed transaction to the OS at once. So every write goes to both:
 * localStorage for the synchronous reads, and a mirror in IndexedDB that resolves once it is
 * kept; at start (`restoreDeviceStorage`, before the first render) the mirror is copied back
 * over whatever localStorage lost. A removal is mirrored as a tombstone, so a value removed
 * just before a crash does not come back either.
 *
 * Reads stay `localStorage.getItem` (through `deviceStorage.get`); every write and removal of
 * a key the app must keep goes through here.
 */
import { DATABASES } from './storage-keys'
import { withDeadline } from './page-lifecycle'
const DB_NAME = DATABASES.deviceStorage
const STORE = 'entries'

type Entry = { key: string; value: string | null }

let opening: Promise<IDBDatabase | null> | undefined

function openMirror(): Promise<IDBDatabase | null> {
  if (typeof indexedDB === 'undefined') return Promise.resolve(null)
  opening ??= new Promise((resolve) => {
    let request: IDBOpenDBRequest
    try {
      request = indexedDB.open(DB_NAME, 1)
    } catch {
      resolve(null)
      return
    }
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'key' })
    request.onsuccess = () => {
      const db = request.result
      // Deleted or upgraded elsewhere: open again next time.
      db.onversionchange = () => {
        db.close()
        opening = undefined
      }
      resolve(db)
    }
    request.onerror = () => resolve(null)
    request.onblocked = () => resolve(null)
  })
  return opening
}

/**
 * `strict` flushes to disk before resolving (survives a power cut: the session); `relaxed`
 * hands the data to the OS (survives the app being killed: typed text, many writes a second).
 */
type Durability = 'strict' | 'relaxed'

function writeMirror(entries: Entry[], durability: Durability = 'relaxed'): Promise<void> {
  return openMirror().then(
    (db) =>
      new Promise<void>((resolve) => {
        if (!db || entries.length === 0) return resolve()
        try {
          const tx = db.transaction(STORE, 'readwrite', { durability })
          for (const entry of entries) tx.objectStore(STORE).put(entry)
          tx.oncomplete = () => resolve()
          tx.onerror = tx.onabort = () => resolve()
        } catch {
          resolve()
        }
      }),
  )
}

function readMirror(): Promise<Entry[]> {
  return openMirror().then(
    (db) =>
      new Promise<Entry[]>((resolve) => {
        if (!db) return resolve([])
        try {
          const request = db.transaction(STORE).objectStore(STORE).getAll()
          request.onsuccess = () => resolve(request.result as Entry[])
          request.onerror = () => resolve([])
        } catch {
          resolve([])
        }
      }),
  )
}

function localKeys(): string[] {
  try {
    return Object.keys(localStorage)
  } catch {
    return []
  }
}

export const deviceStorage = {
  get(key: string): string | null {
    try {
      return localStorage.getItem(key)
    } catch {
      return null
    }
  },

  /** Keeps `value` under `key`; resolves once it would survive the app being killed. */
  set(key: string, value: string, durability?: Durability): Promise<void> {
    try {
      localStorage.setItem(key, value)
    } catch {
      // Full or blocked: the mirror still keeps it, and restores it at the next start.
    }
    return writeMirror([{ key, value }], durability)
  },

  /**
   * Synchronously, in localStorage only: for `pagehide`, when an asynchronous write may not
   * finish before the page is gone. Never mirrored, so a key kept this way is never also
   * kept with `set`/`remove` (the mirror would overwrite it at the next start).
   */
  setNow(key: string, value: string | null): void {
    try {
      if (value === null) localStorage.removeItem(key)
      else localStorage.setItem(key, value)
    } catch {
      // Full or blocked: nothing more can be done while the page goes.
    }
  },

  remove(key: string, durability?: Durability): Promise<void> {
    try {
      localStorage.removeItem(key)
    } catch {
      // Nothing kept.
    }
    return writeMirror([{ key, value: null }], durability)
  },

  /** Removes every key that `match` accepts, from localStorage and the mirror (sign-out, leaving the demo). */
  async removeWhere(match: (key: string) => boolean): Promise<void> {
    for (const key of localKeys().filter(match)) {
      try {
        localStorage.removeItem(key)
      } catch {
        // Nothing kept.
      }
    }
    // Tombstones only for keys the mirror holds: a key never written through here is not
    // the mirror's to take out at the next start.
    const mirrored = (await readMirror()).filter((e) => e.value !== null && match(e.key))
    await writeMirror(
      mirrored.map(({ key }) => ({ key, value: null })),
      'strict',
    )
  },
}

/**
 * The value kept under `key`, read from the mirror: where there is no localStorage (the
 * service worker, which sends the outbox and renews the push subscription with the app
 * closed), the mirror is the device's copy. Null when nothing is kept.
 */
export async function readMirrored(key: string): Promise<string | null> {
  return (await readMirrorEntry(key))?.value ?? null
}

/**
 * What the mirror holds for `key`: its value, null for a removal, or undefined when it holds
 * nothing at all (never written through here, or no IndexedDB): then it says nothing.
 */
export async function readMirrorEntry(key: string): Promise<{ value: string | null } | undefined> {
  const entry = (await readMirror()).find((e) => e.key === key)
  return entry && { value: entry.value }
}

/**
 * How long the start waits for the mirror. A read takes milliseconds; one held longer (in
 * WebKit, by a page of the app frozen in the back/forward cache mid-write) must not keep the
 * app on its skeleton.
 */
export const MIRROR_READ_DEADLINE_MS = 2000

/**
 * At start, before anything reads: puts back what localStorage lost in a crash (and takes
 * out what was removed just before one). Returns how many keys it corrected.
 *
 * A read that misses `deadlineMs` corrects nothing: the app starts with localStorage as the
 * browser kept it, and the late answer is dropped (applied later it could put older values
 * over what the agent did meanwhile). The mirror stays as it was for the next start.
 */
export async function restoreDeviceStorage(
  deadlineMs: number = MIRROR_READ_DEADLINE_MS,
): Promise<number> {
  const entries = await withDeadline<Entry[] | null>(readMirror(), deadlineMs, null)
  if (entries === null) return 0
  let corrected = 0
  for (const { key, value } of entries) {
    try {
      if (localStorage.getItem(key) === value) continue
      if (value === null) localStorage.removeItem(key)
      else localStorage.setItem(key, value)
      corrected++
    } catch {
      // Blocked storage: nothing to restore into.
    }
  }
  return corrected
}
