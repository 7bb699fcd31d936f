/** How an answer of the questionnaire reads back to the agent (chat bubbles, the report). */
import type { AnswerValue, Question } from '@/api/entities'
import { isAnswered } from '@/domain/questionnaire'
import { formatMmSs, parseMmSs } from '@/domain/time-entry'
import { LOCAL_MEDIA_PREFIX } from '@/lib/visit-store/db'

export const answerCopy = {
  yes: 'Sim',
  no: 'Não',
  skipped: 'Sem resposta',
  scaleAnswer: (n: number, max: number) => `Nota ${n} de ${max}`,
  photoWaiting: 'Foto (aguardando envio)',
  photoSent: 'Foto enviada',
}

/** An answer as the agent reads it back in pt-BR. */
export function answerText(question: Question, value: AnswerValue | undefined): string {
  if (value === undefined || !isAnswered(value)) return answerCopy.skipped
  switch (question.kind) {
    case 'yesno':
      return value === true ? answerCopy.yes : answerCopy.no
    case 'single':
      return question.options?.find((o) => o.value === value)?.label ?? String(value)
    case 'multi': {
      const chosen = Array.isArray(value) ? value : [String(value)]
      return chosen.map((v) => question.options?.find((o) => o.value === v)?.label ?? v).join(', ')
    }
    case 'scale':
      return answerCopy.scaleAnswer(Number(value), question.max ?? 5)
    case 'time': {
      const seconds = typeof value === 'string' ? parseMmSs(value) : null
      return seconds === null ? String(value) : formatMmSs(seconds)
    }
    case 'photo':
      return typeof value === 'string' && value.startsWith(LOCAL_MEDIA_PREFIX)
        ? answerCopy.photoWaiting
        : answerCopy.photoSent
    case 'number':
    case 'text':
      return String(value)
  }
}
