/**
 * The photo compressor on real pixels, in Chromium: pictures are made in the page (canvas),
 * one of them a 12 MP JPEG carrying an EXIF block (orientation 6 and GPS) spliced in by
 * hand, and handed to the app's own compressor — the same module, worker and all, that the
 * photo picker uses. The demo (`/preview`) exposes it as `window.__avaliadorCompressImage`
 * (src/preview/start-preview.tsx); the production app at `/` does not.
 */
import type { Page } from '@playwright/test'
import { expect, test } from './support/test'

type Orientation = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8
type Case =
  | 'exif-12mp'
  | `orientation-${Orientation}`
  | 'png'
  | 'panorama'
  | 'noisy-12mp'
  | 'corrupt'
  | 'not-an-image'

type Outcome =
  | {
      ok: true
      inputBytes: number
      bytes: number
      blobSize: number
      blobType: string
      mimeType: string
      width: number
      height: number
      encodes: number
      via: string
      decoded: { width: number; height: number }
      hasExif: boolean
      /** RGB at points of the output, as fractions of its width and height. */
      samples: Record<string, [number, number, number]>
    }
  | { ok: false; name: string; code: string; message: string }

const MAX_BYTES = Math.floor(0.4 * 1024 * 1024)

/** Runs in the page: builds the picture of `kind`, compresses it, inspects the JPEG. */
async function compressInPage(page: Page, kind: Case): Promise<Outcome> {
  return page.evaluate(async (kind: Case): Promise<Outcome> => {
    const canvasBlob = (canvas: OffscreenCanvas, type: string, quality?: number) =>
      canvas.convertToBlob(quality === undefined ? { type } : { type, quality })

    /** Smooth shapes and text, a red block top-left and a blue block bottom-right, light grain. */
    function scene(
      width: number,
      height: number,
      options: { grain: number; transparent?: boolean },
    ) {
      const canvas = new OffscreenCanvas(width, height)
      const ctx = canvas.getContext('2d')!
      if (!options.transparent) {
        const gradient = ctx.createLinearGradient(0, 0, width, height)
        gradient.addColorStop(0, '#9ecbe0')
        gradient.addColorStop(1, '#e8d8a8')
        ctx.fillStyle = gradient
        ctx.fillRect(0, 0, width, height)
      }
      let seed = 7
      const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646
      for (let i = 0; i < 60; i++) {
        ctx.fillStyle = `hsl(${Math.floor(random() * 360)} 45% 55%)`
        ctx.beginPath()
        ctx.arc(
          random() * width,
          random() * height,
          40 + random() * Math.min(width, height) * 0.15,
          0,
          Math.PI * 2,
        )
        ctx.fill()
      }
      ctx.fillStyle = '#222'
      ctx.font = `${Math.round(height / 20)}px sans-serif`
      for (let y = 1; y < 8; y++)
        ctx.fillText('Avaliador · evidência de visita · 12/05', width * 0.1, (height * y) / 8)
      const block = Math.round(Math.min(width, height) / 4)
      ctx.fillStyle = 'rgb(230, 20, 20)'
      ctx.fillRect(0, 0, block, block)
      ctx.fillStyle = 'rgb(20, 20, 230)'
      ctx.fillRect(width - block, height - block, block, block)
      // A fully transparent corner (top-right) where there is no background.
      if (options.transparent) ctx.clearRect(width - block, 0, block, block)
      if (options.grain > 0) {
        const image = ctx.getImageData(0, 0, width, height)
        const data = image.data
        for (let i = 0; i < data.length; i += 4) {
          const n = (random() - 0.5) * options.grain
          data[i] = data[i]! + n
          data[i + 1] = data[i + 1]! + n
          data[i + 2] = data[i + 2]! + n
        }
        ctx.putImageData(image, 0, 0)
      }
      return canvas
    }

    /** Pure noise: nothing for JPEG to save on. */
    function noise(width: number, height: number) {
      const canvas = new OffscreenCanvas(width, height)
      const ctx = canvas.getContext('2d')!
      const image = ctx.createImageData(width, height)
      const words = new Uint32Array(image.data.buffer)
      for (let i = 0; i < words.length; i += 16384)
        crypto.getRandomValues(words.subarray(i, Math.min(words.length, i + 16384)))
      for (let i = 3; i < image.data.length; i += 4) image.data[i] = 255
      ctx.putImageData(image, 0, 0)
      return canvas
    }

    /**
     * An APP1 "Exif" segment (big-endian TIFF): IFD0 with Orientation and a GPS IFD pointer;
     * the GPS IFD holds a latitude (S 23° 33′).
     */
    function exifSegment(orientation: number): Uint8Array<ArrayBuffer> {
      // [bytes, value] in order; offsets are from the start of the TIFF header.
      // prettier-ignore
      const fields: Array<[1 | 2 | 4, number]> = [
        [1, 0x4d], [1, 0x4d], [2, 42], [4, 8], // "MM", 42, IFD0 at 8
        [2, 2], // IFD0: 2 entries
        [2, 0x0112], [2, 3], [4, 1], [2, orientation], [2, 0], // Orientation (SHORT)
        [2, 0x8825], [2, 4], [4, 1], [4, 38], // GPS IFD pointer (LONG) → 38
        [4, 0], // no IFD1
        [2, 2], // GPS IFD: 2 entries
        [2, 0x0001], [2, 2], [4, 2], [1, 0x53], [1, 0], [1, 0], [1, 0], // GPSLatitudeRef "S"
        [2, 0x0002], [2, 5], [4, 3], [4, 68], // GPSLatitude: 3 RATIONALs at 68
        [4, 0],
        [4, 23], [4, 1], [4, 33], [4, 1], [4, 0], [4, 1], // 23° 33′ 0″
      ]
      const tiff = new DataView(new ArrayBuffer(fields.reduce((n, [size]) => n + size, 0)))
      let o = 0
      for (const [size, value] of fields) {
        if (size === 1) tiff.setUint8(o, value)
        else if (size === 2) tiff.setUint16(o, value)
        else tiff.setUint32(o, value)
        o += size
      }
      const body = new Uint8Array(tiff.buffer)
      const length = 2 + 6 + body.length
      const segment = new Uint8Array(2 + length)
      segment.set([0xff, 0xe1, length >> 8, length & 0xff, 0x45, 0x78, 0x69, 0x66, 0, 0])
      segment.set(body, 10)
      return segment
    }

    /** The JPEG with the segment placed right after SOI, as cameras write it. */
    async function withExif(jpeg: Blob, orientation: number): Promise<Blob> {
      const bytes = new Uint8Array(await jpeg.arrayBuffer())
      if (bytes[0] !== 0xff || bytes[1] !== 0xd8) throw new Error('not a JPEG')
      return new Blob([bytes.slice(0, 2), exifSegment(orientation), bytes.slice(2)], {
        type: 'image/jpeg',
      })
    }

    function hasExifMarker(bytes: Uint8Array) {
      for (let i = 0; i + 5 < bytes.length; i++)
        if (
          bytes[i] === 0x45 &&
          bytes[i + 1] === 0x78 &&
          bytes[i + 2] === 0x69 &&
          bytes[i + 3] === 0x66 &&
          bytes[i + 4] === 0 &&
          bytes[i + 5] === 0
        )
          return true
      return false
    }

    let input: Blob
    switch (kind) {
      case 'exif-12mp':
        input = await withExif(
          await canvasBlob(scene(4032, 3024, { grain: 10 }), 'image/jpeg', 0.92),
          6,
        )
        break
      case 'noisy-12mp':
        input = await canvasBlob(noise(4032, 3024), 'image/jpeg', 0.95)
        break
      case 'png':
        input = await canvasBlob(scene(3000, 2000, { grain: 0, transparent: true }), 'image/png')
        break
      case 'panorama':
        input = await canvasBlob(scene(12000, 1000, { grain: 6 }), 'image/jpeg', 0.9)
        break
      case 'corrupt': {
        const junk = new Uint8Array(50_000)
        crypto.getRandomValues(junk)
        junk.set([0xff, 0xd8, 0xff, 0xe0], 0)
        input = new Blob([junk], { type: 'image/jpeg' })
        break
      }
      case 'not-an-image':
        input = new Blob(['isto não é uma foto'], { type: 'text/plain' })
        break
      default:
        // `orientation-N`: 2400×1800 stored, large enough to be decoded at a reduced scale.
        input = await withExif(
          await canvasBlob(scene(2400, 1800, { grain: 4 }), 'image/jpeg', 0.9),
          Number(kind.slice('orientation-'.length)),
        )
    }

    const compress = (
      window as unknown as {
        __avaliadorCompressImage: (file: Blob) => Promise<Record<string, unknown> & { blob: Blob }>
      }
    ).__avaliadorCompressImage
    let result: Record<string, unknown> & { blob: Blob }
    try {
      result = await compress(input)
    } catch (error) {
      const e = error as { name: string; code: string; message: string }
      return { ok: false, name: e.name, code: e.code, message: e.message }
    }
    const bytes = new Uint8Array(await result.blob.arrayBuffer())
    const bitmap = await createImageBitmap(result.blob)
    const probe = new OffscreenCanvas(bitmap.width, bitmap.height)
    const ctx = probe.getContext('2d')!
    ctx.drawImage(bitmap, 0, 0)
    const at = (fx: number, fy: number): [number, number, number] => {
      const d = ctx.getImageData(
        Math.floor(fx * (bitmap.width - 1)),
        Math.floor(fy * (bitmap.height - 1)),
        1,
        1,
      ).data
      return [d[0]!, d[1]!, d[2]!]
    }
    return {
      ok: true,
      inputBytes: input.size,
      bytes: result.bytes as number,
      blobSize: result.blob.size,
      blobType: result.blob.type,
      mimeType: result.mimeType as string,
      width: result.width as number,
      height: result.height as number,
      encodes: result.encodes as number,
      via: result.via as string,
      decoded: { width: bitmap.width, height: bitmap.height },
      hasExif: hasExifMarker(bytes),
      samples: {
        topLeft: at(0.03, 0.03),
        topRight: at(0.97, 0.03),
        bottomLeft: at(0.03, 0.97),
        bottomRight: at(0.97, 0.97),
      },
    }
  }, kind)
}

const isRed = ([r, g, b]: [number, number, number]) => r > 180 && g < 90 && b < 90
const isBlue = ([r, g, b]: [number, number, number]) => b > 180 && r < 90 && g < 90

function expectJpegWithinLimits(outcome: Outcome) {
  if (!outcome.ok) throw new Error(`refused: ${outcome.code} ${outcome.message}`)
  expect(outcome.mimeType).toBe('image/jpeg')
  expect(outcome.blobType).toBe('image/jpeg')
  expect(outcome.blobSize).toBe(outcome.bytes)
  expect(outcome.bytes).toBeLessThanOrEqual(MAX_BYTES)
  expect(Math.max(outcome.width, outcome.height)).toBeLessThanOrEqual(1920)
  // What the file really holds, decoded again.
  expect(outcome.decoded).toEqual({ width: outcome.width, height: outcome.height })
  // Compressed off the main thread, and no EXIF (nor GPS) left.
  expect(outcome.via).toBe('worker')
  expect(outcome.hasExif).toBe(false)
  return outcome
}

test.describe('photo compression in the browser', () => {
  test.describe.configure({ timeout: 90_000 })

  test.beforeEach(async ({ page }) => {
    await page.goto('/preview/')
    await expect(page.getByRole('heading', { name: 'Oportunidades' })).toBeVisible()
    await page.waitForFunction(
      () =>
        typeof (window as unknown as Record<string, unknown>).__avaliadorCompressImage ===
        'function',
    )
  })

  test('a 12 MP photo with EXIF orientation 6: upright 1440×1920, ≤ 0.4 MB, metadata gone', async ({
    page,
  }) => {
    const out = expectJpegWithinLimits(await compressInPage(page, 'exif-12mp'))
    expect(out.inputBytes).toBeGreaterThan(MAX_BYTES)
    // Stored 4032×3024 landscape; orientation 6 turns it 90° clockwise: portrait, longest side exactly 1920.
    expect({ width: out.width, height: out.height }).toEqual({ width: 1440, height: 1920 })
    expect(out.encodes).toBeLessThanOrEqual(3)
    // The stored top-left (red) is now top-right; the stored bottom-right (blue) bottom-left.
    expect(isRed(out.samples.topRight!)).toBe(true)
    expect(isBlue(out.samples.bottomLeft!)).toBe(true)
    expect(isRed(out.samples.topLeft!)).toBe(false)
  })

  test('every EXIF orientation comes out upright', async ({ page }) => {
    // Where the stored top-left (red) and bottom-right (blue) corners are once upright.
    type Corner = 'topLeft' | 'topRight' | 'bottomLeft' | 'bottomRight'
    const upright: Record<Orientation, [red: Corner, blue: Corner, portrait: boolean]> = {
      1: ['topLeft', 'bottomRight', false],
      2: ['topRight', 'bottomLeft', false], // mirrored
      3: ['bottomRight', 'topLeft', false], // 180°
      4: ['bottomLeft', 'topRight', false], // flipped
      5: ['topLeft', 'bottomRight', true], // transposed
      6: ['topRight', 'bottomLeft', true], // 90° clockwise
      7: ['bottomRight', 'topLeft', true], // transversed
      8: ['bottomLeft', 'topRight', true], // 90° anticlockwise
    }
    for (const orientation of [1, 2, 3, 4, 5, 6, 7, 8] as const) {
      const out = expectJpegWithinLimits(await compressInPage(page, `orientation-${orientation}`))
      const [red, blue, portrait] = upright[orientation]
      expect
        .soft({ orientation, width: out.width, height: out.height })
        .toEqual(
          portrait
            ? { orientation, width: 1440, height: 1920 }
            : { orientation, width: 1920, height: 1440 },
        )
      expect.soft(isRed(out.samples[red]!), `orientation ${orientation}: red ${red}`).toBe(true)
      expect.soft(isBlue(out.samples[blue]!), `orientation ${orientation}: blue ${blue}`).toBe(true)
    }
  })

  test('a PNG becomes a JPEG within the limits, transparency on white', async ({ page }) => {
    const out = expectJpegWithinLimits(await compressInPage(page, 'png'))
    expect({ width: out.width, height: out.height }).toEqual({ width: 1920, height: 1280 })
    expect(isRed(out.samples.topLeft!)).toBe(true)
    expect(isBlue(out.samples.bottomRight!)).toBe(true)
    // The transparent corner is white, not black.
    const [r, g, b] = out.samples.topRight!
    expect(Math.min(r, g, b)).toBeGreaterThan(200)
  })

  test('a panorama is 1920 wide', async ({ page }) => {
    const out = expectJpegWithinLimits(await compressInPage(page, 'panorama'))
    expect({ width: out.width, height: out.height }).toEqual({ width: 1920, height: 160 })
  })

  test('a photo of pure noise is scaled down further until it fits', async ({ page }) => {
    const out = expectJpegWithinLimits(await compressInPage(page, 'noisy-12mp'))
    expect(Math.max(out.width, out.height)).toBeLessThan(1920)
    expect(out.width / out.height).toBeCloseTo(4 / 3, 1)
    // 0.85 and the 0.5 floor at 1920 px first, then at least one smaller size.
    expect(out.encodes).toBeGreaterThanOrEqual(3)
  })

  test('a corrupt file is refused in pt-BR', async ({ page }) => {
    const out = await compressInPage(page, 'corrupt')
    expect(out).toEqual({
      ok: false,
      name: 'ImageRejectedError',
      code: 'undecodable',
      message: 'Não foi possível abrir esta imagem. Tire outra foto.',
    })
  })

  test('a file that is not an image is refused in pt-BR', async ({ page }) => {
    const out = await compressInPage(page, 'not-an-image')
    expect(out).toMatchObject({
      ok: false,
      code: 'not-an-image',
      message: 'O arquivo não é uma imagem. Escolha uma foto JPG, PNG ou WebP.',
    })
  })
})
