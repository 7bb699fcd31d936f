/**
 * The pending sign-in (phone, channel, when a code may be asked again) kept across the three
 * sign-in steps. Its own small module: the app's start reads it (to know whether the
 * prerendered /login is what the screen will show) without loading the sign-in calls.
 */
import type { components } from '@/api/schema.gen'
import { deviceStorage } from '@/lib/device-storage'
import { storageKey } from '@/lib/storage-keys'

export type PendingSignIn = {
  phone: string
  connection: components['schemas']['SignInConnection']
  resendAvailableAt: string
  expiresAt: string
}

const PENDING_KEY = storageKey.pendingSignIn()

export function readPendingSignIn(): PendingSignIn | null {
  try {
    const raw = sessionStorage.getItem(PENDING_KEY) ?? deviceStorage.get(PENDING_KEY)
    return raw ? (JSON.parse(raw) as PendingSignIn) : null
  } catch {
    return null
  }
}

export function savePendingSignIn(pending: PendingSignIn) {
  // localStorage: the resend countdown must survive a reload and the SMS link opening a new tab.
  void deviceStorage.set(PENDING_KEY, JSON.stringify(pending))
}

export function clearPendingSignIn() {
  void deviceStorage.remove(PENDING_KEY)
  sessionStorage.removeItem(PENDING_KEY)
}
