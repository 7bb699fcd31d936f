/** pt-BR copy of the permission screens: why first, then the browser's prompt, then the result. */
import type { PermissionKind } from '@/lib/device-media/device-permissions'

type PermissionCopy = {
  title: string
  lead: string
  reasons: readonly string[]
  privacy: string
  ask: string
  granted: string
  grantedBody: string
  denied: string
  deniedBody: string
  howToEnable: readonly string[]
  dismissed: string
  unavailable?: string
  unsupported: string
  /** Refused at the browser's prompt, which a new page shows again (the location). */
  refusedTitle?: string
  refused?: string
}

export const permissionCopy: Record<PermissionKind, PermissionCopy> = {
  notifications: {
    title: 'Notificações do sistema',
    lead: 'Permita que o Avaliador envie notificações para este aparelho. Assim você fica sabendo na hora de:',
    reasons: [
      'novas oportunidades de visita perto de você, que podem expirar em poucas horas;',
      'pendências pedidas pelo validador, que têm prazo para resposta;',
      'pagamentos liberados na sua carteira;',
      'lembretes das visitas agendadas.',
    ],
    privacy:
      'Enviamos só avisos sobre o seu trabalho. Você pode desativar quando quiser nas configurações do navegador.',
    ask: 'Permitir notificações',
    granted: 'Notificações ativadas',
    grantedBody: 'Pronto! Você vai receber os avisos do Avaliador neste aparelho.',
    denied: 'As notificações estão bloqueadas',
    deniedBody:
      'O navegador não vai mostrar o pedido de novo. Para ativar, libere as notificações nas configurações:',
    howToEnable: [
      'Chrome no Android: toque no cadeado ao lado do endereço › Permissões › Notificações › Permitir.',
      'Safari no iPhone (iOS 16.4 ou mais novo): adicione o Avaliador à Tela de Início, abra por lá e depois vá em Ajustes › Notificações › Avaliador › Permitir Notificações.',
      'No computador: clique no cadeado ao lado do endereço › Configurações do site › Notificações › Permitir.',
      'Depois volte para esta tela e toque em “Verificar de novo”.',
    ],
    dismissed: 'Você fechou o pedido sem responder. Toque no botão de novo para escolher.',
    unsupported:
      'Este navegador não oferece notificações. No iPhone, adicione o Avaliador à Tela de Início e abra por lá; em outros aparelhos, use a versão mais recente do Chrome.',
  },
  position: {
    title: 'Permitir localização',
    lead: 'O Avaliador usa a localização deste aparelho para:',
    reasons: [
      'confirmar o check-in: ele só é aceito quando você está dentro do raio do local da visita;',
      'mostrar a que distância você está do local, quando estiver longe;',
      'registrar a posição do check-in no relatório, como prova da visita.',
    ],
    privacy:
      'Sua localização só é lida quando você faz o check-in ou pede para ver a distância. Não acompanhamos você fora das visitas.',
    ask: 'Permitir localização',
    granted: 'Localização ativada',
    grantedBody: 'Pronto! Você já pode fazer o check-in nas suas visitas.',
    denied: 'A localização está bloqueada',
    deniedBody:
      'Sem a localização não é possível fazer o check-in. O navegador não vai mostrar o pedido de novo; libere nas configurações:',
    howToEnable: [
      'Chrome no Android: toque no cadeado ao lado do endereço › Permissões › Local › Permitir. Confira também se a localização do aparelho está ligada.',
      'Safari no iPhone: Ajustes › Privacidade e Segurança › Serviços de Localização › Sites do Safari › Durante o Uso.',
      'No computador: clique no cadeado ao lado do endereço › Configurações do site › Local › Permitir.',
      'Depois volte para esta tela e toque em “Verificar de novo”.',
    ],
    dismissed: 'Você fechou o pedido sem responder. Toque no botão de novo para escolher.',
    refusedTitle: 'Localização não permitida',
    refused:
      'Sem a localização não é possível fazer o check-in. Toque em “Tentar de novo” e, no pedido do navegador, escolha “Permitir”.',
    unavailable:
      'A permissão foi dada, mas não conseguimos ler sua posição agora. Ligue o GPS (localização do aparelho), vá para um lugar aberto e tente de novo.',
    unsupported:
      'Este navegador não informa a localização. Use a versão mais recente do Chrome ou do Safari.',
  },
}

/** Notifications allowed: this phone must still subscribe to the server's pushes. */
export const pushCopy = {
  activating: 'Ativando os avisos neste aparelho…',
  failedTitle: 'A permissão foi dada, mas este aparelho ainda não recebe os avisos',
  notYet: 'A permissão já está dada, mas este aparelho ainda não recebe os avisos.',
  turnOn: 'Receber avisos neste aparelho',
  demo: 'Na demonstração, os avisos do painel (“Nova notificação”, “Nova oportunidade”) aparecem neste aparelho.',
  onlyWhileOpen:
    'Este navegador não recebe avisos com o app fechado: você os verá quando abrir o Avaliador.',
  installFirst:
    'No iPhone e no iPad, as notificações só funcionam no app instalado. No Safari, toque em Compartilhar › Adicionar à Tela de Início, abra o Avaliador pelo ícone e volte a esta tela.',
} as const

export const permissionCommonCopy = {
  continue: 'Continuar',
  checkAgain: 'Verificar de novo',
  tryAgain: 'Tentar de novo',
  checking: 'Verificando permissão…',
  asking: 'Aguardando sua resposta no pedido do navegador…',
  alreadyGranted: 'Esta permissão já está ativada neste aparelho.',
  notNow: 'Agora não',
} as const
