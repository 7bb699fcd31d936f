/**
 * Draws the app icons (PNG) for the web app manifest with no image library: a blue rounded
 * square with a white check mark, rasterised here and encoded with node:zlib; and the
 * notifications' badge, the check mark alone in white on transparent (Android draws a badge
 * from its alpha channel only, so it must be monochrome).
 *   npx tsx scripts/generate-icons.ts   → public/icons/icon-{192,512}.png, maskable-512.png,
 *                                          apple-touch-icon.png, badge-96.png
 */
import { writeFileSync } from 'node:fs'
import { deflateSync } from 'node:zlib'

const BLUE = [0x1d, 0x4e, 0xd8]
const WHITE = [0xff, 0xff, 0xff]

function crc32(buf: Buffer) {
  let c: number
  let crc = 0xffffffff
  for (const byte of buf) {
    c = (crc ^ byte) & 0xff
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1
    crc = (crc >>> 8) ^ c
  }
  return (crc ^ 0xffffffff) >>> 0
}

function chunk(type: string, data: Buffer) {
  const len = Buffer.alloc(4)
  len.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([len, body, crc])
}

function distanceToSegment(px: number, py: number, ax: number, ay: number, bx: number, by: number) {
  const dx = bx - ax
  const dy = by - ay
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy))
}

function icon(size: number, maskable: boolean, badge = false) {
  const raw = Buffer.alloc(size * (size * 4 + 1))
  const radius = maskable ? 0 : size * 0.22
  const s = maskable ? 0.7 : 1 // keep the mark inside the maskable safe zone
  const pts = [
    [0.28, 0.53],
    [0.43, 0.68],
    [0.72, 0.36],
  ].map(([x, y]) => [size * (0.5 + (x! - 0.5) * s), size * (0.5 + (y! - 0.5) * s)] as const)
  const stroke = size * 0.1 * s
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0
    for (let x = 0; x < size; x++) {
      const o = y * (size * 4 + 1) + 1 + x * 4
      const cx = Math.min(x, size - 1 - x)
      const cy = Math.min(y, size - 1 - y)
      const outside = cx < radius && cy < radius && Math.hypot(radius - cx, radius - cy) > radius
      const onMark =
        distanceToSegment(x, y, pts[0]![0], pts[0]![1], pts[1]![0], pts[1]![1]) < stroke / 2 ||
        distanceToSegment(x, y, pts[1]![0], pts[1]![1], pts[2]![0], pts[2]![1]) < stroke / 2
      const [r, g, b] = onMark || badge ? WHITE : BLUE
      raw[o] = r!
      raw[o + 1] = g!
      raw[o + 2] = b!
      raw[o + 3] = outside || (badge && !onMark) ? 0 : 255
    }
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header[8] = 8 // bit depth
  header[9] = 6 // RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

const out = new URL('../public/icons/', import.meta.url)
writeFileSync(new URL('icon-192.png', out), icon(192, false))
writeFileSync(new URL('icon-512.png', out), icon(512, false))
writeFileSync(new URL('maskable-512.png', out), icon(512, true))
writeFileSync(new URL('apple-touch-icon.png', out), icon(180, true))
writeFileSync(new URL('badge-96.png', out), icon(96, true, true))
console.log('wrote public/icons/*.png')
