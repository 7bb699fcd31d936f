/**
 * Dates and times as a Brazilian agent types them — "25/11/2026" and "15:30" — whatever
 * language the browser or the phone is set to (a native date control follows those, not the
 * page: it showed "11/26/2026, 03:00 PM" beside a pt-BR hint). The masks shape digits as they
 * are typed; the readers turn a complete text into "yyyy-mm-dd" or "hh:mm", or null.
 */

const pad2 = (n: number) => String(n).padStart(2, '0')

/**
 * "25112026" → "25/11/2026", as typed so far: slashes go in after the day and the month; a
 * day or month typed with one digit and a slash ("5/") becomes two ("05/"). Anything but
 * digits and slashes is dropped, and at most eight digits are kept.
 */
export function maskDate(typed: string): string {
  let rest = typed
    .replace(/[^\d/]/g, '')
    .replace(/\/+/g, '/')
    .replace(/^\//, '')
  const parts: string[] = []
  // Day, then month: two digits, or one digit closed by a slash.
  for (let i = 0; i < 2; i++) {
    const [taken = '', digits = '', slash = ''] = /^(\d{0,2})(\/?)/.exec(rest) ?? []
    rest = rest.slice(taken.length)
    const part = digits.length === 1 && slash ? `0${digits}` : digits
    if (part.length < 2) return [...parts, part].join('/')
    parts.push(part)
    if (rest === '') return parts.join('/') + slash
  }
  return [...parts, rest.replace(/\//g, '').slice(0, 4)].join('/')
}

/**
 * "1530" → "15:30", as typed so far: the colon goes in after the hour; an hour typed with one
 * digit and a colon ("9:") becomes two ("09:"). At most four digits are kept.
 */
export function maskTime(typed: string): string {
  const text = typed.replace(/[^\d:]/g, '').replace(/^:+/, '')
  const short = /^(\d):(\d{0,2})/.exec(text)
  if (short) return `0${short[1]}:${short[2] ?? ''}`
  const digits = text.replace(/:/g, '').slice(0, 4)
  if (digits.length < 2) return digits
  if (digits.length === 2) return /^\d\d:/.test(text) ? `${digits}:` : digits
  return `${digits.slice(0, 2)}:${digits.slice(2)}`
}

const DATE_TEXT = /^(\d{2})\/(\d{2})\/(\d{4})$/
const TIME_TEXT = /^(\d{2}):(\d{2})$/

/** "25/11/2026" → "2026-11-25"; null unless it is a real calendar day written dd/mm/aaaa. */
export function readDateText(text: string): string | null {
  const match = DATE_TEXT.exec(text.trim())
  if (!match) return null
  const [day, month, year] = match.slice(1).map(Number) as [number, number, number]
  const probe = new Date(Date.UTC(year, month - 1, day))
  probe.setUTCFullYear(year)
  if (probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day || year < 1) return null
  return `${String(year).padStart(4, '0')}-${pad2(month)}-${pad2(day)}`
}

/** "15:30" → "15:30"; null unless it is a time of day from 00:00 to 23:59 written hh:mm. */
export function readTimeText(text: string): string | null {
  const match = TIME_TEXT.exec(text.trim())
  if (!match) return null
  const [hour, minute] = match.slice(1).map(Number) as [number, number]
  return hour <= 23 && minute <= 59 ? `${pad2(hour)}:${pad2(minute)}` : null
}

/** "2026-11-25" → "25/11/2026" (no time zone can shift the day); other text is returned as is. */
export function dateTextOf(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate)
  return match ? `${match[3]}/${match[2]}/${match[1]}` : isoDate
}
