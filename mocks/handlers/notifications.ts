/** Notifications (unread first, paginated) and bulletins, with read marks that keep the first time. */
import type { Bulletin, Notification } from '@/api/entities'
import {
  type BackendContext,
  isoNow,
  notFound,
  paginate,
  plain,
  requireAgent,
  typedHttp,
  withoutOwner,
} from './support'

/** Unread first, then newest first (ties by id, so pages are stable). */
function notificationOrder(a: Notification, b: Notification) {
  const unread = Number(b.readAt === null) - Number(a.readAt === null)
  return unread || b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id)
}

export function notificationHandlers(ctx: BackendContext) {
  const http = typedHttp(ctx)
  const { db } = ctx

  /** The agent's notification by slug (or id), or a thrown 404. */
  const findNotification = (agentId: string, ref: string) => {
    const found = db.notifications.findFirst((q) =>
      q.where((n) => n.ownerId === agentId && (n.slug === ref || n.id === ref)),
    )
    if (!found) throw notFound('Notificação não encontrada.')
    return found
  }

  const findBulletin = (agentId: string, id: string) => {
    const found = db.bulletins.findFirst((q) => q.where({ ownerId: agentId, id }))
    if (!found) throw notFound('Aviso não encontrado.')
    return found
  }

  return [
    http.get('/notifications/mine', ({ request, query, response }) => {
      const agent = requireAgent(ctx, request)
      const unreadOnly = ['true', '1'].includes(query.get('unread') ?? '')
      const mine = db.notifications.findMany((q) => q.where({ ownerId: agent.id }))
      let unreadCount = 0
      for (const n of mine) if (n.readAt === null) unreadCount++
      const listed = (unreadOnly ? mine.filter((n) => n.readAt === null) : mine).sort(
        notificationOrder,
      )
      const page = paginate(listed, query.get('cursor'), query.get('limit'))
      return response(200).json({
        items: page.items.map((n) => plain(withoutOwner(n))),
        total: page.total,
        unreadCount,
        nextCursor: page.nextCursor,
      })
    }),

    http.get('/notifications/{slug}', ({ request, params, response }) => {
      const agent = requireAgent(ctx, request)
      return response(200).json(plain(withoutOwner(findNotification(agent.id, params.slug))))
    }),

    http.put('/notifications/{slug}/read', async ({ request, params, response }) => {
      const agent = requireAgent(ctx, request)
      const notification = findNotification(agent.id, params.slug)
      // Marking again keeps the first read time.
      const updated =
        notification.readAt === null
          ? await db.notifications.update(notification, {
              data(n) {
                n.readAt = isoNow(ctx)
              },
            })
          : notification
      return response(200).json(plain(withoutOwner(updated ?? notification)) satisfies Notification)
    }),

    http.get('/bulletins', ({ request, response }) => {
      const agent = requireAgent(ctx, request)
      const items = db.bulletins
        .findMany((q) => q.where({ ownerId: agent.id }))
        .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt) || b.id.localeCompare(a.id))
        .map((b) => plain(withoutOwner(b)))
      return response(200).json({ items })
    }),

    http.put('/bulletins/{id}/read', async ({ request, params, response }) => {
      const agent = requireAgent(ctx, request)
      const bulletin = findBulletin(agent.id, params.id)
      const updated =
        bulletin.readAt === null
          ? await db.bulletins.update(bulletin, {
              data(b) {
                b.readAt = isoNow(ctx)
              },
            })
          : bulletin
      return response(200).json(plain(withoutOwner(updated ?? bulletin)) satisfies Bulletin)
    }),
  ]
}
