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

const two = (n: number) => String(n).padStart(2, '0')
const OFFSET_HOURS = '([01]\\d|2[0-3])'

/**
 * An RFC 3339 date-time whose instant is in second `minute`:`second` of its UTC hour (any
 * fraction: a backend may keep microseconds or drop milliseconds), written in any of the forms
 * above: `10:40:00Z`, `07:40:00.000-03:00`, `16:10:00+05:30`. Seconds keep their value under any offset, minutes move by the offset's
 * minutes: one alternative per local minute, each with the offsets that put it there.
 *
 * Pact cannot compare a response value with a value of the provider state (the verifier
 * applies provider-state generators to requests only), so a value the provider must keep as
 * sent is recognised by a mark it cannot have by chance: the offline check-out's device time
 * is arranged at minute 40, second 0, and a server that stores its own clock instead fails
 * unless its clock read hh:40:00 at that moment (one second in an hour).
 */
export function instantAtMinuteOfHour(minute: number, second = 0): string {
  const locals = Array.from({ length: 60 }, (_, local) => {
    const plus = (local - minute + 60) % 60
    const minus = (minute - local + 60) % 60
    const zones =
      plus === 0
        ? ['[Zz]', `[+-]${OFFSET_HOURS}:00`]
        : [`\\+${OFFSET_HOURS}:${two(plus)}`, `-${OFFSET_HOURS}:${two(minus)}`]
    return `${two(local)}:${two(second)}(\\.\\d+)?(${zones.join('|')})`
  })
  return `^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])[Tt]([01]\\d|2[0-3]):(${locals.join('|')})$`
}
