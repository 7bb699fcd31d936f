import * as z from 'zod/mini'
import { JUSTIFICATION_MAX_CHARS, JUSTIFICATION_MIN_CHARS } from './constants'
import { countVisibleChars, withoutBrokenChars } from './text-hygiene'
import { plural } from './plural'

/** Number of characters as a person counts them on screen: Unicode code points, not UTF-16 units. */
export function countChars(s: string): number {
  return [...s].length
}

/** "Escreva pelo menos 50 caracteres (faltam N)." — singular "falta 1" when one is missing. */
function tooShortMessage(min: number, missing: number): string {
  const verb = plural(missing, 'falta', 'faltam')
  return `Escreva pelo menos ${min} caracteres (${verb} ${missing}).`
}

/** "Use no máximo 1000 caracteres (N a mais)." */
function tooLongMessage(max: number, excess: number): string {
  return `Use no máximo ${max} caracteres (${excess} a mais).`
}

/**
 * A trimmed free text whose length lies within [min, max] code points, counted like the
 * on-screen counter; invisible characters do not count towards the minimum. Controls and
 * lone surrogates (never text) are dropped from the value it parses to.
 */
function boundedTextSchema(min: number, max: number) {
  return z.pipe(
    z.pipe(
      z.string({ error: tooShortMessage(min, min) }),
      z.transform((text: string) => text.trim()),
    ),
    z.pipe(
      z.string().check(
        z.superRefine((text: string, ctx) => {
          const visible = countVisibleChars(withoutBrokenChars(text).trim())
          const length = countChars(text)
          if (visible < min) {
            ctx.addIssue({ code: 'custom', message: tooShortMessage(min, min - visible) })
          } else if (length > max) {
            ctx.addIssue({ code: 'custom', message: tooLongMessage(max, length - max) })
          }
        }),
      ),
      z.transform((text: string) => withoutBrokenChars(text).trim()),
    ),
  )
}

/** A justification answering a validator's pendency: 50–1000 characters after trimming. */
export const justificationSchema = boundedTextSchema(
  JUSTIFICATION_MIN_CHARS,
  JUSTIFICATION_MAX_CHARS,
)

/** A written testimony in place of an audio recording: 50–1000 characters after trimming. */
export const testimonySchema = boundedTextSchema(JUSTIFICATION_MIN_CHARS, JUSTIFICATION_MAX_CHARS)
