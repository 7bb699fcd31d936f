/**
 * What openapi.yaml's `format: date-time` and `format: date` accept, as the pacts match them.
 * A pact must accept every date-time a real backend may write under `format: date-time`,
 * not only the one `Date.prototype.toISOString()` writes: no fraction or any number of
 * fractional digits, `Z` or any offset (`+00:00`, `-03:00`), `T`/`Z` in either case (RFC 3339
 * §5.6; Java, Python and Postgres defaults all differ from JavaScript's). The app reads every
 * one of these with `Date.parse`.
 *
 * One RFC 3339 form is left out on purpose: the leap second `23:59:60`, which `Date.parse`
 * cannot read (NaN) and which no mainstream backend writes.
 *
 * Plain data, no Pact: scripts/contract-lib.ts checks every pact against these.
 */

/** RFC 3339 `date-time`, as a regular expression (Pact's regex matcher; Rust and JS alike). */
export const RFC3339_DATE_TIME =
  '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])[Tt]([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(\\.\\d+)?([Zz]|[+-]([01]\\d|2[0-3]):[0-5]\\d)$'

/**
 * RFC 3339 `full-date` (`format: date`) as Pact's date matcher format: a full-date has one
 * written form, and the date matcher also refuses days that do not exist.
 */
export const FULL_DATE_FORMAT = 'yyyy-MM-dd'
