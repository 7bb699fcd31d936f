/**
 * pt-BR texts every visit screen says (the check-in's, the chat's, the report's, the
 * pendencies'): the visit's report loading or not found, the visit's score, and the sheet
 * where the agent chooses between two versions of the report. The outbox's words are in
 * outbox-copy.ts, the media kit's in media/media-kit-copy.ts.
 */
import { formatMmSs } from '@/domain/time-entry'
import { formatScore } from '@/lib/format'
import { count } from '@/domain/plural'

export const visitCopy = {
  loading: 'Carregando o relatório',
  loadError: 'Não foi possível carregar o relatório',
  notFoundTitle: 'Tarefa não encontrada',
  notFoundBody: 'Esta tarefa não existe ou não é sua. Confira a lista das suas tarefas.',
  backToTasks: 'Ver minhas tarefas',
  score: 'Nota da visita',
  scoreValue: (n: number) => `${formatScore(n)} de 100`,

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
