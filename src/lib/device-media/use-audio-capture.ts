/**
 * The microphone, as a hook: MediaRecorder (Opus in WebM, or MP4 where WebM is not recorded,
 * e.g. Safari), a live level from an AnalyserNode, the elapsed time, a time limit, and each
 * microphone problem as its own kind. It knows nothing of visits: what a finished recording
 * becomes is the caller's business (the audio recorder attaches it to the report).
 *
 * A recording lives in memory until the caller keeps it (`discard` after that): while there
 * is one, the browser asks before the tab is closed.
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { canAskForMedia, microphoneProblemOf, stopStream } from './device-errors'
import { mediaCopy, type MicrophoneProblem } from './media-copy'
import { appDate, deviceNow } from '@/lib/clock'

export type AudioRecording = {
  blob: Blob
  url: string | undefined
  durationSecs: number
  startedAt: string
  mimeType: string
}

export type AudioCaptureState =
  | { status: 'idle' }
  | { status: 'starting' }
  | { status: 'recording'; startedAt: number }
  | { status: 'recorded'; recording: AudioRecording }
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

export const audioExtensionOf = (mimeType: string) =>
  mimeType.startsWith('audio/mp4') ? 'm4a' : 'webm'

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

function canRecord() {
  return canAskForMedia() && typeof MediaRecorder !== 'undefined'
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

export type AudioCapture = {
  state: AudioCaptureState
  /** 0..100 while recording. */
  level: number
  /** Seconds since the recording started. */
  elapsed: number
  /** Something the agent should know about the last recording (failed, too short, limit). */
  notice: string | undefined
  /** Asks for the microphone and records; also "Gravar de novo" (drops the last recording). */
  start: () => Promise<void>
  stop: () => void
  /** The recording was kept elsewhere (or thrown away): back to idle, its memory freed. */
  discard: () => void
}

export function useAudioCapture({ maxMinutes }: { maxMinutes: number }): AudioCapture {
  const [state, setState] = useState<AudioCaptureState>({ status: 'idle' })
  const [level, setLevel] = useState(0)
  const [elapsed, setElapsed] = useState(0)
  const [notice, setNotice] = useState<string>()

  const streamRef = useRef<MediaStream | null>(null)
  const recorderRef = useRef<MediaRecorder | null>(null)
  const meterRef = useRef<Meter | undefined>(undefined)
  const tickRef = useRef<ReturnType<typeof setInterval> | undefined>(undefined)
  // Bumped by every start and by unmounting: a late answer from an older attempt is dropped.
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

  // Unmounting: stop everything, keep nothing running in the background.
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

  // A recording not yet kept would be lost with the tab: let the browser ask first.
  const unsaved = state.status === 'recording' || state.status === 'recorded'
  useEffect(() => {
    if (!unsaved) return
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault()
      event.returnValue = mediaCopy.microphone.leaveWarning
    }
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [unsaved])

  const start = useCallback(async () => {
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
      const problem = microphoneProblemOf(error)
      setState({ status: 'problem', problem: problem === 'failed' ? 'unsupported' : problem })
      return
    }
    const chunks: Blob[] = []
    // How long it lasts, on this phone's clock; when it began, as the server's time.
    const startedAt = deviceNow()
    const startedAtTime = appDate().toISOString()
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data)
    }
    recorder.onerror = () => setNotice(mediaCopy.microphone.recordFailed)
    recorder.onstop = () => {
      recorderRef.current = null
      releaseDevices()
      if (attempt !== attemptRef.current) return
      const type = recorder.mimeType || mimeType || 'audio/webm'
      const blob = new Blob(chunks, { type })
      if (blob.size === 0) {
        setNotice(mediaCopy.microphone.tooShort)
        setState({ status: 'idle' })
        return
      }
      const durationSecs = Math.max(1, Math.round((deviceNow() - startedAt) / 1000))
      const url = typeof URL.createObjectURL === 'function' ? URL.createObjectURL(blob) : undefined
      urlRef.current = url
      setState({
        status: 'recorded',
        recording: {
          blob,
          url,
          durationSecs,
          startedAt: startedAtTime,
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
      const seconds = (deviceNow() - startedAt) / 1000
      setElapsed(seconds)
      if (seconds >= maxSeconds && recorder.state === 'recording') {
        setNotice(mediaCopy.microphone.maxReached(maxMinutes))
        recorder.stop()
      }
    }, 250)
    // A chunk a second: a crash mid-recording loses at most the last second in memory.
    recorder.start(1000)
    setState({ status: 'recording', startedAt })
  }, [forgetRecording, releaseDevices, maxMinutes])

  const stop = useCallback(() => {
    const recorder = recorderRef.current
    if (recorder && recorder.state !== 'inactive') recorder.stop()
  }, [])

  const discard = useCallback(() => {
    forgetRecording()
    setState({ status: 'idle' })
  }, [forgetRecording])

  return { state, level, elapsed, notice, start, stop, discard }
}
