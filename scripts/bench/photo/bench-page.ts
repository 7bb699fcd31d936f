/**
 * The photo benchmark's page (built by scripts/bench/photo/vite.config.ts, driven by
 * scripts/bench/photo-compression.ts). It imports the app's real compressor — the same module
 * the photo picker uses, which starts the same bundled module worker — and
 * browser-image-compression, makes the test pictures, and times one compression at a time
 * with a long-task observer on the main thread. Exposed as `window.__photoBench`.
 */
import imageCompression from 'browser-image-compression'
import imageCompressionLibUrl from 'browser-image-compression/dist/browser-image-compression.js?url'
import { compressImage } from '@/lib/device-media/compress-image'
import { BLUE, makeTestImages, RED, type Point, type TestImage } from './test-images'

export type Compressor = 'avaliador' | 'browser-image-compression'

export type ImageInfo = Omit<TestImage, 'file'> & { bytes: number; type: string }

export type RunRecord = {
  ms: number
  bytes: number
  width: number
  height: number
  type: string
  /** Both markers where the upright picture has them. */
  orientationOk: boolean
  encodes: number | null
  via: 'worker' | 'main-thread'
  /** Pixels decoded (the app's compressor says; a large JPEG may be decoded at a reduced scale). */
  decoded: string | null
  /** Main-thread long tasks (> 50 ms) that overlapped the compression. */
  longTasks: number[]
  error?: undefined
}

export type RunFailure = { error: string; ms: number; longTasks: number[] }

let images: TestImage[] = []

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * browser-image-compression 2.0.2 calls onProgress 6 times up to its first encode, once after
 * each further encode and once at the end: its encodes are the calls less 6.
 */
const BIC_PROGRESS_CALLS_WITHOUT_LOOP = 6

async function runBrowserImageCompression(file: Blob) {
  let progressCalls = 0
  const seen = { workers: 0, answeredFromWorker: 0 }
  const Original = window.Worker
  // Counts the library's worker and whether the result came from it (it silently falls back
  // to the main thread when the worker cannot start).
  window.Worker = class TrackedWorker extends Original {
    constructor(url: string | URL, options?: WorkerOptions) {
      super(url, options)
      seen.workers++
      this.addEventListener('message', (event: MessageEvent<{ file?: unknown }>) => {
        if (event.data.file instanceof Blob) seen.answeredFromWorker++
      })
    }
  }
  try {
    const blob = await imageCompression(file as File, {
      maxSizeMB: 0.4,
      maxWidthOrHeight: 1920,
      useWebWorker: true,
      initialQuality: 0.8,
      fileType: 'image/jpeg',
      // Its worker would fetch the library from a CDN; this machine has no internet.
      libURL: new URL(imageCompressionLibUrl, location.href).href,
      onProgress: () => void progressCalls++,
    })
    return {
      blob: blob as Blob,
      encodes: progressCalls - BIC_PROGRESS_CALLS_WITHOUT_LOOP,
      via: seen.answeredFromWorker > 0 ? ('worker' as const) : ('main-thread' as const),
      decoded: null,
    }
  } finally {
    window.Worker = Original
  }
}

async function runAvaliador(file: Blob) {
  const result = await compressImage(file)
  const decoded = result.decoded ? `${result.decoded.width}×${result.decoded.height}` : null
  return { blob: result.blob, encodes: result.encodes, via: result.via, decoded }
}

function near([r, g, b]: readonly number[], [er, eg, eb]: readonly number[]) {
  return Math.abs(r! - er!) < 60 && Math.abs(g! - eg!) < 60 && Math.abs(b! - eb!) < 60
}

/** Decodes the output again and reads the markers (a 5×5 average around each point). */
async function inspect(blob: Blob, markers: TestImage['markers']) {
  const bitmap = await createImageBitmap(blob)
  const { width, height } = bitmap
  const canvas = new OffscreenCanvas(width, height)
  const ctx = canvas.getContext('2d')!
  ctx.drawImage(bitmap, 0, 0)
  bitmap.close()
  const at = ([fx, fy]: Point) => {
    const x = Math.min(width - 5, Math.max(0, Math.floor(fx * width) - 2))
    const y = Math.min(height - 5, Math.max(0, Math.floor(fy * height) - 2))
    const d = ctx.getImageData(x, y, 5, 5).data
    const sum = [0, 0, 0]
    for (let i = 0; i < d.length; i += 4) for (let c = 0; c < 3; c++) sum[c]! += d[i + c]!
    return sum.map((s) => s / 25)
  }
  const orientationOk = near(at(markers.red), RED) && near(at(markers.blue), BLUE)
  return { width, height, orientationOk }
}

async function runOnce(name: string, compressor: Compressor): Promise<RunRecord | RunFailure> {
  const image = images.find((i) => i.name === name)
  if (!image) throw new Error(`no test image ${name}`)
  const entries: PerformanceEntry[] = []
  const observer = new PerformanceObserver((list) => entries.push(...list.getEntries()))
  observer.observe({ type: 'longtask' })
  await settle(20)
  const t0 = performance.now()
  let outcome: Awaited<ReturnType<typeof runAvaliador>> | undefined
  let error: unknown
  try {
    outcome =
      compressor === 'avaliador'
        ? await runAvaliador(image.file)
        : await runBrowserImageCompression(image.file)
  } catch (e) {
    error = e
  }
  const ms = performance.now() - t0
  const t1 = t0 + ms
  // A long task is reported once it has ended: give the last one time to be queued.
  await settle(60)
  entries.push(...observer.takeRecords())
  observer.disconnect()
  const longTasks = entries
    .filter((e) => e.startTime < t1 && e.startTime + e.duration > t0)
    .map((e) => Math.round(e.duration))
  if (!outcome)
    return { error: error instanceof Error ? error.message : String(error), ms, longTasks }
  const seen = await inspect(outcome.blob, image.markers)
  return {
    ms,
    bytes: outcome.blob.size,
    type: outcome.blob.type,
    encodes: outcome.encodes,
    via: outcome.via,
    decoded: outcome.decoded,
    longTasks,
    ...seen,
  }
}

/** Proves the long-task observer works here: a 120 ms task on the main thread must be seen. */
async function longTasksObservable(): Promise<boolean> {
  const entries: PerformanceEntry[] = []
  if (!PerformanceObserver.supportedEntryTypes.includes('longtask')) return false
  const observer = new PerformanceObserver((list) => entries.push(...list.getEntries()))
  observer.observe({ type: 'longtask' })
  await new Promise<void>((done) =>
    setTimeout(() => {
      const end = performance.now() + 120
      while (performance.now() < end) {
        // busy on purpose
      }
      done()
    }),
  )
  await settle(60)
  entries.push(...observer.takeRecords())
  observer.disconnect()
  return entries.some((e) => e.duration >= 100)
}

async function prepare(): Promise<ImageInfo[]> {
  images = await makeTestImages()
  return images.map(({ file, ...info }) => ({ ...info, bytes: file.size, type: file.type }))
}

/** One picture's file, for experiments from the driver. */
const fileOf = (name: string) => images.find((i) => i.name === name)?.file

const bench = { prepare, runOnce, fileOf, longTasksObservable }
export type PhotoBench = typeof bench

declare global {
  interface Window {
    __photoBench?: PhotoBench
  }
}

window.__photoBench = bench
