/**
 * pt-BR texts of the report's pages (the overview, the submitted report, the conflict sheet).
 * Each part's own text is in its folder (`parts/<part>/<part>-copy.ts`).
 */
import { formatMmSs } from '@/domain/time-entry'
import { formatScore } from '@/lib/format'
import { unknownPartCopy } from './parts/parts'
import { count } from '@/domain/plural'

export const reportCopy = {
  title: 'Relatório',
  submittedTitle: 'Relatório enviado',
  notSentYet: 'Este relatório ainda não foi enviado para validação.',
  openReport: 'Abrir o relatório',
  loading: 'Carregando o relatório',
  loadError: 'Não foi possível carregar o relatório',
  notFoundTitle: 'Tarefa não encontrada',
  notFoundBody: 'Esta tarefa não existe ou não é sua. Confira a lista das suas tarefas.',
  backToTasks: 'Ver minhas tarefas',
  unknownSection: unknownPartCopy.title,
  unknownSectionBody: unknownPartCopy.body,
  backToReport: 'Voltar ao relatório',
  sections: 'Partes do relatório',
  otherSections: 'Outras partes do relatório',
  submitNeeds: 'Para enviar, falta completar:',
  complete: 'Completo',
  missingCount: (n: number) => count(n, 'pendente', 'pendentes'),
  refusedCount: (n: number) => count(n, 'recusada', 'recusadas'),
  refusedNominations:
    'Uma indicação de prêmio foi recusada pelo servidor. Descarte-a ou tente de novo em Prêmios antes de enviar o relatório.',
  optional: 'Opcional',
  score: 'Nota da visita',
  scoreValue: (n: number) => `${formatScore(n)} de 100`,
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
  openChat: 'Abrir o questionário',
  noAnswer: 'Sem resposta',
  pageHeading: (n: number, title: string) => `Página ${n} — ${title}`,

  // conflict
  conflictTitle: 'O relatório mudou em outro lugar',
  conflictBody:
    'Outra versão deste relatório chegou ao servidor (outro aparelho ou aba). Escolha qual manter. Diferenças:',
  conflictNotice: 'Há duas versões deste relatório.',
  conflictOpen: 'Resolver',
  keepMine: 'Manter as minhas respostas',
  takeTheirs: 'Usar a versão do servidor',
  keptMine: 'Suas respostas serão enviadas de novo.',
  tookTheirs: 'Relatório atualizado com a versão do servidor.',
  diffAnswers: (n: number) =>
    `Questionário: ${count(n, 'resposta diferente', 'respostas diferentes')}`,
  diffAttendants: (mine: number, theirs: number) =>
    `Atendentes: ${mine} aqui, ${theirs} no servidor (nomes diferentes)`,
  diffTime: (label: string, mine: number | undefined, theirs: number | undefined) =>
    `${label}: ${mine === undefined ? 'vazio' : formatMmSs(mine)} aqui, ${theirs === undefined ? 'vazio' : formatMmSs(theirs)} no servidor`,
  diffChecklist: (mine: number, theirs: number) =>
    `Checklist: ${mine} itens marcados aqui, ${theirs} no servidor`,
  diffEvidences: (mine: number, theirs: number) =>
    `Fotos e áudios: ${mine} aqui, ${theirs} no servidor`,
  diffReceipts: (mine: number, theirs: number) =>
    `Cupons fiscais: ${mine} aqui, ${theirs} no servidor`,
  diffTestimony: 'Depoimento escrito diferente',
  diffNotes: 'Observações diferentes',
  diffScore: (mine: number, theirs: number) => `Nota: ${mine} aqui, ${theirs} no servidor`,
  diffNone: 'Nenhuma diferença no conteúdo; só a versão mudou.',
} as const
