/**
 * Whose work waits on this phone (decision 0023): when an agent's session ends with
 * visit writes still unsent, that work stays on the phone for the agent's next sign-in, and
 * the phone notes here whose it is — the agent's id, first name and how many visits — so the
 * sign-in screen can say so to whoever holds the phone next. Nothing else of the visit (no
 * shop, no time, no place) is written here, and nothing here is ever sent.
 *
 * A device key (lib/storage-keys `keptWork`): no agent's sign-out wipes another's line; the
 * agent's own sign-in or sign-out takes theirs out.
 */
import { deviceStorage } from './device-storage'
import { storageKey } from './storage-keys'

export type KeptWork = {
  agentId: string
  /** As the agent is called in the app; absent when the phone never knew it. */
  firstName?: string
  /** Visits with writes waiting. */
  visits: number
  /** When the session ended (ISO). */
  since: string
}

const KEY = storageKey.keptWork()

function readAll(): KeptWork[] {
  try {
    const parsed: unknown = JSON.parse(deviceStorage.get(KEY) ?? '[]')
    return Array.isArray(parsed)
      ? parsed.filter(
          (e): e is KeptWork =>
            typeof e === 'object' &&
            e !== null &&
            typeof (e as KeptWork).agentId === 'string' &&
            typeof (e as KeptWork).visits === 'number',
        )
      : []
  } catch {
    return []
  }
}

function write(entries: KeptWork[]): Promise<void> {
  return entries.length === 0
    ? deviceStorage.remove(KEY, 'strict')
    : deviceStorage.set(KEY, JSON.stringify(entries), 'strict')
}

/** Whose work waits here, latest first; `except`: not this agent's (the one signing in). */
export function keptWorkOnDevice(except?: string): KeptWork[] {
  return readAll()
    .filter((e) => e.agentId !== except && e.visits > 0)
    .sort((a, b) => b.since.localeCompare(a.since))
}

/** A session ended with `visits` visits unsent: noted (replacing the agent's older line). */
export function noteKeptWork(entry: KeptWork): Promise<void> {
  const others = readAll().filter((e) => e.agentId !== entry.agentId)
  return write(entry.visits > 0 ? [...others, entry] : others)
}

/** The agent is back (signed in) or gone for good (signed out): their line goes. */
export function forgetKeptWork(agentId: string): Promise<void> {
  const entries = readAll()
  if (!entries.some((e) => e.agentId === agentId)) return Promise.resolve()
  return write(entries.filter((e) => e.agentId !== agentId))
}
