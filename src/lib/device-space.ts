/**
 * The phone's storage as a resource: how much room the app has left (`navigator.storage`),
 * whether a failed write failed for lack of it, and the ask to keep what the app stores.
 * Everything a visit keeps lives in IndexedDB under the origin's quota; when it runs out,
 * writes fail with `QuotaExceededError`, and the agent must be told how much to free.
 */
import { VISIT_DEVICE_SPACE_BYTES } from '@/domain/constants'

export const MB = 1024 * 1024

/** A write refused because the origin's storage is full. */
export function isQuotaError(error: unknown): boolean {
  const name =
    error instanceof DOMException || error instanceof Error
      ? error.name
      : typeof error === 'object' && error !== null && 'name' in error
        ? String((error as { name: unknown }).name)
        : ''
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED'
}

export type DeviceSpace = { usage: number; quota: number; free: number }

/** What the browser says this app uses and may use, or undefined where it does not say. */
export async function deviceSpace(): Promise<DeviceSpace | undefined> {
  try {
    const estimate = await navigator.storage?.estimate?.()
    if (!estimate?.quota) return undefined
    const usage = estimate.usage ?? 0
    return { usage, quota: estimate.quota, free: Math.max(0, estimate.quota - usage) }
  } catch {
    return undefined
  }
}

/**
 * Whole megabytes to free so a visit has room (VISIT_DEVICE_SPACE_BYTES), at least 1; or
 * undefined when the browser does not say how full it is.
 */
export function megabytesToFree(space: DeviceSpace | undefined): number | undefined {
  if (!space) return undefined
  return Math.max(1, Math.ceil((VISIT_DEVICE_SPACE_BYTES - space.free) / MB))
}

/** True when the phone has less room than a visit needs. */
export function lacksVisitSpace(space: DeviceSpace | undefined): boolean {
  return space !== undefined && space.free < VISIT_DEVICE_SPACE_BYTES
}

let asked = false
/**
 * Asks the browser, once per start, not to evict what the app keeps (a visit's unsent work)
 * when the phone runs low. Chromium decides by itself (an installed app is kept); Firefox may
 * ask the agent; Safari keeps an installed app's data. Nothing happens where it is missing.
 */
export function askToKeepStorage() {
  if (asked || typeof navigator === 'undefined') return
  asked = true
  void navigator.storage?.persist?.().catch(() => false)
}
