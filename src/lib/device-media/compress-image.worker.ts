/**
 * The photo compressor off the main thread: decodes, scales and re-encodes with
 * OffscreenCanvas so the screen stays responsive while a 12 MP photo is processed.
 * Loaded by compress-image.ts as a module worker (Vite bundles it as its own file).
 */
import { CanvasUnavailable, canvasImageCodec } from './image-codec'
import { compressWithCodec, ImageStillTooLarge, UndecodableImage } from './image-compression-policy'
import type { CompressFailure, CompressRequest, CompressResponse } from './compress-image-protocol'

type WorkerScope = {
  addEventListener(type: 'message', listener: (event: MessageEvent<CompressRequest>) => void): void
  postMessage(message: CompressResponse): void
}

const scope = globalThis as unknown as WorkerScope
const codec = canvasImageCodec('worker')

function failureOf(error: unknown): CompressFailure {
  if (error instanceof UndecodableImage) return 'undecodable'
  if (error instanceof ImageStillTooLarge) return 'too-large'
  if (error instanceof CanvasUnavailable) return 'unavailable'
  return 'unavailable'
}

scope.addEventListener('message', (event) => {
  const { id, file, limits } = event.data
  compressWithCodec(codec, file, limits).then(
    (result) => scope.postMessage({ id, ok: true, result }),
    (error: unknown) =>
      scope.postMessage({
        id,
        ok: false,
        failure: failureOf(error),
        detail: error instanceof Error ? error.message : String(error),
      }),
  )
})
