/** pt-BR copy of the visit's media pieces: photos, camera, evidence list, audio, tax receipts. */
import { formatMmSs } from '@/domain/time-entry'

export type CameraProblem = 'denied' | 'not-found' | 'in-use' | 'unsupported' | 'failed'
export type MicrophoneProblem = 'denied' | 'not-found' | 'in-use' | 'unsupported' | 'failed'

const percent = (progress: number) => `${Math.round(Math.min(1, Math.max(0, progress)) * 100)}%`

export const mediaCopy = {
  compression: {
    undecodable: 'Não foi possível abrir esta imagem. Tire outra foto.',
    cannotCompress:
      'Este aparelho não conseguiu preparar a foto. Atualize o navegador e tente de novo.',
  },

  camera: {
    regionLabel: 'Câmera',
    videoLabel: 'Imagem da câmera',
    starting: 'Abrindo a câmera…',
    takePhoto: 'Tirar foto',
    capturing: 'Capturando…',
    retry: 'Tentar de novo',
    openCamera: 'Abrir a câmera',
    deviceCamera: 'Usar a câmera do aparelho',
    gallery: 'Escolher da galeria',
    deviceCameraInput: 'Foto da câmera do aparelho',
    galleryInput: 'Foto da galeria',
    permissionsLink: 'Como liberar a câmera',
    captureFailed:
      'Não foi possível capturar a imagem da câmera. Tente de novo ou use a câmera do aparelho.',
    problems: {
      denied:
        'A câmera está bloqueada para o Avaliador. Libere o acesso à câmera nas configurações do navegador, ou use a câmera do aparelho.',
      'not-found': 'Não encontramos uma câmera neste aparelho. Escolha uma foto da galeria.',
      'in-use':
        'A câmera está sendo usada por outro aplicativo. Feche-o e tente de novo, ou use a câmera do aparelho.',
      unsupported:
        'Este navegador não permite usar a câmera aqui. Use a câmera do aparelho ou escolha uma foto da galeria.',
      failed: 'Não foi possível abrir a câmera. Tente de novo, ou use a câmera do aparelho.',
    } satisfies Record<CameraProblem, string>,
  },

  picker: {
    addPhoto: 'Adicionar foto',
    sheetTitle: 'Adicionar foto',
    preparing: 'Preparando a foto…',
    added: 'Foto guardada no aparelho.',
    addedMany: (n: number) => `${n} fotos guardadas no aparelho.`,
    storeFailed: 'Não foi possível guardar a foto neste aparelho. Tente de novo.',
    /** The phone's storage is full (`megabytes`: how much to free, when the browser says). */
    storeFull: (megabytes: number | undefined) =>
      `Sem espaço no aparelho para esta foto. Libere ${megabytes === undefined ? 'espaço' : `${megabytes} MB`} (fotos, vídeos ou apps que você não usa) e tente de novo.`,
    fileFailed: (name: string, message: string) => `${name}: ${message}`,
  },

  evidence: {
    listLabel: 'Fotos e arquivos do relatório',
    empty: 'Nenhuma foto ainda',
    emptyReadOnly: 'Nenhuma evidência neste relatório.',
    loading: 'Carregando evidências…',
    loadFailed: 'Não foi possível carregar as evidências',
    kind: { photo: 'Foto', receipt: 'Cupom fiscal', audio: 'Áudio' } as const,
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
    usedByReceipt: 'Foto de um cupom fiscal: remova pelo cupom.',
    usedByAnswer: 'Foto de uma resposta do questionário: troque pela pergunta.',
    duration: (seconds: number) => formatMmSs(Math.round(seconds)),
  },

  audio: {
    regionLabel: 'Gravação de áudio',
    start: 'Gravar áudio',
    stop: 'Parar',
    startingMic: 'Abrindo o microfone…',
    recording: 'Gravando',
    elapsed: (seconds: number) => formatMmSs(Math.floor(seconds)),
    elapsedLabel: 'Tempo de gravação',
    meterLabel: 'Nível do som',
    playbackLabel: 'Ouvir a gravação',
    attach: 'Anexar',
    attaching: 'Anexando…',
    redo: 'Gravar de novo',
    attached: 'Áudio anexado ao relatório.',
    keptOnlyAfterAttach: 'A gravação só fica guardada depois de anexar.',
    attachFailed: 'Não foi possível guardar o áudio neste aparelho. Tente de novo.',
    attachFull: (megabytes: number | undefined) =>
      `Sem espaço no aparelho para este áudio. Libere ${megabytes === undefined ? 'espaço' : `${megabytes} MB`} (fotos, vídeos ou apps que você não usa) e tente de novo.`,
    recordFailed: 'A gravação foi interrompida. Tente gravar de novo.',
    tooShort: 'A gravação ficou vazia. Grave de novo.',
    maxReached: (minutes: number) => `A gravação parou ao atingir ${minutes} minutos.`,
    permissionsLink: 'Como liberar o microfone',
    testimonyHint: 'Se não for possível gravar, escreva o depoimento.',
    testimonyLink: 'Escrever o depoimento',
    leaveWarning: 'A gravação ainda não foi anexada e será perdida.',
    problems: {
      denied:
        'O microfone está bloqueado para o Avaliador. Libere o acesso ao microfone nas configurações do navegador.',
      'not-found': 'Não encontramos um microfone neste aparelho.',
      'in-use': 'O microfone está sendo usado por outro aplicativo. Feche-o e tente de novo.',
      unsupported: 'Este navegador não grava áudio.',
      failed: 'Não foi possível usar o microfone. Tente de novo.',
    } satisfies Record<MicrophoneProblem, string>,
  },

  receipts: {
    listLabel: 'Cupons fiscais',
    empty: 'Nenhum cupom fiscal ainda',
    loadFailed: 'Não foi possível carregar os cupons fiscais',
    formTitle: 'Novo cupom fiscal',
    photo: 'Foto do cupom',
    photoMissing: 'Fotografe o cupom fiscal.',
    photoReady: 'Foto do cupom guardada.',
    addReceiptPhoto: 'Fotografar o cupom',
    changePhoto: 'Trocar a foto',
    cnpj: 'CNPJ do estabelecimento',
    cnpjHint: '00.000.000/0000-00',
    number: 'Número do cupom',
    amount: 'Valor total (R$)',
    amountHint: 'Ex.: 45,90',
    issuedAt: 'Data de emissão',
    issuedAtHint: 'A data impressa no cupom.',
    save: 'Salvar cupom',
    saved: 'Cupom salvo no relatório.',
    saveFailed: 'Não foi possível salvar o cupom neste aparelho. Tente de novo.',
    remove: 'Remover',
    removeLabel: (number: string) => `Remover o cupom ${number}`,
    confirmRemove: 'Remover este cupom do relatório?',
    confirmRemoveYes: 'Sim, remover',
    confirmRemoveNo: 'Cancelar',
    removed: 'Cupom removido.',
    summary: (cnpj: string, date: string) => `CNPJ ${cnpj} · ${date}`,
    itemTitle: (number: string, amount: string) => `Cupom ${number} — ${amount}`,
    photoAlt: (number: string) => `Foto do cupom ${number}`,
    draftKept: 'O que você já preencheu fica guardado neste aparelho até salvar.',
  },
} as const
