/**
 * Every test file starts in the same world (a setup file of the `unit` and `dom` projects,
 * vitest.config.ts). Test files of one worker share its modules and, in `dom`, its jsdom
 * window (`isolate: false`: the app, msw, the fake backend and jsdom are loaded once per
 * worker instead of once per file — most of what the suite used to spend). So what a file
 * may leave behind is put back here, before each file, whatever ran before it in whatever
 * order (`--sequence.shuffle`):
 *
 *  - real timers, no stubbed globals or env, no spies (vitest restores mocks per file);
 *  - empty localStorage and sessionStorage, no IndexedDB database (deleted the way sign-out
 *    deletes them, so the app's open connections let go), the navigator as the browser
 *    gives it (the `onLine`, `permissions`, `geolocation`… a test defined on it removed);
 *  - the app's module state a test may set: no session, a new API client with the default
 *    time limit and no response validator, the connectivity and the clock as at a start,
 *    no visit sync loop running;
 *  - after each test (src/test/per-test-hooks.ts), the shared fake server's handlers as the
 *    fake backend has them (src/test/fake-server.ts).
 *
 * A file that needs a module graph of its own (`vi.mock`, `vi.resetModules`, or a module that
 * must load before another: `@vitest-isolate` in a comment) runs in the isolated projects
 * instead (`unit-isolated`, `dom-isolated`), which do not use this file.
 */
import { vi } from 'vitest'
import { onlineManager } from '@tanstack/react-query'
import { resetApiClient, setApiTimeoutForTests, setResponseValidator } from '@/lib/api'
import { resetClockForTests } from '@/lib/clock'
import { resetConnectivity } from '@/lib/connectivity'
import { clearSession } from '@/lib/session'
import { closeVisitDbs } from '@/lib/visit-store/db'
import { stopTestSync } from './visit-kit'

async function deleteEveryDatabase() {
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return
  await closeVisitDbs()
  const databases = await indexedDB.databases()
  await Promise.all(
    databases.map(
      ({ name }) =>
        new Promise<void>((resolve) => {
          if (!name) return resolve()
          const request = indexedDB.deleteDatabase(name)
          request.onsuccess = request.onerror = request.onblocked = () => resolve()
        }),
    ),
  )
}

/** Puts the world back as a test file must find it (see above). */
export async function resetWorld() {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  vi.unstubAllEnvs()
  stopTestSync()
  if (typeof navigator !== 'undefined')
    // Own string keys only: the environment keeps its own state under symbols.
    for (const key of Object.getOwnPropertyNames(navigator)) Reflect.deleteProperty(navigator, key)
  await clearSession()
  await deleteEveryDatabase()
  if (typeof localStorage !== 'undefined') {
    localStorage.clear()
    sessionStorage.clear()
  }
  setResponseValidator(undefined)
  setApiTimeoutForTests(undefined)
  resetApiClient()
  resetConnectivity()
  onlineManager.setOnline(true)
  resetClockForTests()
}

// Top level: a setup file runs again before each test file, before the file is imported.
await resetWorld()
