/**
 * The one way to keep what the agent has typed but not saved yet (a half-typed attendant or
 * time, an unsaved tax receipt, a pendency's answers): on the device (lib/device-storage, so
 * it survives a reload or the app being killed), as JSON under a key of the storage-key
 * registry (sign-out walks it), until the value is saved for real and `clear()` forgets it.
 *
 * Every screen showing the same key shows the same value: a change made in one (or in another
 * tab: the `storage` event) reaches the others, so the check-in's page and the report's
 * section of the same part never hold two versions of one input.
 *
 * The report's free texts (notes, testimony) are not here: they are fields of the draft and
 * written to it as typed (visit-store/use-draft-text.ts).
 */
import { useCallback, useSyncExternalStore } from 'react'
import { deviceStorage } from '@/lib/device-storage'

const listeners = new Map<string, Set<() => void>>()
/** The last value read of each key, by its raw text: the same object while the text is the same. */
const parsed = new Map<string, { raw: string | null; value: unknown }>()
/** Values that could not be written (storage blocked or full): kept here for this page's life. */
const inMemory = new Map<string, string | null>()

function rawOf(key: string): string | null {
  return inMemory.has(key) ? inMemory.get(key)! : deviceStorage.get(key)
}

/** The kept value under `key`, or `fallback` (also when what is kept does not parse). */
export function readPersistent<T>(key: string, fallback: T, parse?: (stored: unknown) => T): T {
  const raw = rawOf(key)
  const cached = parsed.get(key)
  // The same object while the text is the same (React compares snapshots by identity).
  if (cached && cached.raw === raw) return cached.value as T
  let value: T = fallback
  if (raw !== null)
    try {
      const json: unknown = JSON.parse(raw)
      value = parse ? parse(json) : (json as T)
    } catch {
      value = fallback
    }
  parsed.set(key, { raw, value })
  return value
}

function notify(key: string) {
  listeners.get(key)?.forEach((l) => l())
}

/** Keeps `value` under `key` (null forgets it) and tells every screen showing it. */
export function writePersistent(key: string, value: unknown) {
  const raw = value === null ? null : JSON.stringify(value)
  try {
    if (raw === null) void deviceStorage.remove(key)
    else void deviceStorage.set(key, raw)
    // What localStorage holds now is what the next read finds.
    if (deviceStorage.get(key) === raw) inMemory.delete(key)
    else inMemory.set(key, raw)
  } catch {
    inMemory.set(key, raw)
  }
  notify(key)
}

function subscribe(key: string, listener: () => void) {
  let set = listeners.get(key)
  if (!set) listeners.set(key, (set = new Set()))
  set.add(listener)
  const onStorage = (e: StorageEvent) => {
    if (e.key === key || e.key === null) {
      inMemory.delete(key)
      listener()
    }
  }
  window.addEventListener('storage', onStorage)
  return () => {
    set.delete(listener)
    window.removeEventListener('storage', onStorage)
  }
}

/**
 * Like useState, kept under `key` (from lib/storage-keys); `clear()` forgets it (after it was
 * saved for real). `set` takes a value or a function of the current one. `parse` checks a kept
 * value (one written by an older version may have another shape).
 */
export function usePersistentState<T>(key: string, initial: T, parse?: (stored: unknown) => T) {
  const value = useSyncExternalStore(
    useCallback((listener: () => void) => subscribe(key, listener), [key]),
    () => readPersistent(key, initial, parse),
    () => initial,
  )
  const set = useCallback(
    (next: T | ((current: T) => T)) => {
      const current = readPersistent(key, initial, parse)
      writePersistent(key, typeof next === 'function' ? (next as (c: T) => T)(current) : next)
    },
    // `initial` and `parse` are the caller's constants (literals, module functions).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key],
  )
  const clear = useCallback(() => writePersistent(key, null), [key])
  return [value, set, clear] as const
}
