/**
 * A mission time's stopwatch, kept on the device (lib/device-storage) so it keeps counting across a reload
 * or a closed tab: the running start instant and what was counted before a pause.
 */
import { useCallback, useState } from 'react'
import { deviceStorage } from '@/lib/device-storage'
import { storageKey } from '@/lib/storage-keys'
import { deviceNow } from '@/lib/clock'

export type StopwatchState = { startedAt: number | null; accumulatedMs: number }

const IDLE: StopwatchState = { startedAt: null, accumulatedMs: 0 }

export const stopwatchKey = storageKey.stopwatch

export function readStopwatch(taskId: string, code: string): StopwatchState {
  try {
    const raw = deviceStorage.get(stopwatchKey(taskId, code))
    if (!raw) return IDLE
    const parsed = JSON.parse(raw) as Partial<StopwatchState>
    return {
      startedAt: typeof parsed.startedAt === 'number' ? parsed.startedAt : null,
      accumulatedMs:
        typeof parsed.accumulatedMs === 'number' && parsed.accumulatedMs > 0
          ? parsed.accumulatedMs
          : 0,
    }
  } catch {
    return IDLE
  }
}

function writeStopwatch(taskId: string, code: string, state: StopwatchState) {
  // Storage blocked: the stopwatch still runs in memory.
  if (state.startedAt === null && state.accumulatedMs === 0)
    void deviceStorage.remove(stopwatchKey(taskId, code))
  else void deviceStorage.set(stopwatchKey(taskId, code), JSON.stringify(state))
}

/** Milliseconds counted so far (a clock set back never makes it negative). */
export function stopwatchElapsedMs(state: StopwatchState, now: number): number {
  return state.accumulatedMs + (state.startedAt === null ? 0 : Math.max(0, now - state.startedAt))
}

export function useStopwatch(taskId: string, code: string) {
  const [state, setState] = useState(() => readStopwatch(taskId, code))
  const update = useCallback(
    (next: StopwatchState) => {
      writeStopwatch(taskId, code, next)
      setState(next)
      return next
    },
    [taskId, code],
  )
  return {
    state,
    running: state.startedAt !== null,
    start: () => update({ startedAt: deviceNow(), accumulatedMs: state.accumulatedMs }),
    /** Stops counting; returns the whole seconds counted. */
    pause: () => {
      const ms = stopwatchElapsedMs(state, deviceNow())
      update({ startedAt: null, accumulatedMs: ms })
      return Math.floor(ms / 1000)
    },
    reset: () => update(IDLE),
  }
}
