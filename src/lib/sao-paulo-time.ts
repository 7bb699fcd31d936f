/**
 * Visit dates are chosen in São Paulo time (the product's reference clock), whatever time
 * zone the phone is set to: helpers between ISO instants, local values ("2026-05-12T09:30")
 * and what the agent types ("12/05/2026", "09:30"), read as America/Sao_Paulo wall-clock time.
 */
import { dateTextOf, readDateText, readTimeText } from './date-text'

export const VISIT_TIME_ZONE = 'America/Sao_Paulo'

const MINUTE = 60_000

const wallClock = new Intl.DateTimeFormat('en-US', {
  timeZone: VISIT_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
})

const display = new Intl.DateTimeFormat('pt-BR', {
  timeZone: VISIT_TIME_ZONE,
  dateStyle: 'short',
  timeStyle: 'short',
})

type WallClock = {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
}

function wallClockAt(ms: number): WallClock {
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    Number(wallClock.formatToParts(new Date(ms)).find((p) => p.type === type)?.value ?? 0)
  return {
    year: part('year'),
    month: part('month'),
    day: part('day'),
    hour: part('hour') % 24,
    minute: part('minute'),
    second: part('second'),
  }
}

/** São Paulo's offset from UTC at an instant, in ms (−3 h since 2019). */
function offsetAt(ms: number): number {
  const w = wallClockAt(ms)
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second)
  return asUtc - Math.floor(ms / 1000) * 1000
}

const pad = (n: number, size = 2) => String(n).padStart(size, '0')

/** The datetime-local value ("YYYY-MM-DDTHH:mm") of an instant, in São Paulo time. */
export function toLocalInputValue(time: string | number): string {
  const ms = typeof time === 'number' ? time : Date.parse(time)
  const w = wallClockAt(ms)
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}T${pad(w.hour)}:${pad(w.minute)}`
}

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/

/** The ISO instant of a datetime-local value read in São Paulo time; null when not a date. */
export function fromLocalInputValue(value: string): string | null {
  const match = LOCAL_INPUT.exec(value.trim())
  if (!match) return null
  const [year, month, day, hour, minute, second] = match.slice(1).map((n) => Number(n ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ]
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second)
  const check = new Date(asUtc)
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59)
    return null
  // Guess with the offset at the UTC reading, then correct once (enough around a DST change).
  let ms = asUtc - offsetAt(asUtc)
  ms = asUtc - offsetAt(ms)
  return new Date(ms).toISOString()
}

/** min/max for a datetime-local field: whole minutes inside [from, to]. */
export function localInputBounds(from: string | number, to: string | number) {
  const fromMs = typeof from === 'number' ? from : Date.parse(from)
  const toMs = typeof to === 'number' ? to : Date.parse(to)
  return {
    min: toLocalInputValue(Math.ceil(fromMs / MINUTE) * MINUTE),
    max: toLocalInputValue(Math.floor(toMs / MINUTE) * MINUTE),
  }
}

/** "12/05/2026, 09:30" in São Paulo time, to label the bounds of a date field. */
export function formatVisitTime(time: string | number): string {
  return display.format(new Date(time))
}

/** The São Paulo wall-clock date and time of an instant as a pt-BR agent types them. */
export function dateTimeTextAt(time: string | number): { date: string; time: string } {
  const [date = '', clock = ''] = toLocalInputValue(time).split('T')
  return { date: dateTextOf(date), time: clock }
}

/**
 * The ISO instant of "25/11/2026" and "15:30" read as São Paulo wall-clock time; null when
 * either is not complete and real.
 */
export function instantFromDateTimeText(date: string, time: string): string | null {
  const day = readDateText(date)
  const clock = readTimeText(time)
  return day && clock ? fromLocalInputValue(`${day}T${clock}`) : null
}
