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
 * picture's detail and steeply with quality. It records every encode.
 */
function modelCodec(
  width: number,
  height: number,
  detail: number,
  options: { undecodable?: boolean } = {},
) {
  const encodes: Array<{ size: ImageSize; quality: number; bytes: number }> = []
  const released = { decoded: 0, drawn: 0, draws: 0 }
  const codec: ImageCodec<string> = {
    async decode() {
      if (options.undecodable) throw new UndecodableImage('corrupt')
      return { source: 'pixels', width, height, release: () => void released.decoded++ }
    },
    async draw(_image, size) {
      released.draws++
      return {
        async encode(quality) {
          const bytes = Math.round(size.width * size.height * detail * (0.15 + 1.6 * quality ** 3))
          encodes.push({ size, quality, bytes })
          // A stand-in with the size only: the policy reads nothing else.
          return { size: bytes, type: 'image/jpeg' } as Blob
        },
        release: () => void released.drawn++,
      }
    },
  }
  return { codec, encodes, released }
}

const anyFile = new Blob(['x'], { type: 'image/jpeg' })

describe('nextQuality (the JPEG quality search)', () => {
  const run = (fitsAt: (q: number) => boolean) => {
    const trials: QualityTrial[] = []
    for (let q = nextQuality(trials); q !== null; q = nextQuality(trials))
      trials.push({ quality: q, fits: fitsAt(q) })
    return trials
  }

  it('starts at 0.85 and stops at once when that fits', () => {
    expect(nextQuality([])).toBe(INITIAL_QUALITY)
    expect(run(() => true)).toEqual([{ quality: 0.85, fits: true }])
  })

  it('steps down by halves towards 0.5, then back up to the best that fits, in at most three encodes', () => {
    const down = run((q) => q <= 0.7)
    expect(down.map((t) => t.quality)).toEqual([
      0.85,
      expect.closeTo(0.675, 1),
      expect.closeTo(0.765, 1),
    ])
    expect(down[1]!.fits).toBe(true)
    expect(down[2]!.fits).toBe(false)
    const high = run((q) => q <= 0.8)
    expect(high.map((t) => t.fits)).toEqual([false, true, true])
  })

  it('tries the 0.5 floor with the last encode when nothing fitted yet, then gives up', () => {
    const trials = run((q) => q <= 0.55)
    expect(trials.map((t) => t.quality)).toEqual([0.85, expect.closeTo(0.675, 1), MIN_QUALITY])
    expect(trials.at(-1)!.fits).toBe(true)
    expect(run(() => false)).toHaveLength(3)
    expect(nextQuality([{ quality: 0.5, fits: false }])).toBeNull()
  })

  it('never spends more than the budget and never repeats a quality', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), (threshold) => {
        const trials = run((q) => q <= threshold)
        expect(trials.length).toBeLessThanOrEqual(3)
        expect(new Set(trials.map((t) => t.quality)).size).toBe(trials.length)
        for (const t of trials) {
          expect(t.quality).toBeGreaterThanOrEqual(MIN_QUALITY)
          expect(t.quality).toBeLessThanOrEqual(INITIAL_QUALITY)
        }
      }),
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
    const { codec, encodes, released } = modelCodec(4032, 3024, 0.25)
    const out = await compressWithCodec(codec, anyFile)
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
    // 1920×1440 × 0.16 × (0.15 + 1.6 q³): 0.85 too big, ~0.68 fits, ~0.77 fits too.
    const { codec, encodes } = modelCodec(4032, 3024, 0.16)
    const out = await compressWithCodec(codec, anyFile)
    expect(encodes.map((e) => e.bytes <= IMAGE_MAX_BYTES)).toEqual([false, true, true])
    expect(out.quality).toBe(encodes[2]!.quality)
  })

  it('a very detailed photo is shrunk below 1920 px at quality 0.5 until it fits', async () => {
    const { codec, encodes } = modelCodec(4032, 3024, 1.2)
    const out = await compressWithCodec(codec, anyFile)
    expect(out.bytes).toBeLessThanOrEqual(IMAGE_MAX_BYTES)
    expect(Math.max(out.width, out.height)).toBeLessThan(IMAGE_MAX_SIDE_PX)
    expect(out.width / out.height).toBeCloseTo(4 / 3, 2)
    expect(out.quality).toBe(MIN_QUALITY)
    expect(encodes.length).toBeGreaterThan(3)
    expect(encodes.length).toBeLessThanOrEqual(3 + MAX_SHRINK_STEPS)
  })

  it('gives up with ImageStillTooLarge after a bounded number of encodes', async () => {
    const { codec, encodes, released } = modelCodec(4032, 3024, 1e9)
    await expect(compressWithCodec(codec, anyFile)).rejects.toBeInstanceOf(ImageStillTooLarge)
    expect(encodes.length).toBeLessThanOrEqual(3 + MAX_SHRINK_STEPS)
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
          if (encodes.length <= 3)
            expect(Math.max(out.width, out.height)).toBe(
              Math.min(Math.max(width, height), IMAGE_MAX_SIDE_PX),
            )
        },
      ),
      { numRuns: 150 },
    )
  })
})
