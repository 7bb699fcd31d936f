import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { IMAGE_MAX_BYTES, IMAGE_MAX_SIDE_PX } from '@/domain/constants'
import type { ImageSize } from '@/domain/image-limits'
import {
  compressWithCodec,
  ImageStillTooLarge,
  INITIAL_QUALITY,
  MAX_SHRINK_STEPS,
  MIN_QUALITY,
  nextQuality,
  shrinkSize,
  UndecodableImage,
  type ImageCodec,
  type QualityTrial,
} from './image-compression-policy'

/**
 * A codec double with a JPEG-like size model: bytes grow with the pixel count, with the
 * picture's detail and steeply with quality (or as `options.bytes` says). It records every encode.
 */
function modelCodec(
  width: number,
  height: number,
  detail: number,
  options: { undecodable?: boolean; bytes?: (size: ImageSize, quality: number) => number } = {},
) {
  const encodes: Array<{ size: ImageSize; quality: number; bytes: number }> = []
  const released = { decoded: 0, drawn: 0, draws: 0 }
  const decodedWith: Array<number | undefined> = []
  const codec: ImageCodec<string> = {
    async decode(_file, maxSide) {
      decodedWith.push(maxSide)
      if (options.undecodable) throw new UndecodableImage('corrupt')
      return { source: 'pixels', width, height, release: () => void released.decoded++ }
    },
    async draw(_image, size) {
      released.draws++
      return {
        async encode(quality) {
          const bytes =
            options.bytes?.(size, quality) ??
            Math.round(size.width * size.height * detail * (0.15 + 1.6 * quality ** 3))
          encodes.push({ size, quality, bytes })
          // A stand-in with the size only: the policy reads nothing else.
          return { size: bytes, type: 'image/jpeg' } as Blob
        },
        release: () => void released.drawn++,
      }
    },
  }
  return { codec, encodes, released, decodedWith }
}

const anyFile = new Blob(['x'], { type: 'image/jpeg' })
const MAX = IMAGE_MAX_BYTES

/**
 * Bytes of a JPEG at `quality` when size follows a power of libjpeg's quantiser scale
 * s = 2(1 − q): `bytesAt085` at 0.85 and a `slope` (Chromium measures 0.6–0.9 on photos).
 */
const powerLaw = (bytesAt085: number, slope: number) => (quality: number) =>
  Math.round(bytesAt085 * ((2 * (1 - quality)) / 0.3) ** -slope)

describe('nextQuality (the JPEG quality search)', () => {
  const run = (bytesAt: (q: number) => number) => {
    const trials: QualityTrial[] = []
    for (let q = nextQuality(trials, MAX); q !== null; q = nextQuality(trials, MAX))
      trials.push({ quality: q, bytes: bytesAt(q) })
    return trials
  }
  const bestFit = (trials: QualityTrial[]) =>
    Math.max(...trials.filter((t) => t.bytes <= MAX).map((t) => t.quality))

  it('starts at 0.85 and stops at once when that fits', () => {
    expect(nextQuality([], MAX)).toBe(INITIAL_QUALITY)
    expect(run(() => MAX)).toEqual([{ quality: 0.85, bytes: MAX }])
  })

  it('a typical photo, too big at 0.85, fits at the second encode just under the limit', () => {
    // Chromium's encoder on the benchmark's 12 MP photo at 1920×1440: 579 KB at 0.85, slope ≈ 0.75.
    const trials = run(powerLaw(578_642, 0.75))
    expect(trials).toHaveLength(2)
    expect(trials[1]!.bytes).toBeLessThanOrEqual(MAX)
    expect(trials[1]!.bytes).toBeGreaterThan(0.85 * MAX)
    expect(trials[1]!.quality).toBeGreaterThan(0.7)
  })

  it('when the first prediction misses, the second is made with the slope it measured', () => {
    // Size barely depends on quality: the default slope aims too high.
    const trials = run(powerLaw(700_000, 0.45))
    expect(trials.map((t) => t.bytes <= MAX)).toEqual([false, false, true])
    expect(trials[2]!.bytes).toBeGreaterThan(0.8 * MAX)
  })

  it('a fit far under the limit is followed by one step up, and the best fit is kept', () => {
    const trials = run(powerLaw(450_000, 2))
    expect(trials).toHaveLength(3)
    expect(trials[1]!.bytes).toBeLessThan(0.8 * MAX)
    expect(trials[2]!.quality).toBeGreaterThan(trials[1]!.quality)
    expect(bestFit(trials)).toBeGreaterThanOrEqual(trials[1]!.quality)
  })

  it('stops when the floor did not fit', () => {
    expect(nextQuality([{ quality: 0.5, bytes: MAX + 1 }], MAX)).toBeNull()
  })

  it('for photo-like sizes it finds a fit within three encodes whenever 0.5 fits', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.4, max: 1.6, noNaN: true }),
        fc.integer({ min: 50_000, max: 5_000_000 }),
        (slope, bytesAt085) => {
          const bytesAt = powerLaw(bytesAt085, slope)
          fc.pre(bytesAt(MIN_QUALITY) <= MAX)
          const trials = run(bytesAt)
          expect(trials.length).toBeLessThanOrEqual(3)
          expect(trials.some((t) => t.bytes <= MAX)).toBe(true)
        },
      ),
    )
  })

  it('for any size curve: at most three encodes, never a quality twice, always within 0.5–0.85', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.5, max: 0.9, noNaN: true }),
        fc.double({ min: 0.01, max: 100, noNaN: true }),
        fc.double({ min: 0, max: 3, noNaN: true }),
        (threshold, far, bump) => {
          // Fits below `threshold`, `far` times over or under the limit, with a jump.
          const trials = run((q) => Math.round(MAX * (q <= threshold ? 1 / far : far + bump)))
          expect(trials.length).toBeLessThanOrEqual(3)
          expect(new Set(trials.map((t) => t.quality)).size).toBe(trials.length)
          for (const t of trials) {
            expect(t.quality).toBeGreaterThanOrEqual(MIN_QUALITY)
            expect(t.quality).toBeLessThanOrEqual(INITIAL_QUALITY)
          }
        },
      ),
    )
  })
})

describe('shrinkSize', () => {
  it('scales the longest side by the square root of the overshoot, with a margin', () => {
    const next = shrinkSize({ width: 1920, height: 1440 }, IMAGE_MAX_BYTES * 4)!
    // √(1/4) = 0.5, × 0.92 margin → 883 px.
    expect(next).toEqual({ width: 883, height: 662 })
  })

  it('always takes at least 10 % off, even when the overshoot is tiny', () => {
    expect(shrinkSize({ width: 1000, height: 500 }, IMAGE_MAX_BYTES + 1)).toEqual({
      width: 900,
      height: 450,
    })
  })

  it('stops at one pixel', () => {
    expect(shrinkSize({ width: 1, height: 1 }, IMAGE_MAX_BYTES * 2)).toBeNull()
  })
})

describe('compressWithCodec', () => {
  it('a 12 MP photo: longest side exactly 1920, under 0.4 MB, at most three encodes', async () => {
    const { codec, encodes, released, decodedWith } = modelCodec(4032, 3024, 0.25)
    const out = await compressWithCodec(codec, anyFile)
    // The codec is told the size it will be drawn at, so it may decode fewer pixels.
    expect(decodedWith).toEqual([IMAGE_MAX_SIDE_PX])
    expect({ width: out.width, height: out.height }).toEqual({ width: 1920, height: 1440 })
    expect(out.bytes).toBeLessThanOrEqual(IMAGE_MAX_BYTES)
    expect(out.blob.size).toBe(out.bytes)
    expect(out.encodes).toBe(encodes.length)
    expect(out.encodes).toBeLessThanOrEqual(3)
    // One draw at the fitted size for the whole quality search; everything released.
    expect(released).toEqual({ decoded: 1, drawn: 1, draws: 1 })
  })

  it('keeps the decoded orientation: a portrait (EXIF-rotated) photo comes out 1440×1920', async () => {
    const { codec } = modelCodec(3024, 4032, 0.25)
    const out = await compressWithCodec(codec, anyFile)
    expect({ width: out.width, height: out.height }).toEqual({ width: 1440, height: 1920 })
  })

  it('a panorama is 1920 wide', async () => {
    const { codec } = modelCodec(12000, 1000, 0.3)
    const out = await compressWithCodec(codec, anyFile)
    expect({ width: out.width, height: out.height }).toEqual({ width: 1920, height: 160 })
  })

  it('never upscales a small picture, and still re-encodes it (to drop its metadata)', async () => {
    const { codec, encodes } = modelCodec(800, 600, 0.2)
    const out = await compressWithCodec(codec, anyFile)
    expect({ width: out.width, height: out.height, quality: out.quality }).toEqual({
      width: 800,
      height: 600,
      quality: 0.85,
    })
    expect(encodes).toHaveLength(1)
  })

  it('keeps the highest quality that fits', async () => {
    const { codec, encodes } = modelCodec(4032, 3024, 0.16)
    const out = await compressWithCodec(codec, anyFile)
    const fitting = encodes.filter((e) => e.bytes <= IMAGE_MAX_BYTES).map((e) => e.quality)
    expect(encodes[0]!.bytes).toBeGreaterThan(IMAGE_MAX_BYTES)
    expect(out.quality).toBe(Math.max(...fitting))
  })

  it('a photo that only fits at 0.5 keeps its 1920 px: the floor is tried before shrinking', async () => {
    // 1920×1440 × 0.3 × (0.15 + 1.6 q³): 0.5 gives 290 KB, 0.6 about 406 KB, 0.65 about 449 KB.
    const { codec, encodes } = modelCodec(4032, 3024, 0.3)
    const out = await compressWithCodec(codec, anyFile)
    expect({ width: out.width, height: out.height }).toEqual({ width: 1920, height: 1440 })
    expect(out.bytes).toBeLessThanOrEqual(IMAGE_MAX_BYTES)
    expect(encodes.every((e) => e.size.width === 1920)).toBe(true)
  })

  it('when the size model misleads the search, 0.5 is still tried at 1920 px before shrinking', async () => {
    // Over the limit all the way down to 0.5, which fits: no curve the search can follow.
    const { codec, encodes } = modelCodec(4032, 3024, 1, {
      bytes: (_size, quality) =>
        quality > MIN_QUALITY ? 1.2 * IMAGE_MAX_BYTES : 0.9 * IMAGE_MAX_BYTES,
    })
    const out = await compressWithCodec(codec, anyFile)
    expect({ width: out.width, height: out.height, quality: out.quality }).toEqual({
      width: 1920,
      height: 1440,
      quality: MIN_QUALITY,
    })
    expect(encodes).toHaveLength(4)
  })

  it('a very detailed photo is shrunk below 1920 px at quality 0.5 until it fits', async () => {
    const { codec, encodes } = modelCodec(4032, 3024, 1.2)
    const out = await compressWithCodec(codec, anyFile)
    expect(out.bytes).toBeLessThanOrEqual(IMAGE_MAX_BYTES)
    expect(Math.max(out.width, out.height)).toBeLessThan(IMAGE_MAX_SIDE_PX)
    expect(out.width / out.height).toBeCloseTo(4 / 3, 2)
    expect(out.quality).toBe(MIN_QUALITY)
    // Only once 0.5 did not fit at 1920 px.
    expect(encodes).toContainEqual(
      expect.objectContaining({ quality: MIN_QUALITY, size: { width: 1920, height: 1440 } }),
    )
    // The search, the floor at full size, then the shrink steps.
    expect(encodes.length).toBeLessThanOrEqual(3 + 1 + MAX_SHRINK_STEPS)
  })

  it('gives up with ImageStillTooLarge after a bounded number of encodes', async () => {
    const { codec, encodes, released } = modelCodec(4032, 3024, 1e9)
    await expect(compressWithCodec(codec, anyFile)).rejects.toBeInstanceOf(ImageStillTooLarge)
    expect(encodes.length).toBeLessThanOrEqual(3 + 1 + MAX_SHRINK_STEPS)
    expect(released.decoded).toBe(1)
    expect(released.drawn).toBe(released.draws)
  })

  it('passes an undecodable picture on as UndecodableImage', async () => {
    const { codec } = modelCodec(10, 10, 1, { undecodable: true })
    await expect(compressWithCodec(codec, anyFile)).rejects.toBeInstanceOf(UndecodableImage)
  })

  it('for any size and detail: within the limits, aspect kept, never upscaled, 1920 exactly when it fits at that size', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 14000 }),
        fc.integer({ min: 1, max: 14000 }),
        fc.double({ min: 0.01, max: 3, noNaN: true }),
        async (width, height, detail) => {
          const { codec, encodes } = modelCodec(width, height, detail)
          let out
          try {
            out = await compressWithCodec(codec, anyFile)
          } catch (error) {
            expect(error).toBeInstanceOf(ImageStillTooLarge)
            return
          }
          expect(out.bytes).toBeLessThanOrEqual(IMAGE_MAX_BYTES)
          expect(out.width).toBeLessThanOrEqual(width)
          expect(out.height).toBeLessThanOrEqual(height)
          expect(Math.max(out.width, out.height)).toBeLessThanOrEqual(IMAGE_MAX_SIDE_PX)
          // No needless downscaling: whenever 0.5 fits at the fitted size, that size is kept.
          const fitted = encodes[0]!.size
          const fitsAtFloor = fitted.width * fitted.height * detail * (0.15 + 1.6 * 0.5 ** 3)
          if (Math.round(fitsAtFloor) <= IMAGE_MAX_BYTES)
            expect({ width: out.width, height: out.height }).toEqual(fitted)
        },
      ),
      { numRuns: 150 },
    )
  })
})
