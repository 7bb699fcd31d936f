import { describe, it, expect } from 'vitest'
import fc from 'fast-check'
import { bestAnswer } from '@/test/best-answer'
import type { AnswerValue, EvaluationForm, FormPage, Question } from '@/api/entities'
import { questionKindValues } from '@/api/schema.gen'
// Test-only: the seeded catalogue gives realistic forms (tests are not part of the bundle).
import { CATALOGUE } from '../../mocks/seed/catalogue'
import {
  answersById,
  computeScore,
  findQuestion,
  incompletePages,
  isAnswered,
  isQuestionVisible,
  nextUnansweredQuestion,
  positivity,
  visibleQuestions,
  type AnswersById,
} from './questionnaire'

const FARMA = CATALOGUE[0]!.form

const answers = (entries: Record<string, AnswerValue>): AnswersById =>
  new Map(Object.entries(entries))

function q(id: string, extra: Partial<Question> = {}): Question {
  return { id, kind: 'yesno', text: `Pergunta ${id}?`, required: true, weight: 1, ...extra }
}

function formOf(...pages: Array<[string, Question[]]>): EvaluationForm {
  return {
    id: 'frm_test',
    title: 'Teste',
    pages: pages.map(([title, questions], i) => ({ id: `p${i + 1}`, title, questions })),
  }
}

/** Every required (and scored) question of a seeded form answered at its most positive. */
function allPositive(prefix: string): Record<string, AnswerValue> {
  return {
    [`${prefix}-q1`]: true,
    [`${prefix}-q2`]: true,
    [`${prefix}-q3`]: 90,
    [`${prefix}-q4`]: 'evd_1',
    [`${prefix}-q5`]: 'perguntou',
    [`${prefix}-q6`]: true,
    [`${prefix}-q7`]: ['ouviu', 'explicou', 'ofereceu'],
    [`${prefix}-q8`]: true,
    [`${prefix}-q9`]: 'Apresentou o cartão com desconto.',
    [`${prefix}-q10`]: 5,
    [`${prefix}-q12`]: true,
  }
}

const ids = (list: Array<{ question: Question }>) => list.map((e) => e.question.id)
const titles = (pages: FormPage[]) => pages.map((p) => p.title)

// ---------------------------------------------------------------------------------------------

describe('showIf visibility', () => {
  // q1 (yesno) → q2 (single) shown when q1 = true → q3 (text) shown when q2 = 'x'
  const chained = formOf([
    'P',
    [
      q('q1'),
      q('q2', {
        kind: 'single',
        showIf: { questionId: 'q1', equals: true },
        options: [
          { value: 'x', label: 'X', positive: true },
          { value: 'y', label: 'Y' },
        ],
      }),
      q('q3', { kind: 'text', weight: 0, showIf: { questionId: 'q2', equals: 'x' } }),
    ],
  ])
  const visible = (a: Record<string, AnswerValue>) => ids(visibleQuestions(chained, answers(a)))

  it('a question without showIf is always visible', () => {
    expect(visible({})).toEqual(['q1'])
  })

  it('shows the dependant when the trigger has the value, hides it otherwise', () => {
    expect(visible({ q1: true })).toEqual(['q1', 'q2'])
    expect(visible({ q1: false })).toEqual(['q1'])
    expect(visible({ q1: 'true' })).toEqual(['q1'])
  })

  it('follows a chain of showIf', () => {
    expect(visible({ q1: true, q2: 'x' })).toEqual(['q1', 'q2', 'q3'])
    expect(visible({ q1: true, q2: 'y' })).toEqual(['q1', 'q2'])
  })

  it('a trigger that is itself hidden hides its dependants, whatever its stale answer', () => {
    expect(visible({ q1: false, q2: 'x' })).toEqual(['q1'])
    expect(visible({ q2: 'x' })).toEqual(['q1'])
    const q3 = findQuestion(chained, 'q3')!
    expect(isQuestionVisible(chained, q3, answers({ q1: false, q2: 'x', q3: 'texto' }))).toBe(false)
  })

  it('multi answers: a scalar equals matches when chosen; an array equals must match exactly', () => {
    const form = formOf([
      'P',
      [
        q('m', {
          kind: 'multi',
          options: [
            { value: 'a', label: 'A' },
            { value: 'b', label: 'B' },
          ],
        }),
        q('s', { showIf: { questionId: 'm', equals: 'a' } }),
        q('t', { showIf: { questionId: 'm', equals: ['a', 'b'] } }),
      ],
    ])
    const v = (a: Record<string, AnswerValue>) => ids(visibleQuestions(form, answers(a)))
    expect(v({ m: ['b', 'a'] })).toEqual(['m', 's'])
    expect(v({ m: ['a', 'b'] })).toEqual(['m', 's', 't'])
    expect(v({ m: ['b'] })).toEqual(['m'])
    expect(v({ m: [] })).toEqual(['m'])
  })

  it('a showIf pointing at a missing question or at itself hides the question', () => {
    const form = formOf([
      'P',
      [
        q('a', { showIf: { questionId: 'nope', equals: true } }),
        q('b', { showIf: { questionId: 'b', equals: true } }),
      ],
    ])
    expect(visibleQuestions(form, answers({ nope: true, b: true }))).toEqual([])
  })

  // Regression test for a bug found in review (fixed).
  it('a showIf cycle hides the questions instead of overflowing the stack', () => {
    const form = formOf([
      'P',
      [
        q('a', { showIf: { questionId: 'b', equals: true } }),
        q('b', { showIf: { questionId: 'a', equals: true } }),
        q('c'),
      ],
    ])
    expect(ids(visibleQuestions(form, answers({ a: true, b: true })))).toEqual(['c'])
  })

  it('seeded form: the loyalty follow-up appears only after "yes"', () => {
    const prefix = 'farma'
    const q9 = findQuestion(FARMA, `${prefix}-q9`)!
    expect(isQuestionVisible(FARMA, q9, answers({}))).toBe(false)
    expect(isQuestionVisible(FARMA, q9, answers({ [`${prefix}-q8`]: false }))).toBe(false)
    expect(isQuestionVisible(FARMA, q9, answers({ [`${prefix}-q8`]: true }))).toBe(true)
  })
})

describe('isAnswered', () => {
  it('treats blanks, empty lists and non-finite numbers as unanswered', () => {
    for (const value of [undefined, '', '   ', [], Number.NaN, Number.POSITIVE_INFINITY])
      expect(isAnswered(value as AnswerValue | undefined), String(value)).toBe(false)
  })

  it('false, 0 and one choice are answers', () => {
    for (const value of [false, true, 0, -3, 'x', ['a']] as AnswerValue[])
      expect(isAnswered(value), JSON.stringify(value)).toBe(true)
  })
})

describe('incompletePages', () => {
  it('all pages with no answers (hidden required questions do not count)', () => {
    for (const { form } of CATALOGUE)
      expect(titles(incompletePages(form, answers({})))).toEqual([
        'Chegada',
        'Atendimento',
        'Finalização',
      ])
  })

  it('none when every required visible question is answered (the optional one may stay blank)', () => {
    for (const { form } of CATALOGUE) {
      const prefix = form.pages[0]!.id.replace('-chegada', '')
      expect(incompletePages(form, answers(allPositive(prefix)))).toEqual([])
    }
  })

  it('a "yes" that reveals a required question reopens its page; "no" closes it', () => {
    const a = allPositive('farma')
    delete a['farma-q9']
    expect(titles(incompletePages(FARMA, answers(a)))).toEqual(['Atendimento'])
    expect(incompletePages(FARMA, answers({ ...a, 'farma-q8': false }))).toEqual([])
  })

  it('a blank text or empty choice does not complete a page', () => {
    const a = allPositive('farma')
    expect(titles(incompletePages(FARMA, answers({ ...a, 'farma-q9': '  ' })))).toEqual([
      'Atendimento',
    ])
    expect(titles(incompletePages(FARMA, answers({ ...a, 'farma-q7': [] })))).toEqual([
      'Atendimento',
    ])
    expect(titles(incompletePages(FARMA, answers({ ...a, 'farma-q1': false })))).toEqual([])
  })

  it('lists pages in form order', () => {
    const a = allPositive('farma')
    delete a['farma-q12']
    delete a['farma-q1']
    expect(titles(incompletePages(FARMA, answers(a)))).toEqual(['Chegada', 'Finalização'])
  })
})

describe('nextUnansweredQuestion', () => {
  const next = (a: Record<string, AnswerValue>) =>
    nextUnansweredQuestion(FARMA, answers(a))?.question.id

  it('walks the form in order', () => {
    expect(next({})).toBe('farma-q1')
    expect(next({ 'farma-q1': true })).toBe('farma-q2')
    expect(next({ 'farma-q2': true })).toBe('farma-q1')
    expect(next({ 'farma-q1': true, 'farma-q2': false, 'farma-q3': 30, 'farma-q4': 'evd_1' })).toBe(
      'farma-q5',
    )
  })

  it('returns the page with the question', () => {
    const found = nextUnansweredQuestion(
      FARMA,
      answers({ 'farma-q1': true, 'farma-q2': false, 'farma-q3': 30, 'farma-q4': 'evd_1' }),
    )
    expect(found?.page.title).toBe('Atendimento')
  })

  it('asks the showIf follow-up right after a "yes", skips it after a "no"', () => {
    const a = allPositive('farma')
    delete a['farma-q9']
    delete a['farma-q10']
    delete a['farma-q12']
    expect(next(a)).toBe('farma-q9')
    expect(next({ ...a, 'farma-q8': false })).toBe('farma-q10')
  })

  it('asks optional questions too, and nothing once all are answered', () => {
    const a = allPositive('farma')
    expect(next(a)).toBe('farma-q11')
    expect(next({ ...a, 'farma-q11': 2 })).toBeUndefined()
  })
})

describe('positivity', () => {
  const single = q('s', {
    kind: 'single',
    options: [
      { value: 'bom', label: 'Bom', positive: true },
      { value: 'ruim', label: 'Ruim', positive: false },
      { value: 'neutro', label: 'Neutro' },
    ],
  })
  const multi = q('m', {
    kind: 'multi',
    options: [
      { value: 'a', label: 'A', positive: true },
      { value: 'b', label: 'B', positive: true },
      { value: 'c', label: 'C', positive: true },
      { value: 'x', label: 'X', positive: false },
    ],
  })

  it('yesno: only true is positive', () => {
    const yn = q('y')
    expect(positivity(yn, true)).toBe(1)
    expect(positivity(yn, false)).toBe(0)
    expect(positivity(yn, undefined)).toBe(0)
    expect(positivity(yn, 'true')).toBe(0)
  })

  it('single: 1 for a positive option, else 0', () => {
    expect(positivity(single, 'bom')).toBe(1)
    expect(positivity(single, 'ruim')).toBe(0)
    expect(positivity(single, 'neutro')).toBe(0)
    expect(positivity(single, 'inexistente')).toBe(0)
    expect(positivity(single, undefined)).toBe(0)
  })

  it('multi: share of positive options chosen, minus wrong choices, never below 0', () => {
    expect(positivity(multi, ['a', 'b', 'c'])).toBe(1)
    expect(positivity(multi, ['c', 'a'])).toBeCloseTo(2 / 3)
    expect(positivity(multi, ['a', 'b', 'c', 'x'])).toBeCloseTo(2 / 3)
    expect(positivity(multi, ['a', 'x'])).toBe(0)
    expect(positivity(multi, ['x'])).toBe(0)
    expect(positivity(multi, [])).toBe(0)
    expect(positivity(multi, undefined)).toBe(0)
    expect(positivity(multi, 'a')).toBe(0)
  })

  it('multi without positive options is not scored', () => {
    const plain = q('m2', { kind: 'multi', options: [{ value: 'a', label: 'A' }] })
    expect(positivity(plain, ['a'])).toBeNull()
    expect(positivity(q('m3', { kind: 'multi' }), ['a'])).toBeNull()
  })

  it('scale: linear from min to max, clamped; default 1..5', () => {
    const scale = q('sc', { kind: 'scale', min: 0, max: 10 })
    expect(positivity(scale, 0)).toBe(0)
    expect(positivity(scale, 10)).toBe(1)
    expect(positivity(scale, 5)).toBe(0.5)
    expect(positivity(scale, -4)).toBe(0)
    expect(positivity(scale, 14)).toBe(1)
    expect(positivity(scale, '10')).toBe(0)
    expect(positivity(scale, undefined)).toBe(0)
    const dflt = q('sd', { kind: 'scale' })
    expect(positivity(dflt, 1)).toBe(0)
    expect(positivity(dflt, 3)).toBe(0.5)
    expect(positivity(dflt, 5)).toBe(1)
    expect(positivity(q('bad', { kind: 'scale', min: 3, max: 3 }), 3)).toBe(0)
  })

  it('number, text, time and photo are not scored', () => {
    for (const kind of ['number', 'text', 'time', 'photo'] as const)
      expect(positivity(q('n', { kind }), 5), kind).toBeNull()
  })
})

describe('computeScore (seeded forms)', () => {
  // Scored questions with no showIf in the seeded forms: q1 (1), q2 (2), q5 (2), q6 (3),
  // q7 (2), q8 (1), q10 (3), q12 (1) → total weight 15.

  it('is 0 with no answers', () => {
    for (const { form } of CATALOGUE) expect(computeScore(form, answers({}))).toBe(0)
  })

  it('is 100 when every answer is positive', () => {
    for (const { form } of CATALOGUE) {
      const prefix = form.pages[0]!.id.replace('-chegada', '')
      expect(computeScore(form, answers(allPositive(prefix)))).toBe(100)
    }
  })

  it('weights answers and rounds to one decimal', () => {
    expect(computeScore(FARMA, answers({ 'farma-q6': true }))).toBe(20) // 3/15
    expect(computeScore(FARMA, answers({ 'farma-q10': 3 }))).toBe(10) // 3·0.5/15
    expect(computeScore(FARMA, answers({ 'farma-q7': ['ouviu', 'explicou'] }))).toBe(8.9) // 2·⅔/15
    expect(computeScore(FARMA, answers({ 'farma-q1': true, 'farma-q12': true }))).toBe(13.3)
    const a = allPositive('farma')
    expect(computeScore(FARMA, answers({ ...a, 'farma-q6': false }))).toBe(80) // 12/15
  })

  it('ignores unscored kinds (time, photo, text, number)', () => {
    const a = allPositive('farma')
    expect(
      computeScore(
        FARMA,
        answers({ ...a, 'farma-q3': 1200, 'farma-q4': '', 'farma-q9': '', 'farma-q11': 0 }),
      ),
    ).toBe(100)
  })
})

describe('computeScore (built forms)', () => {
  it('ignores hidden questions, even with a stale answer', () => {
    const form = formOf([
      'P',
      [
        q('a', { weight: 0 }),
        q('b', { weight: 5, showIf: { questionId: 'a', equals: true } }),
        q('c', { weight: 1 }),
      ],
    ])
    expect(computeScore(form, answers({ a: false, b: false, c: true }))).toBe(100)
    expect(computeScore(form, answers({ a: true, b: false, c: true }))).toBe(16.7)
  })

  it('ignores weight 0 (and negative weights)', () => {
    const form = formOf([
      'P',
      [q('zero', { weight: 0 }), q('neg', { weight: -3 }), q('one', { weight: 1 })],
    ])
    expect(computeScore(form, answers({ zero: false, neg: false, one: true }))).toBe(100)
    expect(computeScore(form, answers({ zero: true, neg: true, one: false }))).toBe(0)
  })

  it('is 0 when nothing is scored', () => {
    const form = formOf(['P', [q('t', { kind: 'text' }), q('w', { weight: 0 })]])
    expect(computeScore(form, answers({ t: 'ok', w: true }))).toBe(0)
  })
})

// ---------------------------------------------------------------------------------------------
// Random forms

const OPTION_VALUES = ['a', 'b', 'c', 'd'] as const

const optionsArb = fc.subarray([...OPTION_VALUES], { minLength: 1 }).chain((values) =>
  fc.tuple(
    ...values.map((value) =>
      fc.record({
        value: fc.constant(value),
        label: fc.constant(value.toUpperCase()),
        positive: fc.option(fc.boolean(), { nil: undefined }),
      }),
    ),
  ),
)

const answerValueArb: fc.Arbitrary<AnswerValue> = fc.oneof(
  fc.boolean(),
  fc.constantFrom(...OPTION_VALUES, '', '  ', 'texto'),
  fc.integer({ min: -10, max: 20 }),
  fc.double({ min: -1e6, max: 1e6, noNaN: true }),
  fc.subarray([...OPTION_VALUES, 'z']),
)

type QuestionDraft = Omit<Question, 'id' | 'showIf'> & {
  showIfOn: number | null
  equals: AnswerValue
}

const questionDraftArb: fc.Arbitrary<QuestionDraft> = fc.record({
  kind: fc.constantFrom(...questionKindValues),
  text: fc.constant('?'),
  required: fc.boolean(),
  weight: fc.constantFrom(0, 0, 1, 2, 3, 5, 0.5),
  options: optionsArb,
  min: fc.option(fc.integer({ min: -2, max: 3 }), { nil: undefined }),
  max: fc.option(fc.integer({ min: 2, max: 10 }), { nil: undefined }),
  showIfOn: fc.option(fc.nat(), { nil: null }),
  equals: answerValueArb,
})

/** A form of 1–4 pages whose showIf rules only point at earlier questions (no cycles). */
const formArb: fc.Arbitrary<EvaluationForm> = fc
  .array(fc.array(questionDraftArb, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 4 })
  .map((pages) => {
    let n = 0
    return {
      id: 'frm_rand',
      title: 'Aleatório',
      pages: pages.map((drafts, p) => ({
        id: `p${p}`,
        title: `Página ${p}`,
        questions: drafts.map(({ showIfOn, equals, ...rest }) => {
          const index = n++
          const question: Question = { id: `q${index}`, ...rest }
          if (showIfOn !== null && index > 0)
            question.showIf = { questionId: `q${showIfOn % index}`, equals }
          return question
        }),
      })),
    }
  })

const formAndAnswersArb = formArb.chain((form) => {
  const questionIds = form.pages.flatMap((p) => p.questions.map((qq) => qq.id))
  return fc
    .array(fc.tuple(fc.constantFrom(...questionIds), answerValueArb), { maxLength: 25 })
    .map((entries) => ({ form, answers: new Map(entries) as AnswersById }))
})

describe('properties over random forms', () => {
  it('computeScore is always a number in 0..100 (capped at 100)', () => {
    fc.assert(
      fc.property(formAndAnswersArb, ({ form, answers: a }) => {
        const score = computeScore(form, a)
        expect(Number.isFinite(score)).toBe(true)
        expect(score).toBeGreaterThanOrEqual(0)
        expect(score).toBeLessThanOrEqual(100)
      }),
      { numRuns: 500 },
    )
  })

  it('answers to hidden questions change nothing', () => {
    fc.assert(
      fc.property(formAndAnswersArb, ({ form, answers: a }) => {
        const visible = new Set(ids(visibleQuestions(form, a)))
        const onlyVisible = new Map([...a].filter(([id]) => visible.has(id)))
        expect(ids(visibleQuestions(form, onlyVisible))).toEqual([...visible])
        expect(computeScore(form, onlyVisible)).toBe(computeScore(form, a))
        expect(incompletePages(form, onlyVisible)).toEqual(incompletePages(form, a))
      }),
      { numRuns: 300 },
    )
  })

  it('no next question ⇒ no incomplete page; an incomplete page ⇒ its question is asked first or later', () => {
    fc.assert(
      fc.property(formAndAnswersArb, ({ form, answers: a }) => {
        const next = nextUnansweredQuestion(form, a)
        const pages = incompletePages(form, a)
        if (next === undefined) expect(pages).toEqual([])
        if (pages.length > 0) {
          expect(next).toBeDefined()
          // The chat never asks past an incomplete page.
          const order = form.pages.map((p) => p.id)
          expect(order.indexOf(next!.page.id)).toBeLessThanOrEqual(order.indexOf(pages[0]!.id))
        }
      }),
      { numRuns: 300 },
    )
  })

  it('answering every visible scored question at its best, until visibility settles, gives 100 (or 0 when nothing is scored)', () => {
    const best = bestAnswer

    fc.assert(
      fc.property(formArb, (form) => {
        const a = new Map<string, AnswerValue>()
        // Fill visible questions until the visible set stops growing.
        for (let round = 0; round < 50; round++) {
          let changed = false
          for (const { question } of visibleQuestions(form, a)) {
            if (a.has(question.id)) continue
            const v = best(question)
            if (v !== undefined) {
              a.set(question.id, v)
              changed = true
            }
          }
          if (!changed) break
        }
        const scored = visibleQuestions(form, a).filter(
          ({ question }) =>
            question.weight > 0 && positivity(question, a.get(question.id)) !== null,
        )
        const perfect = scored.every(
          ({ question }) => positivity(question, a.get(question.id)) === 1,
        )
        const score = computeScore(form, a)
        if (scored.length === 0) expect(score).toBe(0)
        else if (perfect) expect(score).toBe(100)
        else expect(score).toBeLessThan(100)
      }),
      { numRuns: 300 },
    )
  })

  it('answersById keeps the last answer for a question', () => {
    const map = answersById([
      { questionId: 'a', value: 1 },
      { questionId: 'b', value: true },
      { questionId: 'a', value: 2 },
    ])
    expect(map.get('a')).toBe(2)
    expect(map.get('b')).toBe(true)
    expect(map.size).toBe(2)
  })
})

describe('computeScore with a NaN scale answer', () => {
  // Regression test for a bug found in review (fixed).
  it('stays within 0..100', () => {
    const form = formOf(['P', [q('s', { kind: 'scale' }), q('y')]])
    const score = computeScore(form, answers({ s: Number.NaN, y: true }))
    expect(score).toBeGreaterThanOrEqual(0)
    expect(score).toBeLessThanOrEqual(100)
  })
})
