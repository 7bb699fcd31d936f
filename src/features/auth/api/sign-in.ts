/** Sign-in calls (the pending sign-in they leave behind lives in ./pending-sign-in). */
import type { components } from '@/api/schema.gen'
import { data } from '@/api/client'
import { api } from '@/lib/api'
import { appPathOr } from '@/lib/app-path'
import { storageKey } from '@/lib/storage-keys'

export type SignInConnection = components['schemas']['SignInConnection']

const RETURN_KEY = storageKey.returnTo()
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
