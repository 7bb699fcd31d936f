/** The visit outbox's words (pt-BR), shared by the check-in, report and validation screens. */
import type { OutboxItem } from '@/lib/visit-store/db'

const plural = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`)

const KIND_LABEL: Record<OutboxItem['kind'], string> = {
  checkin: 'Check-in',
  checkout: 'Check-out',
  upload: 'Envio de foto ou áudio',
  saveReport: 'Dados do relatório',
  submitReport: 'Envio do relatório',
  award: 'Indicação de prêmio',
  answerRevision: 'Respostas às pendências',
}

export const outboxCopy = {
  title: 'Envio para o servidor',
  kind: (kind: OutboxItem['kind']) => KIND_LABEL[kind],
  waiting: (n: number) => `${plural(n, 'item aguardando', 'itens aguardando')} envio`,
  failed: (n: number) =>
    plural(n, 'envio recusado pelo servidor', 'envios recusados pelo servidor'),
  /** The compact form, for the visit's header. */
  refusedCount: (n: number) => plural(n, 'envio recusado', 'envios recusados'),
  allSent: 'Tudo enviado',
  checking: 'Verificando envios…',
  checkinRefused: 'O servidor recusou o check-in',
  refused: (kind: OutboxItem['kind']) => `${KIND_LABEL[kind]}: o servidor recusou o envio`,
  retry: 'Tentar enviar de novo',
  discard: 'Descartar',
  discardConfirm: 'Descartar este envio? O que ele levava ao servidor será perdido.',
  discardYes: 'Sim, descartar',
}
