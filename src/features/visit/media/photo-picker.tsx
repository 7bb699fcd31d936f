/**
 * "Adicionar foto": opens the camera sheet (live camera, device camera, gallery), compresses
 * each picture on the device and keeps the compressed JPEG in the visit store, listed in the
 * report and queued for upload (`addMedia`).
 *
 * A photo is kept from the moment it is chosen: before the compression starts, its record and
 * its original (when it fits with the device's margin: `roomFor`) are written
 * (visit-store/chosen-photos.ts), and the transaction that keeps the compressed photo takes
 * their place. A page killed during "Preparando a foto…" leaves them; the picker of the same
 * `slot` finishes them when it opens again, or names the photo to take again when its
 * original could not be kept. A picture that cannot be used leaves nothing behind and its
 * pt-BR reason is shown by the button.
 */
import { useEffect, useRef, useState } from 'react'
import { Button } from '@/components/button'
import { Notice } from '@/components/notice'
import { Sheet } from '@/components/sheet'
import { useSnackbar } from '@/components/snackbar'
import {
  ChosenPhotoGone,
  type ChosenPhoto,
  type LocalMedia,
  type MediaKind,
} from '@/lib/visit-store/db'
import { addMedia } from '@/lib/visit-store/store'
import {
  forgetChosenPhoto,
  isPreparingHere,
  keepChosenOriginal,
  keepChosenPhoto,
  prepareOnce,
  preparingSomewhere,
  readChosenOriginal,
} from '@/lib/visit-store/chosen-photos'
import { useChosenPhotos } from '@/lib/visit-store/hooks'
import { CameraCapture } from './camera-capture'
import { compressImage, isImageRejectedError } from '@/lib/device-media/compress-image'
import { noteWritten, roomFor, storageFullness } from '@/lib/device-space'
import { formatTime } from '@/lib/format'
import { mediaKitCopy } from './media-kit-copy'
import styles from './media.module.css'
import { appDate, appNow, clockOffset } from '@/lib/clock'

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
  /**
   * Which picker this is, within the task (default `evidences`): a photo chosen here and cut
   * short by a killed page is finished by the picker of the same slot (`answer:<questionId>`,
   * `receipt:<reportId>`, `pendency:<id>`), which hands it to its `onAdded`.
   */
  slot?: string
}

/** The stored name: the picked file's name as .jpg (what it now is). */
function jpegName(name: string) {
  const base = (name || 'foto').replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, '') || 'foto'
  return `${base}.jpg`
}

/**
 * When the picture was taken: the file's date when it is a sane past time, else now. The
 * file's date comes from the phone's clock: it is moved by as much as that clock is off.
 */
function takenAtOf(lastModified: number, now = appNow()) {
  const at = lastModified + clockOffset()
  return new Date(Number.isFinite(at) && at > 0 && at <= now ? at : now).toISOString()
}

/** A picture to prepare: just picked, or chosen before the page was killed (and its original). */
type Picked = { file: File; chosen?: undefined } | { file: Blob; chosen: ChosenPhoto }

/** The prepared photo does not fit on the device with its margin. */
class NoRoom extends Error {
  constructor(readonly freeMegabytes: number | undefined) {
    super('no room')
  }
}

export function PhotoPicker({
  reportId,
  taskId,
  kind = 'photo',
  listInReport = true,
  caption,
  label = mediaKitCopy.picker.addPhoto,
  multiple = false,
  variant = 'primary',
  disabled = false,
  onAdded,
  slot = 'evidences',
}: PhotoPickerProps) {
  const snackbar = useSnackbar()
  const [open, setOpen] = useState(false)
  const [pending, setPending] = useState(0)
  const [errors, setErrors] = useState<string[]>([])
  /** Said while preparing: the original did not fit (so the photo is safe only once listed). */
  const [unsafe, setUnsafe] = useState<number | undefined | false>(false)
  /** Pictures are processed one after the other (memory: one 12 MP decode at a time). */
  const queue = useRef<Promise<void>>(Promise.resolve())
  const batch = useRef({ files: 0, total: 0, added: 0 })

  async function keep({ file, chosen: resumed }: Picked) {
    // A reason is named after its file only when several were picked at once.
    const many = batch.current.total > 1
    const name = resumed?.fileName ?? (file as File).name
    const lastModified = resumed?.lastModified ?? (file as File).lastModified
    const failed = (message: string) =>
      setErrors((list) => [
        ...list,
        many
          ? mediaKitCopy.picker.fileFailed(name || mediaKitCopy.picker.addPhoto, message)
          : message,
      ])
    const id = resumed?.id ?? crypto.randomUUID()
    await prepareOnce(id, async () => {
      let chosen = resumed
      if (!chosen) {
        // Kept before anything else — its record at once (enough to name it to take again),
        // its original once the room for it is measured: a page killed from here on finds it
        // at the next open.
        chosen = await keepChosenPhoto({
          id,
          taskId,
          reportId,
          slot,
          kind,
          listInReport,
          ...(caption ? { caption } : {}),
          fileName: name,
          chosenAt: appDate().toISOString(),
          file,
        }).catch(() => undefined)
        const room = await roomFor(file.size)
        const original = room.fits && chosen ? await keepChosenOriginal(chosen, file) : false
        if (original) noteWritten(file.size)
        else setUnsafe(room.freeMegabytes)
      }
      try {
        const photo = await compressImage(file)
        const room = await roomFor(photo.blob.size)
        if (!room.fits) throw new NoRoom(room.freeMegabytes)
        const media = await addMedia(
          reportId,
          {
            taskId,
            kind: chosen?.kind ?? kind,
            blob: photo.blob,
            fileName: jpegName(name),
            mimeType: photo.mimeType,
            width: photo.width,
            height: photo.height,
            takenAt: takenAtOf(lastModified),
            ...((chosen?.caption ?? caption) ? { caption: chosen?.caption ?? caption } : {}),
          },
          {
            listInReport: chosen?.listInReport ?? listInReport,
            ...(chosen ? { chosenId: chosen.id } : {}),
          },
        )
        noteWritten(photo.blob.size)
        batch.current.added++
        onAdded?.(media)
      } catch (error) {
        // Prepared and kept by another tab meanwhile: nothing to say.
        if (error instanceof ChosenPhotoGone) return
        if (chosen) await forgetChosenPhoto(chosen.id).catch(() => undefined)
        if (isImageRejectedError(error)) return failed(error.message)
        const full =
          error instanceof NoRoom
            ? { full: true, freeMegabytes: error.freeMegabytes }
            : await storageFullness(error)
        failed(
          full.full
            ? mediaKitCopy.picker.storeFull(full.freeMegabytes)
            : mediaKitCopy.picker.storeFailed,
        )
      }
    })
  }

  function prepare(picked: Picked) {
    if (pending === 0 && batch.current.files === 0) setErrors([])
    setPending((n) => n + 1)
    batch.current.files++
    batch.current.total++
    queue.current = queue.current.then(async () => {
      await keep(picked)
      setPending((n) => n - 1)
      batch.current.files--
      if (batch.current.files === 0) {
        setUnsafe(false)
        const added = batch.current.added
        batch.current.added = 0
        batch.current.total = 0
        if (added > 0) snackbar(mediaKitCopy.picker.added(added))
      }
    })
  }

  function onPhoto(file: File) {
    setOpen(false)
    prepare({ file })
  }

  // Photos chosen here before the page was killed: their kept originals are prepared now;
  // those whose original could not be kept are named, to take again.
  const chosen = useChosenPhotos(taskId, slot)
  const resumed = useRef(new Set<string>())
  useEffect(() => {
    for (const photo of chosen ?? []) {
      if (!photo.bytesKept || resumed.current.has(photo.id) || isPreparingHere(photo.id)) continue
      resumed.current.add(photo.id)
      void readChosenOriginal(photo).then((original) => {
        if (original) prepare({ file: original, chosen: photo })
      })
    }
    // `prepare` reads only refs and stable setters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [chosen])
  // Cut short before its original was kept — unless a tab (this one or another) is preparing
  // it: named only once that was checked.
  const [checked, setChecked] = useState<{ ids: ReadonlySet<string>; busy: ReadonlySet<string> }>({
    ids: new Set(),
    busy: new Set(),
  })
  useEffect(() => {
    let gone = false
    const ids = (chosen ?? []).filter((c) => !c.bytesKept).map((c) => c.id)
    void preparingSomewhere(ids).then((busy) => {
      if (!gone) setChecked({ ids: new Set(ids), busy })
    })
    return () => {
      gone = true
    }
  }, [chosen])
  const toRetake = (chosen ?? []).filter(
    (c) =>
      !c.bytesKept && checked.ids.has(c.id) && !checked.busy.has(c.id) && !isPreparingHere(c.id),
  )

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
          {mediaKitCopy.picker.preparing}
        </p>
      )}
      {busy && unsafe !== false && (
        <Notice tone="warning" title={mediaKitCopy.picker.originalNotKeptTitle}>
          {mediaKitCopy.picker.originalNotKept(unsafe)}
        </Notice>
      )}
      {toRetake.map((photo) => (
        <Notice
          key={photo.id}
          tone="warning"
          title={mediaKitCopy.picker.retakeTitle}
          action={
            <Button variant="secondary" onClick={() => void forgetChosenPhoto(photo.id)}>
              {mediaKitCopy.picker.retakeDone}
            </Button>
          }
        >
          {mediaKitCopy.picker.retake(photo.fileName, formatTime(photo.chosenAt))}
        </Notice>
      ))}
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
