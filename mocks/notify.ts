/**
 * The one way the fake backend tells an agent something: `notifyAgent` writes the
 * notification (what `GET /notifications/mine` lists) and sends it as a Web Push message to
 * each of the agent's devices; `announceBulletin` does the same for a bulletin. Every place
 * that makes news (a new offer, pendencies, an approval, a rejection, a payment released, a
 * bulletin, the control plane) goes through here, so none can forget the push.
 */
import type { Notification, NotificationKind } from '@/api/entities'
import { pushMessageOf } from '@/domain/push-message'
import { isoNow, newId, plain, withoutOwner, type BackendContext } from './handlers/support'
import { pushToAgent } from './push'

export type NotificationContent = {
  kind: NotificationKind
  title: string
  body: string
  link?: string
  /** Preferred slug (made unique with -2, -3…); a new one otherwise. */
  slug?: string
}

function uniqueSlug(ctx: BackendContext, preferred: string) {
  let slug = preferred
  for (let n = 2; ctx.db.notifications.findFirst((q) => q.where({ slug })); n++)
    slug = `${preferred}-${n}`
  return slug
}

/** Writes a notification for `agentId` and pushes it to the agent's devices. */
export async function notifyAgent(
  ctx: BackendContext,
  agentId: string,
  content: NotificationContent,
): Promise<Notification> {
  const id = newId(ctx, 'ntf')
  const { slug, ...rest } = content
  const created = await ctx.db.notifications.create({
    ownerId: agentId,
    id,
    ...rest,
    slug: uniqueSlug(ctx, slug ?? `aviso-${id.slice(4).toLowerCase()}`),
    createdAt: isoNow(ctx),
    readAt: null,
  })
  const notification = plain(withoutOwner(created))
  await pushToAgent(ctx, agentId, pushMessageOf(notification, unreadCountOf(ctx, agentId)))
  return notification
}

/** Publishes a bulletin for `agentId` and pushes it (it opens the bulletins screen). */
export async function announceBulletin(
  ctx: BackendContext,
  agentId: string,
  content: { title: string; body: string },
) {
  const created = await ctx.db.bulletins.create({
    ownerId: agentId,
    id: newId(ctx, 'blt'),
    ...content,
    publishedAt: isoNow(ctx),
    readAt: null,
  })
  await pushToAgent(ctx, agentId, {
    title: content.title,
    body: content.body,
    tag: `comunicado-${created.id.toLowerCase()}`,
    link: '/notes',
    kind: 'bulletin',
    unreadCount: unreadCountOf(ctx, agentId),
  })
  return plain(withoutOwner(created))
}

function unreadCountOf(ctx: BackendContext, agentId: string) {
  return ctx.db.notifications.findMany((q) => q.where({ ownerId: agentId, readAt: null })).length
}

const brl = (cents: number) =>
  `R$ ${Math.floor(cents / 100).toLocaleString('pt-BR')},${String(cents % 100).padStart(2, '0')}`

/**
 * Moves the fake clock forward and tells each agent whose payout was released in that
 * time (a pending credit whose `availableAt` now lies in the past): "Pagamento disponível".
 */
export async function advanceClock(ctx: BackendContext, ms: number) {
  const from = ctx.clock.now()
  ctx.clock.advance(ms)
  const to = ctx.clock.now()
  const released = ctx.db.transactions.findMany((q) =>
    q.where((t) => {
      const at = t.availableAt === undefined ? NaN : Date.parse(t.availableAt)
      return t.status === 'pending' && t.amountCents > 0 && at > from && at <= to
    }),
  )
  for (const payout of released) {
    const task = payout.taskId
      ? ctx.db.tasks.findFirst((q) => q.where({ id: payout.taskId }))
      : undefined
    await notifyAgent(ctx, payout.ownerId, {
      kind: 'payment',
      title: 'Pagamento disponível',
      body: task
        ? `${brl(payout.amountCents)} da visita ${task.slug} estão disponíveis para saque na sua carteira.`
        : `${brl(payout.amountCents)} estão disponíveis para saque na sua carteira.`,
      link: '/account/wallet',
      slug: `pagamento-disponivel-${payout.id.toLowerCase()}`,
    })
  }
  return released.length
}
