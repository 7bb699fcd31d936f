/** pt-BR texts of the questionnaire chat. */
import { formatScore } from '@/lib/format'

export const questionnaireCopy = {
  title: 'Questionário',
  loading: 'Carregando o questionário',
  loadError: 'Não foi possível carregar o questionário',
  botName: 'Avaliador',
  you: 'Você',
  conversation: 'Conversa com o Avaliador',
  typing: 'Avaliador está digitando…',
  yourAnswer: 'Sua resposta',
  progressLabel: 'Progresso do questionário',
  page: (n: number, total: number, title: string) => `Página ${n} de ${total} — ${title}`,
  progressText: (page: string, done: number, count: number) =>
    `${page}: ${done} de ${count} perguntas respondidas`,
  checkedOut: (time: string) =>
    `Check-out registrado às ${time}. Agora responda o questionário da visita.`,
  checkedOutKept: (time: string) =>
    `Check-out das ${time} guardado neste aparelho: ele é enviado assim que a conexão permitir. Enquanto isso, responda o questionário da visita.`,
  greeting: (form: string) =>
    `Olá! Vamos preencher “${form}”. Responda uma pergunta de cada vez; você pode tocar em qualquer resposta para mudá-la.`,
  photoAlt: 'Foto da resposta',
  changeAnswer: (answer: string, question: string) =>
    `Alterar a resposta “${answer}” da pergunta “${question}”`,
  changeHint: 'Toque para alterar',
  changing: 'Vamos mudar esta resposta:',
  cancelChange: 'Manter a resposta anterior',
  confirm: 'Confirmar',
  send: 'Enviar',
  skip: 'Pular pergunta',
  optional: 'Opcional',
  multiHint: 'Escolha uma ou mais opções e toque em Confirmar.',
  chooseAtLeastOne: 'Escolha pelo menos uma opção.',
  textLabel: 'Escreva sua resposta',
  textHint: 'Enter envia; Shift+Enter muda de linha.',
  textRequired: 'Escreva a resposta antes de enviar.',
  numberLabel: 'Número',
  numberRange: (min?: number, max?: number) =>
    min !== undefined && max !== undefined
      ? `Informe um número de ${min} a ${max}.`
      : min !== undefined
        ? `Informe um número a partir de ${min}.`
        : max !== undefined
          ? `Informe um número até ${max}.`
          : 'Informe um número.',
  timeLabel: 'Tempo (mm:ss)',
  timeHint: 'Exemplo: 02:30',
  photoLabel: 'Foto da resposta',
  saveError: 'Não foi possível guardar a resposta neste aparelho. Tente de novo.',
  done: (score: number) =>
    `Pronto! Você respondeu todas as perguntas obrigatórias. Nota da visita: ${formatScore(score)}.`,
  review: 'Revisar relatório',
  readOnly: 'O relatório desta tarefa já foi enviado; o questionário não pode mais ser alterado.',
  seeReport: 'Ver relatório enviado',
  checkinFirst: 'Faça o check-in antes de preencher o questionário.',
  goToTask: 'Ir para a tarefa',
} as const
