/** pt-BR texts of the audio part: the recorder's view and "Anexar". */
import { formatMmSs } from '@/domain/time-entry'

export const audioCopy = {
  audioRequired: 'Grave o áudio do atendimento.',
  audioEither: 'Grave o áudio do atendimento ou escreva um depoimento.',
  noAudio: 'Nenhuma gravação no relatório',
  writeTestimonyInstead: 'Escrever um depoimento',
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
  permissionsLink: 'Como liberar o microfone',
  testimonyHint: 'Se não for possível gravar, escreva o depoimento.',
  testimonyLink: 'Escrever o depoimento',
} as const
