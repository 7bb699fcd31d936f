/** pt-BR texts of the check-in shell and its pages (docs/product/visit.md). */

import { count } from '@/domain/plural'

let spokenList: Intl.ListFormat | undefined

/** "12 minutos e 5 segundos", "1 hora, 2 minutos e 5 segundos" — the timer read aloud. */
export function spokenDuration(totalSeconds: number): string {
  const whole = Math.max(0, Math.floor(totalSeconds))
  const hours = Math.floor(whole / 3600)
  const minutes = Math.floor((whole % 3600) / 60)
  const seconds = whole % 60
  const parts = [
    ...(hours > 0 ? [count(hours, 'hora', 'horas')] : []),
    ...(hours > 0 || minutes > 0 ? [count(minutes, 'minuto', 'minutos')] : []),
    count(seconds, 'segundo', 'segundos'),
  ]
  spokenList ??= new Intl.ListFormat('pt-BR', { style: 'long', type: 'conjunction' })
  return spokenList.format(parts)
}

export const checkinCopy = {
  // ---------------------------------------------------------------- shell
  visitTitle: 'Visita',
  loading: 'Carregando a visita',
  loadError: 'Não foi possível carregar a visita',
  notFoundTitle: 'Tarefa não encontrada',
  notFoundBody: 'Esta tarefa não existe ou não é sua. Confira a lista das suas tarefas.',
  backToTasks: 'Ver minhas tarefas',
  offlineTitle: 'Sem conexão',
  offlineNoData:
    'Esta visita ainda não foi aberta neste aparelho, então não há nada guardado dela aqui. Conecte-se à internet e tente de novo.',
  missionOffline:
    'Não foi possível carregar a missão desta visita sem conexão. Conecte-se à internet e tente de novo.',
  retry: 'Tentar de novo',
  /** An address under the shell that names none of its pages (as the app's not-found page says it). */
  unknownPageTitle: 'Página não encontrada',
  unknownPageBody: 'O endereço que você abriu não existe ou mudou de lugar.',
  unknownPageLink: 'Ir para o início',
  backToTask: 'Voltar para a tarefa',
  timerLabel: (seconds: number) => `Tempo de visita: ${spokenDuration(seconds)}. Abrir controle`,
  visitPages: 'Páginas da visita',
  /** The shell's own pages; a part's page is named by its part (REPORT_PARTS' `title`). */
  pages: {
    control: 'Controle',
    instructions: 'Instruções',
    notes: 'Observações',
  },
  savedOnDevice: 'Salvo neste aparelho',
  notesMergedFromOtherTab:
    'Estas observações também foram editadas em outra aba do app: o texto aqui junta as duas.',
  needsReport: 'Carregando o relatório da visita',
  reportOffline:
    'O relatório desta visita ainda não foi baixado para este aparelho. Conecte-se à internet e tente de novo.',
  /** The browser deleted the device's copy of the report (the unsent record says so). */
  reportLostOffline:
    'A cópia do relatório que estava neste aparelho foi apagada pelo navegador. Conecte-se à internet para baixá-la de novo.',
  reportLoadError: 'Não foi possível carregar o relatório da visita',

  // ---------------------------------------------------------------- check-in step
  checkinTitle: 'Check-in',
  checkinIntro: (place: string) =>
    `Para começar a visita em ${place}, confirme que você está no local: vamos ler a localização do seu celular.`,
  checkinRadius: (radius: string, accuracy: string) =>
    `O check-in é aceito até ${radius} do endereço, com o sinal de GPS preciso até ±${accuracy}.`,
  checkinOfflineHint:
    'Sem conexão? Tudo bem: o check-in fica guardado e é enviado quando a conexão voltar.',
  checkinButton: 'Fazer check-in',
  readingPosition: 'Lendo sua localização…',
  accuracy: (meters: string) => `Precisão: ±${meters}`,
  recordingCheckin: 'Registrando o check-in…',
  positionUnavailable:
    'Não foi possível obter sua localização. Verifique se a localização (GPS) do celular está ligada e tente de novo.',
  positionTimeout:
    'A localização demorou demais para responder. Vá para um lugar mais aberto, perto de uma janela ou da porta, e tente de novo.',
  positionUnsupported:
    'Este navegador não informa a localização. Abra o app em um navegador atualizado (Chrome, Safari ou Firefox) para fazer o check-in.',
  positionHelp: 'Como permitir a localização',
  positionRefusedTitle: 'Localização não permitida',
  positionRefused:
    'Sem a localização não é possível fazer o check-in. Toque em “Tentar de novo” e, no pedido do navegador, escolha “Permitir”.',
  positionBlockedTitle: 'A localização está bloqueada',
  positionBlocked:
    'O navegador guardou a recusa e não vai perguntar de novo. Libere a localização para o Avaliador nas configurações do navegador e toque em “Tentar de novo”.',
  outsideTitle: 'Fora do local da visita',
  outsideHint: 'Aproxime-se do endereço e tente de novo.',
  checkinSaveError: 'Não foi possível guardar o check-in neste aparelho. Tente de novo.',
  lowSpaceTitle: 'Pouco espaço no aparelho',
  lowSpace: (megabytes: number) =>
    `Libere ${megabytes} MB (fotos, vídeos ou apps que você não usa) antes de começar: as fotos e os áudios da visita ficam no aparelho até serem enviados.`,
  address: 'Endereço',

  // ---------------------------------------------------------------- control
  controlTitle: 'Controle da visita',
  elapsedLabel: 'Tempo de visita',
  maxDuration: (minutes: number) => `Duração máxima: ${minutes} minutos`,
  remaining: (minutes: number) =>
    minutes <= 1 ? 'Falta menos de 1 minuto' : `Faltam ${minutes} minutos`,
  /** `when`: formatWhen's "às 15:40" or "em 28/11/2026 às 15:40". */
  checkedInAt: (when: string) => `Check-in ${when}`,
  checkinWaiting: 'O check-in está guardado neste aparelho e será enviado quando houver conexão.',
  missingTitle: 'O que ainda falta',
  nothingMissing: 'Tudo o que a visita pede está registrado.',
  missingLaterHint: 'Pode ser completado no relatório, depois do check-out.',
  goTo: (page: string) => `Abrir ${page}`,
  checkoutButton: 'Fazer check-out',
  checkoutSheetTitle: 'Fazer check-out agora?',
  checkoutSheetIntro: 'Ainda falta registrar:',
  checkoutSheetHint:
    'Depois do check-out você não volta a esta tela; o que faltar poderá ser completado no relatório, se possível.',
  checkoutAnyway: 'Fazer check-out mesmo assim',
  keepVisiting: 'Continuar a visita',
  notYet: 'Agora não',
  checkoutError: 'Não foi possível registrar o check-out neste aparelho. Tente de novo.',

  // ---------------------------------------------------------------- offline checkout
  offlineCheckoutTitle: 'Check-out guardado',
  offlineCheckoutSentTitle: 'Check-out enviado',
  offlineCheckoutBody: (when: string) =>
    `Você fez o check-out ${when} sem conexão. Ele está guardado neste aparelho e será enviado automaticamente, uma única vez, assim que a conexão voltar. Você pode fechar o app: nada se perde.`,
  /** The check-out waits for the server (in maintenance, or failing), not for a connection. */
  offlineCheckoutServerBody: (when: string, maintenance: boolean, retryAt: string | undefined) =>
    `Você fez o check-out ${when}. ${maintenance ? 'O servidor está em manutenção' : 'O servidor está com problemas'}: o check-out está guardado neste aparelho e será enviado automaticamente, uma única vez, quando ele voltar${retryAt ? ` (nova tentativa às ${retryAt})` : ''}. Você pode fechar o app: nada se perde.`,
  offlineCheckoutRefusedTitle: 'O servidor recusou o check-out',
  /** `final`: sending again would get the same answer (refusal.ts): no "tente de novo". */
  offlineCheckoutRefusedBody: (when: string, final: boolean) =>
    `O check-out que você fez ${when} continua guardado neste aparelho, mas o servidor não o aceitou (o motivo está abaixo). ${final ? 'O que fazer está logo abaixo.' : 'Tente enviar de novo; se continuar, fale com o suporte.'}`,
  offlineCheckoutSentBody:
    'O servidor recebeu o seu check-out. Agora responda o questionário da visita.',
  sendNow: 'Tentar enviar agora',
  goToQuestionnaire: 'Responder o questionário',
  outboxListLabel: 'Envios desta visita',
  itemWaiting: 'aguardando envio',
  itemRetrying: (attempts: number) =>
    `tentando de novo (${count(attempts, 'tentativa', 'tentativas')})`,
  itemFailed: (message: string) => `recusado: ${message}`,

  // ---------------------------------------------------------------- timeout
  timeoutTitle: 'Tempo esgotado',
  timeoutNotice: 'O tempo máximo da visita acabou',
  timeoutBody: (minutes: number) =>
    `A visita pode durar até ${minutes} minutos. Faça o check-out agora; o que faltar poderá ser completado no relatório.`,

  // ---------------------------------------------------------------- instructions
  instructionsTitle: 'Instruções',
  briefing: 'O que fazer',
  scenario: 'Cenário',
  requirements: 'O que registrar',

  // ---------------------------------------------------------------- notes
  notesTitle: 'Observações',
  notesLabel: 'Observações da visita',
  notesHint: 'Anote o que ajudar a preencher o relatório. Fica salvo enquanto você digita.',
  notesCount: (n: number, max: number) => `${n} de ${max} caracteres`,
  saving: 'Salvando…',
  saveFailed: 'Não foi possível salvar neste aparelho. Tente de novo.',
} as const
