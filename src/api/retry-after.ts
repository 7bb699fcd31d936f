/**
 * How long a server asked the app to wait before trying again (`Retry-After`, RFC 9110
 * §10.2.3), in milliseconds — read the same way for every answer, through the typed client and
 * the upload alike.
 *
 * - Seconds (`120`) are a delay: no clock is involved.
 * - An HTTP-date (`Wed, 21 Oct 2026 07:28:00 GMT`) is a moment on the server's clock: it is
 *   measured from the same answer's `Date` header, so a phone whose clock is hours off waits
 *   what the server meant. An answer without a readable `Date` gives no way to measure it (the
 *   phone's clock may be hours off, and this layer reads no clock): the date is ignored and
 *   the caller's own backoff applies.
 * - A problem body's `retryAfterSeconds` stands in when the header is missing (a cross-origin
 *   answer that does not expose it).
 * - Bounded: never below 0, never above `RETRY_AFTER_MAX_MS`, so a wrong or hostile header
 *   cannot park the phone's work for days; nonsense is ignored (undefined).
 */

/** The longest wait a server can impose in one answer; after it the app asks again (cheaply). */
export const RETRY_AFTER_MAX_MS = 30 * 60_000

const bounded = (ms: number) => Math.min(RETRY_AFTER_MAX_MS, Math.max(0, Math.round(ms)))

export function retryAfterMs(
  header: string | null | undefined,
  {
    serverDate,
    retryAfterSeconds,
  }: { serverDate?: string | null; retryAfterSeconds?: unknown } = {},
): number | undefined {
  const value = header?.trim() ?? ''
  if (/^\d+$/.test(value)) return bounded(Number(value) * 1000)
  // An HTTP-date has letters and a comma or spaces; a bare number with a sign or a fraction is
  // neither, and not honoured.
  if (/[A-Za-z]/.test(value)) {
    const at = Date.parse(value)
    const served = serverDate ? Date.parse(serverDate) : NaN
    if (!Number.isNaN(at) && !Number.isNaN(served)) return bounded(at - served)
  }
  if (
    typeof retryAfterSeconds === 'number' &&
    Number.isFinite(retryAfterSeconds) &&
    retryAfterSeconds >= 0
  )
    return bounded(retryAfterSeconds * 1000)
  return undefined
}
