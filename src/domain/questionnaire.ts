/**
 * Questionnaire rules shared by the chat, the report and the fake backend:
 * `showIf` visibility, what is still missing, and the score (docs/product/visit.md).
 */
import type { Answer, AnswerValue, EvaluationForm, FormPage, Question } from '@/api/entities'
import { SCORE_CAP } from './constants'
import { hasVisibleText } from './text-hygiene'

export type AnswersById = ReadonlyMap<string, AnswerValue>

export function answersById(answers: readonly Pick<Answer, 'questionId' | 'value'>[]): AnswersById {
  return new Map(answers.map((a) => [a.questionId, a.value]))
}

function sameValue(a: AnswerValue, b: AnswerValue): boolean {
  if (Array.isArray(a))
    return Array.isArray(b)
      ? a.length === b.length && a.every((v, i) => v === b[i])
      : a.includes(String(b))
  return a === b
}

/** A question is shown when it has no `showIf`, or its trigger question is shown and answered with the value. */
export function isQuestionVisible(
  form: EvaluationForm,
  question: Question,
  answers: AnswersById,
  seen: ReadonlySet<string> = new Set(),
): boolean {
  const rule = question.showIf
  if (!rule) return true
  const trigger = findQuestion(form, rule.questionId)
  // A rule pointing at itself or into a cycle can never be satisfied: hide, never loop.
  if (!trigger || trigger === question || seen.has(trigger.id)) return false
  if (!isQuestionVisible(form, trigger, answers, new Set([...seen, question.id]))) return false
  const value = answers.get(rule.questionId)
  return value !== undefined && sameValue(value, rule.equals)
}

export function findQuestion(form: EvaluationForm, questionId: string): Question | undefined {
  for (const page of form.pages) {
    const found = page.questions.find((q) => q.id === questionId)
    if (found) return found
  }
  return undefined
}

export function visibleQuestions(
  form: EvaluationForm,
  answers: AnswersById,
): Array<{ page: FormPage; question: Question }> {
  return form.pages.flatMap((page) =>
    page.questions
      .filter((q) => isQuestionVisible(form, q, answers))
      .map((question) => ({ page, question })),
  )
}

export function isAnswered(value: AnswerValue | undefined): boolean {
  if (value === undefined) return false
  if (typeof value === 'string') return hasVisibleText(value)
  if (Array.isArray(value)) return value.length > 0
  if (typeof value === 'number') return Number.isFinite(value)
  return true
}

/** Pages that still have a required, visible, unanswered question. */
export function incompletePages(form: EvaluationForm, answers: AnswersById): FormPage[] {
  return form.pages.filter((page) =>
    page.questions.some(
      (q) => q.required && isQuestionVisible(form, q, answers) && !isAnswered(answers.get(q.id)),
    ),
  )
}

/** The next visible question without an answer, in form order (the chat's next bubble). */
export function nextUnansweredQuestion(form: EvaluationForm, answers: AnswersById) {
  return visibleQuestions(form, answers).find(
    ({ question }) => !isAnswered(answers.get(question.id)),
  )
}

/** How positive an answer is, 0..1, or null when the question kind is not scored. */
export function positivity(question: Question, value: AnswerValue | undefined): number | null {
  switch (question.kind) {
    case 'yesno':
      return value === true ? 1 : 0
    case 'single': {
      const option = question.options?.find((o) => o.value === value)
      return option?.positive ? 1 : 0
    }
    case 'multi': {
      const positives = (question.options ?? []).filter((o) => o.positive)
      if (positives.length === 0) return null
      const chosen = Array.isArray(value) ? value : []
      const hits = positives.filter((o) => chosen.includes(o.value)).length
      const misses = chosen.filter((v) => !positives.some((o) => o.value === v)).length
      return Math.max(0, (hits - misses) / positives.length)
    }
    case 'scale': {
      const min = question.min ?? 1
      const max = question.max ?? 5
      if (typeof value !== 'number' || !Number.isFinite(value) || max <= min) return 0
      return Math.min(1, Math.max(0, (value - min) / (max - min)))
    }
    case 'number':
    case 'text':
    case 'time':
    case 'photo':
      return null
  }
}

/** Weighted share of positive answers over visible scored questions, 0–100, capped at 100. */
export function computeScore(form: EvaluationForm, answers: AnswersById): number {
  let weightSum = 0
  let positiveSum = 0
  for (const { question } of visibleQuestions(form, answers)) {
    const p = positivity(question, answers.get(question.id))
    if (p === null || question.weight <= 0) continue
    weightSum += question.weight
    positiveSum += question.weight * p
  }
  if (weightSum === 0) return 0
  const score = Math.round((positiveSum / weightSum) * 1000) / 10
  return Math.min(SCORE_CAP, Math.max(0, score))
}
