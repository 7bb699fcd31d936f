/**
 * "Adicionar foto": opens the camera sheet (live camera, device camera, gallery), compresses
 * each picture on the device and keeps only the compressed JPEG in the visit store, listed
 * in the report and queued for upload (`addMedia`). The original is never stored; a picture
 * that cannot be used leaves nothing behind and its pt-BR reason is shown by the button.
 */
import { useRef, useState } from 'react'
import { Button } from '@/components/button'
import { Notice } from '@/components/notice'
import { Sheet } from '@/components/sheet'
import { useSnackbar } from '@/components/snackbar'
import type { LocalMedia, MediaKind } from '@/lib/visit-store/db'
import { addMedia } from '@/lib/visit-store/store'
import { CameraCapture } from './camera-capture'
import { compressImage, isImageRejectedError } from '@/lib/device-media/compress-image'
import { deviceSpace, isQuotaError, megabytesToFree } from '@/lib/device-space'
import { photosCopy } from './photos-copy'
import styles from './media.module.css'
import { appNow, clockOffset } from '@/lib/clock'

export type PhotoPickerProps = {
  reportId: string
  taskId: string
  /** The evidence kind of what is picked: `receipt` for a tax receipt's photo; any kind but audio. */
  kind?: Exclude<MediaKind, 'audio'>
  /** Lists the photo among the report's evidences (default). Photo answers and receipts need it too. */
  listInReport?: boolean
  caption?: string
  /** The button's name (default "Adicionar foto"). */
  label?: string
  /** Lets the gallery add several photos at once. */
  multiple?: boolean
  variant?: 'primary' | 'secondary'
  disabled?: boolean
  /** Each photo kept on the device (compressed, queued for upload). */
  onAdded?: (media: LocalMedia) => void
}

/** The stored name: the picked file's name as .jpg (what it now is). */
function jpegName(file: File) {
  const base = (file.name || 'foto').replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, '') || 'foto'
  return `${base}.jpg`
}

/**
 * When the picture was taken: the file's date when it is a sane past time, else now. The
 * file's date comes from the phone's clock: it is moved by as much as that clock is off.
 */
function takenAtOf(file: File, now = appNow()) {
  const at = file.lastModified + clockOffset()
  return new Date(Number.isFinite(at) && at > 0 && at <= now ? at : now).toISOString()
}

export function PhotoPicker({
  reportId,
  taskId,
  kind = 'photo',
  listInReport = true,
  caption,
  label = photosCopy.picker.addPhoto,
  multiple = false,
  variant = 'primary',
  disabled = false,
  onAdded,
}: PhotoPickerProps) {
  const snackbar = useSnackbar()
  const [open, setOpen] = useState(false)
  const [pending, setPending] = useState(0)
  const [errors, setErrors] = useState<string[]>([])
  /** Pictures are processed one after the other (memory: one 12 MP decode at a time). */
  const queue = useRef<Promise<void>>(Promise.resolve())
  const batch = useRef({ files: 0, total: 0, added: 0 })

  async function keep(file: File) {
    // A reason is named after its file only when several were picked at once.
    const many = batch.current.total > 1
    try {
      const photo = await compressImage(file)
      const media = await addMedia(
        reportId,
        {
          taskId,
          kind,
          blob: photo.blob,
          fileName: jpegName(file),
          mimeType: photo.mimeType,
          width: photo.width,
          height: photo.height,
          takenAt: takenAtOf(file),
          ...(caption ? { caption } : {}),
        },
        { listInReport },
      )
      batch.current.added++
      onAdded?.(media)
    } catch (error) {
      const message = isImageRejectedError(error)
        ? error.message
        : isQuotaError(error)
          ? photosCopy.picker.storeFull(megabytesToFree(await deviceSpace()))
          : photosCopy.picker.storeFailed
      setErrors((list) => [
        ...list,
        many
          ? photosCopy.picker.fileFailed(file.name || photosCopy.picker.addPhoto, message)
          : message,
      ])
    }
  }

  function onPhoto(file: File) {
    setOpen(false)
    if (pending === 0 && batch.current.files === 0) setErrors([])
    setPending((n) => n + 1)
    batch.current.files++
    batch.current.total++
    queue.current = queue.current.then(async () => {
      await keep(file)
      setPending((n) => n - 1)
      batch.current.files--
      if (batch.current.files === 0) {
        const added = batch.current.added
        batch.current.added = 0
        batch.current.total = 0
        if (added > 0) snackbar(photosCopy.picker.added(added))
      }
    })
  }

  const busy = pending > 0
  return (
    <div className={styles.picker}>
      <Button
        variant={variant}
        block
        busy={busy}
        disabled={disabled}
        onClick={() => {
          setErrors([])
          setOpen(true)
        }}
      >
        {label}
      </Button>
      {busy && (
        <p className={styles.pickerStatus} role="status">
          {photosCopy.picker.preparing}
        </p>
      )}
      {errors.length > 0 && (
        <Notice tone="error">
          {errors.length === 1 ? (
            errors[0]
          ) : (
            <ul>
              {errors.map((message, i) => (
                <li key={i}>{message}</li>
              ))}
            </ul>
          )}
        </Notice>
      )}
      <Sheet open={open} title={label} onClose={() => setOpen(false)}>
        {open && <CameraCapture onPhoto={onPhoto} multiple={multiple} disabled={disabled} />}
      </Sheet>
    </div>
  )
}
