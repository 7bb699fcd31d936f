/**
 * The phone's storage as a resource: how much room the app really has left, whether a failed
 * write failed for lack of it, and the ask to keep what the app stores
 * (docs/decisions/0022-storage-the-agent-can-trust.md).
 *
 * Everything a visit keeps lives in IndexedDB. On a phone whose disk is full, Chromium's
 * IndexedDB does not answer `QuotaExceededError`: its writes fail with an I/O error and the
 * connection closes, and a database written on a full disk may be found corrupt and deleted
 * by the browser. `navigator.storage.estimate()` does not see it (it reports the origin's
 * quota, about 1 GB, on a disk with 300 kB left). So the room is measured by writing: a probe
 * file of up to N MB in the origin's private file system (OPFS), apart from IndexedDB's files,
 * written in 1 MB pieces and deleted at once (`measureRoom`). Where OPFS is missing the
 * browser's estimate is all there is.
 *
 * The rule: the device store keeps `DEVICE_SPACE_MARGIN_BYTES` free while a visit is under
 * way, and a large write (a photo's original, a photo, a recording) goes only when it fits
 * with that margin to spare (`roomFor`); short of it, the agent is told "Libere N MB".
 */
import { DEVICE_SPACE_MARGIN_BYTES } from '@/domain/constants'
import { SPACE_PROBE_FILE } from './storage-keys'
import { deviceNow } from './clock'

export const MB = 1024 * 1024

const errorName = (error: unknown) =>
  error instanceof DOMException || error instanceof Error
    ? error.name
    : typeof error === 'object' && error !== null && 'name' in error
      ? String((error as { name: unknown }).name)
      : ''

const errorMessage = (error: unknown) =>
  error instanceof Error || error instanceof DOMException ? error.message : String(error ?? '')

/**
 * What Chromium's IndexedDB says when the disk under it is full (measured on a full tmpfs,
 * Chromium 156): "IO error: …/000003.log: FILE_ERROR_NO_SPACE" (the connection then closes)
 * and "Failed to write blobs (IOError)" (a value kept as a file).
 */
const DISK_FULL_WORDS = /NO_SPACE|no space left|disk is full|Failed to write blobs/i

/** A write refused because the origin's quota or the phone's disk is full. */
export function isQuotaError(error: unknown): boolean {
  const name = errorName(error)
  if (name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED') return true
  return DISK_FULL_WORDS.test(errorMessage(error))
}

/**
 * An IndexedDB failure that does not say why ("Internal error opening backing store",
 * "Unknown error"): on a full disk that is what an open answers. Worth measuring the room.
 */
export function mayBeDiskFull(error: unknown): boolean {
  const name = errorName(error)
  return isQuotaError(error) || name === 'UnknownError' || name === 'DataError'
}

export type DeviceSpace = { usage: number; quota: number; free: number }

/** What the browser says this app uses and may use, or undefined where it does not say. */
export async function deviceSpace(): Promise<DeviceSpace | undefined> {
  try {
    const estimate = await navigator.storage?.estimate?.()
    if (!estimate?.quota) return undefined
    const usage = estimate.usage ?? 0
    return { usage, quota: estimate.quota, free: Math.max(0, estimate.quota - usage) }
  } catch {
    return undefined
  }
}

/**
 * The room the app can still write, in bytes, and how it was known: `written` when a probe
 * wrote it (then `free` is at least what it tried, or exactly what fit), `estimate` when only
 * the browser's estimate was available.
 */
export type DeviceRoom = { free: number; by: 'written' | 'estimate'; at: number }

const PROBE_PIECE = MB

type OpfsFile = {
  createWritable(): Promise<{
    write(data: BufferSource): Promise<void>
    close(): Promise<void>
    abort(): Promise<void>
  }>
}
type OpfsDirectory = {
  getFileHandle(name: string, options?: { create?: boolean }): Promise<OpfsFile>
  removeEntry(name: string): Promise<void>
}

async function opfsRoot(): Promise<OpfsDirectory | undefined> {
  try {
    const storage = navigator.storage as StorageManager & {
      getDirectory?: () => Promise<OpfsDirectory>
    }
    return (await storage.getDirectory?.()) ?? undefined
  } catch {
    return undefined // Private tabs and old browsers.
  }
}

let piece: Uint8Array<ArrayBuffer> | undefined
/** 1 MB that no file system compresses away (random bytes, made once). */
function probePiece() {
  if (!piece) {
    piece = new Uint8Array(PROBE_PIECE)
    for (let i = 0; i < piece.length; i += 65_536)
      crypto.getRandomValues(piece.subarray(i, i + 65_536))
  }
  return piece
}

/**
 * Writes up to `upTo` bytes to a probe file, 1 MB at a time, stopping at the first refusal,
 * and deletes it at once: resolves to how many bytes fit, or undefined where the browser has
 * no private file system that can be written this way (WebKit before 17, private tabs).
 */
export async function probeWritableBytes(upTo: number): Promise<number | undefined> {
  const root = await opfsRoot()
  if (!root) return undefined
  // A probe cut short by a crash left its file: it goes first.
  await root.removeEntry(SPACE_PROBE_FILE).catch(() => undefined)
  let written = 0
  try {
    const file = await root.getFileHandle(SPACE_PROBE_FILE, { create: true })
    if (typeof file.createWritable !== 'function') return undefined
    const writable = await file.createWritable()
    try {
      const bytes = probePiece()
      while (written < upTo) {
        await writable.write(bytes)
        written += bytes.byteLength
      }
      await writable.close()
    } catch {
      // Full: what was written is what fit (the last piece may have fit in part: not counted).
      await writable.abort().catch(() => undefined)
    }
  } catch (error) {
    // The probe file could not even be made: for lack of room that is a measure (nothing
    // fits), not a browser without the file system — else the estimate's 1 GB would answer.
    return isQuotaError(error) ? 0 : undefined
  } finally {
    await root.removeEntry(SPACE_PROBE_FILE).catch(() => undefined)
  }
  return Math.min(written, upTo)
}

let last: { room: DeviceRoom; spent: number } | undefined
const listeners = new Set<() => void>()

/** The last room measured (less what the app wrote since), or undefined before any. */
export function currentRoom(): DeviceRoom | undefined {
  return last ? { ...last.room, free: Math.max(0, last.room.free - last.spent) } : undefined
}

let snapshot: DeviceRoom | undefined
/** The same object while nothing changed (for useSyncExternalStore). */
export function roomSnapshot(): DeviceRoom | undefined {
  const now = currentRoom()
  if (snapshot?.free !== now?.free || snapshot?.at !== now?.at) snapshot = now
  return snapshot
}

export function subscribeRoom(listener: () => void) {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

/** The app wrote `bytes` to the device (a photo, a recording): less room until the next measure. */
export function noteWritten(bytes: number) {
  if (!last || bytes <= 0) return
  last.spent += bytes
  listeners.forEach((l) => l())
}

let measuring: Promise<DeviceRoom | undefined> | undefined

/**
 * Measures the room by writing up to `upTo` bytes (`probeWritableBytes`), bounded by the
 * browser's quota; the browser's estimate alone where it cannot be written. One measure at a
 * time: a second call waits for the one under way when it tries at least as much.
 */
export function measureRoom(upTo: number): Promise<DeviceRoom | undefined> {
  const run = async () => {
    const [written, quota] = await Promise.all([probeWritableBytes(upTo), deviceSpace()])
    if (written === undefined && quota === undefined) return undefined
    const room: DeviceRoom = {
      free: Math.min(written ?? Infinity, quota?.free ?? Infinity),
      by: written === undefined ? 'estimate' : 'written',
      at: deviceNow(),
    }
    last = { room, spent: 0 }
    listeners.forEach((l) => l())
    return room
  }
  const next = (measuring ?? Promise.resolve(undefined)).then(run, run)
  measuring = next.finally(() => {
    if (measuring === next) measuring = undefined
  })
  return next
}

/** How long a measure answers for the writes that follow it. */
export const ROOM_FRESH_MS = 60_000

/**
 * Megabytes to free so that `needBytes` fit on the phone, at least 1; undefined when they fit
 * or when nothing is known (no measure). The pure rule behind every "Libere N MB".
 */
export function megabytesShort(room: DeviceRoom | undefined, needBytes: number) {
  if (!room || room.free >= needBytes) return undefined
  return Math.max(1, Math.ceil((needBytes - room.free) / MB))
}

/**
 * Whether a write of `bytes` fits with the device store's margin to spare
 * (`DEVICE_SPACE_MARGIN_BYTES`): from the last measure when it is recent and says so,
 * otherwise measured now (writing up to that much). `freeMegabytes`: what to free when not.
 * Unknown room (no probe, no estimate) counts as fitting: the write's own error is the answer.
 */
export async function roomFor(
  bytes: number,
  now = deviceNow(),
): Promise<{ fits: boolean; freeMegabytes?: number }> {
  const need = bytes + DEVICE_SPACE_MARGIN_BYTES
  const known = currentRoom()
  const room =
    known && now - known.at < ROOM_FRESH_MS && known.free >= need ? known : await measureRoom(need)
  const short = megabytesShort(room, need)
  return short === undefined ? { fits: true } : { fits: false, freeMegabytes: short }
}

/**
 * What to tell the agent after a write failed on the device's storage: `full` with how many
 * megabytes to free (measured, so it is the phone's real room), or not full (another cause).
 */
export async function storageFullness(
  error: unknown,
  needBytes = DEVICE_SPACE_MARGIN_BYTES,
): Promise<{ full: boolean; freeMegabytes?: number }> {
  if (!mayBeDiskFull(error)) return { full: false }
  const room = await measureRoom(needBytes)
  const short = megabytesShort(room, needBytes)
  if (short !== undefined) return { full: true, freeMegabytes: short }
  // A quota error with room measured on the disk: the origin's quota (a share of the disk in
  // Chromium) refused it — freeing the device store's margin is still what helps.
  return isQuotaError(error)
    ? { full: true, freeMegabytes: Math.max(1, Math.ceil(needBytes / MB)) }
    : { full: false }
}

export type KeepStorageAnswer = 'kept' | 'refused' | 'unavailable'
let asked: Promise<KeepStorageAnswer> | undefined
/**
 * Asks the browser, once per start, not to evict what the app keeps (a visit's unsent work)
 * when the phone runs low: at the first check-in, when the agent starts a visit. Chromium
 * decides by itself (an installed app, a site with notifications allowed is kept); Firefox may
 * ask the agent; Safari keeps an installed app's data. A refusal changes nothing the agent
 * sees: what is unsent is also recorded outside IndexedDB (visit-store/unsent-record.ts), so a
 * database the browser deleted is noticed and the agent told what to redo.
 */
export function askToKeepStorage(): Promise<KeepStorageAnswer> {
  if (typeof navigator === 'undefined') return Promise.resolve('unavailable')
  asked ??= (async () => {
    try {
      if (typeof navigator.storage?.persist !== 'function') return 'unavailable'
      if (await navigator.storage.persisted?.()) return 'kept'
      return (await navigator.storage.persist()) ? 'kept' : 'refused'
    } catch {
      return 'unavailable'
    }
  })()
  return asked
}
