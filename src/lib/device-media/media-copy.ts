/**
 * pt-BR copy of the device's media: image compression, the camera and the microphone. It
 * knows nothing of visits (decision 0008); what the report says of its photos, recordings and
 * receipts is in each part's copy (src/features/report/parts/).
 */

export type CameraProblem = 'denied' | 'not-found' | 'in-use' | 'unsupported' | 'failed'
export type MicrophoneProblem = 'denied' | 'not-found' | 'in-use' | 'unsupported' | 'failed'

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

  microphone: {
    recordFailed: 'A gravação foi interrompida. Tente gravar de novo.',
    tooShort: 'A gravação ficou vazia. Grave de novo.',
    maxReached: (minutes: number) => `A gravação parou ao atingir ${minutes} minutos.`,
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
} as const
