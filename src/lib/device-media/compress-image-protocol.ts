/** Messages between `compressImage` (main thread) and its worker. */
import type { CompressionLimits, CompressionOutcome } from './image-compression-policy'

export type CompressRequest = { id: number; file: Blob; limits: CompressionLimits }

/**
 * `undecodable`: the bytes are not a picture the worker can read (the main thread may still
 * try with an <img>); `too-large`: nothing under the limit; `unavailable`: the worker cannot
 * draw here (no OffscreenCanvas 2D context, no encoder) — the main thread takes over.
 */
export type CompressFailure = 'undecodable' | 'too-large' | 'unavailable'

export type CompressResponse =
  | { id: number; ok: true; result: CompressionOutcome }
  | { id: number; ok: false; failure: CompressFailure; detail: string }
