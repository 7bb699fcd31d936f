import { describe, it, expect } from 'vitest'
import fc from 'fast-check'
import { IMAGE_MAX_BYTES } from './constants'
import {
  checkCompressedImage,
  checkImageFile,
  fitWithin,
  imageFileMessages,
  isWithinImageLimits,
} from './image-limits'

const side = fc.integer({ min: 1, max: 20000 })

describe('fitWithin', () => {
  it('shrinks the longest side to exactly 1920, keeping the aspect ratio', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 1920, height: 1440 })
    expect(fitWithin(3000, 4000)).toEqual({ width: 1440, height: 1920 })
    expect(fitWithin(4032, 4032)).toEqual({ width: 1920, height: 1920 })
    expect(fitWithin(1921, 1000)).toEqual({ width: 1920, height: 999 })
  })

  it('never upscales', () => {
    expect(fitWithin(1920, 1080)).toEqual({ width: 1920, height: 1080 })
    expect(fitWithin(640, 480)).toEqual({ width: 640, height: 480 })
  })

  it('keeps at least one pixel on a very thin image', () => {
    expect(fitWithin(100000, 10)).toEqual({ width: 1920, height: 1 })
  })

  it('honours another maximum side', () => {
    expect(fitWithin(1000, 500, 200)).toEqual({ width: 200, height: 100 })
  })

  it('refuses sizes that are not positive numbers', () => {
    expect(() => fitWithin(0, 100)).toThrow(RangeError)
    expect(() => fitWithin(100, -1)).toThrow(RangeError)
    expect(() => fitWithin(Number.NaN, 100)).toThrow(RangeError)
    expect(() => fitWithin(100, 100, 0)).toThrow(RangeError)
  })

  it('property: the longest side is at most 1920, and exactly 1920 when it was larger', () => {
    fc.assert(
      fc.property(side, side, (width, height) => {
        const fitted = fitWithin(width, height)
        const longest = Math.max(fitted.width, fitted.height)
        expect(longest).toBeLessThanOrEqual(1920)
        if (Math.max(width, height) > 1920) expect(longest).toBe(1920)
        expect(Number.isInteger(fitted.width) && Number.isInteger(fitted.height)).toBe(true)
      }),
    )
  })

  it('property: never upscales either side', () => {
    fc.assert(
      fc.property(side, side, (width, height) => {
        const fitted = fitWithin(width, height)
        expect(fitted.width).toBeLessThanOrEqual(width)
        expect(fitted.height).toBeLessThanOrEqual(height)
        if (Math.max(width, height) <= 1920) expect(fitted).toEqual({ width, height })
      }),
    )
  })

  it('property: the aspect ratio is kept within one pixel of rounding', () => {
    fc.assert(
      fc.property(side, side, fc.integer({ min: 1, max: 4000 }), (width, height, maxSide) => {
        const fitted = fitWithin(width, height, maxSide)
        // The short side is what the exact ratio predicts from the long side, give or take 1 px.
        const expectedHeight = (fitted.width * height) / width
        const expectedWidth = (fitted.height * width) / height
        if (width >= height)
          expect(Math.abs(fitted.height - Math.max(1, expectedHeight))).toBeLessThanOrEqual(1)
        else expect(Math.abs(fitted.width - Math.max(1, expectedWidth))).toBeLessThanOrEqual(1)
      }),
    )
  })
})

describe('isWithinImageLimits', () => {
  it('accepts up to 0.4 MB and 1920 px', () => {
    expect(IMAGE_MAX_BYTES).toBe(419430)
    expect(isWithinImageLimits({ bytes: IMAGE_MAX_BYTES, width: 1920, height: 1080 })).toBe(true)
    expect(isWithinImageLimits({ bytes: 1000, width: 1080, height: 1920 })).toBe(true)
  })

  it('refuses one byte or one pixel more', () => {
    expect(isWithinImageLimits({ bytes: IMAGE_MAX_BYTES + 1, width: 100, height: 100 })).toBe(false)
    expect(isWithinImageLimits({ bytes: 1000, width: 1921, height: 100 })).toBe(false)
    expect(isWithinImageLimits({ bytes: 1000, width: 100, height: 1921 })).toBe(false)
  })

  it('property: anything fitted by fitWithin under the byte limit is within limits', () => {
    fc.assert(
      fc.property(
        side,
        side,
        fc.integer({ min: 0, max: IMAGE_MAX_BYTES }),
        (width, height, bytes) => {
          expect(isWithinImageLimits({ bytes, ...fitWithin(width, height) })).toBe(true)
        },
      ),
    )
  })
})

describe('checkImageFile', () => {
  it('accepts JPG, PNG and WebP photos', () => {
    expect(checkImageFile({ type: 'image/jpeg', size: 3_000_000 })).toBeNull()
    expect(checkImageFile({ type: 'image/png', size: 10 })).toBeNull()
    expect(checkImageFile({ type: 'IMAGE/WEBP', size: 10 })).toBeNull()
    expect(checkImageFile({ type: 'image/jpg', size: 10 })).toBeNull()
  })

  it('refuses files that are not images', () => {
    for (const type of ['application/pdf', 'video/mp4', 'text/plain', '']) {
      expect(checkImageFile({ type, size: 10 })).toEqual({
        code: 'not-an-image',
        message: 'O arquivo não é uma imagem. Escolha uma foto JPG, PNG ou WebP.',
      })
    }
  })

  it('refuses other image formats and empty files', () => {
    expect(checkImageFile({ type: 'image/gif', size: 10 })?.code).toBe('unsupported-image-format')
    expect(checkImageFile({ type: 'image/heic', size: 10 })?.code).toBe('unsupported-image-format')
    expect(checkImageFile({ type: 'image/jpeg', size: 0 })?.code).toBe('empty-file')
  })

  it('property: any non-image MIME type is refused as not an image', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('application', 'audio', 'video', 'text', 'font', 'model', 'multipart'),
        fc.string({ unit: 'grapheme-ascii', maxLength: 12 }),
        fc.nat(),
        (kind, subtype, size) => {
          expect(checkImageFile({ type: `${kind}/${subtype}`, size })?.code).toBe('not-an-image')
        },
      ),
    )
  })
})

describe('checkCompressedImage', () => {
  it('reports a compressed photo still too large', () => {
    expect(checkCompressedImage({ bytes: IMAGE_MAX_BYTES, width: 1920, height: 1440 })).toBeNull()
    expect(checkCompressedImage({ bytes: IMAGE_MAX_BYTES + 1, width: 1920, height: 1440 })).toEqual(
      {
        code: 'too-large',
        message: imageFileMessages['too-large'],
      },
    )
  })
})
