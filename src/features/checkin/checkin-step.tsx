/**
 * The check-in (docs/product/visit.md): explains, reads the position with its accuracy, and checks it
 * against the task's location with the domain rule. A reading less precise than the mission
 * takes is refused (it proves nothing about presence); inside the radius the check-in is kept
 * on the device and queued (it works offline); outside, the distance is shown.
 */
import { useEffect, useRef, useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router-dom'
import type { Mission, Task } from '@/api/entities'
import { Button } from '@/components/button'
import { Notice } from '@/components/notice'
import { Page } from '@/components/page'
import { DEFAULT_CHECKIN_RADIUS_METERS } from '@/domain/constants'
import {
  checkinMaxAccuracy,
  checkinReach,
  formatDistance,
  outsideRadiusMessage,
  type PositionReading,
  weakSignalMessage,
} from '@/domain/geo'
import { recordCheckin } from '@/lib/visit-store/store'
import { measureRoom, megabytesShort } from '@/lib/device-space'
import { VISIT_DEVICE_SPACE_BYTES } from '@/domain/constants'
import { canReadPosition, LocationError, readPosition } from '@/lib/device-media/location'
import { locationPermission } from '@/lib/device-media/device-permissions'
import { ASK_LOCATION_PARAM, documentNavigation } from '@/lib/document-navigation'
import { checkinCopy as copy } from './checkin-copy'
import styles from './checkin.module.css'
import { pathTo } from '@/lib/route-patterns'

type Phase =
  | { step: 'idle' }
  | { step: 'reading' }
  | { step: 'saving'; reading: PositionReading }
  | { step: 'outside'; reading: PositionReading; distance: number }
  /** The reading is less precise than the mission takes: where the agent is, it cannot say. */
  | { step: 'weak'; reading: PositionReading; accuracy: number | null }
  | { step: 'error'; message: string; reading?: PositionReading; help?: boolean }
  /** The location was refused; `blocked`: the browser keeps the refusal (its settings). */
  | { step: 'refused'; blocked: boolean }

export function CheckinStep({
  task,
  mission,
  basePath,
}: {
  task: Task
  /** For its GPS accuracy limit; while it loads (or offline without it), the default. */
  mission: Mission | undefined
  basePath: string
}) {
  const navigate = useNavigate()
  const location = useLocation()
  const [phase, setPhase] = useState<Phase>({ step: 'idle' })
  const radius = task.location.radiusMeters ?? DEFAULT_CHECKIN_RADIUS_METERS
  // The room a visit needs (its photos and recordings wait on the phone until sent), measured
  // by writing before it starts (the browser's estimate does not see a full phone): a warning,
  // not a refusal — the agent is at the store.
  const [freeBeforeStart, setFreeBeforeStart] = useState<number>()
  useEffect(() => {
    let gone = false
    void measureRoom(VISIT_DEVICE_SPACE_BYTES).then((room) => {
      if (!gone) setFreeBeforeStart(megabytesShort(room, VISIT_DEVICE_SPACE_BYTES))
    })
    return () => {
      gone = true
    }
  }, [])
  const maxAccuracyMeters = mission?.requirements.checkinMaxAccuracyMeters

  async function checkIn() {
    if (!canReadPosition()) {
      setPhase({ step: 'error', message: copy.positionUnsupported, help: true })
      return
    }
    setPhase({ step: 'reading' })
    const before = await locationPermission()
    let reading: PositionReading
    try {
      reading = await readPosition()
    } catch (error) {
      const problem = error instanceof LocationError ? error.problem : 'unavailable'
      if (problem === 'denied') {
        setPhase({ step: 'refused', blocked: before === 'denied' })
        return
      }
      setPhase({
        step: 'error',
        message:
          problem === 'timeout'
            ? copy.positionTimeout
            : problem === 'unsupported'
              ? copy.positionUnsupported
              : copy.positionUnavailable,
        help: true,
      })
      return
    }
    const reach = checkinReach({ position: reading, location: task.location, maxAccuracyMeters })
    if (reach.refusal === 'weak-signal') {
      setPhase({ step: 'weak', reading, accuracy: reach.accuracyMeters })
      return
    }
    if (reach.refusal === 'outside') {
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

  // Opened by "Tentar de novo" after a refusal: ask at once (the agent just tapped for it).
  const askedOnOpen = useRef(false)
  const askOnOpen = new URLSearchParams(location.search).has(ASK_LOCATION_PARAM)
  useEffect(() => {
    if (!askOnOpen || askedOnOpen.current) return
    askedOnOpen.current = true
    navigate(basePath, { replace: true })
    void checkIn()
    // Once, when the page opens with the parameter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [askOnOpen])

  /** Asks again: in this page while the browser keeps the refusal, else in a new one. */
  function retry() {
    if (phase.step === 'refused' && !phase.blocked) {
      documentNavigation.assign(
        pathTo('/tasks/:slug/checkin', { slug: task.slug }, { [ASK_LOCATION_PARAM]: 'perguntar' }),
      )
      return
    }
    void checkIn()
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
        <p className={styles.muted}>
          {copy.checkinRadius(
            formatDistance(radius),
            formatDistance(checkinMaxAccuracy(maxAccuracyMeters)),
          )}
        </p>
        <p className={styles.muted}>{copy.checkinOfflineHint}</p>
      </section>

      {freeBeforeStart !== undefined && (
        <Notice tone="warning" title={copy.lowSpaceTitle}>
          {copy.lowSpace(freeBeforeStart)}
        </Notice>
      )}

      <div role="status" aria-live="polite" className={styles.stack}>
        {phase.step === 'reading' && <p>{copy.readingPosition}</p>}
        {reading && Number.isFinite(reading.accuracy) && (
          <p>{copy.accuracy(formatDistance(reading.accuracy))}</p>
        )}
        {phase.step === 'saving' && <p>{copy.recordingCheckin}</p>}
      </div>

      {phase.step === 'weak' && <Notice tone="warning">{weakSignalMessage(phase.accuracy)}</Notice>}
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
              <Link to={pathTo('/permissions/position', {}, { next: basePath })}>
                {copy.positionHelp}
              </Link>
            ) : undefined
          }
        >
          {phase.message}
        </Notice>
      )}

      {phase.step === 'refused' && (
        <Notice
          tone={phase.blocked ? 'error' : 'warning'}
          title={phase.blocked ? copy.positionBlockedTitle : copy.positionRefusedTitle}
          action={
            // A new document: in WebKit this page's refusal would answer the help page too.
            <Link to={pathTo('/permissions/position', {}, { next: basePath })} reloadDocument>
              {copy.positionHelp}
            </Link>
          }
        >
          {phase.blocked ? copy.positionBlocked : copy.positionRefused}
        </Notice>
      )}

      <Button block busy={busy} onClick={retry}>
        {phase.step === 'outside' ||
        phase.step === 'weak' ||
        phase.step === 'error' ||
        phase.step === 'refused'
          ? copy.retry
          : copy.checkinButton}
      </Button>
    </Page>
  )
}
