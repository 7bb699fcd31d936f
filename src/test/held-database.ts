/**
 * Plays what a page frozen in WebKit's back/forward cache does to the next page of the app: a
 * readwrite transaction on `store` of database `name` that never ends (its requests keep it
 * alive), so every other transaction on that store waits behind it. `release()` lets it end.
 */
export async function holdDatabase(name: string, store: string): Promise<{ release(): void }> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(name)
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(store)) request.result.createObjectStore(store)
    }
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error ?? new Error(`open ${name}`))
  })
  let held = true
  const tx = db.transaction(store, 'readwrite')
  const keepAlive = () => {
    if (!held) return
    tx.objectStore(store).count().onsuccess = keepAlive
  }
  await new Promise<void>((resolve) => {
    tx.objectStore(store).count().onsuccess = () => {
      keepAlive()
      resolve()
    }
  })
  return {
    release() {
      held = false
      tx.oncomplete = () => db.close()
    },
  }
}
