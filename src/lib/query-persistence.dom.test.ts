import 'fake-indexeddb/auto'
import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { clearAgentData } from './agent-data'
import {
  indexedDbPersister,
  QUERY_CACHE_BUSTER,
  QUERY_CACHE_MAX_AGE_MS,
  restoreAndPersistQueries,
  RESTORE_DEADLINE_MS,
} from './query-persistence'
import { DATABASES } from './storage-keys'
import { holdDatabase } from '@/test/held-database'

const offers = { items: [{ taskId: 'tsk_1', title: 'Compra na padaria' }] }

/** A client as a session left it: the offers answered, the agent's /me failed. */
async function clientWithAnswers() {
  const client = new QueryClient()
  client.setQueryData(['opportunities'], offers)
  await client
    .fetchQuery({
      queryKey: ['me'],
      queryFn: () => Promise.reject(new Error('offline')),
      retry: false,
    })
    .catch(() => undefined)
  return client
}

const databases = async () => (await indexedDB.databases()).map((d) => d.name)

afterEach(async () => {
  vi.useRealTimers()
  for (const name of await databases()) if (name) indexedDB.deleteDatabase(name)
})

describe("the agent's answers kept on the phone", () => {
  it('a reopened app starts with what the last session showed (only what succeeded)', async () => {
    const before = await clientWithAnswers()
    const stop = await restoreAndPersistQueries(before, 'agt_1')
    before.setQueryData(['opportunities'], offers) // an answer arrives: saved within a second
    // Saves are coalesced to one a second.
    await vi.waitFor(
      async () => expect(await indexedDbPersister('agt_1').restoreClient()).toBeDefined(),
      { timeout: 3000 },
    )
    stop()

    const after = new QueryClient()
    await restoreAndPersistQueries(after, 'agt_1').then((s) => s())
    expect(after.getQueryData(['opportunities'])).toEqual(offers)
    expect(after.getQueryState(['me'])).toBeUndefined()
    // Painted from the phone, then asked again by the screen that shows it.
    expect(after.getQueryState(['opportunities'])?.isInvalidated).toBe(true)
  })

  it('an answer whose refresh failed (opened with no signal) stays kept, as the answer', async () => {
    const first = new QueryClient()
    first.setQueryData(['opportunities'], offers)
    const stopFirst = await restoreAndPersistQueries(first, 'agt_1')
    window.dispatchEvent(new Event('pagehide'))
    await vi.waitFor(
      async () => expect(await indexedDbPersister('agt_1').restoreClient()).toBeDefined(),
      { timeout: 3000 },
    )
    stopFirst()

    // Reopened offline: the kept offers paint, their refresh fails, the cache is saved again.
    const offline = new QueryClient()
    const stop = await restoreAndPersistQueries(offline, 'agt_1')
    await offline
      .fetchQuery({
        queryKey: ['opportunities'],
        queryFn: () => Promise.reject(new Error('offline')),
        retry: false,
      })
      .catch(() => undefined)
    expect(offline.getQueryState(['opportunities'])?.status).toBe('error')
    window.dispatchEvent(new Event('pagehide'))
    await vi.waitFor(
      async () => {
        const kept = await indexedDbPersister('agt_1').restoreClient()
        expect(kept?.clientState.queries[0]?.state.fetchFailureCount).toBe(0)
      },
      { timeout: 3000 },
    )
    stop()

    // The next open (offline again) still has them, as an answer, not as a failure.
    const next = new QueryClient()
    await restoreAndPersistQueries(next, 'agt_1').then((s) => s())
    expect(next.getQueryData(['opportunities'])).toEqual(offers)
    expect(next.getQueryState(['opportunities'])).toMatchObject({ status: 'success', error: null })
  })

  it('keeps what the cache already held when it started (answers fetched during sign-in)', async () => {
    const client = new QueryClient()
    client.setQueryData(['opportunities'], offers)
    const stop = await restoreAndPersistQueries(client, 'agt_1')
    await vi.waitFor(
      async () => {
        const kept = await indexedDbPersister('agt_1').restoreClient()
        expect(kept?.clientState.queries.map((q) => q.queryKey)).toEqual([['opportunities']])
      },
      { timeout: 3000 },
    )
    stop()
  })

  it('an answer that arrives while the kept cache is read stays, and one under way refreshes what was kept', async () => {
    const earlier = new QueryClient()
    const hourAgo = Date.now() - 60 * 60_000
    earlier.setQueryData(['opportunities'], offers, { updatedAt: hourAgo })
    earlier.setQueryData(['tasks'], ['kept task'], { updatedAt: hourAgo })
    await restoreAndPersistQueries(earlier, 'agt_1').then((stop) => {
      window.dispatchEvent(new Event('pagehide'))
      return vi
        .waitFor(
          async () =>
            expect(
              (await indexedDbPersister('agt_1').restoreClient())?.clientState.queries,
            ).toHaveLength(2),
          { timeout: 500 },
        )
        .then(stop)
    })

    // The reopened app: the screen's requests start while the kept cache is being read.
    const client = new QueryClient()
    const restoring = restoreAndPersistQueries(client, 'agt_1')
    const fresh = { items: [{ taskId: 'tsk_2', title: 'Loja nova' }] }
    client.setQueryData(['opportunities'], fresh)
    let answerTasks: (tasks: string[]) => void = () => {}
    const tasks = client.fetchQuery({
      queryKey: ['tasks'],
      queryFn: () => new Promise<string[]>((resolve) => (answerTasks = resolve)),
    })
    const stop = await restoring

    expect(client.getQueryData(['opportunities'])).toEqual(fresh)
    expect(client.getQueryState(['opportunities'])?.isInvalidated).toBe(false)
    // Painted from the phone while its request is under way…
    expect(client.getQueryData(['tasks'])).toEqual(['kept task'])
    expect(client.getQueryState(['tasks'])?.fetchStatus).toBe('fetching')
    // …and replaced by the answer.
    answerTasks(['fresh task'])
    await tasks
    expect(client.getQueryData(['tasks'])).toEqual(['fresh task'])
    stop()
  })

  it('an answer this page got before the kept cache was even opened is fresh, not asked again', async () => {
    // A visit kept its offers.
    const earlier = new QueryClient()
    const stopEarlier = await restoreAndPersistQueries(earlier, 'agt_1')
    earlier.setQueryData(['opportunities'], { items: [] })
    await vi.waitFor(
      async () =>
        expect(
          (await indexedDbPersister('agt_1').restoreClient())?.clientState.queries,
        ).toHaveLength(1),
      { timeout: 2000 },
    )
    stopEarlier()
    // The page's start asked for the offers at once; they came back before this module loaded.
    const pageStarted = Date.now()
    const client = new QueryClient()
    await new Promise((resolve) => setTimeout(resolve, 5))
    client.setQueryData(['opportunities'], offers)
    // This module's own file takes a while to arrive.
    await new Promise((resolve) => setTimeout(resolve, 5))
    const stop = await restoreAndPersistQueries(client, 'agt_1', RESTORE_DEADLINE_MS, pageStarted)
    expect(client.getQueryState(['opportunities'])?.isInvalidated).toBe(false)
    stop()
  })

  it('saves at once when the app goes to the background, not a second later', async () => {
    const client = new QueryClient()
    const stop = await restoreAndPersistQueries(client, 'agt_1')
    client.setQueryData(['opportunities'], offers)
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' })
    document.dispatchEvent(new Event('visibilitychange'))
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' })
    await vi.waitFor(
      async () => {
        const kept = await indexedDbPersister('agt_1').restoreClient()
        expect(kept?.clientState.queries.map((q) => q.queryKey)).toEqual([['opportunities']])
      },
      { timeout: 500 },
    )
    stop()
  })

  it('works on a database of its name that something else made without its store', async () => {
    await new Promise((resolve) => {
      const request = indexedDB.open(DATABASES.queryCache('agt_1'))
      request.onsuccess = () => {
        request.result.close()
        resolve(undefined)
      }
    })
    const client = new QueryClient()
    const stop = await restoreAndPersistQueries(client, 'agt_1')
    client.setQueryData(['opportunities'], offers)
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' })
    document.dispatchEvent(new Event('visibilitychange'))
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' })
    await vi.waitFor(async () =>
      expect(await indexedDbPersister('agt_1').restoreClient()).toBeDefined(),
    )
    stop()
  })

  it('each agent has their own: another agent on the same phone starts empty', async () => {
    const client = new QueryClient()
    client.setQueryData(['opportunities'], offers)
    const persister = indexedDbPersister('agt_1')
    await persister.persistClient({
      buster: QUERY_CACHE_BUSTER,
      timestamp: Date.now(),
      clientState: { queries: [], mutations: [] },
    })
    const other = new QueryClient()
    await restoreAndPersistQueries(other, 'agt_2').then((s) => s())
    expect(other.getQueryCache().getAll()).toHaveLength(0)
  })

  it('drops a cache written by a build with other API shapes, or too old', async () => {
    const kept = async (buster: string, timestamp: number) => {
      const source = new QueryClient()
      source.setQueryData(['opportunities'], offers)
      const { dehydrate } = await import('@tanstack/react-query')
      await indexedDbPersister('agt_1').persistClient({
        buster,
        timestamp,
        clientState: dehydrate(source),
      })
      const client = new QueryClient()
      await restoreAndPersistQueries(client, 'agt_1').then((s) => s())
      return client.getQueryData(['opportunities'])
    }
    expect(await kept(QUERY_CACHE_BUSTER, Date.now())).toEqual(offers)
    expect(await kept('other-shapes', Date.now())).toBeUndefined()
    expect(await kept(QUERY_CACHE_BUSTER, Date.now() - QUERY_CACHE_MAX_AGE_MS - 1)).toBeUndefined()
    // Dropped, not just ignored.
    expect(await indexedDbPersister('agt_1').restoreClient()).toBeUndefined()
  })

  it('stops writing when the session ends, and sign-out deletes it', async () => {
    const client = new QueryClient()
    const stop = await restoreAndPersistQueries(client, 'agt_1')
    client.setQueryData(['opportunities'], offers)
    await vi.waitFor(
      async () => expect(await indexedDbPersister('agt_1').restoreClient()).toBeDefined(),
      { timeout: 3000 },
    )
    stop()
    client.clear()
    client.setQueryData(['opportunities'], { items: [] })
    await new Promise((r) => setTimeout(r, 1200))
    const kept = await indexedDbPersister('agt_1').restoreClient()
    expect(kept?.clientState.queries[0]?.state.data).toEqual(offers)

    await clearAgentData({ preview: false, agentId: 'agt_1' })
    expect(await databases()).not.toContain(DATABASES.queryCache('agt_1'))
  })

  it('a start whose kept cache is held goes on without it, takes it in once read, and writes nothing before', async () => {
    const hourAgo = Date.now() - 60 * 60_000
    const kept = new QueryClient()
    kept.setQueryData(['opportunities'], offers, { updatedAt: hourAgo })
    kept.setQueryData(['tasks'], ['kept task'], { updatedAt: hourAgo })
    const stopKept = await restoreAndPersistQueries(kept, 'agt_1')
    window.dispatchEvent(new Event('pagehide'))
    await vi.waitFor(
      async () =>
        expect(
          (await indexedDbPersister('agt_1').restoreClient())?.clientState.queries,
        ).toHaveLength(2),
      { timeout: 500 },
    )
    stopKept()

    // Another page of the app holds the database (frozen mid-write in the bfcache).
    const holder = await holdDatabase(DATABASES.queryCache('agt_1'), DATABASES.queryCacheStore)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const client = new QueryClient()
    const started = performance.now()
    const stop = await restoreAndPersistQueries(client, 'agt_1', 100)
    expect(performance.now() - started).toBeLessThan(1000)
    expect(client.getQueryData(['opportunities'])).toBeUndefined()
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Nada foi perdido'))
    // The network answers the offers meanwhile; no save while the kept cache is unread.
    const fresh = { items: [{ taskId: 'tsk_2', title: 'Loja nova' }] }
    client.setQueryData(['opportunities'], fresh)
    await new Promise((resolve) => setTimeout(resolve, 1200))

    holder.release()
    // The late read fills in what the network has not answered, never over what it has…
    await vi.waitFor(() => expect(client.getQueryData(['tasks'])).toEqual(['kept task']))
    expect(client.getQueryData(['opportunities'])).toEqual(fresh)
    // …and from then on the cache is kept, with both.
    await vi.waitFor(
      async () => {
        const saved = await indexedDbPersister('agt_1').restoreClient()
        expect(saved?.clientState.queries.map((q) => q.state.data)).toEqual(
          expect.arrayContaining([fresh, ['kept task']]),
        )
      },
      { timeout: 3000 },
    )
    stop()
    warn.mockRestore()
  })

  it('writes nothing while the page sits in the back/forward cache, and saves when shown again', async () => {
    const client = new QueryClient()
    const stop = await restoreAndPersistQueries(client, 'agt_1')
    client.setQueryData(['opportunities'], offers)
    // A full navigation: the page goes to the bfcache (persisted), then is hidden.
    window.dispatchEvent(new PageTransitionEvent('pagehide', { persisted: true }))
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' })
    document.dispatchEvent(new Event('visibilitychange'))
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' })
    await new Promise((resolve) => setTimeout(resolve, 1200))
    expect(await indexedDbPersister('agt_1').restoreClient()).toBeUndefined()

    // Back (from the cache): what changed is saved.
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }))
    await vi.waitFor(
      async () => expect(await indexedDbPersister('agt_1').restoreClient()).toBeDefined(),
      { timeout: 3000 },
    )
    stop()
  })
})
