/**
 * Compresses a photo on the device before it is kept and uploaded: JPEG, at most 0.4 MB and
 * at most 1920 px on its longest side, upright (EXIF orientation applied) and without
 * metadata (EXIF/GPS dropped by re-encoding). Runs in a Web Worker where OffscreenCanvas
 * exists, on the main thread otherwise. Refuses what is not a picture, in pt-BR.
 *
 *   const photo = await compressImage(file) // { blob, width, height, bytes, mimeType, encodes, … }
 */
import { checkImageFile, imageFileMessages, type ImageFileErrorCode } from '@/domain/image-limits'
import type { CompressRequest, CompressResponse } from './compress-image-protocol'
import { CanvasUnavailable, canvasImageCodec } from './image-codec'
import {
  compressWithCodec,
  DEFAULT_LIMITS,
  ImageStillTooLarge,
  UndecodableImage,
  type CompressionOutcome,
} from './image-compression-policy'
import { mediaCopy } from './media-copy'

export type CompressedImage = {
  blob: Blob
  width: number
  height: number
  bytes: number
  mimeType: 'image/jpeg'
  /** JPEG encodes spent (quality search and shrink steps). */
  encodes: number
  quality: number
  /** Pixels decoded: the picture's upright size, or less for a large JPEG decoded at a scale (diagnostics). */
  decoded?: { width: number; height: number }
  /** Where the work ran (the worker unless the browser lacks OffscreenCanvas). */
  via: 'worker' | 'main-thread'
}

export type ImageRejectedCode = ImageFileErrorCode | 'undecodable' | 'cannot-compress'

/** The picture cannot be used; `message` is the pt-BR text to show the agent. */
export class ImageRejectedError extends Error {
  override readonly name = 'ImageRejectedError'
  readonly code: ImageRejectedCode
  constructor(code: ImageRejectedCode, message = rejectionMessage(code)) {
    super(message)
    this.code = code
  }
}

export function isImageRejectedError(error: unknown): error is ImageRejectedError {
  return error instanceof ImageRejectedError
}

function rejectionMessage(code: ImageRejectedCode): string {
  if (code === 'undecodable') return mediaCopy.compression.undecodable
  if (code === 'cannot-compress') return mediaCopy.compression.cannotCompress
  return imageFileMessages[code]
}

/** Worker time limit; after it the main thread takes over. */
const WORKER_TIMEOUT_MS = 60_000

function workerAvailable() {
  return (
    typeof Worker !== 'undefined' &&
    typeof OffscreenCanvas !== 'undefined' &&
    typeof createImageBitmap === 'function'
  )
}

class WorkerUnavailable extends Error {
  override readonly name = 'WorkerUnavailable'
}

let nextRequestId = 1

/** One worker per photo: it is ended as soon as it answers, so its memory is given back. */
function compressInWorker(file: Blob): Promise<CompressionOutcome> {
  return new Promise((resolve, reject) => {
    let worker: Worker
    try {
      worker = new Worker(new URL('./compress-image.worker.ts', import.meta.url), {
        type: 'module',
      })
    } catch (error) {
      reject(new WorkerUnavailable(error instanceof Error ? error.message : String(error)))
      return
    }
    const id = nextRequestId++
    const finish = (outcome: () => void) => {
      clearTimeout(timer)
      worker.terminate()
      outcome()
    }
    const timer = setTimeout(
      () => finish(() => reject(new WorkerUnavailable('The worker took too long.'))),
      WORKER_TIMEOUT_MS,
    )
    worker.addEventListener('message', (event: MessageEvent<CompressResponse>) => {
      const response = event.data
      if (response.id !== id) return
      if (response.ok) return finish(() => resolve(response.result))
      finish(() =>
        reject(
          response.failure === 'too-large'
            ? new ImageStillTooLarge(response.detail)
            : response.failure === 'undecodable'
              ? new UndecodableImage(response.detail)
              : new WorkerUnavailable(response.detail),
        ),
      )
    })
    worker.addEventListener('error', (event) => {
      event.preventDefault()
      finish(() => reject(new WorkerUnavailable(event.message || 'The worker failed to start.')))
    })
    worker.addEventListener('messageerror', () =>
      finish(() => reject(new WorkerUnavailable('The worker could not read the photo.'))),
    )
    const request: CompressRequest = { id, file, limits: DEFAULT_LIMITS }
    worker.postMessage(request)
  })
}

function compressOnMainThread(file: Blob): Promise<CompressionOutcome> {
  return compressWithCodec(canvasImageCodec('main-thread'), file, DEFAULT_LIMITS)
}

function toRejection(error: unknown): ImageRejectedError {
  if (error instanceof ImageRejectedError) return error
  if (error instanceof UndecodableImage) return new ImageRejectedError('undecodable')
  if (error instanceof ImageStillTooLarge) return new ImageRejectedError('too-large')
  if (error instanceof CanvasUnavailable) return new ImageRejectedError('cannot-compress')
  return new ImageRejectedError('cannot-compress')
}

/**
 * Compresses a photo (see the module comment). Rejects with `ImageRejectedError`:
 * `not-an-image`, `unsupported-image-format`, `empty-file` (checked first, from the file's
 * type and size), `undecodable` (corrupt or unreadable), `too-large` (nothing fits even at the
 * smallest size tried) or `cannot-compress` (this browser cannot draw images).
 */
export async function compressImage(file: Blob): Promise<CompressedImage> {
  const problem = checkImageFile(file)
  if (problem) throw new ImageRejectedError(problem.code, problem.message)

  let outcome: CompressionOutcome | undefined
  let via: CompressedImage['via'] = 'worker'
  if (workerAvailable()) {
    try {
      outcome = await compressInWorker(file)
    } catch (error) {
      // Only a final verdict stops here; anything else (no worker, no OffscreenCanvas 2D,
      // a decoder that cannot read this file in a worker) gets a second chance below.
      if (error instanceof ImageStillTooLarge) throw toRejection(error)
    }
  }
  if (!outcome) {
    via = 'main-thread'
    try {
      outcome = await compressOnMainThread(file)
    } catch (error) {
      throw toRejection(error)
    }
  }
  return {
    blob: outcome.blob,
    width: outcome.width,
    height: outcome.height,
    bytes: outcome.bytes,
    mimeType: 'image/jpeg',
    encodes: outcome.encodes,
    quality: outcome.quality,
    decoded: outcome.decoded,
    via,
  }
}
