/**
 * pt-BR texts of the report's pages (the overview, the submitted report). Each part's own text
 * is in its folder (`parts/<part>/<part>-copy.ts`); what every visit screen says (loading, the
 * score, the conflict sheet) is the visit's (`features/visit/visit-copy.ts`).
 */
import { count } from '@/domain/plural'

export const reportCopy = {
  title: 'Relatório',
  submittedTitle: 'Relatório enviado',
  notSentYet: 'Este relatório ainda não foi enviado para validação.',
  openReport: 'Abrir o relatório',
  backToReport: 'Voltar ao relatório',
  sections: 'Partes do relatório',
  otherSections: 'Outras partes do relatório',
  submitNeeds: 'Para enviar, falta completar:',
  complete: 'Completo',
  missingCount: (n: number) => count(n, 'pendente', 'pendentes'),
  refusedCount: (n: number) => count(n, 'recusada', 'recusadas'),
  refusedNominations:
    'Uma indicação de prêmio foi recusada pelo servidor. Em Prêmios, veja o que fazer com ela antes de enviar o relatório.',
  optional: 'Opcional',
  submit: 'Enviar relatório',
  submitPending: 'Envio pendente',
  submitPendingBody:
    'O relatório será enviado assim que as alterações anteriores chegarem ao servidor.',
  submitted: 'Relatório enviado para validação.',
  incompleteTitle: 'O questionário tem páginas incompletas',
  checkoutFirst: 'Faça o check-out da visita antes de enviar o relatório.',
  conflictFirst: 'Resolva a diferença entre as versões do relatório antes de enviar.',
  alreadySent: 'Este relatório já foi enviado.',
  seeSubmitted: 'Ver o status da tarefa',
  notEditable: 'O relatório não pode mais ser alterado.',
  checkinFirst: 'Faça o check-in antes de preencher o relatório.',
  goToTask: 'Ir para a tarefa',
  canceled: 'Esta tarefa foi cancelada; o relatório não pode ser alterado.',
  contested: 'O validador pediu ajustes. Responda as pendências na tela de validação.',
  answerPendencies: 'Responder pendências',
} as const
