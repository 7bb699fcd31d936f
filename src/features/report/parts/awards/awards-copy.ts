/** pt-BR texts of the awards part (the check-in’s page and the report’s section). */
import { count } from '@/domain/plural'
export const awardsCopy = {
  /** The mission's awards, as a list: the part's name (the editor does not import awards-part.ts, which loads it). */
  awardsList: 'Prêmios',
  awardsEmpty: 'Esta missão não tem prêmios.',
  scoreLoading: 'Calculando a nota',
  givenAwardsLoadError: 'Não foi possível ver as indicações já enviadas',
  awardsBody: 'Indique um atendente para um prêmio quando a nota da visita alcançar a meta.',
  awardGoal: (goal: number, prize: string) => `Meta: nota ${goal} · Prêmio: ${prize}`,
  nominate: 'Indicar atendente',
  nominations: 'Indicações desta visita',
  award: 'Prêmio',
  attendant: 'Atendente',
  chooseAttendant: 'Escolha um atendente registrado no relatório.',
  nominationQueued: 'Indicação guardada; será enviada ao servidor.',
  addAttendantFirst: 'Registre um atendente para poder indicá-lo a um prêmio.',
  noNominations: 'Nenhuma indicação nesta visita.',
  nominationsQueued: (n: number) => `${count(n, 'indicação', 'indicações')} aguardando envio`,
  refusedNomination: 'Indicação recusada',
  nominee: (award: string, attendant: string) => `${award} — ${attendant}`,
  nomineeGone: 'atendente que não está mais no relatório',
  /** An award the mission no longer has (its code means nothing to the agent). */
  awardGone: 'Prêmio que não faz mais parte da missão',
} as const
