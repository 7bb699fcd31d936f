/**
 * A photo is kept from the moment it is chosen: before the app prepares it (the compression
 * takes seconds for a large picture, longer on a cheap phone), its record — and its original,
 * as bytes, when it fits on the device — is written to the visit store. The transaction that
 * keeps the prepared photo (`addMedia` with `chosenId`) removes it. So a page killed during
 * "Preparando a foto…" finds it at the next open: the picker of its slot prepares the kept
 * original, or names the photo to take again when its original could not be kept
 * (docs/product/visit.md, "What survives what").
 *
 * One tab prepares a chosen photo at a time (a Web Lock per photo), and only one
 * `addMedia` can take it (it must still be here), so a photo is never kept twice.
 */
import type { ChosenPhoto } from './db'
import { inTransaction } from './db'
import { agentVisitDb, visitStoreChanged } from './store'

export type NewChosenPhoto = Omit<ChosenPhoto, 'size' | 'type' | 'lastModified' | 'bytesKept'> & {
  file: Blob & { lastModified?: number }
}

/**
 * Writes the chosen photo's record at once: enough to name it to take again. Its original
 * follows (`keepChosenOriginal`) once the room for it is measured.
 */
export async function keepChosenPhoto(photo: NewChosenPhoto): Promise<ChosenPhoto> {
  const db = await agentVisitDb()
  const { file, ...fields } = photo
  const chosen: ChosenPhoto = {
    ...fields,
    size: file.size,
    type: file.type,
    lastModified: file.lastModified ?? 0,
    bytesKept: false,
  }
  await inTransaction(db, ['chosen'], 'strict', async (tx) => {
    await tx.objectStore('chosen').put(chosen)
  })
  visitStoreChanged()
  return chosen
}

/**
 * Keeps the original of a chosen photo, as bytes, beside its record (while the record is
 * still there). Resolves to false when the device refused it (full) or the photo is gone.
 */
export async function keepChosenOriginal(chosen: ChosenPhoto, file: Blob): Promise<boolean> {
  try {
    const db = await agentVisitDb()
    // Read before the transaction: it may only wait on its own requests.
    const data = await file.arrayBuffer()
    const kept = await inTransaction(db, ['chosen', 'mediaBytes'], 'strict', async (tx) => {
      const current = await tx.objectStore('chosen').get(chosen.id)
      if (!current) return false
      await tx.objectStore('mediaBytes').put({ id: chosen.id, data, type: file.type })
      await tx.objectStore('chosen').put({ ...current, bytesKept: true })
      return true
    })
    if (kept) visitStoreChanged()
    return kept
  } catch {
    return false
  }
}

/** The kept original of a chosen photo, or undefined when it was not kept. */
export async function readChosenOriginal(chosen: ChosenPhoto): Promise<Blob | undefined> {
  if (!chosen.bytesKept) return undefined
  const stored = await (await agentVisitDb()).get('mediaBytes', chosen.id)
  return stored ? new Blob([stored.data], { type: stored.type || chosen.type }) : undefined
}

/**
 * Forgets a chosen photo that will not be prepared (the agent took it again, or it is not a
 * picture): its record and its original — never the bytes of a photo kept under that id.
 */
export async function forgetChosenPhoto(id: string) {
  const db = await agentVisitDb()
  await inTransaction(db, ['chosen', 'media', 'mediaBytes'], 'strict', async (tx) => {
    if (!(await tx.objectStore('chosen').get(id))) return
    await tx.objectStore('chosen').delete(id)
    if (!(await tx.objectStore('media').get(id))) await tx.objectStore('mediaBytes').delete(id)
  })
  visitStoreChanged()
}

/** The photos this tab is preparing now (never shown as waiting to be finished). */
const preparingHere = new Set<string>()
export const isPreparingHere = (id: string) => preparingHere.has(id)

const lockName = (dbName: string, id: string) => `${dbName}:chosen:${id}`

/**
 * The chosen photos (of `ids`) that some tab is preparing now (their Web Lock is held): not
 * cut short, whatever their record says yet. Empty without Web Locks.
 */
export async function preparingSomewhere(ids: readonly string[]): Promise<Set<string>> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined
  if (!locks || ids.length === 0) return new Set(ids.filter((id) => preparingHere.has(id)))
  const db = await agentVisitDb()
  const held = new Set(((await locks.query()).held ?? []).map((l) => l.name))
  return new Set(ids.filter((id) => preparingHere.has(id) || held.has(lockName(db.name, id))))
}

/**
 * Runs `work` as the one preparation of chosen photo `id` across tabs: resolves to undefined
 * at once when another tab (or this one) is preparing it. Without Web Locks, within this tab
 * only (the store's check still keeps it once).
 */
export async function prepareOnce<T>(id: string, work: () => Promise<T>): Promise<T | undefined> {
  if (preparingHere.has(id)) return undefined
  preparingHere.add(id)
  try {
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined
    if (!locks) return await work()
    const db = await agentVisitDb()
    return await locks.request(lockName(db.name, id), { ifAvailable: true }, (lock) =>
      lock ? work() : undefined,
    )
  } finally {
    preparingHere.delete(id)
  }
}
