/** Award rules: nominate only when the report's score reaches the goal; status moves one way. */
import type { AwardDefinition, AwardStatus } from '@/api/entities'
import type { Refusal } from './task-state-machine'

export function canNominate(score: number, award: Pick<AwardDefinition, 'goal'>): boolean {
  return score >= award.goal
}

export function checkNomination(
  score: number,
  award: Pick<AwardDefinition, 'goal' | 'title'>,
  alreadyGiven: boolean,
): Refusal | null {
  if (alreadyGiven)
    return {
      code: 'award_already_given',
      message: `O prêmio “${award.title}” já foi indicado nesta visita.`,
    }
  if (!canNominate(score, award))
    return {
      code: 'award_below_goal',
      message: `A nota da visita (${score}) não alcança a meta do prêmio (${award.goal}).`,
    }
  return null
}

export const AWARD_TRANSITIONS: Record<AwardStatus, readonly AwardStatus[]> = {
  created: ['pending'],
  pending: ['complete', 'rejected'],
  complete: [],
  rejected: [],
}

export function canMoveAward(from: AwardStatus, to: AwardStatus): boolean {
  return AWARD_TRANSITIONS[from].includes(to)
}

export const AWARD_STATUS_LABEL: Record<AwardStatus, string> = {
  created: 'Indicado',
  pending: 'Em análise',
  complete: 'Concedido',
  rejected: 'Não concedido',
}
