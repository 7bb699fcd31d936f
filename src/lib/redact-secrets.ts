/**
 * Takes credentials out of a text meant for people (the error page's technical details, which
 * an agent copies and sends to support): the current session token wherever it appears, and
 * anything shaped like one — `Bearer …`/`Basic …` credentials, JWTs, `token=`/`otp=`
 * URL parameters, `"token": "…"` JSON fields and long opaque runs of base64url characters.
 * Request ids, routes, UUIDs and stack frames stay readable.
 */
export const REDACTED = '[removido]'

const SHAPES: Array<[RegExp, string]> = [
  [/\b(Bearer|Basic)\s+[^\s"',;]+/gi, `$1 ${REDACTED}`],
  [/\beyJ[\w-]+\.[\w-]+\.[\w-]*/g, REDACTED],
  [
    /([?&#](?:token|access_token|refresh_token|id_token|otp|key|password)=)[^&#\s"']+/gi,
    `$1${REDACTED}`,
  ],
  [
    /("(?:token|accessToken|access_token|refreshToken|refresh_token|authorization|otp|password)"\s*:\s*")[^"]*/gi,
    `$1${REDACTED}`,
  ],
  // A whole run of 40 or more. Matched from the left and greedy, a match starts where a run
  // starts and takes it to its end: no lookbehind (which Safari before 16.4 cannot parse, so
  // the file holding it would not load there: docs/decisions/0020-the-browser-floor.md) nor lookahead is needed.
  [/[\w-]{40,}/g, REDACTED],
]

export function redactSecrets(
  text: string,
  knownSecrets: ReadonlyArray<string | null | undefined> = [],
) {
  let out = text
  for (const secret of knownSecrets)
    if (secret && secret.length >= 6) out = out.split(secret).join(REDACTED)
  for (const [shape, replacement] of SHAPES) out = out.replace(shape, replacement)
  return out
}
