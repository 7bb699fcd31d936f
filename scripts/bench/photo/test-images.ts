/**
 * The benchmark's pictures, made in the page with OffscreenCanvas so nothing large is checked
 * in: photo-like content (a sky-to-floor gradient, a store shelf of small products with labels,
 * soft shapes, sensor grain) that JPEG compresses roughly like a real phone photo — a flat
 * colour would fit 0.4 MB at any quality and measure nothing. Deterministic (seeded).
 *
 * Every picture carries a red block at its stored top-left corner and a blue block at its
 * stored bottom-right corner: after the orientation is applied they must be where an upright
 * picture has them (`markers`), which is how the benchmark checks the orientation.
 */

export type Point = readonly [x: number, y: number]

export type TestImage = {
  name: string
  label: string
  file: Blob
  /** Pixels as stored in the file (before EXIF orientation). */
  stored: { width: number; height: number }
  orientation: number
  /** Upright size after fitting in 1920 px. */
  expected: { width: number; height: number }
  /** Where the red and blue blocks are in the upright picture, as fractions of width and height. */
  markers: { red: Point; blue: Point }
}

export const RED = [230, 20, 20] as const
export const BLUE = [20, 20, 230] as const

function seeded(seed: number) {
  let state = seed
  return () => ((state = (state * 16807) % 2147483647) - 1) / 2147483646
}

/** A store-shelf photo: gradients, many small products with text, soft shapes, grain. */
function photoScene(width: number, height: number, seed: number): OffscreenCanvas {
  const random = seeded(seed)
  const canvas = new OffscreenCanvas(width, height)
  const ctx = canvas.getContext('2d')!
  const sky = ctx.createLinearGradient(0, 0, width * 0.3, height)
  sky.addColorStop(0, '#c9d6df')
  sky.addColorStop(0.55, '#e9e2d0')
  sky.addColorStop(1, '#8a7f6e')
  ctx.fillStyle = sky
  ctx.fillRect(0, 0, width, height)

  // Shelves with rows of products: the fine detail of a real store photo.
  const rows = 6
  const rowHeight = height / (rows + 1)
  for (let row = 0; row < rows; row++) {
    const y = rowHeight * (row + 0.6)
    ctx.fillStyle = `rgb(${90 + row * 6}, ${80 + row * 4}, 70)`
    ctx.fillRect(0, y + rowHeight * 0.78, width, rowHeight * 0.08)
    let x = random() * 20
    while (x < width) {
      const w = width * (0.015 + random() * 0.035)
      const h = rowHeight * (0.4 + random() * 0.38)
      const top = y + rowHeight * 0.78 - h
      const hue = Math.floor(random() * 360)
      const body = ctx.createLinearGradient(x, top, x + w, top)
      body.addColorStop(0, `hsl(${hue} 55% 32%)`)
      body.addColorStop(0.4, `hsl(${hue} 60% 58%)`)
      body.addColorStop(1, `hsl(${hue} 50% 28%)`)
      ctx.fillStyle = body
      ctx.fillRect(x, top, w, h)
      ctx.fillStyle = `hsl(${(hue + 180) % 360} 40% 85%)`
      ctx.fillRect(x + w * 0.1, top + h * 0.3, w * 0.8, h * 0.25)
      ctx.fillStyle = '#1d1d1d'
      ctx.font = `${Math.max(8, Math.round(w * 0.16))}px sans-serif`
      ctx.fillText('R$ 9,99', x + w * 0.14, top + h * 0.47, w * 0.72)
      x += w + random() * width * 0.006
    }
  }

  // Soft out-of-focus shapes (people, lights) with translucent gradients.
  for (let i = 0; i < 40; i++) {
    const cx = random() * width
    const cy = random() * height
    const r = Math.min(width, height) * (0.02 + random() * 0.12)
    const blob = ctx.createRadialGradient(cx, cy, 0, cx, cy, r)
    const hue = Math.floor(random() * 360)
    blob.addColorStop(0, `hsla(${hue} 70% 70% / 0.55)`)
    blob.addColorStop(1, `hsla(${hue} 70% 50% / 0)`)
    ctx.fillStyle = blob
    ctx.fillRect(cx - r, cy - r, r * 2, r * 2)
  }

  markers(ctx, width, height)

  // Sensor grain: luminance noise with a little colour, like a phone photo in indoor light.
  const image = ctx.getImageData(0, 0, width, height)
  const data = image.data
  for (let i = 0; i < data.length; i += 4) {
    const n = (random() + random() - 1) * 26
    data[i] = data[i]! + n + (random() - 0.5) * 6
    data[i + 1] = data[i + 1]! + n
    data[i + 2] = data[i + 2]! + n + (random() - 0.5) * 6
  }
  ctx.putImageData(image, 0, 0)
  return canvas
}

/** A phone screenshot: flat UI colours, text lines, cards. */
function screenshotScene(width: number, height: number, seed: number): OffscreenCanvas {
  const random = seeded(seed)
  const canvas = new OffscreenCanvas(width, height)
  const ctx = canvas.getContext('2d')!
  ctx.fillStyle = '#f5f6f8'
  ctx.fillRect(0, 0, width, height)
  ctx.fillStyle = '#1d4ed8'
  ctx.fillRect(0, 0, width, height * 0.08)
  const card = height * 0.11
  for (let i = 0; i < 8; i++) {
    const top = height * 0.1 + i * card
    ctx.fillStyle = '#ffffff'
    ctx.fillRect(width * 0.04, top, width * 0.92, card * 0.88)
    ctx.fillStyle = `hsl(${Math.floor(random() * 360)} 60% 55%)`
    ctx.fillRect(width * 0.07, top + card * 0.15, card * 0.55, card * 0.55)
    ctx.fillStyle = '#222'
    ctx.font = `${Math.round(card * 0.16)}px sans-serif`
    ctx.fillText('Supermercado Bom Preço — visita', width * 0.07 + card * 0.7, top + card * 0.32)
    ctx.fillStyle = '#666'
    ctx.font = `${Math.round(card * 0.12)}px sans-serif`
    ctx.fillText(
      'Av. Paulista, 1000 · R$ 45,00 · 12/05',
      width * 0.07 + card * 0.7,
      top + card * 0.58,
    )
  }
  markers(ctx, width, height)
  return canvas
}

/** The orientation markers at the stored top-left (red) and bottom-right (blue). */
function markers(ctx: OffscreenCanvasRenderingContext2D, width: number, height: number) {
  const block = Math.round(Math.min(width, height) / 8)
  ctx.fillStyle = `rgb(${RED.join(',')})`
  ctx.fillRect(0, 0, block, block)
  ctx.fillStyle = `rgb(${BLUE.join(',')})`
  ctx.fillRect(width - block, height - block, block, block)
}

/** An APP1 Exif segment (big-endian TIFF) holding only IFD0 with the Orientation tag. */
function exifSegment(orientation: number): Uint8Array<ArrayBuffer> {
  const tiff = new DataView(new ArrayBuffer(26))
  tiff.setUint16(0, 0x4d4d) // "MM"
  tiff.setUint16(2, 42)
  tiff.setUint32(4, 8) // IFD0 at 8
  tiff.setUint16(8, 1) // one entry
  tiff.setUint16(10, 0x0112) // Orientation
  tiff.setUint16(12, 3) // SHORT
  tiff.setUint32(14, 1) // count
  tiff.setUint16(18, orientation)
  tiff.setUint32(22, 0) // no IFD1
  const body = new Uint8Array(tiff.buffer)
  const length = 2 + 6 + body.length
  const segment = new Uint8Array(2 + length)
  segment.set([0xff, 0xe1, length >> 8, length & 0xff, 0x45, 0x78, 0x69, 0x66, 0, 0])
  segment.set(body, 10)
  return segment
}

/** The JPEG with an Exif segment right after SOI, as cameras write it. */
async function withOrientation(jpeg: Blob, orientation: number): Promise<Blob> {
  const bytes = new Uint8Array(await jpeg.arrayBuffer())
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) throw new Error('not a JPEG')
  return new Blob([bytes.slice(0, 2), exifSegment(orientation), bytes.slice(2)], {
    type: 'image/jpeg',
  })
}

function freeCanvas(canvas: OffscreenCanvas) {
  canvas.width = 0
  canvas.height = 0
}

/** The pictures, largest first: a 12 MP phone photo held sideways (EXIF 6), the same upright, a screenshot. */
export async function makeTestImages(): Promise<TestImage[]> {
  const photo = photoScene(4032, 3024, 7)
  const camera = await photo.convertToBlob({ type: 'image/jpeg', quality: 0.92 })
  freeCanvas(photo)
  const landscape = photoScene(4032, 3024, 11)
  const landscapeFile = await landscape.convertToBlob({ type: 'image/jpeg', quality: 0.92 })
  freeCanvas(landscape)
  const screenshot = screenshotScene(1170, 2532, 3)
  const screenshotFile = await screenshot.convertToBlob({ type: 'image/png' })
  freeCanvas(screenshot)
  return [
    {
      name: 'jpeg-12mp-exif6',
      label: '12 MP JPEG, EXIF orientation 6 (stored 4032×3024, upright portrait)',
      file: await withOrientation(camera, 6),
      stored: { width: 4032, height: 3024 },
      orientation: 6,
      expected: { width: 1440, height: 1920 },
      // Turned 90° clockwise: stored top-left → top-right, stored bottom-right → bottom-left.
      markers: { red: [0.97, 0.03], blue: [0.03, 0.97] },
    },
    {
      name: 'jpeg-12mp-landscape',
      label: '12 MP JPEG, orientation 1 (4032×3024 landscape)',
      file: await withOrientation(landscapeFile, 1),
      stored: { width: 4032, height: 3024 },
      orientation: 1,
      expected: { width: 1920, height: 1440 },
      markers: { red: [0.03, 0.03], blue: [0.97, 0.97] },
    },
    {
      name: 'png-screenshot',
      label: 'PNG phone screenshot (1170×2532)',
      file: screenshotFile,
      stored: { width: 1170, height: 2532 },
      orientation: 1,
      expected: { width: 887, height: 1920 },
      markers: { red: [0.03, 0.03], blue: [0.97, 0.97] },
    },
  ]
}
