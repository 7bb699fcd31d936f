/** pt-BR copy of the deep-link dispatcher and the service-unavailable screen. */
export const systemCopy = {
  openingTitle: 'Abrindo…',
  opening: 'Abrindo o conteúdo do link',
  unknownLink: 'Link não reconhecido',

  unavailableTitle: 'Serviço indisponível',
  unavailableLead:
    'Não conseguimos falar com o servidor agora. Pode ser uma instabilidade passageira ou uma manutenção programada.',
  keptOnDevice:
    'O que você já registrou neste aparelho continua guardado e será enviado quando o serviço voltar.',
  maintenanceTitle: 'Estamos em manutenção',
  maintenanceBody:
    'O serviço volta em breve. Você não precisa fazer nada: esta tela tenta de novo sozinha.',
  stillDown: 'O serviço ainda não respondeu.',
  checking: 'Verificando o serviço…',
  back: 'O serviço voltou. Abrindo o app…',
  nextAttempt: (seconds: number) =>
    seconds === 1 ? 'Nova tentativa em 1 segundo' : `Nova tentativa em ${seconds} segundos`,
  retryNow: 'Tentar agora',
  help: 'Precisa de ajuda? Fale com o suporte pelo WhatsApp',
  whatsappUrl: 'https://wa.me/5511900000000',
} as const
