import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import {
  DATABASES,
  STORAGE_KEYS,
  isDemoDatabase,
  isDemoKey,
  isSessionTrace,
  isUnownedWork,
  isWipedAtSignOut,
  isWipedDatabase,
  isWorkOf,
  ownedWorkKey,
  setWorkScope,
  storageKey,
  visitDatabaseOwner,
  workPrefix,
} from './storage-keys'

/** The keys of an agent's kept work, as the app builds them for `scope`. */
function workKeys(scope: string) {
  setWorkScope(() => scope)
  return [
    storageKey.visitInput('rep_1.notes'),
    storageKey.visitSnapshot('T-4826'),
    storageKey.receiptForm('rep_1'),
    storageKey.stopwatch('tsk_1', 'greeting'),
    storageKey.pendencyAnswers('rev_1'),
  ]
}

afterEach(() => setWorkScope(() => undefined))

describe('the storage key registry', () => {
  const sessionKeys = [
    storageKey.session(false),
    storageKey.pendingSignIn(),
    storageKey.returnTo(),
    storageKey.pushSubscription(),
    storageKey.bulletinAlertDismissed(),
  ]
  const demoKeys = [
    storageKey.session(true),
    storageKey.demoPosition(),
    storageKey.demoOffline(),
    storageKey.demoWorld(),
    storageKey.unsentRecord(DATABASES.demoVisit('agt_1')),
  ]
  const deviceKeys = [
    storageKey.keptWork(),
    storageKey.pendingSignOuts(),
    storageKey.clockOffset(),
    storageKey.unsentRecord(DATABASES.visit('agt_c')),
  ]

  it('builds every key under one of its prefixes, an agent’s work under that agent’s', () => {
    const prefixes = Object.values(STORAGE_KEYS).map((e) => e.prefix)
    for (const key of [...sessionKeys, ...demoKeys, ...deviceKeys])
      expect(prefixes.some((p) => key.startsWith(p))).toBe(true)
    for (const key of workKeys('agt_a')) expect(key.startsWith(workPrefix('agt_a'))).toBe(true)
  })

  it('one agent’s work is never read under another’s keys', () => {
    expect(workKeys('agt_a').filter((k) => workKeys('agt_b').includes(k))).toEqual([])
  })

  it("a sign-out wipes the session's traces and that agent's own work, never another agent's", () => {
    const a = workKeys('agt_a')
    const b = workKeys('agt_b')
    const wiped = (key: string) => isWipedAtSignOut(key, { owner: 'agent', scope: 'agt_a' })
    expect([...sessionKeys, ...a].every(wiped)).toBe(true)
    expect([...b, ...demoKeys, ...deviceKeys].some(wiped)).toBe(false)
    expect(wiped('outro.app.chave')).toBe(false)
    // The record of what A's visit database held unsent goes with it; B's stays with B's.
    expect(wiped(storageKey.unsentRecord(DATABASES.visit('agt_a')))).toBe(true)
    expect(wiped(storageKey.unsentRecord(DATABASES.visit('agt_b')))).toBe(false)
    // Not knowing whose session it was, no work goes at all.
    expect(a.some((k) => isWipedAtSignOut(k, { owner: 'agent' }))).toBe(false)
  })

  it("an ended session's traces are the session keys only, never work, the demo's or the phone's", () => {
    expect(sessionKeys.every(isSessionTrace)).toBe(true)
    expect([...workKeys('agt_a'), ...demoKeys, ...deviceKeys].some(isSessionTrace)).toBe(false)
  })

  it("sign-out inside the demo wipes only the demo's session; the demo agent's work is the demo's", () => {
    const all = [...sessionKeys, ...workKeys('agt_a')]
    expect(all.filter((k) => isWipedAtSignOut(k, { owner: 'demo', scope: 'demo-agt_a' }))).toEqual(
      [],
    )
    expect(
      demoKeys.filter((k) => isWipedAtSignOut(k, { owner: 'demo', scope: 'demo-agt_a' })),
    ).toEqual([storageKey.session(true), storageKey.unsentRecord(DATABASES.demoVisit('agt_1'))])
    expect([...demoKeys, ...workKeys('demo-agt_demo')].every(isDemoKey)).toBe(true)
    expect([...all, ...workKeys('agt_demo')].some(isDemoKey)).toBe(false)
  })

  it('property: no agent’s prefix takes in another agent’s keys', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1 }), fc.string({ minLength: 1 }), (a, b) => {
        fc.pre(a !== b)
        expect(workKeys(b).some((k) => isWorkOf(k, a))).toBe(false)
        expect(workKeys(a).every((k) => isWorkOf(k, a))).toBe(true)
      }),
    )
  })

  it('work an older version kept with no owner is found, and moves under an agent', () => {
    const old = 'avaliador.visit-input.rep_1.notes'
    expect(isUnownedWork(old)).toBe(true)
    expect(isUnownedWork('avaliador.stopwatch.tsk_1.greeting')).toBe(true)
    expect([...sessionKeys, ...workKeys('agt_a'), ...deviceKeys].some(isUnownedWork)).toBe(false)
    setWorkScope(() => 'agt_a')
    expect(ownedWorkKey(old, 'agt_a')).toBe(storageKey.visitInput('rep_1.notes'))
  })

  it("a sign-out deletes the signing-out agent's databases only, the demo's and the agent's apart", () => {
    const agent = { owner: 'agent', agentId: 'agt_1' } as const
    const demo = { owner: 'demo', agentId: 'agt_1' } as const
    expect(isWipedDatabase(DATABASES.visit('agt_1'), agent)).toBe(true)
    expect(isWipedDatabase(DATABASES.queryCache('agt_1'), agent)).toBe(true)
    expect(isWipedDatabase(DATABASES.visit('agt_2'), agent)).toBe(false)
    expect(isWipedDatabase(DATABASES.queryCache('agt_2'), agent)).toBe(false)
    expect(isWipedDatabase(DATABASES.demoVisit('agt_1'), agent)).toBe(false)
    expect(isWipedDatabase(DATABASES.demoVisit('agt_1'), demo)).toBe(true)
    expect(isWipedDatabase(DATABASES.visit('agt_1'), demo)).toBe(false)
    expect(isWipedDatabase(DATABASES.deviceStorage, agent)).toBe(false)
    expect(isDemoDatabase(DATABASES.queryCache('agt_1'))).toBe(false)
    expect(isDemoDatabase(DATABASES.demoBackend('default-1'))).toBe(true)
    expect(isDemoDatabase(DATABASES.demoVisit('agt_1'))).toBe(true)
    expect(isDemoDatabase(DATABASES.visit('agt_1'))).toBe(false)
    expect(visitDatabaseOwner(DATABASES.visit('agt_1'))).toBe('agt_1')
    expect(visitDatabaseOwner(DATABASES.demoVisit('agt_1'))).toBeUndefined()
    expect(visitDatabaseOwner(DATABASES.queryCache('agt_1'))).toBeUndefined()
  })
})
