/** The visit outbox's words (pt-BR), shared by the check-in, report and validation screens. */
import type { MediaKind, OutboxItem } from '@/lib/visit-store/db'
import type { DraftField, UnsentPhoto, UnsentVisit } from '@/lib/visit-store/unsent-record'
import type { RefusalFix } from '@/lib/visit-store/refusal'
import { count } from '@/domain/plural'
import { formatTime } from '@/lib/format'

let listFormat: Intl.ListFormat | undefined

const FINAL_TITLE: Record<OutboxItem['kind'], string> = {
  checkin: 'O servidor não aceitou o check-in',
  checkout: 'O servidor não aceitou o check-out',
  upload: 'O servidor não aceita esta foto ou gravação',
  saveReport: 'O servidor não aceitou os dados do relatório',
  submitReport: 'O servidor não aceitou o envio do relatório',
  award: 'O servidor não aceita esta indicação de prêmio',
  answerRevision: 'O servidor não aceitou as respostas às pendências',
}

const SAME_ANSWER = 'Enviar de novo teria a mesma resposta.'

const FIX_TEXT: Record<RefusalFix, (kind: OutboxItem['kind']) => string> = {
  edit: (kind) =>
    kind === 'submitReport'
      ? `${SAME_ANSWER} Complete o que ele apontou e toque em “Enviar relatório” de novo.`
      : kind === 'answerRevision'
        ? `${SAME_ANSWER} Corrija as respostas e toque em “Enviar respostas” de novo.`
        : `${SAME_ANSWER} Corrija o que ele apontou: o relatório é enviado de novo a cada mudança.`,
  discard: (kind) =>
    kind === 'award'
      ? `${SAME_ANSWER} Descarte esta indicação; se quiser, indique outro prêmio ou outro atendente.`
      : kind === 'upload'
        ? `${SAME_ANSWER} Remova do relatório e, se precisar, faça outra.`
        : `${SAME_ANSWER} Descarte este envio.`,
  'check-in-again': () =>
    `${SAME_ANSWER} No local da visita, faça o check-in de novo: o que você já registrou continua neste aparelho.`,
  'choose-version': () =>
    `${SAME_ANSWER} No relatório, escolha qual versão fica: a sua ou a do servidor.`,
  'ask-support': () =>
    `${SAME_ANSWER} Fale com o suporte: o que você registrou continua neste aparelho.`,
}

const KIND_LABEL: Record<OutboxItem['kind'], string> = {
  checkin: 'Check-in',
  checkout: 'Check-out',
  upload: 'Envio de foto ou áudio',
  saveReport: 'Dados do relatório',
  submitReport: 'Envio do relatório',
  award: 'Indicação de prêmio',
  answerRevision: 'Respostas às pendências',
}

/** The parts of the report, as the agent knows them (the check-in's pages, the report's sections). */
const DRAFT_FIELD_LABEL: Record<DraftField, string> = {
  answers: 'Questionário',
  attendants: 'Atendentes',
  times: 'Tempos',
  checklist: 'Checklist',
  taxReceipts: 'Cupons fiscais',
  testimony: 'Depoimento',
  notes: 'Observações',
}

const MEDIA_NOUN: Record<MediaKind, [string, string]> = {
  photo: ['foto', 'fotos'],
  receipt: ['foto de cupom fiscal', 'fotos de cupom fiscal'],
  audio: ['gravação', 'gravações'],
}

const list = (parts: string[]) => {
  listFormat ??= new Intl.ListFormat('pt-BR', { style: 'long', type: 'conjunction' })
  return listFormat.format(parts)
}

/** What was lost, a kind at a time: "2 fotos (“<nome>”, de 10:12 e “<nome>”, de 10:15)". */
function photosLost(photos: readonly UnsentPhoto[]): string[] {
  return (['photo', 'receipt', 'audio'] as const).flatMap((kind) => {
    const of = photos.filter((p) => p.kind === kind)
    if (of.length === 0) return []
    const [one, many] = MEDIA_NOUN[kind]
    const named = of.map((p) => `“${p.name}”, de ${formatTime(p.at)}`)
    return [`${count(of.length, one, many)} (${list(named)})`]
  })
}

export const outboxCopy = {
  title: 'Envio para o servidor',
  /** The visit's bar at the bottom of the screen (visit-status-bar.tsx). */
  barLabel: 'Situação do envio',
  offline: 'Sem conexão — tudo fica salvo neste aparelho',
  /** The connection works; the server answered that it is in maintenance (503). */
  maintenanceBar: 'Servidor em manutenção — tudo fica salvo neste aparelho',
  /** The connection works; the server failed (another 5xx, 429). */
  serverTroubleBar: 'O servidor está com problemas — tudo fica salvo neste aparelho',
  kind: (kind: OutboxItem['kind']) => KIND_LABEL[kind],
  /**
   * What waits to be sent, in the agent's words: files apart from the rest, so a photo row
   * that says "Enviada" never sits under a header that seems to count it ("1 foto ou áudio e
   * 2 alterações aguardando envio").
   */
  waiting: (items: readonly OutboxItem[]) => {
    const pending = items.filter((i) => i.state === 'pending')
    const pendingOf = (kinds: readonly OutboxItem['kind'][]) =>
      pending.filter((i) => kinds.includes(i.kind)).length
    const files = pendingOf(['upload'])
    const report = pendingOf(['submitReport'])
    const answers = pendingOf(['answerRevision'])
    // Two saves of one report waiting (one already tried, its body fixed; one with what was
    // typed since) are one change for the agent.
    const saves = pending.filter((i) => i.kind === 'saveReport')
    const reportsSaved = new Set(saves.map((i) => (i.kind === 'saveReport' ? i.reportId : '')))
    const changes = pending.length - files - report - answers - saves.length + reportsSaved.size
    const parts = [
      files > 0 ? count(files, 'foto ou áudio', 'fotos ou áudios') : null,
      changes > 0 ? count(changes, 'alteração', 'alterações') : null,
      report > 0 ? 'o relatório' : null,
      answers > 0 ? 'as respostas às pendências' : null,
    ].filter((p): p is string => p !== null)
    listFormat ??= new Intl.ListFormat('pt-BR', { style: 'long', type: 'conjunction' })
    const text = `${listFormat.format(parts)} aguardando envio`
    return text.charAt(0).toUpperCase() + text.slice(1)
  },
  failed: (n: number) => count(n, 'envio recusado pelo servidor', 'envios recusados pelo servidor'),
  /** The compact form, for the visit's header. */
  refusedCount: (n: number) => count(n, 'envio recusado', 'envios recusados'),
  allSent: 'Tudo enviado',
  checking: 'Verificando envios…',
  checkinRefused: 'O servidor recusou o check-in',
  refused: (kind: OutboxItem['kind']) => `${KIND_LABEL[kind]}: o servidor recusou o envio`,
  /**
   * A refused nomination a retry may still get through (the server's reason is not about it),
   * wherever the nomination shows.
   */
  awardRefused:
    'Não foi possível salvar a indicação do prêmio. Ela continua guardada neste aparelho; tente de novo.',
  /** A refusal sending again would only repeat (refusal.ts): what was refused. */
  finalTitle: (kind: OutboxItem['kind']) => FINAL_TITLE[kind],
  /** …and what to change: the fix, never "tente de novo". */
  fix: (fix: RefusalFix, kind: OutboxItem['kind']) => FIX_TEXT[fix](kind),
  fixAction: {
    discard: (kind: OutboxItem['kind']) =>
      kind === 'award'
        ? 'Descartar indicação'
        : kind === 'upload'
          ? 'Remover do relatório'
          : 'Descartar este envio',
    checkInAgain: 'Fazer check-in de novo',
    askSupport: 'Falar com o suporte',
  },
  retry: 'Tentar enviar de novo',
  discard: 'Descartar',
  discardConfirm: 'Descartar este envio? O que ele levava ao servidor será perdido.',
  discardYes: 'Sim, descartar',
  storageFullTitle: 'Sem espaço no aparelho',
  storageFull: (megabytes: number | undefined) =>
    `Libere ${megabytes === undefined ? 'espaço' : `${megabytes} MB`} no aparelho (fotos, vídeos ou apps que você não usa) para continuar enviando.`,
  storageProblemTitle: 'O aparelho não conseguiu guardar o envio',
  storageProblem: 'O envio é tentado de novo em instantes. Se continuar, feche e abra o app.',
  serverMaintenanceTitle: 'O servidor está em manutenção',
  serverTroubleTitle: 'O servidor está com problemas',
  /** `at`: when the next try is, when the server said. */
  serverWait: (at: string | undefined) =>
    `O que você registrou continua neste aparelho e será enviado quando ele voltar${at ? ` (nova tentativa às ${at})` : ''}. Não é a sua conexão: não precisa fazer nada.`,
  nothingLost:
    'Nada do que você fez foi perdido: continua neste aparelho e é enviado assim que for possível.',

  // ---------------------------------------------------------------- the room left on the phone
  roomShortTitle: 'Pouco espaço no aparelho',
  roomShort: (megabytes: number) =>
    `Libere ${megabytes} MB no celular (fotos, vídeos ou apps que você não usa). Com o armazenamento cheio, o navegador pode apagar o que esta visita guardou e ainda não enviou.`,
  roomCheckAgain: 'Verificar de novo',

  // ---------------------------------------------------------------- a database the browser deleted
  /** The visit's header, instead of "Tudo enviado". */
  lostHeader: 'Dados apagados deste aparelho',
  /** Photos chosen whose preparation is not finished (instead of "Tudo enviado"). */
  preparing: (n: number) => count(n, 'foto sendo preparada', 'fotos sendo preparadas'),
  /** Photos chosen before the app closed whose original could not be kept. */
  toRetake: (n: number) => count(n, 'foto para tirar de novo', 'fotos para tirar de novo'),
  lostTitle: 'O navegador apagou dados desta visita',
  lostTitleOf: (visit: string) => `O navegador apagou dados da visita ${visit}`,
  lostIntro:
    'O armazenamento do celular ficou cheio e o navegador apagou o que o app guardava desta visita e ainda não tinha chegado ao servidor. Isto não foi enviado:',
  lostItems: (visit: UnsentVisit): string[] => [
    ...(visit.checkin ? [`o check-in, feito às ${formatTime(visit.checkin)}`] : []),
    ...photosLost(visit.photos),
    ...(visit.edits.length > 0
      ? [`o que foi preenchido em ${list(visit.edits.map((f) => DRAFT_FIELD_LABEL[f]))}`]
      : []),
    ...(visit.checkout ? [`o check-out, feito às ${formatTime(visit.checkout)}`] : []),
    ...(visit.submitted ? ['o envio do relatório'] : []),
    ...(visit.other
      ? [
          count(
            visit.other,
            'outro envio (indicação de prêmio ou resposta a pendências)',
            'outros envios (indicações de prêmio ou respostas a pendências)',
          ),
        ]
      : []),
  ],
  lostRedoTitle: 'O que fazer agora',
  lostRedo: (visit: UnsentVisit): string[] => [
    'Libere espaço no celular (fotos, vídeos ou apps que você não usa) antes de continuar.',
    ...(visit.checkin ? ['Faça o check-in de novo, no local da visita.'] : []),
    ...(visit.photos.length > 0 ? ['Tire de novo as fotos listadas acima.'] : []),
    ...(visit.edits.length > 0
      ? [`Preencha de novo: ${list(visit.edits.map((f) => DRAFT_FIELD_LABEL[f]))}.`]
      : []),
    ...(visit.checkout ? ['Faça o check-out de novo.'] : []),
    ...(visit.submitted ? ['Envie o relatório de novo.'] : []),
    ...(visit.other ? ['Confira as indicações de prêmio e as respostas às pendências.'] : []),
  ],
  lostDismiss: 'Entendi',
  lostOpenVisit: 'Ver o que refazer',
  /** The app's alert, above every screen. */
  lostAlert: (n: number) => `Dados de ${count(n, 'visita', 'visitas')} apagados do aparelho`,
}
