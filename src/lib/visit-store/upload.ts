/**
 * `POST /media`, the one upload path: the outbox sends every photo and recording through it,
 * and the upload pact (contracts/visit.pact.test.ts) calls it. `fetch` cannot report how much
 * of a request body has been sent, so this call goes through XMLHttpRequest; it speaks the
 * same protocol as the typed client (bearer token, Idempotency-Key, multipart body) and
 * rejects with the same `ApiError`s (problem+json code and pt-BR detail; offline; timeout).
 * Where there is no XMLHttpRequest — the service worker, sending the outbox with the app
 * closed — the same request goes through `fetch`, with no progress (nobody is watching).
 */
import { API_ERROR_MESSAGES, ApiError, isApiError, type ApiErrorCode } from '@/api/api-error'
import { retryAfterMs } from '@/api/retry-after'
import type { Evidence, Problem } from '@/api/entities'
import { runtimeConfig } from '@/lib/runtime-config'
import { notifySessionExpired } from '@/lib/api'
import { observeServerDate } from '@/lib/clock'
import { askServer, reportReachability } from '@/lib/connectivity'
import { sessionToken } from '@/lib/session'
import type { components, operations } from '@/api/schema.gen'

/** Called with the share of the body sent, 0..1 (at most every 5 %, and never 1 before the server answers). */
export type UploadProgressListener = (fraction: number) => void

export type UploadOptions = { signal?: AbortSignal; timeoutMs?: number }

type Schemas = components['schemas']

/**
 * The spec's upload fields, with the file as the Blob it is and the name it travels with. The
 * spec describes the numeric parts as the decimal text a multipart body carries; here they are
 * the numbers the stored Evidence has, and `mediaUploadForm` writes them as text. The task
 * goes in the query (`uploadUrl`), the rest in the body.
 */
export type MediaUploadFields = Omit<
  Schemas['MediaUpload'],
  'file' | 'width' | 'height' | 'durationSecs'
> &
  Pick<Schemas['Evidence'], 'width' | 'height' | 'durationSecs'> &
  operations['uploadMedia']['parameters']['query'] & {
    file: Blob
    fileName: string
  }

const PATH = '/media'
/** A 0.4 MB photo on a weak 3G link takes tens of seconds; audio up to 10 MB longer. */
const DEFAULT_TIMEOUT_MS = 180_000
const PROGRESS_STEP = 0.05

/** Where an upload goes: `POST /media?taskId=…`. */
const uploadUrl = (fields: MediaUploadFields) =>
  `${runtimeConfig().apiBaseUrl}${PATH}?${new URLSearchParams({ taskId: fields.taskId })}`

/** The multipart body of an upload. */
export function mediaUploadForm(fields: MediaUploadFields): FormData {
  const form = new FormData()
  form.set('file', fields.file, fields.fileName)
  form.set('kind', fields.kind)
  form.set('takenAt', fields.takenAt)
  if (fields.width !== undefined) form.set('width', String(fields.width))
  if (fields.height !== undefined) form.set('height', String(fields.height))
  if (fields.durationSecs !== undefined) form.set('durationSecs', String(fields.durationSecs))
  if (fields.caption !== undefined) form.set('caption', fields.caption)
  return form
}

function isProblem(value: unknown): value is Problem {
  return typeof value === 'object' && value !== null && 'code' in value && 'status' in value
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

/** The answer of a failed upload, however it was sent. */
type Answer = {
  status: number
  contentType: string
  text: string
  retryAfter: string | null
  date: string | null
}

const answerOf = (xhr: XMLHttpRequest): Answer => ({
  status: xhr.status,
  contentType: xhr.getResponseHeader('Content-Type') ?? '',
  text: xhr.responseText,
  retryAfter: xhr.getResponseHeader('Retry-After'),
  date: xhr.getResponseHeader('Date'),
})

function errorFromAnswer({ status, contentType, text, retryAfter, date }: Answer): ApiError {
  const body = contentType.includes('json') ? parseJson(text) : undefined
  const problem = isProblem(body) ? body : undefined
  const fallback: ApiErrorCode =
    status >= 500 ? 'server_error' : status === 401 ? 'session_expired' : 'invalid_response'
  const code: ApiErrorCode = status === 401 ? 'session_expired' : (problem?.code ?? fallback)
  const wait = retryAfterMs(retryAfter, {
    serverDate: date,
    retryAfterSeconds: problem?.retryAfterSeconds,
  })
  return new ApiError({
    status,
    code,
    message: problem?.detail ?? API_ERROR_MESSAGES[code],
    ...(problem ? { problem } : {}),
    method: 'POST',
    path: PATH,
    ...(wait !== undefined ? { retryAfterMs: wait } : {}),
  })
}

const clientError = (
  code: 'offline' | 'transfer_interrupted' | 'timeout' | 'invalid_response',
  status = 0,
) => new ApiError({ status, code, message: API_ERROR_MESSAGES[code], method: 'POST', path: PATH })

/** Uploads one photo or recording; resolves with the server's Evidence. */
export function uploadWithProgress(
  fields: MediaUploadFields,
  idempotencyKey: string,
  onProgress?: UploadProgressListener,
  options: UploadOptions = {},
): Promise<Evidence> {
  if (typeof XMLHttpRequest === 'undefined') return uploadWithFetch(fields, idempotencyKey, options)
  return new Promise<Evidence>((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(options.signal.reason ?? new DOMException('The upload was cancelled.', 'AbortError'))
      return
    }
    const xhr = new XMLHttpRequest()
    xhr.open('POST', uploadUrl(fields))
    xhr.timeout = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
    xhr.setRequestHeader('Accept', 'application/json, application/problem+json')
    xhr.setRequestHeader('Idempotency-Key', idempotencyKey)
    const token = sessionToken()
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`)

    let reported = 0
    xhr.upload.addEventListener('progress', (event) => {
      if (!onProgress || !event.lengthComputable || event.total <= 0) return
      // The server still has to store it: "done" is the answer, not the last byte.
      const fraction = Math.min(0.99, event.loaded / event.total)
      if (fraction - reported >= PROGRESS_STEP || (fraction === 0.99 && reported < 0.99)) {
        reported = fraction
        onProgress(fraction)
      }
    })

    const abort = () => xhr.abort()
    options.signal?.addEventListener('abort', abort, { once: true })
    const done = () => options.signal?.removeEventListener('abort', abort)

    xhr.addEventListener('load', () => {
      done()
      reportReachability(true)
      observeServerDate(xhr.getResponseHeader('Date'))
      if (xhr.status < 200 || xhr.status >= 300) {
        const error = errorFromAnswer(answerOf(xhr))
        if (xhr.status === 401 && token) notifySessionExpired(error, token)
        return reject(error)
      }
      const evidence = parseJson(xhr.responseText)
      if (
        typeof evidence !== 'object' ||
        evidence === null ||
        typeof (evidence as Evidence).id !== 'string'
      )
        return reject(clientError('invalid_response', xhr.status))
      onProgress?.(1)
      resolve(evidence as Evidence)
    })
    xhr.addEventListener('error', () => {
      done()
      // No answer: the connection is gone, or only this transfer was cut (a weak uplink).
      void transferFailure().then(reject)
    })
    xhr.addEventListener('timeout', () => {
      done()
      reject(clientError('timeout'))
    })
    xhr.addEventListener('abort', () => {
      done()
      reject(options.signal?.reason ?? new DOMException('The upload was cancelled.', 'AbortError'))
    })
    xhr.send(mediaUploadForm(fields))
  })
}

/**
 * Why an upload got no answer: the server is asked at once whether it can be reached. If it
 * can, the link works and the transfer was cut — retried later, the app staying online —
 * unless the server answered that it is down (a 5xx, 429: a server in maintenance may close
 * the connection before the body is read); then that is the upload's answer too, with the wait
 * it asked for. Otherwise the phone is offline.
 */
async function transferFailure(): Promise<ApiError> {
  const { reached, refusal } = await askServer()
  if (!reached) return clientError('offline')
  if (isApiError(refusal) && (refusal.status >= 500 || refusal.status === 429)) return refusal
  return clientError('transfer_interrupted')
}

const isEvidence = (value: unknown): value is Evidence =>
  typeof value === 'object' && value !== null && typeof (value as Evidence).id === 'string'

/** The same upload through `fetch` (no upload progress there): the service worker's way. */
async function uploadWithFetch(
  fields: MediaUploadFields,
  idempotencyKey: string,
  options: UploadOptions,
): Promise<Evidence> {
  const controller = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort()
  }, options.timeoutMs ?? DEFAULT_TIMEOUT_MS)
  const forward = () => controller.abort(options.signal?.reason)
  options.signal?.addEventListener('abort', forward, { once: true })
  const headers = new Headers({
    Accept: 'application/json, application/problem+json',
    'Idempotency-Key': idempotencyKey,
  })
  const token = sessionToken()
  if (token) headers.set('Authorization', `Bearer ${token}`)
  try {
    let response: Response
    try {
      response = await fetch(uploadUrl(fields), {
        method: 'POST',
        headers,
        body: mediaUploadForm(fields),
        signal: controller.signal,
      })
    } catch (error) {
      if (timedOut) throw clientError('timeout')
      if (options.signal?.aborted) throw options.signal.reason ?? error
      throw await transferFailure()
    }
    reportReachability(true)
    observeServerDate(response.headers.get('Date'))
    const text = await response.text()
    if (!response.ok) {
      const error = errorFromAnswer({
        status: response.status,
        contentType: response.headers.get('Content-Type') ?? '',
        text,
        retryAfter: response.headers.get('Retry-After'),
        date: response.headers.get('Date'),
      })
      if (response.status === 401 && token) notifySessionExpired(error, token)
      throw error
    }
    const evidence = parseJson(text)
    if (!isEvidence(evidence)) throw clientError('invalid_response', response.status)
    return evidence
  } finally {
    clearTimeout(timer)
    options.signal?.removeEventListener('abort', forward)
  }
}
