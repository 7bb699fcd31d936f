/**
 * Takes a photo with the rear camera in the page (getUserMedia + a live <video>), with the
 * device's own camera app and the gallery always offered too (file inputs). Each camera
 * problem — permission denied, no camera, camera in use, unsupported — has its own pt-BR
 * message, and the file inputs stay as the way forward. The camera is released (tracks
 * stopped) when the component goes away. Hands every picture to `onPhoto`; the caller
 * compresses and stores it.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { Link } from 'react-router-dom'
import { Button } from '@/components/button'
import { Notice } from '@/components/notice'
import { cameraProblemOf, canAskForMedia, stopStream } from '@/lib/device-media/device-errors'
import { mediaCopy, type CameraProblem } from '@/lib/device-media/media-copy'
import styles from './media.module.css'
import { appDate, deviceNow } from '@/lib/clock'

export type CameraCaptureProps = {
  /** Called once per picture: a camera shot, or each file picked. */
  onPhoto: (file: File) => void
  /** Opens the live camera at once (default). Otherwise the agent opens it with a button. */
  autoStart?: boolean
  /** Lets the gallery pick several photos at once. */
  multiple?: boolean
  /** Where a denied permission sends the agent for help. */
  permissionsPath?: string
  disabled?: boolean
}

type CameraState =
  { status: 'off' | 'starting' | 'live' } | { status: 'problem'; problem: CameraProblem }

/** Rear camera, as sharp as the photo will be kept (the compressor caps at 1920 px). */
export const CAMERA_CONSTRAINTS: MediaStreamConstraints = {
  video: { facingMode: 'environment', width: { ideal: 1920 }, height: { ideal: 1440 } },
  audio: false,
}

const CAPTURE_QUALITY = 0.92

function photoFileName(now = appDate()) {
  const stamp = now.toISOString().replace(/[:.]/g, '-')
  return `foto-${stamp}.jpg`
}

export function CameraCapture({
  onPhoto,
  autoStart = true,
  multiple = false,
  permissionsPath = '/tasks/permissions',
  disabled = false,
}: CameraCaptureProps) {
  const [camera, setCamera] = useState<CameraState>(() =>
    !autoStart
      ? { status: 'off' }
      : canAskForMedia()
        ? { status: 'starting' }
        : { status: 'problem', problem: 'unsupported' },
  )
  const [captureError, setCaptureError] = useState<string>()
  const [capturing, setCapturing] = useState(false)
  const videoRef = useRef<HTMLVideoElement>(null)
  const streamRef = useRef<MediaStream | null>(null)
  /** Bumped on each start: a late getUserMedia answer of an older attempt is released, not shown. */
  const attemptRef = useRef(0)
  const mountedRef = useRef(false)
  const deviceInputRef = useRef<HTMLInputElement>(null)
  const galleryInputRef = useRef<HTMLInputElement>(null)
  const id = useId()

  const release = useCallback(() => {
    stopStream(streamRef.current)
    streamRef.current = null
    if (videoRef.current) videoRef.current.srcObject = null
  }, [])

  /** Asks for the camera; the answer is used only while `isCurrent()` holds. */
  const acquire = useCallback(async (isCurrent: () => boolean) => {
    try {
      const stream = await navigator.mediaDevices.getUserMedia(CAMERA_CONSTRAINTS)
      if (!isCurrent()) {
        stopStream(stream)
        return
      }
      streamRef.current = stream
      setCamera({ status: 'live' })
    } catch (error) {
      if (isCurrent()) setCamera({ status: 'problem', problem: cameraProblemOf(error) })
    }
  }, [])

  // Leaving: the camera is released (its light goes off).
  useEffect(() => {
    mountedRef.current = true
    return () => {
      mountedRef.current = false
      release()
    }
  }, [release])

  useEffect(() => {
    if (!autoStart || !canAskForMedia()) return
    let active = true
    const attempt = ++attemptRef.current
    void acquire(() => active && attempt === attemptRef.current)
    return () => {
      active = false
    }
  }, [autoStart, acquire])

  function start() {
    const attempt = ++attemptRef.current
    release()
    setCaptureError(undefined)
    if (!canAskForMedia()) {
      setCamera({ status: 'problem', problem: 'unsupported' })
      return
    }
    setCamera({ status: 'starting' })
    void acquire(() => mountedRef.current && attempt === attemptRef.current)
  }

  // The <video> exists once live: attach the stream to it.
  useEffect(() => {
    const video = videoRef.current
    if (camera.status !== 'live' || !video || !streamRef.current) return
    video.srcObject = streamRef.current
    void video.play?.()?.catch(() => undefined)
  }, [camera.status])

  async function takePhoto() {
    const video = videoRef.current
    setCaptureError(undefined)
    if (!video || !video.videoWidth || !video.videoHeight) {
      setCaptureError(mediaCopy.camera.captureFailed)
      return
    }
    setCapturing(true)
    try {
      const canvas = document.createElement('canvas')
      canvas.width = video.videoWidth
      canvas.height = video.videoHeight
      const context = canvas.getContext('2d')
      if (!context) throw new Error('No 2D context')
      context.drawImage(video, 0, 0, canvas.width, canvas.height)
      const blob = await new Promise<Blob | null>((resolve) =>
        canvas.toBlob(resolve, 'image/jpeg', CAPTURE_QUALITY),
      )
      canvas.width = 0
      canvas.height = 0
      if (!blob) throw new Error('The canvas produced no image')
      onPhoto(new File([blob], photoFileName(), { type: 'image/jpeg', lastModified: deviceNow() }))
    } catch {
      setCaptureError(mediaCopy.camera.captureFailed)
    } finally {
      setCapturing(false)
    }
  }

  function onFiles(input: HTMLInputElement) {
    const files = [...(input.files ?? [])]
    // Cleared so the same file can be picked again after a refusal.
    input.value = ''
    files.forEach((file) => onPhoto(file))
  }

  const problem = camera.status === 'problem' ? camera.problem : undefined
  const canRetry = problem === 'denied' || problem === 'in-use' || problem === 'failed'

  return (
    <section className={styles.camera} aria-label={mediaCopy.camera.regionLabel}>
      {camera.status === 'live' && (
        <div className={styles.viewfinder}>
          <video
            ref={videoRef}
            className={styles.video}
            aria-label={mediaCopy.camera.videoLabel}
            autoPlay
            muted
            playsInline
          />
        </div>
      )}
      {camera.status === 'starting' && (
        <p className={styles.cameraStatus} role="status">
          {mediaCopy.camera.starting}
        </p>
      )}
      {problem && (
        <Notice
          tone="error"
          action={
            <div className={styles.noticeActions}>
              {problem === 'denied' && (
                <Link to={permissionsPath}>{mediaCopy.camera.permissionsLink}</Link>
              )}
              {canRetry && (
                <Button variant="secondary" onClick={start} disabled={disabled}>
                  {mediaCopy.camera.retry}
                </Button>
              )}
            </div>
          }
        >
          {mediaCopy.camera.problems[problem]}
        </Notice>
      )}
      {captureError && <Notice tone="error">{captureError}</Notice>}

      <div className={styles.cameraActions}>
        {camera.status === 'live' && (
          <Button block onClick={() => void takePhoto()} busy={capturing} disabled={disabled}>
            {capturing ? mediaCopy.camera.capturing : mediaCopy.camera.takePhoto}
          </Button>
        )}
        {camera.status === 'off' && (
          <Button block onClick={start} disabled={disabled}>
            {mediaCopy.camera.openCamera}
          </Button>
        )}
        <Button
          block
          variant="secondary"
          onClick={() => deviceInputRef.current?.click()}
          disabled={disabled}
        >
          {mediaCopy.camera.deviceCamera}
        </Button>
        <Button
          block
          variant="secondary"
          onClick={() => galleryInputRef.current?.click()}
          disabled={disabled}
        >
          {mediaCopy.camera.gallery}
        </Button>
      </div>

      {/* The buttons above open these; they are labelled for assistive tech and tests alike. */}
      <input
        ref={deviceInputRef}
        id={`${id}-device`}
        className={styles.fileInput}
        type="file"
        accept="image/*"
        capture="environment"
        aria-label={mediaCopy.camera.deviceCameraInput}
        tabIndex={-1}
        disabled={disabled}
        onChange={(e) => onFiles(e.currentTarget)}
      />
      <input
        ref={galleryInputRef}
        id={`${id}-gallery`}
        className={styles.fileInput}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/*"
        multiple={multiple}
        aria-label={mediaCopy.camera.galleryInput}
        tabIndex={-1}
        disabled={disabled}
        onChange={(e) => onFiles(e.currentTarget)}
      />
    </section>
  )
}
