/** Account: profile, availability and terms. */
import { queryOptions } from '@tanstack/react-query'
import type { ProfileInput } from '@/api/entities'
import { data } from '@/api/client'
import { api } from '@/lib/api'
import { queryKeys } from '@/lib/query-keys'

export const accountKeys = {
  profile: [...queryKeys.account, 'profile'] as const,
  terms: [...queryKeys.account, 'terms'] as const,
}

export function profileQueryOptions() {
  return queryOptions({
    queryKey: accountKeys.profile,
    queryFn: ({ signal }) => data(api().GET('/me/profile', { signal })),
  })
}

/** A retry of the same save passes the same key (useIdempotencyKey), so it applies once. */
export function updateProfile(input: ProfileInput, idempotencyKey: string) {
  return data(
    api().PUT('/me/profile', {
      params: { header: { 'Idempotency-Key': idempotencyKey } },
      body: input,
    }),
  )
}

export function setAvailability(available: boolean, idempotencyKey: string) {
  return data(
    api().PUT('/me/availability', {
      params: { header: { 'Idempotency-Key': idempotencyKey } },
      body: { available },
    }),
  )
}

export function termsQueryOptions() {
  return queryOptions({
    queryKey: accountKeys.terms,
    queryFn: ({ signal }) => data(api().GET('/terms/current', { signal })),
  })
}

export function acceptTerms(version: string, idempotencyKey: string) {
  return data(
    api().PUT('/terms/{version}/acceptance', {
      params: { path: { version }, header: { 'Idempotency-Key': idempotencyKey } },
    }),
  )
}
