import { describe, expect, it } from 'vitest'
import { readJpegHeader } from './compress-image-jpeg-header'

/** A marker segment: FF, marker, 2-byte length (payload + 2), payload. */
function segment(marker: number, payload: number[]) {
  const length = payload.length + 2
  return [0xff, marker, length >> 8, length & 0xff, ...payload]
}

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0))
const u16 = (n: number, little: boolean) => (little ? [n & 0xff, n >> 8] : [n >> 8, n & 0xff])
const u32 = (n: number, little: boolean) =>
  little
    ? [n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, n >>> 24]
    : [n >>> 24, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff]

/** APP1 Exif with IFD0 holding a Make entry then Orientation, in either byte order. */
function exif(orientation: number, little = false) {
  const tiff = [
    ...(little ? ascii('II') : ascii('MM')),
    ...u16(42, little),
    ...u32(8, little),
    ...u16(2, little),
    // Make (ASCII, 4 bytes inline) — an entry before the one we look for.
    ...u16(0x010f, little),
    ...u16(2, little),
    ...u32(4, little),
    ...ascii('Cam'),
    0,
    // Orientation (SHORT)
    ...u16(0x0112, little),
    ...u16(3, little),
    ...u32(1, little),
    ...u16(orientation, little),
    0,
    0,
    ...u32(0, little),
  ]
  return segment(0xe1, [...ascii('Exif'), 0, 0, ...tiff])
}

/** SOFn with 8-bit precision, height, width, 3 components. */
const sof = (width: number, height: number, marker = 0xc0) =>
  segment(marker, [
    8,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    3,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
  ])

const jfif = segment(0xe0, [...ascii('JFIF'), 0, 1, 1, 0, 0, 1, 0, 1, 0, 0])
const dqt = segment(0xdb, [0, ...new Array<number>(64).fill(1)])
const dht = segment(0xc4, [0, ...new Array<number>(16).fill(0)])
const sos = segment(0xda, [1, 1, 0, 0, 63, 0])

const jpeg = (...parts: number[][]) => new Uint8Array([0xff, 0xd8, ...parts.flat(), 0xff, 0xd9])

describe('readJpegHeader', () => {
  it('a camera photo: size from SOF0 and orientation 6 from a big-endian EXIF block', () => {
    expect(readJpegHeader(jpeg(exif(6), dqt, sof(4032, 3024), sos))).toEqual({
      width: 4032,
      height: 3024,
      orientation: 6,
    })
  })

  it('reads little-endian EXIF too, and a progressive (SOF2) frame', () => {
    expect(readJpegHeader(jpeg(exif(8, true), sof(3000, 4000, 0xc2)))).toEqual({
      width: 3000,
      height: 4000,
      orientation: 8,
    })
  })

  it('no EXIF block means upright (orientation 1)', () => {
    expect(readJpegHeader(jpeg(jfif, dqt, sof(800, 600), sos))).toEqual({
      width: 800,
      height: 600,
      orientation: 1,
    })
  })

  it('is not fooled by an XMP APP1, a Huffman table (C4) or fill bytes before the frame', () => {
    const xmp = segment(0xe1, ascii('http://ns.adobe.com/xap/1.0/\0<x:xmpmeta/>'))
    const bytes = jpeg(exif(3), xmp, dht, [0xff], sof(1920, 1080))
    expect(readJpegHeader(bytes)).toEqual({ width: 1920, height: 1080, orientation: 3 })
  })

  it('ignores an orientation outside 1–8', () => {
    expect(readJpegHeader(jpeg(exif(9), sof(10, 20)))?.orientation).toBe(1)
  })

  it('null for what it cannot read: not a JPEG, cut before the frame, scan before any frame', () => {
    expect(readJpegHeader(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBeNull()
    expect(readJpegHeader(jpeg(exif(6), dqt).slice(0, 30))).toBeNull()
    expect(readJpegHeader(jpeg(dqt, sos, sof(10, 10)))).toBeNull()
    expect(readJpegHeader(new Uint8Array([0xff, 0xd8, 0x00, 0x01, 0x02]))).toBeNull()
  })

  it('a header in the middle of a larger buffer (a view with an offset)', () => {
    const bytes = jpeg(exif(6), sof(4032, 3024))
    const padded = new Uint8Array(bytes.length + 7)
    padded.set(bytes, 7)
    expect(readJpegHeader(padded.subarray(7))).toEqual({
      width: 4032,
      height: 3024,
      orientation: 6,
    })
  })
})
