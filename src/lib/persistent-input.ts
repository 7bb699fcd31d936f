/**
 * Form fields whose half-typed value survives a reload or the app being killed (kept with
 * lib/device-storage until saved),
 * so nothing the agent typed during a visit is lost, even before it is valid.
 */
import { useCallback, useState } from 'react'
import { deviceStorage } from '@/lib/device-storage'
import { storageKey } from '@/lib/storage-keys'

function read<T>(key: string, fallback: T): T {
  try {
    const raw = deviceStorage.get(storageKey.visitInput(key))
    return raw === null ? fallback : (JSON.parse(raw) as T)
  } catch {
    return fallback
  }
}

function write(key: string, value: unknown) {
  // Storage blocked: the value stays in memory.
  void deviceStorage.set(storageKey.visitInput(key), JSON.stringify(value))
}

/** Like useState, kept under `key`; `clear()` forgets it (after it was saved for real). */
export function usePersistentState<T>(key: string, initial: T) {
  // The first `initial` is the value to go back to (callers pass literals).
  const [fallback] = useState(initial)
  const [state, setState] = useState<{ key: string; value: T }>(() => ({
    key,
    value: read(key, initial),
  }))
  const value = state.key === key ? state.value : read(key, initial)
  const set = useCallback(
    (next: T) => {
      write(key, next)
      setState({ key, value: next })
    },
    [key],
  )
  const clear = useCallback(() => {
    void deviceStorage.remove(storageKey.visitInput(key))
    setState({ key, value: fallback })
  }, [key, fallback])
  return [value, set, clear] as const
}
