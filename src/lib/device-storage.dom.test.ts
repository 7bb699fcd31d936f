import 'fake-indexeddb/auto'
import { beforeEach, describe, expect, it } from 'vitest'
import { deviceStorage, restoreDeviceStorage } from './device-storage'
import { DATABASES } from './storage-keys'
import { holdDatabase } from '@/test/held-database'

// A killed app loses localStorage writes of its last seconds (Chromium commits them late);
// here that loss is played by writing localStorage behind the module's back.
beforeEach(async () => {
  await deviceStorage.removeWhere(() => true)
  localStorage.clear()
})

describe('device storage', () => {
  it('a value whose localStorage write was lost comes back at the next start', async () => {
    await deviceStorage.set('avaliador.session', '{"token":"t"}', 'strict')
    localStorage.removeItem('avaliador.session') // lost in the crash
    expect(await restoreDeviceStorage()).toBe(1)
    expect(deviceStorage.get('avaliador.session')).toBe('{"token":"t"}')
  })

  it('the last of many quick writes wins', async () => {
    const writes = ['a', 'ab', 'abc', 'abcd'].map((v) => deviceStorage.set('k', v))
    await Promise.all(writes)
    localStorage.setItem('k', 'a') // an older value on disk
    await restoreDeviceStorage()
    expect(deviceStorage.get('k')).toBe('abcd')
  })

  it('a value removed just before a crash does not come back', async () => {
    await deviceStorage.set('avaliador.session', 'x')
    await deviceStorage.remove('avaliador.session')
    localStorage.setItem('avaliador.session', 'x') // the removal never reached the disk
    await restoreDeviceStorage()
    expect(deviceStorage.get('avaliador.session')).toBeNull()
  })

  it('removeWhere takes keys out of localStorage and of the mirror (sign-out)', async () => {
    await deviceStorage.set('avaliador.a', '1')
    await deviceStorage.set('avaliador.preview.session', '2')
    localStorage.setItem('avaliador.b', '3') // written elsewhere, never mirrored
    localStorage.removeItem('avaliador.a') // lost: only the mirror has it
    await deviceStorage.removeWhere((k) => k.startsWith('avaliador.') && !k.includes('preview'))
    await restoreDeviceStorage()
    expect(deviceStorage.get('avaliador.a')).toBeNull()
    expect(deviceStorage.get('avaliador.b')).toBeNull()
    expect(deviceStorage.get('avaliador.preview.session')).toBe('2')
  })

  it('nothing to correct when localStorage kept everything', async () => {
    await deviceStorage.set('k', 'v')
    expect(await restoreDeviceStorage()).toBe(0)
  })
})

describe('device storage at a start whose mirror is held', () => {
  it('starts after the deadline with localStorage as kept, and never applies the late read', async () => {
    await deviceStorage.set('avaliador.session', 'kept', 'strict')
    localStorage.removeItem('avaliador.session')
    const holder = await holdDatabase(DATABASES.deviceStorage, 'entries')
    const started = performance.now()
    expect(await restoreDeviceStorage(100)).toBe(0)
    expect(performance.now() - started).toBeLessThan(1000)
    expect(deviceStorage.get('avaliador.session')).toBeNull()
    localStorage.setItem('avaliador.session', 'typed meanwhile')
    holder.release()
    // The late read completes now; what the agent did meanwhile stays.
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(deviceStorage.get('avaliador.session')).toBe('typed meanwhile')
    // The mirror is intact for the next start.
    localStorage.removeItem('avaliador.session')
    expect(await restoreDeviceStorage()).toBe(1)
    expect(deviceStorage.get('avaliador.session')).toBe('kept')
  })
})
