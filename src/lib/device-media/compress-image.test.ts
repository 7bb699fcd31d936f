/**
 * compressImage's front door in Node: refusals before any decoding, the worker protocol
 * (with a stand-in Worker) and the main-thread fallback. Real pixels are compressed by the
 * browser in e2e/photo-compression.spec.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { imageFileMessages } from '@/domain/image-limits'
import type { CompressRequest, CompressResponse } from './compress-image-protocol'
import { compressImage, ImageRejectedError } from './compress-image'
import { mediaCopy } from './media-copy'

afterEach(() => {
  vi.unstubAllGlobals()
})

async function rejection(promise: Promise<unknown>): Promise<ImageRejectedError> {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(ImageRejectedError)
    return error as ImageRejectedError
  }
  throw new Error('expected a rejection')
}

const jpeg = (bytes = 10) => new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' })

/** A Worker stand-in that answers every request with `answer(request)`. */
function fakeWorker(answer: (request: CompressRequest) => Omit<CompressResponse, 'id'> | 'crash') {
  const created: string[] = []
  const terminated: number[] = []
  class FakeWorker extends EventTarget {
    constructor(url: URL, options: WorkerOptions) {
      super()
      created.push(`${url.pathname.split('/').pop()} ${options.type}`)
    }
    postMessage(request: CompressRequest) {
      queueMicrotask(() => {
        const reply = answer(request)
        if (reply === 'crash') {
          const event = Object.assign(new Event('error', { cancelable: true }), { message: 'boom' })
          this.dispatchEvent(event)
        } else
          this.dispatchEvent(new MessageEvent('message', { data: { id: request.id, ...reply } }))
      })
    }
    terminate() {
      terminated.push(1)
    }
  }
  vi.stubGlobal('Worker', FakeWorker)
  vi.stubGlobal('OffscreenCanvas', class {})
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(async () =>
      Promise.reject(
        new DOMException('The source image could not be decoded.', 'InvalidStateError'),
      ),
    ),
  )
  return { created, terminated }
}

const workerResult = (blob: Blob) => ({
  ok: true as const,
  result: {
    blob,
    width: 1440,
    height: 1920,
    bytes: blob.size,
    quality: 0.85,
    encodes: 1,
    decoded: { width: 1512, height: 2016 },
  },
})

describe('compressImage refuses what is not a usable picture, in pt-BR', () => {
  it('a text file is not an image', async () => {
    const error = await rejection(compressImage(new Blob(['olá'], { type: 'text/plain' })))
    expect(error.code).toBe('not-an-image')
    expect(error.message).toBe(imageFileMessages['not-an-image'])
  })

  it('a file with no type is not an image', async () => {
    expect((await rejection(compressImage(new Blob([new Uint8Array(5)])))).code).toBe(
      'not-an-image',
    )
  })

  it('a GIF or HEIC is a format the app does not take', async () => {
    expect((await rejection(compressImage(new Blob(['GIF89a'], { type: 'image/gif' })))).code).toBe(
      'unsupported-image-format',
    )
    expect((await rejection(compressImage(new Blob(['x'], { type: 'image/heic' })))).message).toBe(
      imageFileMessages['unsupported-image-format'],
    )
  })

  it('an empty photo file', async () => {
    const error = await rejection(compressImage(new Blob([], { type: 'image/jpeg' })))
    expect(error.code).toBe('empty-file')
    expect(error.message).toBe('O arquivo está vazio. Escolha outra foto.')
  })

  it('bytes no decoder can read: "Não foi possível abrir esta imagem. Tire outra foto."', async () => {
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => Promise.reject(new DOMException('bad', 'InvalidStateError'))),
    )
    const error = await rejection(compressImage(jpeg()))
    expect(error.code).toBe('undecodable')
    expect(error.message).toBe('Não foi possível abrir esta imagem. Tire outra foto.')
  })

  it('a browser that cannot decode or draw at all says so instead of blaming the photo', async () => {
    const error = await rejection(compressImage(jpeg()))
    expect(error.code).toBe('cannot-compress')
    expect(error.message).toBe(mediaCopy.compression.cannotCompress)
  })
})

describe('compressImage runs in a module worker where OffscreenCanvas exists', () => {
  it('sends the photo and the limits to compress-image.worker.ts and returns its JPEG', async () => {
    const out = jpeg(300)
    const requests: CompressRequest[] = []
    const { created, terminated } = fakeWorker((request) => {
      requests.push(request)
      return workerResult(out)
    })
    const file = jpeg(5000)
    const result = await compressImage(file)
    expect(created).toEqual(['compress-image.worker.ts module'])
    expect(requests[0]!.file).toBe(file)
    expect(requests[0]!.limits).toEqual({ maxBytes: Math.floor(0.4 * 1024 * 1024), maxSide: 1920 })
    expect(result).toEqual({
      blob: out,
      width: 1440,
      height: 1920,
      bytes: 300,
      mimeType: 'image/jpeg',
      encodes: 1,
      quality: 0.85,
      decoded: { width: 1512, height: 2016 },
      via: 'worker',
    })
    expect(terminated).toHaveLength(1)
  })

  it('too large even after shrinking: refused without a second try', async () => {
    fakeWorker(() => ({ ok: false, failure: 'too-large', detail: 'still big' }))
    const error = await rejection(compressImage(jpeg()))
    expect(error.code).toBe('too-large')
    expect(error.message).toBe(imageFileMessages['too-large'])
  })

  it('a worker that cannot read the photo hands it to the main thread, which refuses it as undecodable', async () => {
    fakeWorker(() => ({ ok: false, failure: 'undecodable', detail: 'corrupt' }))
    const error = await rejection(compressImage(jpeg()))
    expect(error.code).toBe('undecodable')
    expect(globalThis.createImageBitmap).toHaveBeenCalledWith(expect.any(Blob), {
      imageOrientation: 'from-image',
    })
  })

  it('a worker that crashes falls back to the main thread', async () => {
    const { terminated } = fakeWorker(() => 'crash')
    const error = await rejection(compressImage(jpeg()))
    expect(terminated).toHaveLength(1)
    // The fallback ran: it tried to decode on the main thread.
    expect(globalThis.createImageBitmap).toHaveBeenCalled()
    expect(error.code).toBe('undecodable')
  })
})
