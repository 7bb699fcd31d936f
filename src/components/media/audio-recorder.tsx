/**
 * The visit's audio: the microphone (`useAudioCapture`: level meter, elapsed time, limit,
 * microphone problems) with the report around it. After "Parar" the agent listens before
 * "Anexar" (kept on the device, listed in the report, queued for upload) or "Gravar de novo".
 * Each microphone problem has its own pt-BR message, and the written testimony is suggested
 * when audio is not possible.
 */
import { useState } from 'react'
import { Link } from 'react-router-dom'
import { Button } from '@/components/button'
import { Notice } from '@/components/notice'
import { useSnackbar } from '@/components/snackbar'
import type { LocalMedia } from '@/lib/visit-store/db'
import { addMedia } from '@/lib/visit-store/store'
import { deviceSpace, isQuotaError, megabytesToFree } from '@/lib/device-space'
import { mediaCopy } from '@/lib/device-media/media-copy'
import {
  audioExtensionOf,
  useAudioCapture,
  type AudioRecording,
} from '@/lib/device-media/use-audio-capture'
import styles from './media.module.css'

export type AudioRecorderProps = {
  reportId: string
  taskId: string
  /** Where the written testimony is (suggested when audio is not possible). */
  testimonyPath?: string
  permissionsPath?: string
  /** Longest recording, in minutes (the server takes up to 10 MB: ~40 min of Opus at 32 kbit/s). */
  maxMinutes?: number
  onAttached?: (media: LocalMedia) => void
}

export function AudioRecorder({
  reportId,
  taskId,
  testimonyPath,
  permissionsPath = '/tasks/permissions',
  maxMinutes = 15,
  onAttached,
}: AudioRecorderProps) {
  const snackbar = useSnackbar()
  const capture = useAudioCapture({ maxMinutes })
  const { state, level, elapsed } = capture
  const [attaching, setAttaching] = useState(false)
  // Why keeping the recording failed: the phone full (how much to free), or otherwise.
  const [attachFailed, setAttachFailed] = useState<false | { full: number | undefined } | true>(
    false,
  )

  function start() {
    setAttachFailed(false)
    void capture.start()
  }

  async function attach(recording: AudioRecording) {
    setAttaching(true)
    setAttachFailed(false)
    try {
      const media = await addMedia(
        reportId,
        {
          taskId,
          kind: 'audio',
          blob: recording.blob,
          fileName: `audio-${recording.startedAt.replace(/[:.]/g, '-')}.${audioExtensionOf(recording.mimeType)}`,
          mimeType: recording.mimeType,
          durationSecs: recording.durationSecs,
          takenAt: recording.startedAt,
        },
        { listInReport: true },
      )
      capture.discard()
      snackbar(mediaCopy.audio.attached)
      onAttached?.(media)
    } catch (error) {
      setAttachFailed(isQuotaError(error) ? { full: megabytesToFree(await deviceSpace()) } : true)
    } finally {
      setAttaching(false)
    }
  }

  const notice =
    attachFailed === true
      ? mediaCopy.audio.attachFailed
      : attachFailed
        ? mediaCopy.audio.attachFull(attachFailed.full)
        : capture.notice

  const problem = state.status === 'problem' ? state.problem : undefined
  const canRetry = problem === 'denied' || problem === 'in-use' || problem === 'failed'

  return (
    <section className={styles.recorder} aria-label={mediaCopy.audio.regionLabel}>
      {(state.status === 'idle' || state.status === 'starting') && (
        <Button block onClick={start} busy={state.status === 'starting'}>
          {state.status === 'starting' ? mediaCopy.audio.startingMic : mediaCopy.audio.start}
        </Button>
      )}

      {state.status === 'recording' && (
        <>
          <div className={styles.recording}>
            <span className={styles.dot} aria-hidden="true" />
            <span>{mediaCopy.audio.recording}</span>
            <span className={styles.elapsed} role="timer" aria-label={mediaCopy.audio.elapsedLabel}>
              {mediaCopy.audio.elapsed(elapsed)}
            </span>
          </div>
          <div
            className={styles.meter}
            role="meter"
            aria-label={mediaCopy.audio.meterLabel}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={level}
          >
            <div className={styles.meterFill} style={{ width: `${level}%` }} />
          </div>
          <Button block variant="danger" onClick={capture.stop}>
            {mediaCopy.audio.stop}
          </Button>
        </>
      )}

      {state.status === 'recorded' && (
        <>
          <p className={styles.itemTitle}>
            {mediaCopy.audio.playbackLabel} ·{' '}
            {mediaCopy.audio.elapsed(state.recording.durationSecs)}
          </p>
          {state.recording.url && (
            <audio
              className={styles.audio}
              controls
              src={state.recording.url}
              aria-label={mediaCopy.audio.playbackLabel}
            />
          )}
          <div className={styles.row}>
            <Button onClick={() => void attach(state.recording)} busy={attaching}>
              {attaching ? mediaCopy.audio.attaching : mediaCopy.audio.attach}
            </Button>
            <Button variant="secondary" onClick={start} disabled={attaching}>
              {mediaCopy.audio.redo}
            </Button>
          </div>
        </>
      )}

      {(state.status === 'recording' || state.status === 'recorded') && (
        <p className={styles.hint}>{mediaCopy.audio.keptOnlyAfterAttach}</p>
      )}

      {notice && <Notice tone="warning">{notice}</Notice>}

      {problem && (
        <Notice
          tone="error"
          action={
            <div className={styles.noticeActions}>
              {problem === 'denied' && (
                <Link to={permissionsPath}>{mediaCopy.audio.permissionsLink}</Link>
              )}
              {canRetry && (
                <Button variant="secondary" onClick={start}>
                  {mediaCopy.camera.retry}
                </Button>
              )}
            </div>
          }
        >
          <p>{mediaCopy.audio.problems[problem]}</p>
          <p>
            {mediaCopy.audio.testimonyHint}{' '}
            {testimonyPath && <Link to={testimonyPath}>{mediaCopy.audio.testimonyLink}</Link>}
          </p>
        </Notice>
      )}
    </section>
  )
}
