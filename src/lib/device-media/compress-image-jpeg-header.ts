/**
 * Reads what the photo compressor needs from the start of a JPEG file without decoding it:
 * the stored pixel size (SOF segment) and the EXIF orientation (APP1 "Exif", IFD0 tag 0x0112;
 * 1 when absent). Cameras write both within the first few kilobytes (the EXIF block, thumbnail
 * included, is at most 64 KB). Null when the bytes are not a JPEG it can read.
 */

export type JpegHeader = { width: number; height: number; orientation: number }

/** How much of the file to read: APP segments are at most 64 KB each, a few come before SOF. */
export const JPEG_HEADER_BYTES = 256 * 1024

const SOI = 0xd8
const SOS = 0xda
const APP1 = 0xe1
const ORIENTATION_TAG = 0x0112

/** SOF0–SOF15 except DHT (C4), JPG (C8) and DAC (CC). */
function isStartOfFrame(marker: number) {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc
}

/** The orientation in an APP1 segment's payload (after the 2 length bytes), or null. */
function exifOrientation(view: DataView, start: number, end: number): number | null {
  // "Exif\0\0"
  if (end - start < 14 || view.getUint32(start) !== 0x45786966 || view.getUint16(start + 4) !== 0)
    return null
  const tiff = start + 6
  const order = view.getUint16(tiff)
  if (order !== 0x4949 && order !== 0x4d4d) return null
  const little = order === 0x4949
  if (view.getUint16(tiff + 2, little) !== 42) return null
  const ifd = tiff + view.getUint32(tiff + 4, little)
  if (ifd + 2 > end) return null
  const entries = view.getUint16(ifd, little)
  for (let i = 0; i < entries; i++) {
    const entry = ifd + 2 + i * 12
    if (entry + 12 > end) return null
    if (view.getUint16(entry, little) !== ORIENTATION_TAG) continue
    const value = view.getUint16(entry + 8, little)
    return value >= 1 && value <= 8 ? value : null
  }
  return null
}

export function readJpegHeader(bytes: Uint8Array): JpegHeader | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== SOI) return null
  let orientation = 1
  let offset = 2
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null
    const marker = bytes[offset + 1]!
    if (marker === 0xff) {
      offset++ // fill byte
      continue
    }
    // Markers without a length: TEM and RSTn (never before SOF in practice, but legal).
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2
      continue
    }
    if (marker === SOS || marker === 0xd9) return null
    const length = view.getUint16(offset + 2)
    const end = offset + 2 + length
    if (length < 2) return null
    if (isStartOfFrame(marker)) {
      if (offset + 9 > bytes.length) return null
      const height = view.getUint16(offset + 5)
      const width = view.getUint16(offset + 7)
      return width > 0 && height > 0 ? { width, height, orientation } : null
    }
    if (marker === APP1 && end <= bytes.length)
      orientation = exifOrientation(view, offset + 4, end) ?? orientation
    offset = end
  }
  return null
}
