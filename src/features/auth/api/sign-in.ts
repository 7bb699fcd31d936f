/** Sign-in calls (the pending sign-in they leave behind lives in ./pending-sign-in). */
import type { components } from '@/api/schema.gen'
import { data } from '@/api/client'
import { api } from '@/lib/api'
import { appPathOr } from '@/lib/app-path'
import { storageKey } from '@/lib/storage-keys'

export type SignInConnection = components['schemas']['SignInConnection']

const RETURN_KEY = storageKey.returnTo()

/**
 * Where to go after signing in again (set when a session expired mid-way), and whose way it
 * was (`agentId`: the agent whose session it was, when known): another agent signing in on
 * the phone never lands on it (decision 0023).
 */
export function rememberReturnPath(path: string, agentId?: string) {
  sessionStorage.setItem(RETURN_KEY, JSON.stringify({ path, ...(agentId ? { agentId } : {}) }))
}

/** The way back, for `agentId` only (taken either way). */
export function takeReturnPath(agentId: string): string | null {
  const raw = sessionStorage.getItem(RETURN_KEY)
  sessionStorage.removeItem(RETURN_KEY)
  let kept: { path?: unknown; agentId?: unknown } = {}
  try {
    kept = raw ? (JSON.parse(raw) as typeof kept) : {}
  } catch {
    // A path written by an older version (plain text): nobody's.
    kept = { path: raw }
  }
  if (kept.agentId !== undefined && kept.agentId !== agentId) return null
  return appPathOr(typeof kept.path === 'string' ? kept.path : null, null)
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
