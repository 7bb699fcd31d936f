/** The visit outbox's words (pt-BR), shared by the check-in, report and validation screens. */
import type { OutboxItem } from '@/lib/visit-store/db'

const plural = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`)

let listFormat: Intl.ListFormat | undefined

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
  /** The visit's bar at the bottom of the screen (visit-status-bar.tsx). */
  barLabel: 'Situação do envio',
  offline: 'Sem conexão — tudo fica salvo neste aparelho',
  kind: (kind: OutboxItem['kind']) => KIND_LABEL[kind],
  /**
   * What waits to be sent, in the agent's words: files apart from the rest, so a photo row
   * that says "Enviada" never sits under a header that seems to count it ("1 foto ou áudio e
   * 2 alterações aguardando envio").
   */
  waiting: (items: readonly OutboxItem[]) => {
    const pending = items.filter((i) => i.state === 'pending')
    const count = (kinds: readonly OutboxItem['kind'][]) =>
      pending.filter((i) => kinds.includes(i.kind)).length
    const files = count(['upload'])
    const report = count(['submitReport'])
    const answers = count(['answerRevision'])
    // Two saves of one report waiting (one already tried, its body fixed; one with what was
    // typed since) are one change for the agent.
    const saves = pending.filter((i) => i.kind === 'saveReport')
    const reportsSaved = new Set(saves.map((i) => (i.kind === 'saveReport' ? i.reportId : '')))
    const changes = pending.length - files - report - answers - saves.length + reportsSaved.size
    const parts = [
      files > 0 ? plural(files, 'foto ou áudio', 'fotos ou áudios') : null,
      changes > 0 ? plural(changes, 'alteração', 'alterações') : null,
      report > 0 ? 'o relatório' : null,
      answers > 0 ? 'as respostas às pendências' : null,
    ].filter((p): p is string => p !== null)
    listFormat ??= new Intl.ListFormat('pt-BR', { style: 'long', type: 'conjunction' })
    const text = `${listFormat.format(parts)} aguardando envio`
    return text.charAt(0).toUpperCase() + text.slice(1)
  },
  failed: (n: number) =>
    plural(n, 'envio recusado pelo servidor', 'envios recusados pelo servidor'),
  /** The compact form, for the visit's header. */
  refusedCount: (n: number) => plural(n, 'envio recusado', 'envios recusados'),
  allSent: 'Tudo enviado',
  checking: 'Verificando envios…',
  checkinRefused: 'O servidor recusou o check-in',
  refused: (kind: OutboxItem['kind']) => `${KIND_LABEL[kind]}: o servidor recusou o envio`,
  /** The award-save failure message (a refused nomination), wherever the nomination shows. */
  awardRefused:
    'Não foi possível salvar a indicação do prêmio. Ela continua guardada neste aparelho; tente de novo.',
  retry: 'Tentar enviar de novo',
  discard: 'Descartar',
  discardConfirm: 'Descartar este envio? O que ele levava ao servidor será perdido.',
  discardYes: 'Sim, descartar',
  storageFullTitle: 'Sem espaço no aparelho',
  storageFull: (megabytes: number | undefined) =>
    `Libere ${megabytes === undefined ? 'espaço' : `${megabytes} MB`} no aparelho (fotos, vídeos ou apps que você não usa) para continuar enviando.`,
  storageProblemTitle: 'O aparelho não conseguiu guardar o envio',
  storageProblem: 'O envio é tentado de novo em instantes. Se continuar, feche e abra o app.',
  nothingLost:
    'Nada do que você fez foi perdido: continua neste aparelho e é enviado assim que for possível.',
}
