/** pt-BR copy of the deep-link dispatcher and the service-unavailable screen. */
import { count } from '@/domain/plural'
export const systemCopy = {
  openingTitle: 'Abrindo…',
  opening: 'Abrindo o conteúdo do link',
  unknownLink: 'Link não reconhecido',

  unavailableTitle: 'Serviço indisponível',
  // Same shape and length as the maintenance notice that may replace it once the health
  // check answers: the swap must not move the page (no layout shift).
  unreachableTitle: 'Sem resposta do servidor',
  unreachableBody:
    'Pode ser uma instabilidade passageira ou uma manutenção. Esta tela tenta de novo sozinha.',
  keptOnDevice:
    'O que você já registrou neste aparelho continua guardado e será enviado quando o serviço voltar.',
  maintenanceTitle: 'Estamos em manutenção',
  maintenanceBody:
    'O serviço volta em breve. Você não precisa fazer nada: esta tela tenta de novo sozinha.',
  stillDown: 'O serviço ainda não respondeu.',
  checking: 'Verificando o serviço…',
  back: 'O serviço voltou. Abrindo o app…',
  nextAttempt: (seconds: number) => `Nova tentativa em ${count(seconds, 'segundo', 'segundos')}`,
  retryNow: 'Tentar agora',
  help: 'Precisa de ajuda? Fale com o suporte pelo WhatsApp',
  whatsappUrl: 'https://wa.me/5511900000000',
} as const
