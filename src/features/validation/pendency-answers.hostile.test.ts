/** The pendency answers' checks against hostile text (issue #8). */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { Pendency } from '@/api/entities'
import { JUSTIFICATION_MAX_CHARS, JUSTIFICATION_MIN_CHARS } from '@/domain/constants'
import { countChars } from '@/domain/text-limits'
import { countVisibleChars, withoutBrokenChars } from '@/domain/text-hygiene'
import { timeEntryMessages } from '@/domain/time-entry'
import { fastestRunMs, hostileString, LONG_HOSTILE_SAMPLES } from '@/test/hostile-strings'
import { correctedValueProblem, justificationProblem, pendencyAnswersFor } from './pendency-answers'

const TIMES: Pendency = { id: 'pen_1', section: 'times', message: 'Confira o tempo de espera.' }
const PHOTOS: Pendency = { id: 'pen_2', section: 'evidences', message: 'Foto desfocada.' }

describe('pendency answers against hostile text', () => {
  it('a justification problem is one of the text-limit messages, with the counter’s numbers', () => {
    fc.assert(
      fc.property(hostileString, (text) => {
        const problem = justificationProblem(text)
        // As the rule reads it: controls dropped, trimmed; invisible characters do not count
        // towards the minimum.
        const read = withoutBrokenChars(text).trim()
        const length = countChars(text.trim())
        const visible = countVisibleChars(read)
        if (problem === undefined) {
          expect(visible).toBeGreaterThanOrEqual(JUSTIFICATION_MIN_CHARS)
          expect(length).toBeLessThanOrEqual(JUSTIFICATION_MAX_CHARS)
        } else if (visible < JUSTIFICATION_MIN_CHARS)
          expect(problem).toMatch(
            `(${JUSTIFICATION_MIN_CHARS - visible === 1 ? 'falta' : 'faltam'} ${JUSTIFICATION_MIN_CHARS - visible})`,
          )
        else
          expect(problem).toBe(
            `Use no máximo 1000 caracteres (${length - JUSTIFICATION_MAX_CHARS} a mais).`,
          )
      }),
    )
  })

  it('a corrected time is checked as mm:ss; other corrections are free text', () => {
    const own = new Set<string>(Object.values(timeEntryMessages))
    fc.assert(
      fc.property(hostileString, (text) => {
        const problem = correctedValueProblem(TIMES, text)
        if (problem !== undefined) expect(own.has(problem), problem).toBe(true)
        expect(correctedValueProblem(PHOTOS, text)).toBeUndefined()
      }),
    )
  })

  it('the answers sent are trimmed, and a valid corrected time is sent as mm:ss', () => {
    fc.assert(
      fc.property(hostileString, hostileString, (justification, correctedValue) => {
        const [answer] = pendencyAnswersFor(
          [TIMES],
          { [TIMES.id]: { justification, correctedValue, mediaIds: [] } },
          [],
        )
        expect(answer!.justification).toBe(justification.trim())
        if (
          correctedValue.trim() !== '' &&
          correctedValueProblem(TIMES, correctedValue) === undefined
        )
          expect(answer!.correctedValue).toMatch(/^\d{2,}:\d{2}$/)
      }),
    )
  })

  it('answers a 10 kB paste quickly', () => {
    for (const paste of LONG_HOSTILE_SAMPLES) {
      expect(fastestRunMs(() => justificationProblem(paste))).toBeLessThan(50)
      expect(fastestRunMs(() => correctedValueProblem(TIMES, paste))).toBeLessThan(50)
    }
  })
})
