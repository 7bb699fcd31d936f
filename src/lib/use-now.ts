/** The app's current time (epoch ms; the demo can move it), refreshed every `intervalMs` while `active` (timers, stopwatches). */
import { useEffect, useState } from 'react'
import { appNow } from '@/lib/clock'

export function useNow(intervalMs = 1000, active = true): number {
  const [now, setNow] = useState(() => appNow())
  useEffect(() => {
    if (!active) return
    const tick = () => setNow(appNow())
    const first = setTimeout(tick, 0)
    const timer = setInterval(tick, intervalMs)
    return () => {
      clearTimeout(first)
      clearInterval(timer)
    }
  }, [intervalMs, active])
  return now
}
