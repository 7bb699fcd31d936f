/**
 * Web Push in the fake backend: the devices' subscriptions live in the database; what is
 * sent goes through a `PushGateway` the host gives (`scripts/serve.ts` and `npm run dev`
 * send real, encrypted Web Push with the `web-push` library, mocks/web-push-gateway.ts; the
 * demo and the unit tests record only), and every attempt is kept in a log the control plane
 * reads (`GET /api/__fake/push/sent`). A subscription the push service answers 404 or 410
 * for is removed, as a real push server must.
 *
 * Nothing here imports a Node module: the demo runs this file in the browser.
 */
import type { PushMessage } from '@/api/entities'
import type { BackendContext } from './handlers/support'
import type { PushDelivery, PushGateway } from './push-types'

/**
 * A VAPID public key for hosts that send nothing (the demo, unit tests, contract runs): a
 * valid P-256 point, so a browser could subscribe with it; no private key exists for it.
 */
export const RECORD_ONLY_PUBLIC_KEY =
  'BDG41Ij9Dhh-1wbI4jKvor9oL2T2vHO1HJA0FLRyW7DLjnL8K5kCX9TyWiRDsty_6uX4idCMZW1edbnBj8cRey0'

/** A gateway that sends nothing and says every push was accepted (201). */
export function recordOnlyGateway(publicKey = RECORD_ONLY_PUBLIC_KEY): PushGateway {
  return { publicKey, send: () => Promise.resolve(201) }
}

/** Keeps the log small in a long `npm start`. */
const LOG_LIMIT = 500

/** Push services that answer these have forgotten the subscription for good. */
const GONE = new Set([404, 410])

/**
 * Sends `message` to every device of the agent. Never throws: a device that cannot be
 * reached is logged (and, when gone, removed) and the others still get it.
 */
export async function pushToAgent(
  ctx: BackendContext,
  agentId: string,
  message: PushMessage,
): Promise<PushDelivery[]> {
  const devices = ctx.db.pushSubscriptions.findMany((q) => q.where({ ownerId: agentId }))
  const payload = JSON.stringify(message)
  const deliveries = await Promise.all(
    devices.map(async (device): Promise<PushDelivery> => {
      const base = {
        at: new Date(ctx.clock.now()).toISOString(),
        agentId,
        subscriptionId: device.id,
        endpoint: device.endpoint,
        message,
      }
      try {
        const status = await ctx.push.gateway.send(
          { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
          payload,
        )
        if (!GONE.has(status)) return { ...base, status }
        ctx.db.pushSubscriptions.deleteMany((q) => q.where({ id: device.id }))
        ctx.log(
          `push: ${device.deviceLabel} não existe mais no serviço de push (${status}); removida`,
        )
        return { ...base, status, removed: true }
      } catch (error) {
        const why = error instanceof Error ? error.message : String(error)
        ctx.log(`push: ${device.deviceLabel} inalcançável (${why})`)
        return { ...base, status: 0, error: why }
      }
    }),
  )
  ctx.push.sent.push(...deliveries)
  if (ctx.push.sent.length > LOG_LIMIT) ctx.push.sent.splice(0, ctx.push.sent.length - LOG_LIMIT)
  return deliveries
}
