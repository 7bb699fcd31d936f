import { IMAGE_MAX_BYTES, IMAGE_MAX_SIDE_PX } from './constants'

/** Width and height of an image, in pixels. */
export interface ImageSize {
  width: number
  height: number
}

/**
 * The size an image should be scaled to so that its longest side is at most maxSide,
 * keeping its aspect ratio. Never upscales; when it shrinks, the longest side is exactly
 * maxSide and the other is rounded to the nearest pixel (at least 1).
 */
export function fitWithin(
  width: number,
  height: number,
  maxSide: number = IMAGE_MAX_SIDE_PX,
): ImageSize {
  for (const [name, value] of [
    ['width', width],
    ['height', height],
    ['maxSide', maxSide],
  ] as const) {
    if (!Number.isFinite(value) || value <= 0) {
      throw new RangeError(`fitWithin expects a positive ${name}, got ${value}`)
    }
  }
  const longest = Math.max(width, height)
  if (longest <= maxSide) return { width, height }
  const scale = maxSide / longest
  const fit = (side: number) => (side === longest ? maxSide : Math.max(1, Math.round(side * scale)))
  return { width: fit(width), height: fit(height) }
}

/** True when an (already compressed) image fits the upload limits: ≤ 0.4 MB and ≤ 1920 px on its longest side. */
export function isWithinImageLimits(image: {
  bytes: number
  width: number
  height: number
}): boolean {
  return image.bytes <= IMAGE_MAX_BYTES && Math.max(image.width, image.height) <= IMAGE_MAX_SIDE_PX
}

/** Picture formats the app compresses and uploads. */
export const ACCEPTED_IMAGE_TYPES: readonly string[] = ['image/jpeg', 'image/png', 'image/webp']

/** Why a chosen file cannot be used as a photo. */
export type ImageFileErrorCode =
  'not-an-image' | 'unsupported-image-format' | 'empty-file' | 'too-large'

/** pt-BR message for each image file problem. */
export const imageFileMessages: Record<ImageFileErrorCode, string> = {
  'not-an-image': 'O arquivo não é uma imagem. Escolha uma foto JPG, PNG ou WebP.',
  'unsupported-image-format':
    'Este formato de imagem não é aceito. Escolha uma foto JPG, PNG ou WebP.',
  'empty-file': 'O arquivo está vazio. Escolha outra foto.',
  'too-large': 'A foto continua maior que 0,4 MB mesmo depois de comprimida. Tente outra foto.',
}

export interface ImageFileError {
  code: ImageFileErrorCode
  message: string
}

function imageFileError(code: ImageFileErrorCode): ImageFileError {
  return { code, message: imageFileMessages[code] }
}

/**
 * Checks a file the agent picked before it is compressed: it must be a JPG, PNG or WebP
 * image and not empty. Returns null when it can be used, or the problem otherwise.
 * Its size is not limited here: compression brings it under the upload limit.
 */
export function checkImageFile(file: { type: string; size: number }): ImageFileError | null {
  const type = file.type.trim().toLowerCase()
  if (!type.startsWith('image/')) return imageFileError('not-an-image')
  if (!ACCEPTED_IMAGE_TYPES.includes(type === 'image/jpg' ? 'image/jpeg' : type)) {
    return imageFileError('unsupported-image-format')
  }
  if (file.size <= 0) return imageFileError('empty-file')
  return null
}

/** Checks a compressed image against the upload limits; null when it may be uploaded. */
export function checkCompressedImage(image: {
  bytes: number
  width: number
  height: number
}): ImageFileError | null {
  return isWithinImageLimits(image) ? null : imageFileError('too-large')
}
