/**
 * Bodies Pact's V4 builders have no method for: JSON under `application/problem+json` (the
 * builder's `jsonBody` always says application/json) and a text multipart body (its `body()`
 * is binary and adds a content-type rule that would apply to every part). Both go through the
 * builder's underlying pact-core interaction, which the public builders use the same way.
 */
import { MatchersV3, type PactV4 } from '@pact-foundation/pact'

// pact-js 16.2 does not export its V4 builder types from the package root.
type Unconfigured = ReturnType<PactV4['addInteraction']>
type V4RequestBuilder = Parameters<NonNullable<Parameters<Unconfigured['withRequest']>[2]>>[0]
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

/**
 * A multipart/form-data request body written out with a fixed boundary. The mock server
 * compares it part by part with what the app's FormData sends (any boundary), and the
 * verifier sends these exact bytes to the provider.
 */
export function multipartRequest(
  builder: V4RequestBuilder,
  parts: ReadonlyArray<{ name: string; value: string; fileName?: string; contentType?: string }>,
) {
  const boundary = 'avaliador-pact-boundary'
  const body =
    parts
      .map((part) => {
        const disposition = `form-data; name="${part.name}"${part.fileName ? `; filename="${part.fileName}"` : ''}`
        const type = part.contentType ? `\r\nContent-Type: ${part.contentType}` : ''
        return `--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n${part.value}\r\n`
      })
      .join('') + `--${boundary}--\r\n`
  const contentType = `multipart/form-data; boundary=${boundary}`
  core(builder).withRequestBody(body, contentType)
  builder.headers({
    'Content-Type': MatchersV3.regex('^multipart/form-data; ?boundary=.+$', contentType),
  })
  return builder
}
