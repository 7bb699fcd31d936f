/**
 * pt-BR texts of the visit's media kit: the photo picker and the list of a visit's photos,
 * receipts and recordings, wherever they show (the photos part, the tax receipt, the audio,
 * the questionnaire's photo answers, the pendencies' new photos).
 */
import { formatMmSs } from '@/domain/time-entry'
import type { MediaKind } from '@/lib/visit-store/db'
import { plural } from '@/domain/plural'

const percent = (progress: number) => `${Math.round(Math.min(1, Math.max(0, progress)) * 100)}%`

export const mediaKitCopy = {
  picker: {
    addPhoto: 'Adicionar foto',
    sheetTitle: 'Adicionar foto',
    preparing: 'Preparando a foto…',
    added: (n: number) =>
      plural(n, 'Foto guardada no aparelho.', `${n} fotos guardadas no aparelho.`),
    storeFailed: 'Não foi possível guardar a foto neste aparelho. Tente de novo.',
    /** The phone's storage is full (`megabytes`: how much to free, when the browser says). */
    storeFull: (megabytes: number | undefined) =>
      `Sem espaço no aparelho para esta foto. Libere ${megabytes === undefined ? 'espaço' : `${megabytes} MB`} (fotos, vídeos ou apps que você não usa) e tente de novo.`,
    fileFailed: (name: string, message: string) => `${name}: ${message}`,
    /** While preparing a photo whose original did not fit on the device. */
    originalNotKeptTitle: 'Sem espaço para a foto original',
    originalNotKept: (megabytes: number | undefined) =>
      `Não há espaço para guardar a foto original enquanto ela é preparada: não feche o app até a foto aparecer na lista. Libere ${megabytes === undefined ? 'espaço' : `${megabytes} MB`} (fotos, vídeos ou apps que você não usa).`,
    /** A photo chosen before the app closed whose original could not be kept. */
    retakeTitle: 'Tire a foto de novo',
    retake: (name: string, time: string) =>
      `A foto “${name || 'sem nome'}”, escolhida às ${time}, não terminou de ser preparada antes de o app fechar, e o aparelho não tinha espaço para guardar o original. Tire ou escolha essa foto de novo.`,
    retakeDone: 'Entendi',
  },

  evidence: {
    listLabel: 'Fotos e arquivos do relatório',
    empty: 'Nenhuma foto ainda',
    emptyReadOnly: 'Nenhuma evidência neste relatório.',
    loading: 'Carregando evidências…',
    loadFailed: 'Não foi possível carregar as evidências',
    kind: { photo: 'Foto', receipt: 'Cupom fiscal', audio: 'Áudio' } satisfies Record<
      MediaKind,
      string
    >,
    thumbnail: (kind: string, n: number) => `${kind} ${n}`,
    thumbnailUnavailable: 'Prévia indisponível',
    state: {
      waiting: 'Aguardando envio',
      offline: 'Aguardando conexão',
      // 0 until the browser reports progress (the service worker's sends report none).
      sending: (progress: number) =>
        progress > 0 ? `Enviando… ${percent(progress)}` : 'Enviando…',
      sent: 'Enviada',
      failed: 'Falhou',
    },
    progressLabel: 'Progresso do envio',
    retry: 'Tentar de novo',
    remove: 'Remover',
    removeLabel: (what: string) => `Remover ${what}`,
    retryLabel: (what: string) => `Tentar enviar de novo ${what}`,
    confirmRemove: 'Remover do relatório?',
    confirmRemoveYes: 'Sim, remover',
    confirmRemoveNo: 'Cancelar',
    removed: 'Removida do relatório.',
    removeFailed: 'Não foi possível remover. Tente de novo.',
    uploadFailedFallback: 'O envio falhou.',
    /** Refused for good (the file itself): no retry, the fix. */
    refusedFix:
      'Enviar de novo teria a mesma resposta: remova do relatório e, se precisar, faça outra.',
    usedByReceipt: 'Foto de um cupom fiscal: remova pelo cupom.',
    usedByAnswer: 'Foto de uma resposta do questionário: troque pela pergunta.',
    duration: (seconds: number) => formatMmSs(Math.round(seconds)),
  },
} as const
