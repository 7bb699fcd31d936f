/**
 * The browser's own image codec behind `ImageCodec`: decode with `createImageBitmap`
 * (`imageOrientation: 'from-image'` applies the EXIF orientation), or with an <img> element
 * on the main thread when that fails (images are shown upright by default); draw on an
 * OffscreenCanvas (worker) or a <canvas>; encode as JPEG. Re-encoding through a canvas keeps
 * only the pixels: EXIF, GPS and every other metadata block are left behind.
 */
import type { ImageSize } from '@/domain/image-limits'
import {
  UndecodableImage,
  type DecodedImage,
  type DrawnImage,
  type ImageCodec,
} from './image-compression-policy'

type Canvas = OffscreenCanvas | HTMLCanvasElement
type Context = OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D

/** The environment cannot draw or encode at all (no canvas): not the picture's fault. */
export class CanvasUnavailable extends Error {
  override readonly name = 'CanvasUnavailable'
}

function newCanvas(width: number, height: number): Canvas {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(width, height)
  if (typeof document !== 'undefined') {
    const canvas = document.createElement('canvas')
    canvas.width = width
    canvas.height = height
    return canvas
  }
  throw new CanvasUnavailable('No canvas in this environment.')
}

function context2d(canvas: Canvas): Context {
  const context = canvas.getContext('2d') as Context | null
  if (!context) throw new CanvasUnavailable('No 2D context.')
  return context
}

/** Frees a canvas's pixel memory now (Safari keeps it until collected otherwise). */
function freeCanvas(canvas: Canvas) {
  canvas.width = 0
  canvas.height = 0
}

async function encodeJpeg(canvas: Canvas, quality: number): Promise<Blob> {
  const blob =
    'convertToBlob' in canvas
      ? await canvas.convertToBlob({ type: 'image/jpeg', quality })
      : await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality))
  if (!blob || blob.size === 0) throw new CanvasUnavailable('The canvas produced no image.')
  if (blob.type !== 'image/jpeg')
    throw new CanvasUnavailable(`The canvas encoded ${blob.type}, not JPEG.`)
  return blob
}

/**
 * Draws `source` at `size`. Large reductions go by halves first (then the last step), so
 * browsers whose smoothing samples only nearby pixels do not alias fine detail.
 */
function drawScaled(source: CanvasImageSource, from: ImageSize, size: ImageSize): Canvas {
  let current: { image: CanvasImageSource; width: number; height: number; canvas?: Canvas } = {
    image: source,
    ...from,
  }
  while (
    current.width / 2 >= size.width &&
    current.height / 2 >= size.height &&
    current.width / 2 >= 1
  ) {
    const half = newCanvas(Math.round(current.width / 2), Math.round(current.height / 2))
    const context = context2d(half)
    context.imageSmoothingEnabled = true
    context.imageSmoothingQuality = 'high'
    context.drawImage(current.image, 0, 0, half.width, half.height)
    if (current.canvas) freeCanvas(current.canvas)
    current = { image: half, width: half.width, height: half.height, canvas: half }
  }
  const canvas = newCanvas(size.width, size.height)
  const context = context2d(canvas)
  // JPEG has no transparency: transparent pixels of a PNG become white, not black.
  context.fillStyle = '#ffffff'
  context.fillRect(0, 0, size.width, size.height)
  context.imageSmoothingEnabled = true
  context.imageSmoothingQuality = 'high'
  context.drawImage(current.image, 0, 0, size.width, size.height)
  if (current.canvas) freeCanvas(current.canvas)
  return canvas
}

async function decodeWithBitmap(file: Blob): Promise<DecodedImage<CanvasImageSource>> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' })
  return {
    source: bitmap,
    width: bitmap.width,
    height: bitmap.height,
    release: () => bitmap.close(),
  }
}

async function decodeWithImageElement(file: Blob): Promise<DecodedImage<CanvasImageSource>> {
  const url = URL.createObjectURL(file)
  const image = new Image()
  image.decoding = 'async'
  image.src = url
  try {
    await image.decode()
  } catch (error) {
    URL.revokeObjectURL(url)
    throw error
  }
  if (!image.naturalWidth || !image.naturalHeight) {
    URL.revokeObjectURL(url)
    throw new UndecodableImage('The image has no pixels.')
  }
  return {
    source: image,
    width: image.naturalWidth,
    height: image.naturalHeight,
    release: () => URL.revokeObjectURL(url),
  }
}

/**
 * The canvas codec. `where` says what the environment offers: a worker has only
 * createImageBitmap and OffscreenCanvas; the main thread may also fall back to <img>.
 */
export function canvasImageCodec(where: 'worker' | 'main-thread'): ImageCodec<CanvasImageSource> {
  return {
    async decode(file) {
      const canUseBitmap = typeof createImageBitmap === 'function'
      const canUseElement =
        where === 'main-thread' &&
        typeof Image !== 'undefined' &&
        typeof URL.createObjectURL === 'function'
      if (!canUseBitmap && !canUseElement)
        throw new CanvasUnavailable('No image decoder in this environment.')
      let firstError: unknown
      if (canUseBitmap) {
        try {
          return await decodeWithBitmap(file)
        } catch (error) {
          firstError = error
        }
      }
      if (canUseElement) {
        try {
          return await decodeWithImageElement(file)
        } catch (error) {
          firstError ??= error
        }
      }
      throw new UndecodableImage(
        firstError instanceof Error ? firstError.message : 'The image could not be decoded.',
      )
    },
    async draw(image, size): Promise<DrawnImage> {
      const canvas = drawScaled(image.source, image, size)
      return { encode: (quality) => encodeJpeg(canvas, quality), release: () => freeCanvas(canvas) }
    },
  }
}
