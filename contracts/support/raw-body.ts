/**
 * Bodies Pact's V4 builders have no method for: JSON under `application/problem+json` (the
 * builder's `jsonBody` always says application/json) and a multipart body matched part by
 * part (its `body()` adds one content-type rule that would apply to every part). Both go through the
 * builder's underlying pact-core interaction, which the public builders use the same way.
 */
import { MatchersV3, type PactV4 } from '@pact-foundation/pact'

// pact-js 16.2 does not export its V4 builder types from the package root.
type Unconfigured = ReturnType<PactV4['addInteraction']>
export type V4RequestBuilder = Parameters<
  NonNullable<Parameters<Unconfigured['withRequest']>[2]>
>[0]
type V4ResponseBuilder = Parameters<
  NonNullable<Parameters<ReturnType<Unconfigured['withRequest']>['willRespondWith']>[1]>
>[0]

type CoreInteraction = {
  withRequestBody(body: string, contentType: string): boolean
  withResponseBody(body: string, contentType: string): boolean
}

const core = (builder: V4RequestBuilder | V4ResponseBuilder) =>
  (builder as unknown as { interaction: CoreInteraction }).interaction

/** A JSON body (with matchers) sent as `contentType`, e.g. application/problem+json. */
export function jsonResponseAs(builder: V4ResponseBuilder, contentType: string, body: unknown) {
  builder.headers({ 'Content-Type': contentType })
  core(builder).withResponseBody(MatchersV3.matcherValueOrString(body), contentType)
  return builder
}

/** An application/problem+json error reply. */
export function problemReply(builder: V4ResponseBuilder, body: Record<string, unknown>) {
  jsonResponseAs(builder, 'application/problem+json', body)
  return builder.headers({
    'Content-Type': MatchersV3.regex(
      '^application/problem\\+json(;.*)?$',
      'application/problem+json',
    ),
  })
}

/** One part of a multipart body, and how the mock server matches what the app sends for it. */
export type Part = {
  name: string
  value: string | Buffer
  fileName?: string
  contentType?: string
  /**
   * How the app's part is matched: by default its exact value, or a file by its detected
   * content type (the magic bytes: a JPEG must be a JPEG); a regex for values the app computes
   * (the time a photo was taken).
   */
  regex?: string
}

type CoreRequest = CoreInteraction & {
  withRequestBinaryBody(body: Buffer, contentType: string): boolean
  withRequestMatchingRules(rules: string): boolean
}

/**
 * A multipart/form-data request body written out with a fixed boundary, as bytes: a file part
 * holds a real image. The mock server compares it part by part with what the app's FormData
 * sends (any boundary) by the rules of each part, and the verifier sends these exact bytes to
 * the provider. (The verifier cannot rewrite a multipart body: provider-state values go in the
 * path, the query or the headers.)
 */
export function multipartRequest(builder: V4RequestBuilder, parts: readonly Part[]) {
  const boundary = 'avaliador-pact-boundary'
  const body = Buffer.concat([
    ...parts.flatMap((part) => {
      const disposition = `form-data; name="${part.name}"${part.fileName ? `; filename="${part.fileName}"` : ''}`
      const type = part.contentType ? `\r\nContent-Type: ${part.contentType}` : ''
      return [
        Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`),
        Buffer.from(part.value),
        Buffer.from('\r\n'),
      ]
    }),
    Buffer.from(`--${boundary}--\r\n`),
  ])
  const contentType = `multipart/form-data; boundary=${boundary}`
  const request = core(builder) as CoreRequest
  request.withRequestBinaryBody(body, contentType)
  // A binary body comes with one content-type rule for all of it, which every part would
  // inherit: each part gets its own rule instead.
  const rule = (part: Part) =>
    part.regex !== undefined
      ? { match: 'regex', regex: part.regex }
      : part.fileName && part.contentType
        ? { match: 'contentType', value: part.contentType }
        : { match: 'equality' }
  request.withRequestMatchingRules(
    JSON.stringify({
      body: Object.fromEntries(
        parts.map((part) => [`$.${part.name}`, { combine: 'AND', matchers: [rule(part)] }]),
      ),
    }),
  )
  builder.headers({
    'Content-Type': MatchersV3.regex('^multipart/form-data; ?boundary=.+$', contentType),
  })
  return builder
}
