/**
 * The times part: each mission time by stopwatch (kept on the device, so it keeps counting
 * across a reload) or typed as mm:ss (a half-typed value is kept on the device until saved);
 * 5–1200 seconds by the domain rule. Saved in the device's draft as soon as it is valid. The
 * same editor on the check-in's page and in the report.
 */
import { useId, useState, type FormEvent } from 'react'
import type { Mission } from '@/api/entities'
import { Button } from '@/components/button'
import { DurationField } from '@/components/date-field'
import { Notice } from '@/components/notice'
import { useSnackbar } from '@/components/snackbar'
import { EmptyState } from '@/components/status'
import { formatMmSs, timeEntrySecondsSchema, timeEntryTextSchema } from '@/domain/time-entry'
import { usePersistentState } from '@/lib/persistent-input'
import { storageKey } from '@/lib/storage-keys'
import { useNow } from '@/lib/use-now'
import type { ReportDraft } from '@/lib/visit-store/db'
import { updateDraft } from '@/lib/visit-store/store'
import type { PartVisit } from '../part'
import { stopwatchElapsedMs, useStopwatch } from './stopwatch'
import { timesCopy as copy } from './times-copy'
import styles from '../part.module.css'

type MissionTime = Mission['times'][number]

export function TimesEditor({ visit }: { visit: PartVisit }) {
  const { mission, draft, task } = visit
  if (mission.times.length === 0) return <EmptyState title={copy.timesEmpty} />
  return (
    <div className={styles.part}>
      <p className={styles.muted}>{copy.timesIntro}</p>
      {mission.times.map((time) => (
        <TimeEntry key={time.code} time={time} draft={draft} taskId={task.id} />
      ))}
    </div>
  )
}

async function saveTime(reportId: string, code: string, seconds: number) {
  await updateDraft(reportId, (d) => ({
    ...d,
    times: d.times.some((t) => t.code === code)
      ? d.times.map((t) => (t.code === code ? { ...t, seconds } : t))
      : [...d.times, { code, seconds }],
  }))
}

function TimeEntry({
  time,
  draft,
  taskId,
}: {
  time: MissionTime
  draft: ReportDraft
  taskId: string
}) {
  const headingId = useId()
  const snackbar = useSnackbar()
  const stopwatch = useStopwatch(taskId, time.code)
  const now = useNow(250, stopwatch.running)
  const [text, setText, clearText] = usePersistentState(
    storageKey.visitInput(`${taskId}.time.${time.code}`),
    '',
  )
  const [textError, setTextError] = useState<string>()
  const [stopwatchError, setStopwatchError] = useState<string>()
  const [saveFailed, setSaveFailed] = useState(false)
  const recorded = draft.times.find((t) => t.code === time.code)
  const counted = Math.floor(stopwatchElapsedMs(stopwatch.state, now) / 1000)

  async function store(seconds: number) {
    setSaveFailed(false)
    try {
      await saveTime(draft.reportId, time.code, seconds)
      snackbar(copy.timeSaved(time.label, formatMmSs(seconds)))
      return true
    } catch {
      setSaveFailed(true)
      return false
    }
  }

  async function submitTyped(event: FormEvent) {
    event.preventDefault()
    const parsed = timeEntryTextSchema.safeParse(text)
    if (!parsed.success) {
      setTextError(parsed.error.issues[0]?.message)
      return
    }
    setTextError(undefined)
    if (await store(parsed.data)) clearText()
  }

  async function pause() {
    const seconds = stopwatch.pause()
    const parsed = timeEntrySecondsSchema.safeParse(seconds)
    if (!parsed.success) {
      setStopwatchError(parsed.error.issues[0]?.message)
      return
    }
    setStopwatchError(undefined)
    await store(parsed.data)
  }

  const forLabel = <span className="visually-hidden">{copy.forTime(time.label)}</span>
  return (
    <section className={styles.card} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.cardTitle}>
        {time.label}
      </h2>
      <p className={recorded ? styles.status : styles.statusPending}>
        {recorded ? copy.recorded(formatMmSs(recorded.seconds)) : copy.notRecorded}
      </p>

      <div className={styles.stack}>
        <p className={styles.muted}>
          {copy.stopwatch}
          {forLabel}
        </p>
        <p
          className={styles.stopwatch}
          role="timer"
          aria-label={`${copy.stopwatch}${copy.forTime(time.label)}`}
        >
          {formatMmSs(counted)}
        </p>
        <div className={styles.itemActions}>
          {stopwatch.running ? (
            <Button variant="secondary" onClick={() => void pause()}>
              {copy.pause}
              {forLabel}
            </Button>
          ) : (
            <Button
              variant="secondary"
              onClick={() => {
                setStopwatchError(undefined)
                stopwatch.start()
              }}
            >
              {stopwatch.state.accumulatedMs > 0 ? copy.resume : copy.start}
              {forLabel}
            </Button>
          )}
          <Button
            variant="ghost"
            disabled={stopwatch.state.accumulatedMs === 0 && !stopwatch.running}
            onClick={() => {
              setStopwatchError(undefined)
              stopwatch.reset()
            }}
          >
            {copy.reset}
            {forLabel}
          </Button>
        </div>
        {stopwatchError && (
          <p className={styles.fieldError} role="alert">
            {stopwatchError}
          </p>
        )}
      </div>

      <form className={styles.stack} onSubmit={(e) => void submitTyped(e)} noValidate>
        <DurationField
          label={copy.typedLabel(time.label)}
          hint={copy.typedHint}
          error={textError}
          value={text}
          placeholder="00:00"
          onChange={setText}
        />
        <Button type="submit" variant="secondary">
          {copy.saveTime}
          {forLabel}
        </Button>
      </form>
      {saveFailed && <Notice tone="error">{copy.saveFailed}</Notice>}
    </section>
  )
}
