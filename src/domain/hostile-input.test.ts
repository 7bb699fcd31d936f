/**
 * Every validator and parser of src/domain against hostile text (issue #8): full Unicode,
 * emoji, RTL and bidi controls, zero-width and control characters, lone surrogates, 10 kB
 * pastes, markup and numbers-as-text. Each one either accepts with a normalized value that
 * satisfies its rule, or refuses with its own pt-BR message; it never throws and never takes
 * long. Gaps found this way were fixed; their tests stay, with the exact input.
 *
 * Only the modules' exported API is used (safeParse, parse/format functions, messages), so the
 * tests hold across the zod → zod/mini migration.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { AnswerValue, EvaluationForm, Mission, Question } from '@/api/entities'
import {
  fastestRunMs,
  hasInvisibleOrBrokenChars,
  hostileString,
  LONG_HOSTILE_SAMPLES,
} from '@/test/hostile-strings'
import {
  itHandlesHostileInput,
  MAX_MS_FOR_10_KB,
  oneOf,
  verdictOf,
} from '@/test/validator-contract'
// Test-only: the seeded catalogue gives a realistic mission and form.
import { CATALOGUE } from '../../mocks/seed/catalogue'
import { attendantNameMessages, attendantNameSchema } from './attendant-name'
import { ATTENDANT_TRAITS, isAttendantTrait, toggleTrait } from './attendant-traits'
import {
  cnpjCheckDigits,
  cnpjMessages,
  cnpjSchema,
  formatCnpj,
  isValidCnpj,
  normalizeCnpj,
} from './cnpj'
import {
  ATTENDANT_NAME_MAX_CHARS,
  JUSTIFICATION_MAX_CHARS,
  JUSTIFICATION_MIN_CHARS,
  TIME_ENTRY_MAX_SECONDS,
  TIME_ENTRY_MIN_SECONDS,
} from './constants'
import { cpfCheckDigits, cpfMessages, cpfSchema, formatCpf, isValidCpf, normalizeCpf } from './cpf'
import { checkinReach, formatDistance } from './geo'
import { checkCompressedImage, checkImageFile, fitWithin, imageFileMessages } from './image-limits'
import { missionRequirementLines, visitDurationLine } from './mission-requirements'
import { checkAccept, isInsideWindow } from './opportunity'
import { formatPhone, formatPhoneMask, parsePhone, phoneMessages, toE164 } from './phone'
import { phoneSchema } from './phone-schema'
import {
  guessPixKeyKind,
  parsePixKey,
  PIX_KEY_MAX_CHARS,
  pixKeyError,
  pixKeyMessages,
  pixKeySchema,
} from './pix-key'
import { computeScore, isAnswered, positivity } from './questionnaire'
import { incompleteReportMessage, reportCompleteness } from './report-completeness'
import { transition } from './task-state-machine'
import { countVisibleChars, withoutBrokenChars } from './text-hygiene'
import { countChars, justificationSchema, testimonySchema } from './text-limits'
import {
  formatMmSs,
  parseMmSs,
  timeEntryMessages,
  timeEntrySecondsSchema,
  timeEntryTextSchema,
} from './time-entry'

/** Every input the property tests below feed to plain functions (not schemas). */
const anyInput = hostileString

/** Numbers a text field can turn into, and a few a bug could: NaN, ±Infinity, -0, fractions. */
const hostileNumber = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(
    NaN,
    Infinity,
    -Infinity,
    -0,
    Number('1e309'),
    Number.MAX_VALUE,
    Number.MIN_VALUE,
    5.5,
  ),
)

const expectQuick = (fn: (input: string) => unknown) => {
  for (const input of LONG_HOSTILE_SAMPLES) {
    const ms = fastestRunMs(() => fn(input))
    expect(ms).toBeLessThan(MAX_MS_FOR_10_KB)
  }
}

// --- phone -------------------------------------------------------------------------------

const E164_BR = /^\+55[1-9]{2}(?:[2-5]\d{7}|9\d{8})$/

describe('phoneSchema against hostile input', () => {
  itHandlesHostileInput({
    read: phoneSchema,
    isOwnMessage: oneOf(phoneMessages),
    nearValid: fc.constantFrom(
      '+55 (11) 98765-4321',
      '11987654321',
      '(21) 3456-7890',
      '+5521912345678',
    ),
    checkAccepted: (value) => {
      expect(value).toMatch(E164_BR)
      expect(verdictOf(phoneSchema, value)).toEqual({ ok: true, value })
      expect(verdictOf(phoneSchema, formatPhone(value))).toEqual({ ok: true, value })
    },
  })

  it('parsePhone gives null or a valid DDD and number that read back the same', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const phone = parsePhone(input)
        if (phone === null) return
        expect(toE164(phone)).toMatch(E164_BR)
        expect(parsePhone(toE164(phone))).toEqual(phone)
      }),
    )
  })

  it('the typing mask shows only digits and its own punctuation, never more than a full number', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        const masked = formatPhoneMask(input)
        expect(masked).toMatch(/^[+\d() -]*$/)
        expect(masked.length).toBeLessThanOrEqual('+55 (11) 98765-4321'.length)
        expect(typeof formatPhone(input)).toBe('string')
      }),
    )
    expectQuick(formatPhoneMask)
  })
})

// --- CPF ---------------------------------------------------------------------------------

const validCpf = fc
  .array(fc.integer({ min: 0, max: 9 }), { minLength: 9, maxLength: 9 })
  .map((d) => d.join(''))
  .filter((nine) => !/^(\d)\1{8}$/.test(nine))
  .map((nine) => nine + cpfCheckDigits(nine))

describe('cpfSchema against hostile input', () => {
  itHandlesHostileInput({
    read: cpfSchema,
    isOwnMessage: oneOf(cpfMessages),
    nearValid: fc.oneof(validCpf, validCpf.map(formatCpf)),
    checkAccepted: (value) => {
      expect(value).toMatch(/^\d{11}$/)
      expect(isValidCpf(value)).toBe(true)
      expect(verdictOf(cpfSchema, formatCpf(value))).toEqual({ ok: true, value })
    },
  })

  it('formatCpf and normalizeCpf keep only ASCII digits and the mask', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        expect(formatCpf(input)).toMatch(/^(?:\d{1,3}(?:\.\d{1,3}){0,2}(?:-\d{1,2})?)?$/)
        expect(normalizeCpf(input)).toMatch(/^\d*$/)
      }),
    )
    expectQuick(formatCpf)
  })
})

// --- CNPJ --------------------------------------------------------------------------------

const validCnpj = fc
  .array(fc.integer({ min: 0, max: 9 }), { minLength: 12, maxLength: 12 })
  .map((d) => d.join(''))
  .filter((twelve) => !/^(\d)\1{11}$/.test(twelve))
  .map((twelve) => twelve + cnpjCheckDigits(twelve))

describe('cnpjSchema against hostile input', () => {
  itHandlesHostileInput({
    read: cnpjSchema,
    isOwnMessage: oneOf(cnpjMessages),
    nearValid: fc.oneof(validCnpj, validCnpj.map(formatCnpj)),
    checkAccepted: (value) => {
      expect(value).toMatch(/^\d{14}$/)
      expect(isValidCnpj(value)).toBe(true)
      expect(verdictOf(cnpjSchema, formatCnpj(value))).toEqual({ ok: true, value })
    },
  })

  it('formatCnpj and normalizeCnpj keep only ASCII digits and the mask', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        expect(formatCnpj(input)).toMatch(/^[\d./-]{0,18}$/)
        expect(normalizeCnpj(input)).toMatch(/^\d*$/)
      }),
    )
    expectQuick(formatCnpj)
  })
})

// --- Pix key -----------------------------------------------------------------------------

describe('pixKeySchema against hostile input', () => {
  itHandlesHostileInput({
    read: pixKeySchema,
    isOwnMessage: oneOf(pixKeyMessages),
    nearValid: fc.constantFrom(
      'ana.souza@exemplo.com.br',
      '529.982.247-25',
      '+55 11 98765-4321',
      '123e4567-e89b-12d3-a456-426614174000',
    ),
    checkAccepted: (value) => {
      // The stored form of the key reads back as itself.
      expect(parsePixKey(value)?.key).toBe(value)
      expect(verdictOf(pixKeySchema, value)).toEqual({ ok: true, value })
      expect(value).toBe(value.trim())
      expect(value).not.toBe('')
    },
  })

  it('pixKeyError and guessPixKeyKind answer anything with one of the module’s messages', () => {
    const own = oneOf(pixKeyMessages)
    fc.assert(
      fc.property(anyInput, (input) => {
        expect(own(pixKeyError(input))).toBe(true)
        expect([null, 'email', 'cpf', 'phone', 'evp']).toContain(guessPixKeyKind(input))
      }),
    )
  })

  // Fixed gap (kept as a regression test): the e-mail rule is /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/, so anything
  // that is not whitespace or "@" passes — NUL, bidi overrides, zero-width spaces, lone
  // surrogates. Expected: refused with pixKeyMessages.email (the DICT accepts only a plain
  // ASCII e-mail address).
  it('refuses e-mail keys carrying control, bidi, zero-width or broken characters', () => {
    for (const input of [
      'ana\u0000@exemplo.com',
      '\u202Eana@exemplo.com',
      'ana\u200B@exemplo.com',
      'ana\uD800@exemplo.com',
    ])
      expect(verdictOf(pixKeySchema, input), JSON.stringify(input)).toEqual({
        ok: false,
        messages: [pixKeyMessages.email],
      })
  })

  // Fixed gap (kept as a regression test): the 77-character limit is checked before lower-casing, and
  // "İ".toLowerCase() is two code points ("i̇"). Input: "İ".repeat(38) + "@a.co" (43
  // characters) is accepted as a key of 81 characters, which the API (maxLength 77) refuses.
  // Expected: the stored key is at most PIX_KEY_MAX_CHARS long (or the input refused).
  it('never stores an e-mail key longer than the API allows', () => {
    const result = verdictOf(pixKeySchema, `${'İ'.repeat(38)}@a.co`)
    if (result.ok) expect(countChars(result.value)).toBeLessThanOrEqual(PIX_KEY_MAX_CHARS)
  })
})

// --- attendant name ----------------------------------------------------------------------

describe('attendantNameSchema against hostile input', () => {
  itHandlesHostileInput({
    read: attendantNameSchema,
    isOwnMessage: oneOf(attendantNameMessages),
    nearValid: fc.constantFrom('Ana Silva', 'José', 'Márcia Andrade', 'Zoë'),
    checkAccepted: (value) => {
      expect(value).toBe(value.normalize('NFC').trim())
      expect(value).not.toMatch(/\s{2}|[^\S ]/u)
      expect(value.split(' ').length).toBeLessThanOrEqual(2)
      expect(countChars(value)).toBeLessThanOrEqual(ATTENDANT_NAME_MAX_CHARS)
      expect(hasInvisibleOrBrokenChars(value)).toBe(false)
      expect(value).toMatch(/^\p{L}/u)
      expect(verdictOf(attendantNameSchema, value)).toEqual({ ok: true, value })
    },
  })

  it('counts characters as the agent sees them: astral letters and composed accents count once', () => {
    const astral = '𝐀'.repeat(ATTENDANT_NAME_MAX_CHARS) // 60 letters, 120 UTF-16 units
    expect(verdictOf(attendantNameSchema, astral)).toEqual({ ok: true, value: astral })
    const decomposed = 'e\u0301'.repeat(ATTENDANT_NAME_MAX_CHARS) // 60 "é" typed as e + accent
    expect(verdictOf(attendantNameSchema, decomposed)).toEqual({
      ok: true,
      value: 'é'.repeat(ATTENDANT_NAME_MAX_CHARS),
    })
    expect(verdictOf(attendantNameSchema, `${astral}𝐀`)).toEqual({
      ok: false,
      messages: [attendantNameMessages.tooLong],
    })
  })

  it('refuses names made of emoji, RTL marks, zero-width or control characters with “letters only”', () => {
    for (const input of ['😀 😀', 'Ana\u200BSilva', '\u202EAna', 'Ana\u0000', 'Ana\uD800', '٣٧'])
      expect(verdictOf(attendantNameSchema, input), JSON.stringify(input)).toEqual({
        ok: false,
        messages: [attendantNameMessages.lettersOnly],
      })
  })
})

// --- attendant traits --------------------------------------------------------------------

describe('toggleTrait against hostile traits', () => {
  it('keeps catalogue traits in catalogue order and never invents one', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(hostileString, fc.constantFrom(...ATTENDANT_TRAITS)), { maxLength: 8 }),
        fc.constantFrom(...ATTENDANT_TRAITS),
        (traits, trait) => {
          const next = toggleTrait(traits, trait)
          const known = next.filter(isAttendantTrait)
          expect(known).toEqual(ATTENDANT_TRAITS.filter((t) => known.includes(t)))
          expect(new Set(known).size).toBe(known.length)
          expect(next.filter((t) => !isAttendantTrait(t))).toEqual(
            traits.filter((t) => !isAttendantTrait(t)),
          )
        },
      ),
    )
  })

  it('recognises only the catalogue’s exact words', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        expect(isAttendantTrait(input)).toBe(
          (ATTENDANT_TRAITS as readonly string[]).includes(input),
        )
      }),
    )
  })
})

// --- justification and testimony ----------------------------------------------------------

const TOO_SHORT = /^Escreva pelo menos (\d+) caracteres \((?:falta|faltam) (\d+)\)\.$/
const TOO_LONG = /^Use no máximo (\d+) caracteres \((\d+) a mais\)\.$/

/** The message's numbers are the ones the UI counter shows: code points of the trimmed text. */
/** The text as the rule reads it: controls and lone surrogates dropped, then trimmed. */
const asRead = (input: string) => withoutBrokenChars(input).trim()

function isOwnTextLimitMessage(message: string, input: string): boolean {
  const length = countChars(input.trim())
  const visible = countVisibleChars(asRead(input))
  const short = TOO_SHORT.exec(message)
  if (short)
    return (
      Number(short[1]) === JUSTIFICATION_MIN_CHARS &&
      Number(short[2]) === JUSTIFICATION_MIN_CHARS - visible &&
      message.includes(visible === JUSTIFICATION_MIN_CHARS - 1 ? '(falta 1)' : 'faltam')
    )
  const long = TOO_LONG.exec(message)
  if (long)
    return (
      Number(long[1]) === JUSTIFICATION_MAX_CHARS &&
      Number(long[2]) === length - JUSTIFICATION_MAX_CHARS
    )
  return false
}

/** Text of `n` code points mixing letters, accents, emoji and RTL letters. */
const textOfLength = (n: number) =>
  fc.string({
    unit: fc.constantFrom('a', 'ç', 'é', '😀', 'م', 'ש', '中', '𝄞'),
    minLength: n,
    maxLength: n,
  })

for (const [name, schema] of [
  ['justificationSchema', justificationSchema],
  ['testimonySchema', testimonySchema],
] as const) {
  describe(`${name} against hostile input`, () => {
    itHandlesHostileInput({
      read: schema,
      isOwnMessage: isOwnTextLimitMessage,
      inputs: fc.oneof(
        hostileString,
        textOfLength(JUSTIFICATION_MIN_CHARS - 1),
        textOfLength(JUSTIFICATION_MIN_CHARS),
        textOfLength(JUSTIFICATION_MAX_CHARS),
        textOfLength(JUSTIFICATION_MAX_CHARS + 1),
      ),
      nearValid: textOfLength(60),
      numRuns: 200,
      checkAccepted: (value, input) => {
        expect(value).toBe(asRead(input))
        expect(countVisibleChars(value)).toBeGreaterThanOrEqual(JUSTIFICATION_MIN_CHARS)
        expect(countChars(input.trim())).toBeLessThanOrEqual(JUSTIFICATION_MAX_CHARS)
        expect(verdictOf(schema, value)).toEqual({ ok: true, value })
      },
    })

    it('counts emoji and astral characters once each, like the on-screen counter', () => {
      const fifty = '😀'.repeat(JUSTIFICATION_MIN_CHARS) // 100 UTF-16 units
      expect(verdictOf(schema, fifty).ok).toBe(true)
      expect(verdictOf(schema, '😀'.repeat(JUSTIFICATION_MIN_CHARS - 1))).toEqual({
        ok: false,
        messages: ['Escreva pelo menos 50 caracteres (falta 1).'],
      })
      expect(verdictOf(schema, '𝄞'.repeat(JUSTIFICATION_MAX_CHARS + 2))).toEqual({
        ok: false,
        messages: ['Use no máximo 1000 caracteres (2 a mais).'],
      })
    })

    // Fixed gap (kept as a regression test): only whitespace is trimmed, so 50 zero-width spaces (U+200B) — a
    // text the agent cannot see — pass the 50-character minimum. Expected: refused with the
    // "Escreva pelo menos 50 caracteres (faltam 50)." message (invisible characters do not count).
    it('does not count invisible characters towards the minimum', () => {
      expect(verdictOf(schema, '\u200B'.repeat(60)).ok).toBe(false)
    })

    // Fixed gap (kept as a regression test): NUL and other C0 controls and lone surrogates are accepted
    // ("a\u0000" × 30, "\uD800" × 60). They cannot be stored as text by most databases
    // (PostgreSQL refuses NUL; a lone surrogate is not UTF-8). Expected: refused (or stripped).
    it('refuses control characters and lone surrogates', () => {
      for (const input of ['a\u0000'.repeat(30), 'x\uD800'.repeat(30)]) {
        const result = verdictOf(schema, input)
        if (result.ok) expect(hasInvisibleOrBrokenChars(result.value)).toBe(false)
      }
    })
  })
}

// --- time entry --------------------------------------------------------------------------

describe('timeEntryTextSchema against hostile input', () => {
  itHandlesHostileInput({
    read: timeEntryTextSchema,
    isOwnMessage: oneOf(timeEntryMessages),
    nearValid: fc.constantFrom('02:30', '2:30', '45', '20:00', '00:05'),
    checkAccepted: (value) => {
      expect(Number.isInteger(value)).toBe(true)
      expect(value).toBeGreaterThanOrEqual(TIME_ENTRY_MIN_SECONDS)
      expect(value).toBeLessThanOrEqual(TIME_ENTRY_MAX_SECONDS)
      expect(verdictOf(timeEntryTextSchema, formatMmSs(value))).toEqual({ ok: true, value })
    },
  })

  it('reads only ASCII digits: fullwidth and Arabic-Indic digits are a format error', () => {
    for (const input of ['０２:３０', '٠٢:٣٠', '02：30', '1e3', '-0', 'NaN', '0x1F', '２'])
      expect(verdictOf(timeEntryTextSchema, input), input).toEqual({
        ok: false,
        messages: [timeEntryMessages.badFormat],
      })
  })

  it('timeEntrySecondsSchema refuses NaN, infinities, fractions and non-numbers with its own message', () => {
    fc.assert(
      fc.property(fc.oneof(hostileNumber, hostileString), (input) => {
        const result = verdictOf(timeEntrySecondsSchema, input)
        if (result.ok) {
          expect(Number.isInteger(result.value)).toBe(true)
          expect(result.value).toBeGreaterThanOrEqual(TIME_ENTRY_MIN_SECONDS)
          expect(result.value).toBeLessThanOrEqual(TIME_ENTRY_MAX_SECONDS)
        } else for (const m of result.messages) expect(oneOf(timeEntryMessages)(m), m).toBe(true)
      }),
    )
  })

  it('parseMmSs gives null or whole non-negative seconds; formatMmSs refuses only what it documents', () => {
    fc.assert(
      fc.property(anyInput, hostileNumber, (input, n) => {
        const seconds = parseMmSs(input)
        if (seconds !== null) {
          expect(Number.isSafeInteger(seconds)).toBe(true)
          expect(seconds).toBeGreaterThanOrEqual(0)
        }
        // The form only formats what parseMmSs read (at most 999:59); beyond 1e15 String() turns exponential.
        if (Number.isFinite(n) && n >= 0 && n < 1e15)
          expect(formatMmSs(n)).toMatch(/^\d{2,}:\d{2}$/)
        else if (!(Number.isFinite(n) && n >= 0)) expect(() => formatMmSs(n)).toThrow(RangeError)
      }),
    )
    expectQuick(parseMmSs)
  })
})

// --- questionnaire -----------------------------------------------------------------------

const question = (q: Partial<Question> & Pick<Question, 'id' | 'kind'>): Question => ({
  text: q.id,
  required: true,
  weight: 1,
  ...q,
})

const HOSTILE_FORM: EvaluationForm = {
  id: 'frm_hostile',
  title: 'Formulário',
  pages: [
    {
      id: 'p1',
      title: 'Página',
      questions: [
        question({ id: 'text', kind: 'text' }),
        question({ id: 'number', kind: 'number', min: 0, max: 10 }),
        question({
          id: 'single',
          kind: 'single',
          options: [
            { value: 'sim', label: 'Sim', positive: true },
            { value: 'não', label: 'Não' },
          ],
        }),
        question({
          id: 'multi',
          kind: 'multi',
          options: [
            { value: 'a', label: 'A', positive: true },
            { value: 'b', label: 'B', positive: true },
          ],
        }),
        question({ id: 'scale', kind: 'scale', min: 1, max: 5 }),
        question({ id: 'yesno', kind: 'yesno' }),
        question({ id: 'after', kind: 'text', showIf: { questionId: 'single', equals: 'sim' } }),
      ],
    },
  ],
}

const hostileAnswer: fc.Arbitrary<AnswerValue> = fc.oneof(
  hostileString,
  hostileNumber,
  fc.boolean(),
  fc.array(hostileString, { maxLength: 4 }),
)

describe('questionnaire rules against hostile answers', () => {
  it('a blank text answer is unanswered; any other value is scored within 0–1 and the score within 0–100', () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.constantFrom(...HOSTILE_FORM.pages[0]!.questions.map((q) => q.id)),
          hostileAnswer,
        ),
        (record) => {
          const answers = new Map(Object.entries(record))
          for (const q of HOSTILE_FORM.pages[0]!.questions) {
            const value = answers.get(q.id)
            if (typeof value === 'string' && value.trim() === '')
              expect(isAnswered(value)).toBe(false)
            if (typeof value === 'number' && !Number.isFinite(value))
              expect(isAnswered(value)).toBe(false)
            const p = positivity(q, value)
            if (p !== null) {
              expect(Number.isNaN(p)).toBe(false)
              expect(p).toBeGreaterThanOrEqual(0)
              expect(p).toBeLessThanOrEqual(1)
            }
          }
          const score = computeScore(HOSTILE_FORM, answers)
          expect(Number.isNaN(score)).toBe(false)
          expect(score).toBeGreaterThanOrEqual(0)
          expect(score).toBeLessThanOrEqual(100)
        },
      ),
    )
  })

  // Fixed gap (kept as a regression test): isAnswered trims whitespace only, so a text answer of zero-width
  // characters ("\u200B\u200C\uFEFF" minus the trimmed BOM) counts as answered although the
  // agent sees an empty bubble. Expected: isAnswered('\u200B\u200C') === false.
  it('an answer of invisible characters only is unanswered', () => {
    expect(isAnswered('\u200B\u200C')).toBe(false)
  })
})

// --- report completeness -----------------------------------------------------------------

const entry = CATALOGUE[0]!
const testimonyMission: Mission = {
  ...entry.mission,
  id: 'msn_hostile',
  projectId: entry.project.id,
  formId: entry.form.id,
  requirements: { ...entry.mission.requirements, proof: 'testimony' },
}

describe('report completeness against a hostile testimony', () => {
  it('the testimony section is complete exactly when the testimony rule accepts it', () => {
    fc.assert(
      fc.property(hostileString, (testimony) => {
        const sections = reportCompleteness(
          {
            answers: [],
            attendants: [],
            times: [],
            checklist: [],
            evidences: [],
            taxReceipts: [],
            testimony,
          },
          testimonyMission,
          entry.form,
        )
        const section = sections.find((s) => s.section === 'testimony')!
        expect(section.complete).toBe(testimonySchema.safeParse(testimony).success)
        const message = incompleteReportMessage(sections.flatMap((s) => s.missing))
        expect(message).toMatch(/^Ainda falta completar: .+\.$/)
      }),
      { numRuns: 100 },
    )
  })
})

// --- mission requirements ----------------------------------------------------------------

describe('mission requirement lines', () => {
  it('are pt-BR sentences for any counts the API allows, never "NaN" or "undefined"', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: 1000 }),
        fc.nat({ max: 1000 }),
        fc.boolean(),
        fc.constantFrom('audio', 'testimony', 'either', 'none' as const),
        fc.nat({ max: 10_000 }),
        (minPhotos, minAttendants, taxReceipt, proof, minutes) => {
          const lines = [
            ...missionRequirementLines({
              minPhotos,
              minAttendants,
              taxReceipt,
              proof,
              checkinMaxAccuracyMeters: 100,
            }),
            visitDurationLine(minutes),
          ]
          for (const line of lines) expect(line).not.toMatch(/NaN|undefined|null|\[object/)
        },
      ),
    )
  })
})

// --- image limits ------------------------------------------------------------------------

describe('image checks against hostile files', () => {
  it('a file with any type and size is usable or refused with one of the module’s messages', () => {
    const own = oneOf(imageFileMessages)
    fc.assert(
      fc.property(
        fc.oneof(
          hostileString,
          fc.constantFrom('image/JPEG', ' image/png ', 'image/svg+xml', 'image/jpg'),
        ),
        fc.nat(),
        (type, size) => {
          const problem = checkImageFile({ type, size })
          if (problem) expect(own(problem.message)).toBe(true)
          else {
            expect(type.trim().toLowerCase()).toMatch(/^image\/(?:jpe?g|png|webp)$/)
            expect(size).toBeGreaterThan(0)
          }
          const compressed = checkCompressedImage({ bytes: size, width: size, height: size })
          if (compressed) expect(own(compressed.message)).toBe(true)
        },
      ),
    )
  })

  it('fitWithin returns whole sizes within the limit, or throws RangeError on a size that is not positive', () => {
    fc.assert(
      fc.property(hostileNumber, hostileNumber, (width, height) => {
        const valid = [width, height].every((n) => Number.isFinite(n) && n > 0)
        if (!valid) {
          expect(() => fitWithin(width, height)).toThrow(RangeError)
          return
        }
        const size = fitWithin(width, height)
        const longest = Math.max(width, height)
        if (longest <= 1920) expect(size).toEqual({ width, height })
        else expect(Math.max(size.width, size.height)).toBe(1920)
        expect(Math.min(size.width, size.height)).toBeGreaterThan(0)
      }),
    )
  })
})

// --- dates typed or chosen by the agent (accept, reschedule) ------------------------------

const NOW = Date.parse('2026-03-10T12:00:00Z')
const WINDOW = { from: '2026-03-10T00:00:00Z', to: '2026-03-20T00:00:00Z' }
const OWN_DATE_MESSAGES = new Set([
  'Escolha uma data dentro do período da oportunidade.',
  'Escolha uma data a partir de agora.',
  'Escolha uma data entre hoje e o prazo da tarefa.',
])

describe('dates chosen by the agent, against hostile text', () => {
  it('accept refuses unreadable dates with a pt-BR refusal and never throws', () => {
    fc.assert(
      fc.property(anyInput, (date) => {
        const offer = {
          status: 'pending' as const,
          expiresAt: '2026-03-15T00:00:00Z',
          task: { window: WINDOW },
        }
        const refusal = checkAccept(offer, date, NOW)
        if (refusal === null) expect(isInsideWindow(WINDOW, date)).toBe(true)
        else expect(OWN_DATE_MESSAGES.has(refusal.message), refusal.message).toBe(true)
      }),
    )
  })

  it('reschedule refuses unreadable dates with a pt-BR refusal and never throws', () => {
    fc.assert(
      fc.property(anyInput, (scheduledFor) => {
        const result = transition(
          { status: 'started', checkedIn: false, deadline: WINDOW.to },
          { type: 'reschedule', scheduledFor },
          NOW,
        )
        if (!result.ok) expect(OWN_DATE_MESSAGES.has(result.refusal.message)).toBe(true)
        else expect(Number.isNaN(Date.parse(scheduledFor))).toBe(false)
      }),
    )
  })
})

// --- position readings -------------------------------------------------------------------

describe('check-in reach against broken position readings', () => {
  it('never allows a check-in from a reading that is not a number, and formats any finite distance', () => {
    fc.assert(
      fc.property(hostileNumber, hostileNumber, hostileNumber, (lat, lng, accuracy) => {
        const reach = checkinReach({
          position: { lat, lng, accuracy },
          location: { lat: -23.55, lng: -46.63 },
        })
        if (!Number.isFinite(lat) || !Number.isFinite(lng)) expect(reach.allowed).toBe(false)
        if (Number.isFinite(reach.distanceMeters))
          expect(formatDistance(reach.distanceMeters)).toMatch(/^[\d.,]+ (?:m|km)$/)
      }),
    )
  })
})
