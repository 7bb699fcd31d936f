import { useQuery } from '@tanstack/react-query'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { isApiError } from '@/api/api-error'
import { Button } from '@/components/button'
import { Notice } from '@/components/notice'
import { Page } from '@/components/page'
import { healthQueryOptions } from '../api/health-query'
import { systemCopy as copy } from '../copy'
import { safeAppPath } from '../event-links'
import styles from './system.module.css'
import { WarningIcon } from '@/components/icons'
import { deviceNow } from '@/lib/clock'

const HEALTH_RETRY_SECONDS = 15
const RETRY_MS = HEALTH_RETRY_SECONDS * 1000

/** Shown while the API is down or in maintenance: checks the health every 15 s and returns when it is up. */
export function UnavailablePage() {
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const from = safeAppPath(params.get('from'))
  const returnTo = from && !from.startsWith('/unavailable') ? from : '/'
  const health = useQuery({ ...healthQueryOptions(), staleTime: 0, refetchOnWindowFocus: false })
  const { refetch, isFetching } = health
  const [nextAttemptAt, setNextAttemptAt] = useState(() => deviceNow() + RETRY_MS)
  const [now, setNow] = useState(() => deviceNow())
  // The timer reads the due time from here; the state above only drives the countdown shown.
  const due = useRef(0)
  useEffect(() => {
    due.current = nextAttemptAt
  }, [nextAttemptAt])

  const checkNow = useCallback(() => {
    setNextAttemptAt(deviceNow() + RETRY_MS)
    void refetch()
  }, [refetch])

  useEffect(() => {
    const timer = setInterval(() => {
      const t = deviceNow()
      setNow(t)
      if (due.current > 0 && t >= due.current) {
        due.current = t + RETRY_MS
        checkNow()
      }
    }, 1000)
    return () => clearInterval(timer)
  }, [checkNow])
  const secondsLeft = Math.min(
    HEALTH_RETRY_SECONDS,
    Math.max(0, Math.ceil((nextAttemptAt - now) / 1000)),
  )

  const up = health.data?.status === 'ok' && !isFetching
  useEffect(() => {
    if (up) void navigate(returnTo, { replace: true })
  }, [up, returnTo, navigate])

  const maintenance =
    health.data?.status === 'maintenance' ||
    (isApiError(health.error) && health.error.code === 'maintenance')

  return (
    <Page title={copy.unavailableTitle}>
      <div className={styles.illustration} aria-hidden="true">
        <WarningIcon />
      </div>
      {maintenance ? (
        <Notice tone="warning" title={copy.maintenanceTitle}>
          {copy.maintenanceBody}
        </Notice>
      ) : (
        <Notice tone="warning" title={copy.unreachableTitle}>
          {copy.unreachableBody}
        </Notice>
      )}
      <p className={styles.lead}>{copy.keptOnDevice}</p>
      <p role="status" className={styles.status}>
        {up ? copy.back : isFetching ? copy.checking : health.isFetched ? copy.stillDown : ''}
      </p>
      <p className={styles.countdown}>
        {isFetching ? copy.checking : copy.nextAttempt(secondsLeft)}
      </p>
      <Button block onClick={checkNow} busy={isFetching}>
        {copy.retryNow}
      </Button>
      <p className={styles.lead}>
        <a href={copy.whatsappUrl} target="_blank" rel="noopener noreferrer">
          {copy.help}
        </a>
      </p>
    </Page>
  )
}
