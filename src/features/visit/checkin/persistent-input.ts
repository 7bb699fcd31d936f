/**
 * Form fields whose half-typed value survives a reload (kept in localStorage until saved),
 * so nothing the agent typed during a visit is lost, even before it is valid.
 */
import { useCallback, useState } from 'react'

const PREFIX = 'avaliador.visit-input.'

function read<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(PREFIX + key)
    return raw === null ? fallback : (JSON.parse(raw) as T)
  } catch {
    return fallback
  }
}

function write(key: string, value: unknown) {
  try {
    localStorage.setItem(PREFIX + key, JSON.stringify(value))
  } catch {
    // Storage blocked: the value stays in memory.
  }
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
    try {
      localStorage.removeItem(PREFIX + key)
    } catch {
      // nothing kept
    }
    setState({ key, value: fallback })
  }, [key, fallback])
  return [value, set, clear] as const
}
