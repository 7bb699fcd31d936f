import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import { adoptUnownedWork, clearAgentData, endSessionKeepingWork } from './agent-data'
import { deviceStorage, restoreDeviceStorage } from './device-storage'
import { keptWorkOnDevice, noteKeptWork } from './kept-work'
import { setWorkScope, storageKey } from './storage-keys'

/** `key` of the agent `scope`'s kept work. */
function workOf(scope: string, key: (k: typeof storageKey) => string) {
  setWorkScope(() => scope)
  return key(storageKey)
}
const notesOf = (scope: string) => workOf(scope, (k) => k.visitInput('rep_1.notes'))
const stopwatchOf = (scope: string) => workOf(scope, (k) => k.stopwatch('T-1', 'wait'))

async function createDatabase(name: string) {
  await new Promise<void>((resolve, reject) => {
    const request = indexedDB.open(name, 1)
    request.onupgradeneeded = () => request.result.createObjectStore('drafts')
    request.onsuccess = () => {
      const db = request.result
      // Like the visit store: close when a deletion asks.
      db.onversionchange = () => db.close()
      resolve()
    }
    request.onerror = () => reject(request.error)
  })
}

/** The device-storage mirror is the app's, not an agent's: it stays (its entries go). */
const databases = async () =>
  (await indexedDB.databases())
    .map((d) => d.name)
    .filter((n) => n !== 'avaliador-device-storage')
    .sort()

async function seedDevice() {
  // Kept the way the app keeps it: localStorage and its crash-proof mirror.
  await deviceStorage.set('avaliador.session', '{"token":"ses_real"}')
  await deviceStorage.set(notesOf('agt_real'), 'rascunho')
  localStorage.setItem(stopwatchOf('agt_real'), '12')
  // Another agent's visit, kept on the same phone after that agent's session ended.
  await deviceStorage.set(notesOf('agt_other'), 'do outro')
  await deviceStorage.set(notesOf('demo-agt_demo'), 'da demonstração')
  await noteKeptWork({ agentId: 'agt_other', firstName: 'Bruno', visits: 1, since: 'x' })
  await deviceStorage.set(storageKey.pushSubscription(), '{"id":"p1","endpoint":"e"}')
  sessionStorage.setItem('avaliador.return-to', '/tasks')
  await deviceStorage.set('avaliador.preview.session', '{"token":"demo-token"}')
  localStorage.setItem('avaliador.preview.world', '{"seed":7}')
  localStorage.setItem('outro-app', 'x')
  for (const name of [
    'avaliador-agent-agt_real',
    'avaliador-queries-agt_real',
    'avaliador-agent-agt_other',
    'avaliador-queries-agt_other',
    'avaliador-agent-demo-agt_demo',
    'avaliador-demo-busy-agent-7',
    'outro-app-db',
  ])
    await createDatabase(name)
}

/** Deleted, and done: a deletion still running would meet the next test's databases. */
const deleted = (name: string) =>
  new Promise<void>((resolve, reject) => {
    const request = indexedDB.deleteDatabase(name)
    request.onsuccess = () => resolve()
    request.onerror = () => reject(request.error)
  })

afterEach(async () => {
  setWorkScope(() => undefined)
  localStorage.clear()
  sessionStorage.clear()
  // The mirror too: its entries would come back at the next test's `restoreDeviceStorage`.
  await Promise.all((await indexedDB.databases()).map((d) => deleted(d.name!)))
})

describe('clearAgentData', () => {
  it("signing out of the agent app wipes that agent's keys and databases, not another agent's nor the demo's", async () => {
    await seedDevice()
    await clearAgentData({ preview: false, agentId: 'agt_real' })
    // Not even the mirror brings the session back at the next start.
    await restoreDeviceStorage()
    expect(Object.keys(localStorage).sort()).toEqual(
      [
        notesOf('agt_other'),
        notesOf('demo-agt_demo'),
        storageKey.keptWork(),
        'avaliador.preview.session',
        'avaliador.preview.world',
        'outro-app',
      ].sort(),
    )
    expect(localStorage.getItem(notesOf('agt_other'))).toBe('do outro')
    expect(keptWorkOnDevice().map((w) => w.agentId)).toEqual(['agt_other'])
    expect(Object.keys(sessionStorage)).toEqual([])
    expect(await databases()).toEqual([
      'avaliador-agent-agt_other',
      'avaliador-agent-demo-agt_demo',
      'avaliador-demo-busy-agent-7',
      'avaliador-queries-agt_other',
      'outro-app-db',
    ])
  })

  it('the other agent, signing out in turn, takes only their own, and their line of kept work', async () => {
    await seedDevice()
    await clearAgentData({ preview: false, agentId: 'agt_other' })
    await restoreDeviceStorage()
    expect(localStorage.getItem(notesOf('agt_other'))).toBeNull()
    expect(localStorage.getItem(notesOf('agt_real'))).toBe('rascunho')
    expect(keptWorkOnDevice()).toEqual([])
    expect(await databases()).toContain('avaliador-agent-agt_real')
    expect(await databases()).not.toContain('avaliador-agent-agt_other')
  })

  it("an ended session leaves the agent's work and databases, notes whose they are, and drops the session's traces", async () => {
    await seedDevice()
    await endSessionKeepingWork({ agentId: 'agt_real', firstName: 'Ana', visits: 2, since: 'y' })
    await restoreDeviceStorage()
    expect(localStorage.getItem(notesOf('agt_real'))).toBe('rascunho')
    expect(localStorage.getItem(storageKey.pushSubscription())).toBeNull()
    expect(sessionStorage.getItem('avaliador.return-to')).toBeNull()
    expect(keptWorkOnDevice('agt_other')).toEqual([
      { agentId: 'agt_real', firstName: 'Ana', visits: 2, since: 'y' },
    ])
    expect(await databases()).toContain('avaliador-agent-agt_real')
  })

  it('work kept with no owner by an older version moves under its agent, once', async () => {
    localStorage.setItem('avaliador.visit-input.rep_9.notes', 'antigo')
    await createDatabase('avaliador-agent-agt_old')
    // The only visit database on the phone says whose it was, whoever signs in.
    await adoptUnownedWork('agt_new')
    expect(localStorage.getItem('avaliador.visit-input.rep_9.notes')).toBeNull()
    expect(localStorage.getItem(workOf('agt_old', (k) => k.visitInput('rep_9.notes')))).toBe(
      'antigo',
    )
    // With no database to say, the agent signing in.
    localStorage.setItem('avaliador.stopwatch.T-9.wait', '3')
    await deleted('avaliador-agent-agt_old')
    await adoptUnownedWork('agt_new')
    expect(localStorage.getItem(workOf('agt_new', (k) => k.stopwatch('T-9', 'wait')))).toBe('3')
  })

  it("signing out inside the demo touches only the demo agent's session and visit database", async () => {
    await seedDevice()
    await clearAgentData({ preview: true, agentId: 'agt_demo' })
    await restoreDeviceStorage()
    expect(localStorage.getItem('avaliador.preview.session')).toBeNull()
    expect(localStorage.getItem('avaliador.session')).not.toBeNull()
    expect(localStorage.getItem(notesOf('agt_real'))).toBe('rascunho')
    expect(await databases()).toEqual([
      'avaliador-agent-agt_other',
      'avaliador-agent-agt_real',
      'avaliador-demo-busy-agent-7',
      'avaliador-queries-agt_other',
      'avaliador-queries-agt_real',
      'outro-app-db',
    ])
  })

  it("without indexedDB.databases() it deletes the signed-in agent's own database", async () => {
    await seedDevice()
    const factory = Object.getPrototypeOf(indexedDB) as { databases?: unknown }
    const listing = Object.getOwnPropertyDescriptor(factory, 'databases')!
    delete factory.databases
    try {
      expect('databases' in indexedDB).toBe(false)
      await clearAgentData({ preview: false, agentId: 'agt_real' })
    } finally {
      Object.defineProperty(factory, 'databases', listing)
    }
    expect(await databases()).not.toContain('avaliador-agent-agt_real')
    expect(await databases()).toContain('avaliador-agent-demo-agt_demo')
  })
})
