/**
 * How a photo is brought under the upload limits (≤ 0.4 MB, ≤ 1920 px on its longest side),
 * independent of how pixels are decoded and encoded, so the worker, the main-thread fallback
 * and the unit tests run the very same steps:
 *
 * 1. Decode with the EXIF orientation applied (the codec's job; it may decode a large JPEG at
 *    a reduced scale, never below the size it will be drawn at) and fit the longest side within
 *    1920 px (`fitWithin`: exactly 1920 when larger, never upscaled).
 * 2. Encode as JPEG — re-encoding is always done, even for a small JPEG, because it is what
 *    drops the EXIF/GPS metadata. Quality search (`nextQuality`): 0.85 first; when too big,
 *    the next quality comes from a JPEG size model fitted to the encodes so far (bytes grow
 *    as a power of libjpeg's quantiser scale), aiming just under the limit, so a photo usually
 *    fits at the second encode and at most three are spent; a fit far under the limit is
 *    followed by one step up. The best quality that fits is kept.
 * 3. Nothing fitted: 0.5 is tried at the same size (a fit at 0.5 beats fewer pixels); still too
 *    big (a very detailed photo): shrink the pixels by the square root of the size overshoot
 *    (bytes grow roughly with the pixel count) and encode at 0.5 again, a few times at most.
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
/** The quality search aims at this share of the byte limit… */
const AIM = 0.95
/** …and lower with the last encode it has, which must fit. */
const LAST_AIM = 0.88
/** A fit with at least this share of the limit is kept without trying a higher quality. */
const GOOD_ENOUGH = 0.8
/**
 * JPEG size model: bytes ∝ s^(−slope), s = 2 × (1 − quality) being libjpeg's quantiser scale
 * for qualities ≥ 0.5. Photos measure 0.6–0.9; the default is on the low side, which makes the
 * first prediction err towards fitting. With two encodes the slope is measured instead.
 */
const DEFAULT_SLOPE = 0.7
const MIN_SLOPE = 0.3
const MAX_SLOPE = 2

/** One encode of the quality search: the quality tried and the bytes it gave. */
export type QualityTrial = { quality: number; bytes: number }

const round2 = (n: number) => Math.round(n * 100) / 100
const scaleOf = (quality: number) => 2 * (1 - quality)

/** The quality expected to encode to `target` bytes, from the trials nearest to it. */
function predictQuality(trials: readonly QualityTrial[], target: number): number {
  const byCloseness = [...trials].sort(
    (a, b) => Math.abs(Math.log(a.bytes / target)) - Math.abs(Math.log(b.bytes / target)),
  )
  const ref = byCloseness[0]!
  const other = byCloseness.find((t) => t.quality !== ref.quality && t.bytes !== ref.bytes)
  let slope = DEFAULT_SLOPE
  if (other) {
    const measured =
      Math.log(ref.bytes / other.bytes) / Math.log(scaleOf(other.quality) / scaleOf(ref.quality))
    if (Number.isFinite(measured)) slope = Math.min(MAX_SLOPE, Math.max(MIN_SLOPE, measured))
  }
  const scale = scaleOf(ref.quality) * (ref.bytes / target) ** (1 / slope)
  return 1 - scale / 2
}

/**
 * The next JPEG quality to try at one size, given the trials so far (in order), or null when
 * the search is over (see step 2 above). Never repeats a quality, stays within 0.5–0.85 and
 * spends at most `maxEncodes`.
 */
export function nextQuality(
  trials: readonly QualityTrial[],
  maxBytes: number = IMAGE_MAX_BYTES,
  maxEncodes = MAX_QUALITY_ENCODES,
): number | null {
  if (trials.length === 0) return INITIAL_QUALITY
  if (trials.length >= maxEncodes) return null
  const fitting = trials.filter((t) => t.bytes <= maxBytes)
  const failing = trials.filter((t) => t.bytes > maxBytes)
  const ceiling = failing.length ? Math.min(...failing.map((t) => t.quality)) : null
  const best = fitting.reduce<QualityTrial | null>(
    (b, t) => (!b || t.quality > b.quality ? t : b),
    null,
  )
  if (best) {
    if (best.quality >= INITIAL_QUALITY || best.bytes >= GOOD_ENOUGH * maxBytes) return null
    const upper = ceiling === null ? INITIAL_QUALITY : round2(ceiling - 0.01)
    const next = round2(Math.min(upper, predictQuality(trials, AIM * maxBytes)))
    return next > best.quality ? next : null
  }
  if (ceiling === null || ceiling <= MIN_QUALITY) return null
  const aim = (trials.length === maxEncodes - 1 ? LAST_AIM : AIM) * maxBytes
  const next = round2(predictQuality(trials, aim))
  return Math.max(MIN_QUALITY, Math.min(round2(ceiling - 0.01), next))
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
  /** The picture's full upright size. */
  width: number
  height: number
  /** The pixels actually decoded, when fewer than the picture's (see `ImageCodec.decode`). */
  decoded?: ImageSize
  release(): void
}

/** Pixels drawn at one size, ready to be encoded at several qualities. */
export type DrawnImage = { encode(quality: number): Promise<Blob>; release(): void }

/** Decoding and drawing, provided by OffscreenCanvas (worker), a <canvas> (main thread) or a test double. */
export interface ImageCodec<Source> {
  /**
   * Rejects with `UndecodableImage` when the bytes are not a picture it can read. With
   * `maxSide`, it may keep fewer pixels than the picture has, as long as the source still
   * covers the picture fitted within `maxSide` (`fitWithin`) at full resolution.
   */
  decode(file: Blob, maxSide?: number): Promise<DecodedImage<Source>>
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
  /** The pixels decoded: the picture's upright size, or less for a JPEG decoded at a scale. */
  decoded: ImageSize
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
  const image = await codec.decode(file, limits.maxSide)
  let encodes = 0
  const outcome = (blob: Blob, size: ImageSize, quality: number): CompressionOutcome => ({
    blob,
    ...size,
    bytes: blob.size,
    quality,
    encodes,
    decoded: image.decoded ?? { width: image.width, height: image.height },
  })
  try {
    let size = fitWithin(image.width, image.height, limits.maxSide)

    // 2. Quality search at the fitted size.
    const drawn = await codec.draw(image, size)
    const trials: QualityTrial[] = []
    let best: { blob: Blob; quality: number } | undefined
    let bytes = Number.POSITIVE_INFINITY
    try {
      const encode = async (quality: number) => {
        const blob = await drawn.encode(quality)
        encodes++
        trials.push({ quality, bytes: blob.size })
        if (blob.size <= limits.maxBytes && (!best || quality > best.quality))
          best = { blob, quality }
        bytes = blob.size
      }
      for (
        let quality = nextQuality(trials, limits.maxBytes);
        quality !== null;
        quality = nextQuality(trials, limits.maxBytes)
      )
        await encode(quality)
      // 3. Nothing fitted: the lowest quality at this size before any pixel is given up.
      if (!best && trials.every((t) => t.quality > MIN_QUALITY)) await encode(MIN_QUALITY)
    } finally {
      drawn.release()
    }
    if (best) return outcome(best.blob, size, best.quality)

    // 3. Shrink at the lowest quality until it fits.
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
      if (bytes <= limits.maxBytes) return outcome(blob, size, MIN_QUALITY)
    }
    throw new ImageStillTooLarge(`Still ${bytes} bytes after ${encodes} encodes.`)
  } finally {
    image.release()
  }
}
