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
import { storageFullness } from '@/lib/device-space'
import { mediaCopy } from '@/lib/device-media/media-copy'
import { audioCopy } from './audio-copy'
import {
  audioExtensionOf,
  useAudioCapture,
  type AudioRecording,
} from '@/lib/device-media/use-audio-capture'
import styles from '@/features/visit/media/media.module.css'

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
      snackbar(audioCopy.attached)
      onAttached?.(media)
    } catch (error) {
      const fullness = await storageFullness(error)
      setAttachFailed(fullness.full ? { full: fullness.freeMegabytes } : true)
    } finally {
      setAttaching(false)
    }
  }

  const notice =
    attachFailed === true
      ? audioCopy.attachFailed
      : attachFailed
        ? audioCopy.attachFull(attachFailed.full)
        : capture.notice

  const problem = state.status === 'problem' ? state.problem : undefined
  const canRetry = problem === 'denied' || problem === 'in-use' || problem === 'failed'

  return (
    <section className={styles.recorder} aria-label={audioCopy.regionLabel}>
      {(state.status === 'idle' || state.status === 'starting') && (
        <Button block onClick={start} busy={state.status === 'starting'}>
          {state.status === 'starting' ? audioCopy.startingMic : audioCopy.start}
        </Button>
      )}

      {state.status === 'recording' && (
        <>
          <div className={styles.recording}>
            <span className={styles.dot} aria-hidden="true" />
            <span>{audioCopy.recording}</span>
            <span className={styles.elapsed} role="timer" aria-label={audioCopy.elapsedLabel}>
              {audioCopy.elapsed(elapsed)}
            </span>
          </div>
          <div
            className={styles.meter}
            role="meter"
            aria-label={audioCopy.meterLabel}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={level}
          >
            <div className={styles.meterFill} style={{ width: `${level}%` }} />
          </div>
          <Button block variant="danger" onClick={capture.stop}>
            {audioCopy.stop}
          </Button>
        </>
      )}

      {state.status === 'recorded' && (
        <>
          <p className={styles.itemTitle}>
            {audioCopy.playbackLabel} · {audioCopy.elapsed(state.recording.durationSecs)}
          </p>
          {state.recording.url && (
            <audio
              className={styles.audio}
              controls
              src={state.recording.url}
              aria-label={audioCopy.playbackLabel}
            />
          )}
          <div className={styles.row}>
            <Button onClick={() => void attach(state.recording)} busy={attaching}>
              {attaching ? audioCopy.attaching : audioCopy.attach}
            </Button>
            <Button variant="secondary" onClick={start} disabled={attaching}>
              {audioCopy.redo}
            </Button>
          </div>
        </>
      )}

      {(state.status === 'recording' || state.status === 'recorded') && (
        <p className={styles.hint}>{audioCopy.keptOnlyAfterAttach}</p>
      )}

      {notice && <Notice tone="warning">{notice}</Notice>}

      {problem && (
        <Notice
          tone="error"
          action={
            <div className={styles.noticeActions}>
              {problem === 'denied' && (
                <Link to={permissionsPath}>{audioCopy.permissionsLink}</Link>
              )}
              {canRetry && (
                <Button variant="secondary" onClick={start}>
                  {mediaCopy.camera.retry}
                </Button>
              )}
            </div>
          }
        >
          <p>{mediaCopy.microphone.problems[problem]}</p>
          <p>
            {audioCopy.testimonyHint}{' '}
            {testimonyPath && <Link to={testimonyPath}>{audioCopy.testimonyLink}</Link>}
          </p>
        </Notice>
      )}
    </section>
  )
}
