/** Sign-in calls and the pending sign-in (phone and channel) kept across the three steps. */
import type { components } from '@/api/schema.gen'
import { data } from '@/api/client'
import { api } from '@/lib/api'
import { appPathOr } from '@/lib/app-path'
import { deviceStorage } from '@/lib/device-storage'
import { storageKey } from '@/lib/storage-keys'

export type SignInConnection = components['schemas']['SignInConnection']
export type PendingSignIn = {
  phone: string
  connection: SignInConnection
  resendAvailableAt: string
  expiresAt: string
}

const PENDING_KEY = storageKey.pendingSignIn()
const RETURN_KEY = storageKey.returnTo()

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

/** Where to go after signing in again (set when a session expired mid-way). */
export function rememberReturnPath(path: string) {
  sessionStorage.setItem(RETURN_KEY, path)
}

export function takeReturnPath(): string | null {
  const path = sessionStorage.getItem(RETURN_KEY)
  sessionStorage.removeItem(RETURN_KEY)
  return appPathOr(path, null)
}

export function requestSignInCode(
  phone: string,
  connection: SignInConnection,
  idempotencyKey: string,
) {
  return data(
    api().POST('/auth/code', {
      body: { phone, connection },
      params: { header: { 'Idempotency-Key': idempotencyKey } },
    }),
  )
}

export function verifySignInCode(phone: string, code: string) {
  return data(api().POST('/auth/session', { body: { phone, code } }))
}

export function activateAccount(id: string, token: string) {
  return data(api().POST('/auth/activation', { body: { id, token } }))
}

export function signOutOnServer() {
  return data(api().DELETE('/auth/session'))
}
