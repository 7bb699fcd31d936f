/**
 * One Idempotency-Key per user intent: the same payload sent again (a retry after a lost
 * connection or a 5xx) reuses the key, so the server applies it once; a different payload,
 * or a retry after a definite answer (a 4xx the server remembers), gets a fresh key.
 */
import { useCallback, useRef } from 'react'
import { isApiError } from '@/api/api-error'
import { newIdempotencyKey } from '@/api/client'

export function useIdempotencyKey() {
  const intent = useRef<{ payload: string; key: string } | null>(null)
  const keyFor = useCallback((payload: unknown) => {
    const serialized = JSON.stringify(payload)
    if (intent.current?.payload !== serialized)
      intent.current = { payload: serialized, key: newIdempotencyKey() }
    return intent.current.key
  }, [])
  /** After a failure: keep the key only when retrying may still succeed (offline, 5xx). */
  const settle = useCallback((error: unknown) => {
    if (!(isApiError(error) && error.isTransient)) intent.current = null
  }, [])
  const forget = useCallback(() => {
    intent.current = null
  }, [])
  return { keyFor, settle, forget }
}
