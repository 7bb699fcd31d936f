/**
 * Reads, from a page, the agent's answers kept on the phone (src/lib/query-persistence.ts):
 * when they were last saved and whether they hold the offers, under the names the app itself
 * uses (src/lib/storage-keys.ts).
 */
import type { Page } from '@playwright/test'
import { DATABASES, storageKey } from '../../src/lib/storage-keys'

export type KeptAnswers = { savedAt: number; hasOffers: boolean }

/** The kept answers of the signed-in agent, or null when there are none (yet). */
export function keptAnswers(page: Page): Promise<KeptAnswers | null> {
  return page.evaluate(
    ({ sessionKey, database, store, record }) =>
      new Promise<KeptAnswers | null>((resolve) => {
        const session = localStorage.getItem(sessionKey)
        if (!session) return resolve(null)
        const name = database + (JSON.parse(session) as { agentId: string }).agentId
        // Never open (and so create) the app's database before the app has.
        void indexedDB.databases().then((all) => {
          if (!all.some((d) => d.name === name)) return resolve(null)
          const open = indexedDB.open(name)
          open.onerror = () => resolve(null)
          open.onsuccess = () => {
            const db = open.result
            if (!db.objectStoreNames.contains(store)) {
              db.close()
              return resolve(null)
            }
            const get = db.transaction(store).objectStore(store).get(record)
            get.onerror = () => {
              db.close()
              resolve(null)
            }
            get.onsuccess = () => {
              const kept = get.result as
                | { timestamp: number; clientState: { queries: { queryKey: unknown[] }[] } }
                | undefined
              db.close()
              resolve(
                kept
                  ? {
                      savedAt: kept.timestamp,
                      hasOffers: kept.clientState.queries.some(
                        (q) => q.queryKey[0] === 'opportunities',
                      ),
                    }
                  : null,
              )
            }
          }
        })
      }),
    {
      sessionKey: storageKey.session(false),
      database: DATABASES.queryCache(''),
      store: DATABASES.queryCacheStore,
      record: DATABASES.queryCacheRecord,
    },
  )
}
