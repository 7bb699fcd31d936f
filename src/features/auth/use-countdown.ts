import { appNow } from '@/lib/clock'
import { useEffect, useState } from 'react'

const secondsUntil = (until: string | undefined) =>
  until ? Math.max(0, Math.ceil((Date.parse(until) - appNow()) / 1000)) : 0

/** Whole seconds left until `until` (ISO), ticking every second; 0 when passed. */
export function useCountdown(until: string | undefined) {
  const [now, setNow] = useState(() => appNow())
  useEffect(() => {
    if (!until) return
    const timer = setInterval(() => setNow(appNow()), 1000)
    return () => clearInterval(timer)
  }, [until])
  // `now` only drives the re-render; the value is always computed from the clock.
  void now
  return secondsUntil(until)
}

/** The ISO time `seconds` from now (a server's "retry after" as a moment to count down to). */
export function isoAfterSeconds(seconds: number) {
  return new Date(appNow() + seconds * 1000).toISOString()
}
