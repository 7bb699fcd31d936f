/**
 * What a test file may leave behind in a worker it shares (vitest.config.ts, `isolate: false`)
 * is gone before the next file: `resetWorld` (src/test/fresh-file.ts, run before each file).
 */
import 'fake-indexeddb/auto'
import { onlineManager } from '@tanstack/react-query'
import { describe, expect, it, vi } from 'vitest'
import { DEMO_AGENT_ID } from '../../mocks/seed/seed'
import { appNow, setClockOffset } from '@/lib/clock'
import { isOnline, reportReachability } from '@/lib/connectivity'
import { currentSession, saveSession } from '@/lib/session'
import { openVisitDb } from '@/lib/visit-store/db'
import { resetWorld } from './fresh-file'
import { startTestSync } from './visit-kit'

describe('resetWorld (before each test file)', () => {
  it('puts back timers, storage, databases, the navigator and the app’s session, connectivity and clock', async () => {
    // A file that leaves everything behind.
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout'] })
    vi.stubGlobal('__leftBehind', true)
    localStorage.setItem('avaliador.left', '1')
    sessionStorage.setItem('avaliador.left', '1')
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false })
    await saveSession({ token: 't', agentId: DEMO_AGENT_ID, expiresAt: '2999-01-01T00:00:00Z' })
    const db = await openVisitDb(DEMO_AGENT_ID)
    await db.put('visits', { taskId: 'tsk_left', slug: 'T-0', reportId: 'rep_left' })
    await startTestSync(DEMO_AGENT_ID)
    reportReachability(false)
    onlineManager.setOnline(false)
    setClockOffset(3_600_000)
    expect(isOnline()).toBe(false)

    await resetWorld()

    expect(vi.isFakeTimers()).toBe(false)
    expect('__leftBehind' in globalThis).toBe(false)
    expect(localStorage.length).toBe(0)
    expect(sessionStorage.length).toBe(0)
    expect(Object.getOwnPropertyNames(navigator)).toEqual([])
    expect(navigator.onLine).toBe(true)
    expect(currentSession()).toBeNull()
    expect(await indexedDB.databases()).toEqual([])
    expect(await (await openVisitDb(DEMO_AGENT_ID)).getAll('visits')).toEqual([])
    expect(isOnline()).toBe(true)
    expect(onlineManager.isOnline()).toBe(true)
    expect(Math.abs(appNow() - Date.now())).toBeLessThan(1_000)
  })
})
