import { describe, expect, it } from 'vitest'
import {
  DATABASES,
  STORAGE_KEYS,
  isDemoDatabase,
  isDemoKey,
  isWipedAtSignOut,
  isWipedDatabase,
  storageKey,
} from './storage-keys'

describe('the storage key registry', () => {
  const agentKeys = [
    storageKey.session(false),
    storageKey.pendingSignIn(),
    storageKey.returnTo(),
    storageKey.visitInput('rep_1.notes'),
    storageKey.visitSnapshot('T-4826'),
    storageKey.receiptForm('rep_1'),
    storageKey.stopwatch('tsk_1', 'greeting'),
    storageKey.pendencyAnswers('rev_1'),
    storageKey.unsentRecord(DATABASES.visit('agt_1')),
  ]
  const demoKeys = [
    storageKey.session(true),
    storageKey.demoPosition(),
    storageKey.demoOffline(),
    storageKey.demoWorld(),
    storageKey.unsentRecord(DATABASES.demoVisit('agt_1')),
  ]

  it('builds every key under one of its prefixes', () => {
    const prefixes = Object.values(STORAGE_KEYS).map((e) => e.prefix)
    for (const key of [...agentKeys, ...demoKeys])
      expect(prefixes.some((p) => key.startsWith(p))).toBe(true)
  })

  it("sign-out of the agent app wipes every agent key and none of the demo's", () => {
    for (const key of agentKeys) expect(isWipedAtSignOut(key, 'agent')).toBe(true)
    for (const key of demoKeys) expect(isWipedAtSignOut(key, 'agent')).toBe(false)
    expect(isWipedAtSignOut('outro.app.chave', 'agent')).toBe(false)
  })

  it("sign-out inside the demo wipes only the demo's session, and the record of its deleted visits", () => {
    expect(agentKeys.filter((k) => isWipedAtSignOut(k, 'demo'))).toEqual([])
    expect(demoKeys.filter((k) => isWipedAtSignOut(k, 'demo'))).toEqual([
      storageKey.session(true),
      storageKey.unsentRecord(DATABASES.demoVisit('agt_1')),
    ])
    expect(demoKeys.every(isDemoKey)).toBe(true)
    expect(agentKeys.some(isDemoKey)).toBe(false)
  })

  it("keeps the agent's and the demo's databases apart", () => {
    expect(isWipedDatabase(DATABASES.visit('agt_1'), 'agent')).toBe(true)
    expect(isWipedDatabase(DATABASES.demoVisit('agt_1'), 'agent')).toBe(false)
    expect(isWipedDatabase(DATABASES.demoVisit('agt_1'), 'demo')).toBe(true)
    expect(isWipedDatabase(DATABASES.visit('agt_1'), 'demo')).toBe(false)
    expect(isWipedDatabase(DATABASES.deviceStorage, 'agent')).toBe(false)
    expect(isWipedDatabase(DATABASES.queryCache('agt_1'), 'agent')).toBe(true)
    expect(isWipedDatabase(DATABASES.queryCache('agt_1'), 'demo')).toBe(false)
    expect(isDemoDatabase(DATABASES.queryCache('agt_1'))).toBe(false)
    expect(isDemoDatabase(DATABASES.demoBackend('default-1'))).toBe(true)
    expect(isDemoDatabase(DATABASES.demoVisit('agt_1'))).toBe(true)
    expect(isDemoDatabase(DATABASES.visit('agt_1'))).toBe(false)
  })
})
