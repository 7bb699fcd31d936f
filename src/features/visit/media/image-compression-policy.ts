/**
 * How a photo is brought under the upload limits (≤ 0.4 MB, ≤ 1920 px on its longest side),
 * independent of how pixels are decoded and encoded, so the worker, the main-thread fallback
 * and the unit tests run the very same steps:
 *
 * 1. Decode with the EXIF orientation applied (the codec's job) and fit the longest side
 *    within 1920 px (`fitWithin`: exactly 1920 when larger, never upscaled).
 * 2. Encode as JPEG — re-encoding is always done, even for a small JPEG, because it is what
 *    drops the EXIF/GPS metadata. Quality search: 0.85 first; if too big, a binary search
 *    between 0.5 and 0.85, at most three encodes, keeping the best quality that fits.
 * 3. Still too big at 0.5 (a very detailed photo): shrink the pixels by the square root of
 *    the size overshoot (bytes grow roughly with the pixel count) and encode at 0.5 again,
 *    a few times at most.
 */
import { IMAGE_MAX_BYTES, IMAGE_MAX_SIDE_PX } from '@/domain/constants'
import { fitWithin, type ImageSize } from '@/domain/image-limits'

export const INITIAL_QUALITY = 0.85
export const MIN_QUALITY = 0.5
/** Encodes the quality search may spend at the first (fitted) size. */
export const MAX_QUALITY_ENCODES = 3
/** Further shrink steps once the lowest quality is still too big. */
export const MAX_SHRINK_STEPS = 4
/** Each shrink step takes at least this much off the longest side. */
const MIN_SHRINK = 0.9
/** Aim a little under the limit when shrinking (the size model is only roughly right). */
const SHRINK_MARGIN = 0.92

export type QualityTrial = { quality: number; fits: boolean }

const round2 = (n: number) => Math.round(n * 100) / 100

/**
 * The next JPEG quality to try at one size, given the trials so far (in order), or null when
 * the search is over: the first trial is 0.85; then binary steps between the highest quality
 * that fitted (or 0.5) and the lowest that did not; 0.5 itself is tried before giving up.
 */
export function nextQuality(
  trials: readonly QualityTrial[],
  maxEncodes = MAX_QUALITY_ENCODES,
): number | null {
  if (trials.length === 0) return INITIAL_QUALITY
  if (trials.length >= maxEncodes) return null
  if (trials.some((t) => t.fits && t.quality >= INITIAL_QUALITY)) return null
  const fitting = trials.filter((t) => t.fits).map((t) => t.quality)
  const failing = trials.filter((t) => !t.fits).map((t) => t.quality)
  const hi = Math.min(...failing)
  if (fitting.length === 0) {
    if (hi <= MIN_QUALITY) return null
    // The last encode of the budget goes to the floor: a fit at 0.5 beats a shrink.
    if (trials.length === maxEncodes - 1) return MIN_QUALITY
    return round2((MIN_QUALITY + hi) / 2)
  }
  const lo = Math.max(...fitting)
  const mid = round2((lo + hi) / 2)
  return mid > lo && mid < hi ? mid : null
}

/**
 * The size of the next shrink step after `bytes` at `size` did not fit `maxBytes`: the
 * longest side scaled by √(maxBytes / bytes) with a margin, always at least 10 % smaller.
 * Null when the image cannot get any smaller.
 */
export function shrinkSize(
  size: ImageSize,
  bytes: number,
  maxBytes = IMAGE_MAX_BYTES,
): ImageSize | null {
  const longest = Math.max(size.width, size.height)
  if (longest <= 1) return null
  const factor = Math.min(MIN_SHRINK, Math.sqrt(maxBytes / bytes) * SHRINK_MARGIN)
  const target = Math.max(1, Math.floor(longest * factor))
  if (target >= longest) return null
  return fitWithin(size.width, size.height, target)
}

/** A decoded picture, with its orientation already applied. */
export type DecodedImage<Source> = {
  source: Source
  width: number
  height: number
  release(): void
}

/** Pixels drawn at one size, ready to be encoded at several qualities. */
export type DrawnImage = { encode(quality: number): Promise<Blob>; release(): void }

/** Decoding and drawing, provided by OffscreenCanvas (worker), a <canvas> (main thread) or a test double. */
export interface ImageCodec<Source> {
  /** Rejects with `UndecodableImage` when the bytes are not a picture it can read. */
  decode(file: Blob): Promise<DecodedImage<Source>>
  draw(image: DecodedImage<Source>, size: ImageSize): Promise<DrawnImage>
}

/** The codec could not read the picture (corrupt, truncated, or a format it does not know). */
export class UndecodableImage extends Error {
  override readonly name = 'UndecodableImage'
}

/** Even the smallest version tried is over the byte limit. */
export class ImageStillTooLarge extends Error {
  override readonly name = 'ImageStillTooLarge'
}

export type CompressionLimits = { maxBytes: number; maxSide: number }

export type CompressionOutcome = {
  blob: Blob
  width: number
  height: number
  bytes: number
  quality: number
  encodes: number
}

export const DEFAULT_LIMITS: CompressionLimits = {
  maxBytes: IMAGE_MAX_BYTES,
  maxSide: IMAGE_MAX_SIDE_PX,
}

/** Runs the steps above with the given codec. */
export async function compressWithCodec<Source>(
  codec: ImageCodec<Source>,
  file: Blob,
  limits: CompressionLimits = DEFAULT_LIMITS,
): Promise<CompressionOutcome> {
  const image = await codec.decode(file)
  let encodes = 0
  try {
    let size = fitWithin(image.width, image.height, limits.maxSide)

    // 2. Quality search at the fitted size.
    const drawn = await codec.draw(image, size)
    const trials: QualityTrial[] = []
    let best: { blob: Blob; quality: number } | undefined
    let last: { blob: Blob; quality: number } | undefined
    try {
      for (let quality = nextQuality(trials); quality !== null; quality = nextQuality(trials)) {
        const blob = await drawn.encode(quality)
        encodes++
        const fits = blob.size <= limits.maxBytes
        trials.push({ quality, fits })
        last = { blob, quality }
        if (fits && (!best || quality > best.quality)) best = { blob, quality }
      }
    } finally {
      drawn.release()
    }
    if (best)
      return { blob: best.blob, ...size, bytes: best.blob.size, quality: best.quality, encodes }

    // 3. Shrink at the lowest quality until it fits.
    let bytes = last?.blob.size ?? Number.POSITIVE_INFINITY
    for (let step = 0; step < MAX_SHRINK_STEPS; step++) {
      const next = shrinkSize(size, bytes, limits.maxBytes)
      if (!next) break
      size = next
      const smaller = await codec.draw(image, size)
      let blob: Blob
      try {
        blob = await smaller.encode(MIN_QUALITY)
      } finally {
        smaller.release()
      }
      encodes++
      bytes = blob.size
      if (bytes <= limits.maxBytes) return { blob, ...size, bytes, quality: MIN_QUALITY, encodes }
    }
    throw new ImageStillTooLarge(`Still ${bytes} bytes after ${encodes} encodes.`)
  } finally {
    image.release()
  }
}
