/**
 * What a request's body may be, per operation of openapi.yaml: the media types its
 * `requestBody` declares (src/api/json-schemas.gen.json, written by `npm run api:generate`) and
 * how many bytes it may have (src/domain/constants.ts: JSON small, an upload the largest file
 * and its form). Checked before any handler reads the body, in two places:
 *
 * - the handler chain (mocks/fake-backend.ts), the same in the demo's worker, in tests and over
 *   HTTP: 415 for a Content-Type the operation does not declare, 413 for a declared
 *   Content-Length over the limit;
 * - Node's HTTP layer (mocks/node-http.ts), which also counts the bytes of a body sent without a
 *   length and stops reading at the limit, so an oversized body is never read whole.
 */
import jsonSchemas from '@/api/json-schemas.gen.json'
import { AUDIO_MAX_BYTES, JSON_BODY_MAX_BYTES, UPLOAD_BODY_MAX_BYTES } from '@/domain/constants'
import { problem } from './handlers/support'

type DeclaredBody = { required: boolean; mediaTypes: string[] }

/** How a request's body is bounded: the operation's media types and its most bytes. */
export type BodyRule = {
  /** `METHOD /path/{template}` of openapi.yaml, or null for a call with no declared body. */
  operation: string | null
  /** The media types the operation declares; empty when it declares no body. */
  mediaTypes: readonly string[]
  maxBytes: number
}

const MULTIPART = 'multipart/form-data'

const OPERATIONS = Object.entries(
  (jsonSchemas as unknown as { requestBodies: Record<string, DeclaredBody> }).requestBodies,
).map(([operation, body]) => {
  const [method, template] = operation.split(' ') as [string, string]
  const path = template
    .replace(/\/$/, '')
    .split(/\{[^}]+\}/)
    .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
    .join('[^/]+')
  return {
    operation,
    method,
    pattern: new RegExp(`^${path}/?$`),
    mediaTypes: body.mediaTypes,
    maxBytes: body.mediaTypes.includes(MULTIPART) ? UPLOAD_BODY_MAX_BYTES : JSON_BODY_MAX_BYTES,
  }
})

/**
 * The rule for a request, by its method and its path under the API base (`/reports/rep_1`).
 * A call whose operation declares no body (a read, the control plane, an unknown path) may
 * still carry a small one: the JSON limit bounds it.
 */
export function bodyRuleOf(method: string, apiPath: string): BodyRule {
  const found = OPERATIONS.find((o) => o.method === method.toUpperCase() && o.pattern.test(apiPath))
  return found
    ? { operation: found.operation, mediaTypes: found.mediaTypes, maxBytes: found.maxBytes }
    : { operation: null, mediaTypes: [], maxBytes: JSON_BODY_MAX_BYTES }
}

/** `application/json; charset=utf-8` → `application/json`; '' when there is none. */
export function mediaTypeOf(contentType: string | null | undefined): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase()
}

const KIB = 1024
const MB = 1024 * 1024

/** The 413 for a body over the rule's limit, before a byte of it is read. */
export function bodyTooLarge(rule: BodyRule): Response {
  return rule.mediaTypes.includes(MULTIPART)
    ? problem(
        413,
        'file_too_large',
        `O envio passa do máximo: um arquivo de até ${AUDIO_MAX_BYTES / MB} MB com os campos do formulário.`,
      )
    : problem(
        413,
        'body_too_large',
        `O corpo da requisição passa de ${rule.maxBytes / KIB} KiB, o máximo desta operação.`,
      )
}

/**
 * The refusal a request gets before its body is read, or null: 413 when its declared length is
 * over the limit, 415 when the operation declares its body's media types and the request's
 * Content-Type (or its absence) is none of them.
 */
export function bodyRefusal(
  rule: BodyRule,
  headers: { contentType: string | null | undefined; contentLength: string | null | undefined },
): Response | null {
  const length = Number(headers.contentLength ?? NaN)
  if (Number.isFinite(length) && length > rule.maxBytes) return bodyTooLarge(rule)
  if (rule.mediaTypes.length > 0 && !rule.mediaTypes.includes(mediaTypeOf(headers.contentType)))
    return problem(
      415,
      'unsupported_media_type',
      `Envie o corpo como ${rule.mediaTypes.join(' ou ')}.`,
    )
  return null
}
