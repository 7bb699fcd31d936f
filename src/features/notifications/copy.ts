/** pt-BR copy of the notifications and bulletins screens. */
import { count } from '@/domain/plural'
export const notificationCopy = {
  listTitle: 'Notificações',
  loadingList: 'Carregando notificações',
  listError: 'Não foi possível carregar as notificações',
  listLabel: 'Suas notificações',
  emptyTitle: 'Nenhuma notificação por aqui',
  emptyBody:
    'Quando houver novidades sobre suas visitas, pagamentos e validações, elas aparecem aqui.',
  unread: 'Não lida',
  unreadCount: (n: number) =>
    `Você tem ${count(n, 'notificação não lida', 'notificações não lidas')}.`,
  loadMore: 'Carregar mais',
  bulletinsLink: 'Comunicados da empresa',

  readTitle: 'Notificação',
  loadingOne: 'Carregando notificação',
  oneError: 'Não foi possível abrir a notificação',
  notFoundTitle: 'Notificação não encontrada',
  notFoundBody:
    'Ela pode ter sido removida ou o link está incompleto. Veja a lista das suas notificações.',
  backToList: 'Ver todas as notificações',
  open: 'Abrir',
  receivedAt: (when: string) => `Recebida ${when}`,
  markReadFailed: 'Não conseguimos marcar esta notificação como lida.',
  retry: 'Tentar de novo',

  bulletinsTitle: 'Comunicados',
  bulletinsLead: 'Comunicados da empresa para todos os avaliadores.',
  loadingBulletins: 'Carregando comunicados',
  bulletinsError: 'Não foi possível carregar os comunicados',
  bulletinsEmptyTitle: 'Nenhum comunicado publicado',
  bulletinsEmptyBody: 'Quando a empresa publicar um comunicado, ele aparece aqui.',
  bulletinUnread: 'Não lido',
  publishedAt: (when: string) => `Publicado ${when}`,
  bulletinReadFailed:
    'Não conseguimos marcar este comunicado como lido. Tente abrir de novo mais tarde.',
} as const
