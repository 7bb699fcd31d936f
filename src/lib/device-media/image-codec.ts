/**
 * The browser's own image codec behind `ImageCodec`: decode a large JPEG at a reduced scale
 * with WebCodecs' `ImageDecoder` where it exists (the DCT gives 1/2, 3/8… of the pixels for a
 * fraction of the work, and the frame carries the EXIF orientation), otherwise with
 * `createImageBitmap` (`imageOrientation: 'from-image'` applies the EXIF orientation), or with
 * an <img> element on the main thread when that fails (images are shown upright by default);
 * draw on an OffscreenCanvas (worker) or a <canvas>; encode as JPEG. Re-encoding through a
 * canvas keeps only the pixels: EXIF, GPS and every other metadata block are left behind.
 */
import { fitWithin, type ImageSize } from '@/domain/image-limits'
import { JPEG_HEADER_BYTES, readJpegHeader } from './compress-image-jpeg-header'
import {
  UndecodableImage,
  type DecodedImage,
  type DrawnImage,
  type ImageCodec,
} from './image-compression-policy'

type Canvas = OffscreenCanvas | HTMLCanvasElement
type Context = OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D

/** Decoded pixels and how many there are (fewer than the picture's when decoded at a scale). */
export type CanvasSource = { image: CanvasImageSource; width: number; height: number }

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

/** A VideoFrame with the orientation fields recent browsers set (not yet in TypeScript's DOM types). */
type OrientedFrame = VideoFrame & { rotation?: number; flip?: boolean }

/** EXIF orientation → the rotation (clockwise) and flip a WebCodecs frame carries for it. */
const FRAME_TURN: Record<number, { rotation: number; flip: boolean }> = {
  1: { rotation: 0, flip: false },
  2: { rotation: 0, flip: true },
  3: { rotation: 180, flip: false },
  4: { rotation: 180, flip: true },
  5: { rotation: 90, flip: true },
  6: { rotation: 90, flip: false },
  7: { rotation: 270, flip: true },
  8: { rotation: 270, flip: false },
}

function framesCarryOrientation() {
  return (
    typeof VideoFrame !== 'undefined' &&
    'rotation' in VideoFrame.prototype &&
    'flip' in VideoFrame.prototype
  )
}

/**
 * A JPEG larger than `maxSide` decoded at the smallest n/8 scale that still covers its fitted
 * size, or null to decode it in full instead (no ImageDecoder, not a JPEG whose header it can
 * read, nothing to gain, a frame that would not come out upright or big enough, any error).
 */
async function decodeJpegAtScale(
  file: Blob,
  maxSide: number,
): Promise<DecodedImage<CanvasSource> | null> {
  if (typeof ImageDecoder === 'undefined' || typeof VideoFrame === 'undefined') return null
  if (!/^image\/jpe?g$/i.test(file.type)) return null
  const header = readJpegHeader(
    new Uint8Array(await file.slice(0, JPEG_HEADER_BYTES).arrayBuffer()),
  )
  if (!header) return null
  const eighths = Math.ceil((8 * maxSide) / Math.max(header.width, header.height))
  if (eighths >= 8) return null
  const turn = FRAME_TURN[header.orientation]!
  if (header.orientation !== 1 && !framesCarryOrientation()) return null
  if (!(await ImageDecoder.isTypeSupported('image/jpeg'))) return null
  // Chromium decodes at the largest n/8 scale not above the desired size: one pixel over n/8.
  const decoder = new ImageDecoder({
    type: 'image/jpeg',
    data: await file.arrayBuffer(),
    desiredWidth: Math.floor((header.width * eighths) / 8) + 1,
    desiredHeight: Math.floor((header.height * eighths) / 8) + 1,
  })
  let frame: OrientedFrame
  try {
    frame = (await decoder.decode()).image
  } finally {
    decoder.close()
  }
  const quarterTurn = turn.rotation % 180 !== 0
  const upright = quarterTurn
    ? { width: header.height, height: header.width }
    : { width: header.width, height: header.height }
  const needed = fitWithin(upright.width, upright.height, maxSide)
  const usable =
    (frame.rotation ?? 0) === turn.rotation &&
    (frame.flip ?? false) === turn.flip &&
    frame.displayWidth >= needed.width &&
    frame.displayHeight >= needed.height &&
    // n/8 rounds each side up to whole pixels: more than 1 % off would distort the picture.
    Math.abs((frame.displayWidth * upright.height) / (frame.displayHeight * upright.width) - 1) <
      0.01
  if (!usable) {
    frame.close()
    return null
  }
  return {
    source: { image: frame, width: frame.displayWidth, height: frame.displayHeight },
    ...upright,
    decoded: { width: frame.displayWidth, height: frame.displayHeight },
    release: () => frame.close(),
  }
}

async function decodeWithBitmap(file: Blob): Promise<DecodedImage<CanvasSource>> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' })
  return {
    source: { image: bitmap, width: bitmap.width, height: bitmap.height },
    width: bitmap.width,
    height: bitmap.height,
    release: () => bitmap.close(),
  }
}

async function decodeWithImageElement(file: Blob): Promise<DecodedImage<CanvasSource>> {
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
    source: { image, width: image.naturalWidth, height: image.naturalHeight },
    width: image.naturalWidth,
    height: image.naturalHeight,
    release: () => URL.revokeObjectURL(url),
  }
}

/**
 * The canvas codec. `where` says what the environment offers: a worker has only ImageDecoder,
 * createImageBitmap and OffscreenCanvas; the main thread may also fall back to <img>.
 */
export function canvasImageCodec(where: 'worker' | 'main-thread'): ImageCodec<CanvasSource> {
  return {
    async decode(file, maxSide) {
      if (maxSide !== undefined) {
        // Any trouble here (an old ImageDecoder, a corrupt file) is left to the full decoders.
        const scaled = await decodeJpegAtScale(file, maxSide).catch(() => null)
        if (scaled) return scaled
      }
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
      const { image: pixels, ...from } = image.source
      const canvas = drawScaled(pixels, from, size)
      return { encode: (quality) => encodeJpeg(canvas, quality), release: () => freeCanvas(canvas) }
    },
  }
}
