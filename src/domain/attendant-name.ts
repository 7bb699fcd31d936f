import * as z from 'zod/mini'
import { ATTENDANT_NAME_MAX_CHARS, ATTENDANT_NAME_MAX_WORDS } from './constants'

/** Words that describe a role or say "I don't know" instead of naming the person. */
const GENERIC_ATTENDANT_WORDS = [
  'atendente',
  'vendedor',
  'vendedora',
  'gerente',
  'caixa',
  'moço',
  'moça',
  'rapaz',
  'senhor',
  'senhora',
  'funcionário',
  'funcionária',
  'não',
  'sei',
  'desconhecido',
  'desconhecida',
] as const

/** Common Portuguese insults that must never be stored as a name. */
const OFFENSIVE_ATTENDANT_WORDS = [
  'idiota',
  'burro',
  'burra',
  'otário',
  'otária',
  'babaca',
  'imbecil',
  'palhaço',
  'palhaça',
  'lixo',
  'estúpido',
  'estúpida',
  'retardado',
  'retardada',
  'trouxa',
] as const

/** Every word refused as (part of) an attendant's name, as written in Portuguese. */
export const FORBIDDEN_ATTENDANT_WORDS: readonly string[] = [
  ...GENERIC_ATTENDANT_WORDS,
  ...OFFENSIVE_ATTENDANT_WORDS,
]

/** The pt-BR messages the attendant name schema can produce. */
export const attendantNameMessages = {
  required: 'Informe o nome do atendente.',
  tooLong: `Use no máximo ${ATTENDANT_NAME_MAX_CHARS} caracteres.`,
  tooManyWords: 'Use no máximo duas palavras: nome e sobrenome.',
  lettersOnly: 'Use apenas letras e espaços.',
  genericWord: 'Informe o nome real do atendente, não um cargo ou termo genérico.',
  offensiveWord: 'Esse nome não é aceito. Informe o nome real do atendente.',
} as const

/** Lowercases and strips accents so "MOÇO", "Moço" and "moco" compare equal. */
export function normalizeForComparison(s: string): string {
  return s.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '')
}

const genericWords = new Set(GENERIC_ATTENDANT_WORDS.map(normalizeForComparison))
const offensiveWords = new Set(OFFENSIVE_ATTENDANT_WORDS.map(normalizeForComparison))

/** One or two words; each word starts with a letter followed by letters or combining marks. */
const LETTER_WORDS = /^\p{L}[\p{L}\p{M}]*( \p{L}[\p{L}\p{M}]*)?$/u

/** Trims, turns every run of whitespace into a single space and composes accents (NFC). */
function tidyName(input: string): string {
  return input.normalize('NFC').trim().replace(/\s+/gu, ' ')
}

/**
 * An attendant's name as typed by the agent: tidied (trimmed, single spaces, NFC), then
 * checked to be one or two words of letters that are not a role, a generic term or an insult.
 * Parses to the tidied name.
 */
export const attendantNameSchema = z.pipe(
  z.pipe(z.string({ error: attendantNameMessages.required }), z.transform(tidyName)),
  z.string().check(
    z.superRefine((name: string, ctx) => {
      if (name === '') {
        ctx.addIssue({ code: 'custom', message: attendantNameMessages.required })
        return
      }
      if ([...name].length > ATTENDANT_NAME_MAX_CHARS) {
        ctx.addIssue({ code: 'custom', message: attendantNameMessages.tooLong })
        return
      }
      const words = name.split(' ')
      if (words.length > ATTENDANT_NAME_MAX_WORDS) {
        ctx.addIssue({ code: 'custom', message: attendantNameMessages.tooManyWords })
        return
      }
      if (!LETTER_WORDS.test(name)) {
        ctx.addIssue({ code: 'custom', message: attendantNameMessages.lettersOnly })
        return
      }
      const comparable = words.map(normalizeForComparison)
      if (comparable.some((word) => offensiveWords.has(word))) {
        ctx.addIssue({ code: 'custom', message: attendantNameMessages.offensiveWord })
        return
      }
      if (comparable.some((word) => genericWords.has(word))) {
        ctx.addIssue({ code: 'custom', message: attendantNameMessages.genericWord })
      }
    }),
  ),
)

/** A new attendant's code: `att_` and 8 hex characters of a random UUID. */
export function newAttendantCode() {
  return `att_${crypto.randomUUID().replace(/-/g, '').slice(0, 8)}`
}
