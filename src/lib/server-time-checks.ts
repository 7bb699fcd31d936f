/**
 * While a visit is open the app asks the server for its time now and then, and whenever the
 * screen comes back into view: `GET /health`, whose `Date` header sets the app's clock
 * (src/lib/clock.ts). A visit sends nothing for long stretches (everything waits on the phone),
 * so without it the visit's timer and its limit would follow the phone's clock alone until the
 * next answer — wrong when the phone's clock is changed mid-visit, or when the sandbox's clock
 * is moved through its control plane (`POST /api/__fake/clock/advance`).
 *
 * A plain fetch, not the API client: an answer in maintenance must not take the agent out of
 * the visit (the client sends a read's 503 to /unavailable), and a failure changes nothing.
 */
import { useEffect } from 'react'
import { SERVER_TIME_CHECK_MS } from '@/domain/constants'
import { observeServerDate } from './clock'
import { isOnline } from './connectivity'
import { runtimeConfig } from './runtime-config'

async function checkServerTime() {
  if (document.visibilityState !== 'visible' || !isOnline()) return
  try {
    const response = await fetch(`${runtimeConfig().apiBaseUrl}/health`, { cache: 'no-store' })
    observeServerDate(response.headers.get('Date'))
  } catch {
    // No answer: the clock stays as it was.
  }
}

export function useServerTimeChecks(active: boolean) {
  useEffect(() => {
    if (!active) return
    const check = () => void checkServerTime()
    const timer = setInterval(check, SERVER_TIME_CHECK_MS)
    document.addEventListener('visibilitychange', check)
    return () => {
      clearInterval(timer)
      document.removeEventListener('visibilitychange', check)
    }
  }, [active])
}
