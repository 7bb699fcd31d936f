import * as z from 'zod/mini'
import { TIME_ENTRY_MAX_SECONDS, TIME_ENTRY_MIN_SECONDS } from './constants'

/** Minutes (one to three digits) and two-digit seconds 00–59, e.g. "2:30" or "02:30". */
const MINUTES_SECONDS = /^(\d{1,3}):([0-5]\d)$/
/** Bare seconds, one or two digits, e.g. "45". */
const SECONDS_ONLY = /^\d{1,2}$/

/**
 * Reads a typed duration as "mm:ss", "m:ss" or bare seconds "ss"; spaces around are ignored.
 * Returns the number of seconds, or null when the text is in none of these forms.
 */
export function parseMmSs(text: string): number | null {
  const trimmed = text.trim()
  if (SECONDS_ONLY.test(trimmed)) return Number(trimmed)
  const match = MINUTES_SECONDS.exec(trimmed)
  if (match === null) return null
  const [, minutes = '', seconds = ''] = match
  return Number(minutes) * 60 + Number(seconds)
}

/** Shows seconds as "mm:ss"; minutes go past 59 ("20:00", "75:30"). Fractions are dropped. */
export function formatMmSs(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) {
    throw new RangeError(`formatMmSs expects a non-negative finite number, got ${seconds}`)
  }
  const whole = Math.floor(seconds)
  const minutes = Math.floor(whole / 60)
  const rest = whole % 60
  return `${String(minutes).padStart(2, '0')}:${String(rest).padStart(2, '0')}`
}

export const timeEntryMessages = {
  notWhole: 'Informe o tempo em segundos inteiros.',
  tooShort: `O tempo mínimo é ${formatMmSs(TIME_ENTRY_MIN_SECONDS)}.`,
  tooLong: `O tempo máximo é ${formatMmSs(TIME_ENTRY_MAX_SECONDS)}.`,
  badFormat: 'Use o formato mm:ss, por exemplo 02:30.',
} as const

/** A mission time in whole seconds, from 5 (00:05) to 1200 (20:00). */
export const timeEntrySecondsSchema = z
  .int({ error: timeEntryMessages.notWhole })
  .check(
    z.gte(TIME_ENTRY_MIN_SECONDS, { error: timeEntryMessages.tooShort }),
    z.lte(TIME_ENTRY_MAX_SECONDS, { error: timeEntryMessages.tooLong }),
  )

/** A mission time typed as mm:ss (or m:ss, or ss); parses to whole seconds within 5–1200. */
export const timeEntryTextSchema = z.pipe(
  z.pipe(
    z.string({ error: timeEntryMessages.badFormat }),
    z.transform((text: string, ctx) => {
      const seconds = parseMmSs(text)
      if (seconds === null) {
        ctx.issues.push({ code: 'custom', message: timeEntryMessages.badFormat, input: text })
        return z.NEVER
      }
      return seconds
    }),
  ),
  timeEntrySecondsSchema,
)
