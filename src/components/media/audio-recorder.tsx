/**
 * Records the visit's audio with MediaRecorder (Opus in WebM, or MP4 where WebM is not
 * recorded, e.g. Safari): a live level meter (AnalyserNode) and the elapsed time while
 * recording; after "Parar", the agent listens to it before "Anexar" (kept on the device,
 * listed in the report, queued for upload) or "Gravar de novo". Microphone problems —
 * denied, not found, in use, unsupported — each have their own pt-BR message, and the
 * written testimony is suggested when audio is not possible.
 *
 * The recording lives in memory until "Anexar" (the page says so and the browser asks before
 * closing the tab with an unattached recording).
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import { Button } from '@/components/button'
import { Notice } from '@/components/notice'
import { useSnackbar } from '@/components/snackbar'
import type { LocalMedia } from '@/lib/visit-store/db'
import { addMedia } from '@/lib/visit-store/store'
import { canAskForMedia, microphoneProblemOf, stopStream } from '@/lib/device-media/device-errors'
import { mediaCopy, type MicrophoneProblem } from '@/lib/device-media/media-copy'
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

type Recorded = {
  blob: Blob
  url: string | undefined
  durationSecs: number
  startedAt: string
  mimeType: string
}

type RecorderState =
  | { status: 'idle' }
  | { status: 'starting' }
  | { status: 'recording'; startedAt: number }
  | { status: 'recorded'; recording: Recorded }
  | { status: 'problem'; problem: MicrophoneProblem }

/** Containers in order of preference; the server takes WebM and MP4. */
export const AUDIO_TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4'] as const

export function pickAudioType(isTypeSupported: (type: string) => boolean): string | undefined {
  return AUDIO_TYPES.find((type) => {
    try {
      return isTypeSupported(type)
    } catch {
      return false
    }
  })
}

function canRecord() {
  return canAskForMedia() && typeof MediaRecorder !== 'undefined'
}

const extensionOf = (mimeType: string) => (mimeType.startsWith('audio/mp4') ? 'm4a' : 'webm')

/** 0..100 from the analyser's time-domain samples (RMS, scaled so speech fills the bar). */
export function levelOf(samples: Uint8Array): number {
  if (samples.length === 0) return 0
  let sum = 0
  for (const s of samples) {
    const v = (s - 128) / 128
    sum += v * v
  }
  const rms = Math.sqrt(sum / samples.length)
  return Math.min(100, Math.round(rms * 300))
}

type Meter = { stop(): void }

/** Feeds `onLevel` about ten times a second from the stream's loudness. */
function startMeter(stream: MediaStream, onLevel: (level: number) => void): Meter | undefined {
  const Context: typeof AudioContext | undefined =
    typeof AudioContext !== 'undefined'
      ? AudioContext
      : (globalThis as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext
  if (!Context) return undefined
  try {
    const context = new Context()
    const source = context.createMediaStreamSource(stream)
    const analyser = context.createAnalyser()
    analyser.fftSize = 1024
    source.connect(analyser)
    const samples = new Uint8Array(analyser.fftSize)
    const timer = setInterval(() => {
      analyser.getByteTimeDomainData(samples)
      onLevel(levelOf(samples))
    }, 100)
    return {
      stop() {
        clearInterval(timer)
        source.disconnect()
        void context.close().catch(() => undefined)
      },
    }
  } catch {
    return undefined
  }
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
  const [state, setState] = useState<RecorderState>({ status: 'idle' })
  const [level, setLevel] = useState(0)
  const [elapsed, setElapsed] = useState(0)
  const [notice, setNotice] = useState<string>()
  const [attaching, setAttaching] = useState(false)

  const streamRef = useRef<MediaStream | null>(null)
  const recorderRef = useRef<MediaRecorder | null>(null)
  const meterRef = useRef<Meter | undefined>(undefined)
  const tickRef = useRef<ReturnType<typeof setInterval> | undefined>(undefined)
  const attemptRef = useRef(0)
  const urlRef = useRef<string | undefined>(undefined)

  const releaseDevices = useCallback(() => {
    clearInterval(tickRef.current)
    meterRef.current?.stop()
    meterRef.current = undefined
    stopStream(streamRef.current)
    streamRef.current = null
  }, [])

  const forgetRecording = useCallback(() => {
    if (urlRef.current) URL.revokeObjectURL(urlRef.current)
    urlRef.current = undefined
  }, [])

  // Leaving the component: stop everything, keep nothing in the background.
  useEffect(
    () => () => {
      attemptRef.current++
      const recorder = recorderRef.current
      recorderRef.current = null
      if (recorder && recorder.state !== 'inactive') {
        recorder.ondataavailable = null
        recorder.onstop = null
        recorder.stop()
      }
      releaseDevices()
      forgetRecording()
    },
    [releaseDevices, forgetRecording],
  )

  // An unattached recording would be lost with the tab: let the browser ask first.
  const unsaved = state.status === 'recording' || state.status === 'recorded'
  useEffect(() => {
    if (!unsaved) return
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      event.returnValue = mediaCopy.audio.leaveWarning
    }
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [unsaved])

  async function start() {
    const attempt = ++attemptRef.current
    setNotice(undefined)
    forgetRecording()
    if (!canRecord()) {
      setState({ status: 'problem', problem: 'unsupported' })
      return
    }
    setState({ status: 'starting' })
    let stream: MediaStream
    try {
      stream = await navigator.mediaDevices.getUserMedia({
        audio: { echoCancellation: true, noiseSuppression: true },
        video: false,
      })
    } catch (error) {
      if (attempt === attemptRef.current)
        setState({ status: 'problem', problem: microphoneProblemOf(error) })
      return
    }
    if (attempt !== attemptRef.current) {
      stopStream(stream)
      return
    }
    streamRef.current = stream
    const mimeType = pickAudioType((type) => MediaRecorder.isTypeSupported?.(type) ?? false)
    let recorder: MediaRecorder
    try {
      recorder = new MediaRecorder(
        stream,
        mimeType ? { mimeType, audioBitsPerSecond: 32_000 } : undefined,
      )
    } catch (error) {
      releaseDevices()
      setState({
        status: 'problem',
        problem:
          microphoneProblemOf(error) === 'failed' ? 'unsupported' : microphoneProblemOf(error),
      })
      return
    }
    const chunks: Blob[] = []
    const startedAt = Date.now()
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data)
    }
    recorder.onerror = () => {
      setNotice(mediaCopy.audio.recordFailed)
    }
    recorder.onstop = () => {
      recorderRef.current = null
      releaseDevices()
      if (attempt !== attemptRef.current) return
      const type = recorder.mimeType || mimeType || 'audio/webm'
      const blob = new Blob(chunks, { type })
      if (blob.size === 0) {
        setNotice(mediaCopy.audio.tooShort)
        setState({ status: 'idle' })
        return
      }
      const durationSecs = Math.max(1, Math.round((Date.now() - startedAt) / 1000))
      const url = typeof URL.createObjectURL === 'function' ? URL.createObjectURL(blob) : undefined
      urlRef.current = url
      setState({
        status: 'recorded',
        recording: {
          blob,
          url,
          durationSecs,
          startedAt: new Date(startedAt).toISOString(),
          mimeType: type,
        },
      })
    }
    recorderRef.current = recorder
    meterRef.current = startMeter(stream, setLevel)
    setElapsed(0)
    setLevel(0)
    const maxSeconds = maxMinutes * 60
    tickRef.current = setInterval(() => {
      const seconds = (Date.now() - startedAt) / 1000
      setElapsed(seconds)
      if (seconds >= maxSeconds && recorder.state === 'recording') {
        setNotice(mediaCopy.audio.maxReached(maxMinutes))
        recorder.stop()
      }
    }, 250)
    // A chunk a second: a crash mid-recording loses at most the last second of what is in memory.
    recorder.start(1000)
    setState({ status: 'recording', startedAt })
  }

  function stop() {
    const recorder = recorderRef.current
    if (recorder && recorder.state !== 'inactive') recorder.stop()
  }

  async function attach(recording: Recorded) {
    setAttaching(true)
    setNotice(undefined)
    try {
      const media = await addMedia(
        reportId,
        {
          taskId,
          kind: 'audio',
          blob: recording.blob,
          fileName: `audio-${recording.startedAt.replace(/[:.]/g, '-')}.${extensionOf(recording.mimeType)}`,
          mimeType: recording.mimeType,
          durationSecs: recording.durationSecs,
          takenAt: recording.startedAt,
        },
        { listInReport: true },
      )
      forgetRecording()
      setState({ status: 'idle' })
      snackbar(mediaCopy.audio.attached)
      onAttached?.(media)
    } catch {
      setNotice(mediaCopy.audio.attachFailed)
    } finally {
      setAttaching(false)
    }
  }

  const problem = state.status === 'problem' ? state.problem : undefined
  const canRetry = problem === 'denied' || problem === 'in-use' || problem === 'failed'

  return (
    <section className={styles.recorder} aria-label={mediaCopy.audio.regionLabel}>
      {(state.status === 'idle' || state.status === 'starting') && (
        <Button block onClick={() => void start()} busy={state.status === 'starting'}>
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
          <Button block variant="danger" onClick={stop}>
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
            <Button variant="secondary" onClick={() => void start()} disabled={attaching}>
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
                <Button variant="secondary" onClick={() => void start()}>
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
