/**
 * Which decoder the canvas codec picks, with stand-ins for WebCodecs' ImageDecoder,
 * VideoFrame and createImageBitmap (Node has none of them). The pixels themselves, in every
 * EXIF orientation, are checked in Chromium by e2e/photo-compression.spec.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { canvasImageCodec } from './image-codec'

afterEach(() => {
  vi.unstubAllGlobals()
})

/** The first bytes of a camera JPEG: SOI, APP1 Exif (big-endian, Orientation only), SOF0. */
function jpegFile(width: number, height: number, orientation: number, type = 'image/jpeg') {
  const tiff = [0x4d, 0x4d, 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1]
  const app1Payload = [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff, 0, orientation, 0, 0, 0, 0, 0, 0]
  const app1 = [0xff, 0xe1, 0, app1Payload.length + 2, ...app1Payload]
  const sof = [0xff, 0xc0, 0, 17, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3]
  const bytes = [0xff, 0xd8, ...app1, ...sof, ...new Array<number>(9).fill(0x11), 0xff, 0xd9]
  return new Blob([new Uint8Array(bytes)], { type })
}

type FrameShape = { width: number; height: number; rotation: number; flip: boolean }

/**
 * Stand-ins: an ImageDecoder that decodes at n/8 of the stored size like Chromium (the largest
 * scale not above the desired size) and hands out a frame with the given turn; createImageBitmap
 * answering with the full upright picture.
 */
function browser(options: {
  stored: { width: number; height: number }
  turn?: { rotation: number; flip: boolean }
  frame?: (desired: { width: number; height: number }) => FrameShape
  decodeFails?: boolean
}) {
  const made: Array<{ desiredWidth?: number; desiredHeight?: number; type: string }> = []
  const closed = { frames: 0, decoders: 0, bitmaps: 0 }
  // Like the real one, its orientation is read through accessors on the prototype.
  class FakeVideoFrame {
    constructor(private shape: FrameShape) {}
    get displayWidth() {
      return this.shape.width
    }
    get displayHeight() {
      return this.shape.height
    }
    get rotation() {
      return this.shape.rotation
    }
    get flip() {
      return this.shape.flip
    }
    close() {
      closed.frames++
    }
  }
  class FakeImageDecoder {
    static isTypeSupported = async (type: string) => type === 'image/jpeg'
    constructor(private init: ImageDecoderInit) {
      made.push({
        desiredWidth: init.desiredWidth,
        desiredHeight: init.desiredHeight,
        type: init.type,
      })
    }
    async decode() {
      if (options.decodeFails) throw new DOMException('corrupt', 'EncodingError')
      const desired = { width: this.init.desiredWidth!, height: this.init.desiredHeight! }
      const { stored } = options
      const eighths = Math.floor(
        Math.sqrt((desired.width * desired.height) / (stored.width * stored.height)) * 8,
      )
      const scaled = {
        width: Math.ceil((stored.width * eighths) / 8),
        height: Math.ceil((stored.height * eighths) / 8),
      }
      const turn = options.turn ?? { rotation: 0, flip: false }
      const shape = options.frame?.(desired) ?? {
        ...(turn.rotation % 180 ? { width: scaled.height, height: scaled.width } : scaled),
        ...turn,
      }
      return { image: new FakeVideoFrame(shape), complete: true }
    }
    close() {
      closed.decoders++
    }
  }
  const upright = (orientation: number) =>
    orientation >= 5
      ? { width: options.stored.height, height: options.stored.width }
      : { ...options.stored }
  const createImageBitmap = vi.fn(async (file: Blob) => {
    const { readJpegHeader } = await import('./compress-image-jpeg-header')
    const header = readJpegHeader(new Uint8Array(await file.arrayBuffer()))
    return { ...upright(header?.orientation ?? 1), close: () => void closed.bitmaps++ }
  })
  vi.stubGlobal('VideoFrame', FakeVideoFrame)
  vi.stubGlobal('ImageDecoder', FakeImageDecoder)
  vi.stubGlobal('createImageBitmap', createImageBitmap)
  return { made, closed, createImageBitmap }
}

const codec = canvasImageCodec('worker')

describe('canvasImageCodec.decode', () => {
  it('a 12 MP JPEG held sideways (EXIF 6) is decoded at half scale, upright', async () => {
    const { made, createImageBitmap, closed } = browser({
      stored: { width: 4032, height: 3024 },
      turn: { rotation: 90, flip: false },
    })
    const image = await codec.decode(jpegFile(4032, 3024, 6), 1920)
    // 1920 / 4032 needs 4/8: one pixel over 2016×1512, so Chromium picks exactly 4/8.
    expect(made).toEqual([{ type: 'image/jpeg', desiredWidth: 2017, desiredHeight: 1513 }])
    expect(image).toMatchObject({
      width: 3024,
      height: 4032,
      decoded: { width: 1512, height: 2016 },
      source: { width: 1512, height: 2016 },
    })
    expect(createImageBitmap).not.toHaveBeenCalled()
    image.release()
    expect(closed).toEqual({ frames: 1, decoders: 1, bitmaps: 0 })
  })

  it('a panorama is decoded at the scale that still covers 1920 px (2/8 of 12000)', async () => {
    const { made } = browser({ stored: { width: 12000, height: 1000 } })
    const image = await codec.decode(jpegFile(12000, 1000, 1), 1920)
    expect(made[0]).toMatchObject({ desiredWidth: 3001, desiredHeight: 251 })
    expect(image.decoded).toEqual({ width: 3000, height: 250 })
  })

  it('a frame that would not come out upright is dropped for createImageBitmap', async () => {
    // An ImageDecoder that ignores the EXIF orientation: turned 180° (3), the size gives no clue.
    const { createImageBitmap, closed } = browser({
      stored: { width: 4032, height: 3024 },
      turn: { rotation: 0, flip: false },
    })
    const image = await codec.decode(jpegFile(4032, 3024, 3), 1920)
    expect(createImageBitmap).toHaveBeenCalledWith(expect.any(Blob), {
      imageOrientation: 'from-image',
    })
    expect(image).toMatchObject({ width: 4032, height: 3024 })
    expect(image.decoded).toBeUndefined()
    expect(closed.frames).toBe(1)
    // Held sideways (6), unturned: wrong way round as well.
    const sideways = await codec.decode(jpegFile(4032, 3024, 6), 1920)
    expect(sideways).toMatchObject({ width: 3024, height: 4032 })
    expect(sideways.decoded).toBeUndefined()
  })

  it('a frame smaller than the fitted size (a decoder that rounds down) is dropped too', async () => {
    const { createImageBitmap, closed } = browser({
      stored: { width: 4032, height: 3024 },
      frame: () => ({ width: 1512, height: 1134, rotation: 0, flip: false }),
    })
    const image = await codec.decode(jpegFile(4032, 3024, 1), 1920)
    expect(createImageBitmap).toHaveBeenCalled()
    expect(image).toMatchObject({ width: 4032, height: 3024 })
    expect(closed.frames).toBe(1)
  })

  it('a JPEG ImageDecoder cannot decode is left to createImageBitmap', async () => {
    const { createImageBitmap } = browser({
      stored: { width: 4032, height: 3024 },
      decodeFails: true,
    })
    await codec.decode(jpegFile(4032, 3024, 1), 1920)
    expect(createImageBitmap).toHaveBeenCalled()
  })

  it('nothing to gain: a JPEG within 1920 px, a PNG, or no size limit given', async () => {
    const { made, createImageBitmap } = browser({ stored: { width: 1920, height: 1080 } })
    await codec.decode(jpegFile(1920, 1080, 1), 1920)
    await codec.decode(jpegFile(4032, 3024, 1, 'image/png'), 1920)
    await codec.decode(jpegFile(4032, 3024, 1))
    expect(made).toEqual([])
    expect(createImageBitmap).toHaveBeenCalledTimes(3)
  })

  it('frames with no orientation fields: only an upright (EXIF 1) JPEG goes to ImageDecoder', async () => {
    const { made, createImageBitmap } = browser({ stored: { width: 4032, height: 3024 } })
    vi.stubGlobal('VideoFrame', class {})
    await codec.decode(jpegFile(4032, 3024, 6), 1920)
    expect(made).toEqual([])
    expect(createImageBitmap).toHaveBeenCalledTimes(1)
    const upright = await codec.decode(jpegFile(4032, 3024, 1), 1920)
    expect(made).toHaveLength(1)
    expect(upright.decoded).toEqual({ width: 2016, height: 1512 })
  })

  it('without ImageDecoder (Safari, older browsers) createImageBitmap decodes in full', async () => {
    const { createImageBitmap } = browser({ stored: { width: 4032, height: 3024 } })
    vi.stubGlobal('ImageDecoder', undefined)
    const image = await codec.decode(jpegFile(4032, 3024, 6), 1920)
    expect(createImageBitmap).toHaveBeenCalled()
    expect(image).toMatchObject({ width: 3024, height: 4032 })
  })
})
