import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it } from 'vitest'
import { clearAgentData } from './agent-data'
import { deviceStorage, restoreDeviceStorage } from './device-storage'

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
  localStorage.setItem('avaliador.visit-input.rep_1.notes', 'rascunho')
  localStorage.setItem('avaliador.stopwatch.T-1.wait', '12')
  sessionStorage.setItem('avaliador.return-to', '/tasks')
  await deviceStorage.set('avaliador.preview.session', '{"token":"demo-token"}')
  localStorage.setItem('avaliador.preview.world', '{"seed":7}')
  localStorage.setItem('outro-app', 'x')
  for (const name of [
    'avaliador-agent-agt_real',
    'avaliador-agent-demo-agt_demo',
    'avaliador-demo-busy-agent-7',
    'outro-app-db',
  ])
    await createDatabase(name)
}

afterEach(async () => {
  localStorage.clear()
  sessionStorage.clear()
  await Promise.all((await databases()).map((n) => indexedDB.deleteDatabase(n!)))
})

describe('clearAgentData', () => {
  it("signing out of the agent app wipes the agent's keys and visit database, not the demo's", async () => {
    await seedDevice()
    await clearAgentData({ preview: false, agentId: 'agt_real' })
    // Not even the mirror brings the session back at the next start.
    await restoreDeviceStorage()
    expect(Object.keys(localStorage).sort()).toEqual([
      'avaliador.preview.session',
      'avaliador.preview.world',
      'outro-app',
    ])
    expect(Object.keys(sessionStorage)).toEqual([])
    expect(await databases()).toEqual([
      'avaliador-agent-demo-agt_demo',
      'avaliador-demo-busy-agent-7',
      'outro-app-db',
    ])
  })

  it("signing out inside the demo touches only the demo agent's session and visit database", async () => {
    await seedDevice()
    await clearAgentData({ preview: true, agentId: 'agt_demo' })
    await restoreDeviceStorage()
    expect(localStorage.getItem('avaliador.preview.session')).toBeNull()
    expect(localStorage.getItem('avaliador.session')).not.toBeNull()
    expect(localStorage.getItem('avaliador.visit-input.rep_1.notes')).toBe('rascunho')
    expect(await databases()).toEqual([
      'avaliador-agent-agt_real',
      'avaliador-demo-busy-agent-7',
      'outro-app-db',
    ])
  })

  it("without indexedDB.databases() it still deletes the signed-in agent's own database", async () => {
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
