/**
 * Web Push: the server's VAPID key, and each device's subscription. A device registers again
 * with the same endpoint when the browser renews it; that replaces the earlier record (even
 * one another agent had on the same phone). What is sent to the devices: mocks/notify.ts.
 */
import { HttpResponse } from 'msw'
import type { PushRegistration } from '@/api/entities'
import {
  type BackendContext,
  isoNow,
  newId,
  notFound,
  readBody,
  requireAgent,
  typedHttp,
} from './support'
import { idempotent } from './idempotency'

export function pushHandlers(ctx: BackendContext) {
  const http = typedHttp(ctx)
  const { db } = ctx

  return [
    http.get('/push/key', ({ request, response }) => {
      requireAgent(ctx, request)
      return response(200).json({ publicKey: ctx.push.gateway.publicKey })
    }),

    http.post('/push/subscriptions', async ({ request }) => {
      const agent = requireAgent(ctx, request)
      return idempotent(ctx, request, `push-subscription:${agent.id}`, async () => {
        const { subscription, deviceLabel } = await readBody(request, 'PushSubscriptionInput')
        db.pushSubscriptions.deleteMany((q) => q.where({ endpoint: subscription.endpoint }))
        const created = await db.pushSubscriptions.create({
          id: newId(ctx, 'psh'),
          ownerId: agent.id,
          endpoint: subscription.endpoint,
          p256dh: subscription.keys.p256dh,
          auth: subscription.keys.auth,
          deviceLabel,
          createdAt: isoNow(ctx),
        })
        ctx.log(`push: ${deviceLabel} inscrito para ${agent.id}`)
        const registration: PushRegistration = {
          id: created.id,
          deviceLabel: created.deviceLabel,
          createdAt: created.createdAt,
        }
        return HttpResponse.json(registration, { status: 201 })
      })
    }),

    http.delete('/push/subscriptions/{id}', ({ request, params, response }) => {
      const agent = requireAgent(ctx, request)
      const found = db.pushSubscriptions.findFirst((q) =>
        q.where({ id: params.id, ownerId: agent.id }),
      )
      if (!found) throw notFound('Este aparelho não recebe notificações.')
      db.pushSubscriptions.deleteMany((q) => q.where({ id: found.id }))
      ctx.log(`push: ${found.deviceLabel} deixou de receber notificações`)
      return response(204).empty()
    }),
  ]
}
