/** The questionnaire's answers: filled in the chat after the check-out; the rule is `answers`. */
import { count } from '@/domain/plural'
import type { ReportPart } from '../part'

export const answersPart = {
  id: 'answers',
  title: 'Questionário',
  duringVisit: false,
  listed: () => true,
  summary: (content) => count(content.answers.length, 'resposta', 'respostas'),
} satisfies ReportPart
