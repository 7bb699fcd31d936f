/** The most positive answer to a scored question (every one of them answered so: score 100). */
import type { Answer, Question } from '@/api/entities'

export function bestAnswer(question: Question): Answer['value'] | undefined {
  switch (question.kind) {
    case 'yesno':
      return true
    case 'single':
      return question.options?.find((o) => o.positive)?.value
    case 'multi':
      return (question.options ?? []).filter((o) => o.positive).map((o) => o.value)
    case 'scale':
      return question.max ?? 5
    default:
      return undefined
  }
}
