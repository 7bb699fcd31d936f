/**
 * The free-space rule (lib/device-space): the room is what a probe file could be written
 * with (here a stand-in for the origin's private file system that refuses past a number of
 * bytes, as a full disk does), bounded by the browser's quota; "Libere N MB" is what is short
 * of the need; a photo goes only with the device store's margin to spare.
 */
import fc from 'fast-check'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DEVICE_SPACE_MARGIN_BYTES } from '@/domain/constants'
import type * as DeviceSpaceModule from './device-space'
import type { DeviceRoom } from './device-space'

const MB = 1024 * 1024
/** The module afresh for each test: it remembers the last measure. */
let space: typeof DeviceSpaceModule
const isQuotaError = (e: unknown) => space.isQuotaError(e)
const mayBeDiskFull = (e: unknown) => space.mayBeDiskFull(e)
const measureRoom = (upTo: number) => space.measureRoom(upTo)
const megabytesShort = (r: DeviceRoom | undefined, need: number) => space.megabytesShort(r, need)
const noteWritten = (bytes: number) => space.noteWritten(bytes)
const probeWritableBytes = (upTo: number) => space.probeWritableBytes(upTo)
const roomFor = (bytes: number, now?: number) => space.roomFor(bytes, now)
const storageFullness = (e: unknown) => space.storageFullness(e)

/** A phone whose disk takes `free` more bytes (files of the probe's private file system). */
function phoneWithFree(free: number, quota = 1024 * MB) {
  const disk = { free, writes: 0, files: new Map<string, number>() }
  const root = {
    async getFileHandle(name: string) {
      return {
        async createWritable() {
          let size = 0
          return {
            async write(data: ArrayBufferView) {
              disk.writes++
              if (data.byteLength > disk.free)
                throw new DOMException('would exceed the quota', 'QuotaExceededError')
              disk.free -= data.byteLength
              size += data.byteLength
              disk.files.set(name, size)
            },
            async close() {},
            async abort() {},
          }
        },
      }
    },
    async removeEntry(name: string) {
      disk.free += disk.files.get(name) ?? 0
      disk.files.delete(name)
    },
  }
  vi.stubGlobal('navigator', {
    storage: {
      getDirectory: async () => root,
      // What Chromium says on a full disk: the origin's quota, not the disk.
      estimate: async () => ({ quota, usage: 0 }),
    },
  })
  return disk
}

beforeEach(async () => {
  vi.resetModules()
  space = await import('./device-space')
})
afterEach(() => vi.unstubAllGlobals())

const room = (free: number): DeviceRoom => ({ free, by: 'written', at: 0 })

describe('megabytesShort (“Libere N MB”)', () => {
  it('is what is missing, in whole megabytes rounded up, at least 1; nothing when it fits', () => {
    fc.assert(
      fc.property(fc.nat(200 * MB), fc.nat(200 * MB), (free, need) => {
        const short = megabytesShort(room(free), need)
        if (free >= need) return short === undefined
        return (
          short !== undefined &&
          short >= 1 &&
          free + short * MB >= need &&
          (short === 1 || free + (short - 1) * MB < need)
        )
      }),
    )
  })

  it('says nothing when nothing is known', () => {
    expect(megabytesShort(undefined, 8 * MB)).toBeUndefined()
  })
})

describe('measuring the room by writing', () => {
  it('a disk with 300 kB left: the probe fits nothing of 1 MB and leaves nothing behind, whatever the quota says', async () => {
    const disk = phoneWithFree(300_000)
    expect(await probeWritableBytes(8 * MB)).toBe(0)
    expect(disk.files.size).toBe(0)
    expect(disk.free).toBe(300_000)
    const measured = await measureRoom(8 * MB)
    expect(measured).toMatchObject({ free: 0, by: 'written' })
    expect(megabytesShort(measured, DEVICE_SPACE_MARGIN_BYTES)).toBe(8)
  })

  it('writes no more than it needs to know: a roomy disk is probed up to the need only', async () => {
    const disk = phoneWithFree(10_000 * MB)
    expect(await probeWritableBytes(3 * MB)).toBe(3 * MB)
    expect(disk.writes).toBe(3)
    expect(disk.free).toBe(10_000 * MB)
  })

  it('the quota bounds it where the disk has room', async () => {
    phoneWithFree(10_000 * MB, 2 * MB)
    expect((await measureRoom(8 * MB))?.free).toBe(2 * MB)
  })

  it('where there is no private file system, the browser’s estimate is all there is', async () => {
    vi.stubGlobal('navigator', {
      storage: { estimate: async () => ({ quota: 100 * MB, usage: 40 * MB }) },
    })
    expect(await probeWritableBytes(8 * MB)).toBeUndefined()
    expect(await measureRoom(8 * MB)).toMatchObject({ free: 60 * MB, by: 'estimate' })
  })
})

describe('roomFor: a large write goes only with the margin to spare', () => {
  it('a 9.8 MB original on a disk with 12 MB left does not fit (8 MB margin): 6 MB to free', async () => {
    phoneWithFree(12 * MB)
    expect(await roomFor(9.8 * MB)).toEqual({ fits: false, freeMegabytes: 6 })
  })

  it('the prepared 0.4 MB photo on the same disk fits', async () => {
    phoneWithFree(12 * MB)
    expect(await roomFor(0.4 * MB)).toEqual({ fits: true })
  })

  it('a recent measure answers without writing again, less what the app wrote since', async () => {
    const disk = phoneWithFree(30 * MB)
    const now = Date.now()
    expect((await roomFor(10 * MB, now)).fits).toBe(true)
    const writes = disk.writes
    expect((await roomFor(1 * MB, now + 1000)).fits).toBe(true)
    expect(disk.writes, 'answered from the last measure').toBe(writes)
    noteWritten(10 * MB)
    disk.free -= 10 * MB
    // 18 MB measured (all it tried), 10 written since: 8 MB known, short of 1 MB with the
    // margin: measured again, and the disk has 20 MB.
    expect(space.currentRoom()?.free).toBe(8 * MB)
    expect(await roomFor(1 * MB, now + 2000)).toEqual({ fits: true })
    expect(disk.writes).toBeGreaterThan(writes)
  })
})

describe('a full disk, as Chromium says it', () => {
  it('its I/O errors count as full, like QuotaExceededError', () => {
    expect(isQuotaError(new DOMException('x', 'QuotaExceededError'))).toBe(true)
    expect(
      isQuotaError(
        new DOMException(
          'Connection is closing because of: IO error: .../000003.log: FILE_ERROR_NO_SPACE (ChromeMethodBFE: 3::WritableFileAppend::8)',
          'UnknownError',
        ),
      ),
    ).toBe(true)
    expect(isQuotaError(new DOMException('Failed to write blobs (IOError)', 'DataError'))).toBe(
      true,
    )
    expect(isQuotaError(new DOMException('Version change', 'AbortError'))).toBe(false)
  })

  it('an open that fails without saying why is measured: full when the room is short', async () => {
    const unknown = new DOMException(
      'Internal error opening backing store for indexedDB.open.',
      'UnknownError',
    )
    expect(mayBeDiskFull(unknown)).toBe(true)
    phoneWithFree(300_000)
    expect(await storageFullness(unknown)).toEqual({ full: true, freeMegabytes: 8 })
    phoneWithFree(500 * MB)
    expect(await storageFullness(unknown)).toEqual({ full: false })
    expect(await storageFullness(new Error('Sem sessão'))).toEqual({ full: false })
  })

  it('a disk too full to make the probe file: nothing fits (not “unknown”, which the 1 GB estimate would answer)', async () => {
    phoneWithFree(0)
    const root = await navigator.storage.getDirectory()
    const full = new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    vi.spyOn(root, 'getFileHandle').mockRejectedValue(full)
    expect(await probeWritableBytes(8 * MB)).toBe(0)
    expect(await storageFullness(full)).toEqual({ full: true, freeMegabytes: 8 })
    // Another refusal (a browser that will not make it): unknown, as before.
    vi.spyOn(root, 'getFileHandle').mockRejectedValue(new DOMException('no', 'SecurityError'))
    expect(await probeWritableBytes(8 * MB)).toBeUndefined()
  })

  it('a quota error with the disk roomy: the origin’s quota refused it; freeing the margin helps', async () => {
    phoneWithFree(500 * MB)
    const quota = new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    expect(await storageFullness(quota)).toEqual({ full: true, freeMegabytes: 8 })
  })
})

describe('asking the browser to keep what the app stores', () => {
  function storageThatKeeps(persisted: boolean, grants: boolean) {
    const persist = vi.fn(async () => grants)
    vi.stubGlobal('navigator', { storage: { persisted: async () => persisted, persist } })
    return persist
  }

  it('asks once per start, and says what the browser answered', async () => {
    const persist = storageThatKeeps(false, true)
    expect(await space.askToKeepStorage()).toBe('kept')
    expect(await space.askToKeepStorage()).toBe('kept')
    expect(persist).toHaveBeenCalledTimes(1)
  })

  it('a refusal is said as such; already kept is not asked again', async () => {
    expect(await (storageThatKeeps(false, false), space.askToKeepStorage())).toBe('refused')
    vi.resetModules()
    space = await import('./device-space')
    const persist = storageThatKeeps(true, false)
    expect(await space.askToKeepStorage()).toBe('kept')
    expect(persist).not.toHaveBeenCalled()
  })

  it('a browser without persist(): unavailable, nothing thrown', async () => {
    vi.stubGlobal('navigator', { storage: {} })
    expect(await space.askToKeepStorage()).toBe('unavailable')
  })
})
