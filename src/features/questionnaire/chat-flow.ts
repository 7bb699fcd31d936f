/**
 * The questionnaire chat, derived from the draft's answers (so a reload resumes where the
 * agent stopped): which questions were answered, which one to ask now, and what the
 * answers become when one changes. Visibility and completeness are the domain's rules.
 */
import type { Answer, AnswerValue, EvaluationForm, FormPage, Question } from '@/api/entities'
import { answersById, isAnswered, visibleQuestions } from '@/domain/questionnaire'

export type ChatStep = { page: FormPage; question: Question }
export type AnsweredStep = ChatStep & { answer: Answer }

/**
 * The question to ask now: the first visible one that is required and unanswered, or
 * optional and never answered nor skipped (a skipped optional question has an empty answer).
 */
export function questionToAsk(
  form: EvaluationForm,
  answers: readonly Answer[],
): ChatStep | undefined {
  const byId = answersById(answers)
  const given = new Set(answers.map((a) => a.questionId))
  return visibleQuestions(form, byId).find(({ question }) =>
    question.required ? !isAnswered(byId.get(question.id)) : !given.has(question.id),
  )
}

/** The conversation so far: visible questions with an answer (or a skip), in form order. */
export function answeredSteps(form: EvaluationForm, answers: readonly Answer[]): AnsweredStep[] {
  const byQuestion = new Map(answers.map((a) => [a.questionId, a]))
  return visibleQuestions(form, answersById(answers)).flatMap((step) => {
    const answer = byQuestion.get(step.question.id)
    if (!answer) return []
    if (step.question.required && !isAnswered(answer.value)) return []
    return [{ ...step, answer }]
  })
}

/**
 * The answers after `questionId` is answered with `value`: replaced in place (or added), and
 * every answer whose question the change hides (by `showIf`) dropped.
 */
export function applyAnswer(
  form: EvaluationForm,
  answers: readonly Answer[],
  questionId: string,
  value: AnswerValue,
  answeredAt: string,
): Answer[] {
  const answer: Answer = { questionId, value, answeredAt }
  const next = answers.some((a) => a.questionId === questionId)
    ? answers.map((a) => (a.questionId === questionId ? answer : a))
    : [...answers, answer]
  const visible = new Set(visibleQuestions(form, answersById(next)).map((s) => s.question.id))
  return next.filter((a) => visible.has(a.questionId))
}

/** Where the chat is: the page of a question (1-based) and how much is answered. */
export function chatProgress(
  form: EvaluationForm,
  answers: readonly Answer[],
  pageId: string | undefined,
) {
  const total = form.pages.length
  const index = Math.max(0, pageId ? form.pages.findIndex((p) => p.id === pageId) : total - 1)
  const visible = visibleQuestions(form, answersById(answers))
  const done = answeredSteps(form, answers).length
  const percent = visible.length === 0 ? 100 : Math.round((done / visible.length) * 100)
  return {
    pageNumber: index + 1,
    total,
    title: form.pages[index]?.title ?? '',
    done,
    count: visible.length,
    percent,
  }
}
