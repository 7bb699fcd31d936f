/** Talks to the fake backend's control plane (`/api/__fake/…`) from end-to-end tests. */
import type { APIRequestContext } from '@playwright/test'

export const DEMO_PHONE_DIGITS = '11987654321'
export const DEMO_PHONE_E164 = '+5511987654321'

export async function resetBackend(
  request: APIRequestContext,
  body: { seed?: number; scenario?: string } = {},
) {
  const res = await request.post('/api/__fake/reset', { data: body })
  if (!res.ok()) throw new Error(`reset failed: ${res.status()} ${await res.text()}`)
}

export async function lastSignInCode(
  request: APIRequestContext,
  phone = DEMO_PHONE_E164,
): Promise<string> {
  const res = await request.get(`/api/__fake/otp?phone=${encodeURIComponent(phone)}`)
  if (!res.ok()) throw new Error(`no sign-in code for ${phone}: ${res.status()}`)
  return ((await res.json()) as { code: string }).code
}
