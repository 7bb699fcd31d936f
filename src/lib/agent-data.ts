/**
 * Everything the app keeps on the device for one agent, and how to wipe it on sign-out:
 * app storage keys, IndexedDB databases and Cache Storage entries of the app.
 */
const APP_PREFIX = 'avaliador'

export async function clearAgentData() {
  // Open visit databases close themselves when a deletion asks (their `blocking` handler).
  for (const store of [localStorage, sessionStorage]) {
    for (const key of Object.keys(store))
      if (key.startsWith(APP_PREFIX) && !key.includes('.preview.db')) store.removeItem(key)
  }
  if (typeof indexedDB !== 'undefined' && 'databases' in indexedDB) {
    const databases = await indexedDB.databases().catch(() => [])
    await Promise.all(
      databases
        .filter((db) => db.name?.startsWith(`${APP_PREFIX}-agent`))
        .map(
          (db) =>
            new Promise<void>((resolve) => {
              const request = indexedDB.deleteDatabase(db.name!)
              request.onsuccess = request.onerror = request.onblocked = () => resolve()
            }),
        ),
    )
  }
  if (typeof caches !== 'undefined') {
    const names = await caches.keys().catch(() => [])
    await Promise.all(
      names.filter((n) => n.startsWith(`${APP_PREFIX}-api`)).map((n) => caches.delete(n)),
    )
  }
}
