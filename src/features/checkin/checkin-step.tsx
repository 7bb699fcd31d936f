/**
 * The check-in (docs/product/visit.md): explains, reads the position with its accuracy, and checks it
 * against the task's location with the domain rule. Inside the radius the check-in is kept
 * on the device and queued (it works offline); outside, the distance is shown.
 */
import { useState } from 'react'
import { Link, useNavigate } from 'react-router-dom'
import type { Task } from '@/api/entities'
import { Button } from '@/components/button'
import { Notice } from '@/components/notice'
import { Page } from '@/components/page'
import { DEFAULT_CHECKIN_RADIUS_METERS } from '@/domain/constants'
import {
  checkinReach,
  formatDistance,
  outsideRadiusMessage,
  type PositionReading,
} from '@/domain/geo'
import { recordCheckin } from '@/lib/visit-store/store'
import { checkinCopy as copy } from './checkin-copy'
import styles from './checkin.module.css'

/** Position reading options: GPS precision, 20 s at most, never a cached reading. */
export const POSITION_OPTIONS: PositionOptions = {
  enableHighAccuracy: true,
  timeout: 20_000,
  maximumAge: 0,
}

type Phase =
  | { step: 'idle' }
  | { step: 'reading' }
  | { step: 'saving'; reading: PositionReading }
  | { step: 'outside'; reading: PositionReading; distance: number }
  | { step: 'error'; message: string; reading?: PositionReading; help?: boolean }

function readPosition(): Promise<PositionReading> {
  return new Promise((resolve, reject) => {
    navigator.geolocation.getCurrentPosition(
      (position) =>
        resolve({
          lat: position.coords.latitude,
          lng: position.coords.longitude,
          accuracy: position.coords.accuracy,
        }),
      reject,
      POSITION_OPTIONS,
    )
  })
}

/** GeolocationPositionError codes (the constants are not on every implementation's instances). */
const PERMISSION_DENIED = 1
const TIMEOUT = 3

export function CheckinStep({ task, basePath }: { task: Task; basePath: string }) {
  const navigate = useNavigate()
  const [phase, setPhase] = useState<Phase>({ step: 'idle' })
  const radius = task.location.radiusMeters ?? DEFAULT_CHECKIN_RADIUS_METERS

  async function checkIn() {
    if (
      typeof navigator === 'undefined' ||
      !('geolocation' in navigator) ||
      !navigator.geolocation
    ) {
      setPhase({ step: 'error', message: copy.positionUnsupported, help: true })
      return
    }
    setPhase({ step: 'reading' })
    let reading: PositionReading
    try {
      reading = await readPosition()
    } catch (error) {
      const code = (error as { code?: number } | null)?.code
      if (code === PERMISSION_DENIED) {
        navigate(`/permissions/position?next=${basePath}`)
        return
      }
      setPhase({
        step: 'error',
        message: code === TIMEOUT ? copy.positionTimeout : copy.positionUnavailable,
        help: true,
      })
      return
    }
    const reach = checkinReach({ position: reading, location: task.location })
    if (!reach.allowed) {
      setPhase({ step: 'outside', reading, distance: reach.distanceMeters })
      return
    }
    setPhase({ step: 'saving', reading })
    try {
      await recordCheckin(task, reading)
      navigate(basePath, { replace: true })
    } catch {
      setPhase({ step: 'error', message: copy.checkinSaveError, reading })
    }
  }

  const busy = phase.step === 'reading' || phase.step === 'saving'
  const reading = 'reading' in phase ? phase.reading : undefined
  return (
    <Page title={copy.checkinTitle}>
      <section className={styles.card} aria-label={copy.checkinTitle}>
        <p className={styles.muted}>{copy.checkinIntro(task.location.name)}</p>
        <p className={styles.muted}>
          <strong>{copy.address}:</strong> {task.location.address}
        </p>
        <p className={styles.muted}>{copy.checkinRadius(formatDistance(radius))}</p>
        <p className={styles.muted}>{copy.checkinOfflineHint}</p>
      </section>

      <div role="status" aria-live="polite" className={styles.stack}>
        {phase.step === 'reading' && <p>{copy.readingPosition}</p>}
        {reading && <p>{copy.accuracy(formatDistance(reading.accuracy))}</p>}
        {phase.step === 'saving' && <p>{copy.recordingCheckin}</p>}
      </div>

      {phase.step === 'outside' && (
        <Notice tone="warning" title={copy.outsideTitle}>
          <p>{outsideRadiusMessage(phase.distance)}</p>
          <p>{copy.outsideHint}</p>
        </Notice>
      )}
      {phase.step === 'error' && (
        <Notice
          tone="error"
          action={
            phase.help ? (
              <Link to={`/permissions/position?next=${basePath}`}>{copy.positionHelp}</Link>
            ) : undefined
          }
        >
          {phase.message}
        </Notice>
      )}

      <Button block busy={busy} onClick={() => void checkIn()}>
        {phase.step === 'outside' || phase.step === 'error' ? copy.retry : copy.checkinButton}
      </Button>
    </Page>
  )
}
