/**
 * The fake backend's push shapes, apart from what sends (./push.ts), so the backend context
 * (handlers/support.ts) can hold the push state without the two importing each other.
 */
import type { PushMessage } from '@/api/entities'

/** A device's push subscription: where to send, and the keys to encrypt for. */
export type PushTarget = { endpoint: string; keys: { p256dh: string; auth: string } }

export type PushGateway = {
  /** The VAPID public key the app subscribes with (`GET /push/key`). */
  publicKey: string
  /** Sends one payload; resolves with the push service's HTTP status, rejects when unreachable. */
  send(target: PushTarget, payload: string): Promise<number>
}

/** One attempt to reach a device, as the control plane shows it. */
export type PushDelivery = {
  at: string
  agentId: string
  subscriptionId: string
  endpoint: string
  message: PushMessage
  /** The push service's HTTP status; 0 when it could not be reached. */
  status: number
  /** Why it failed, when it did. */
  error?: string
  /** The subscription was removed because the push service said it is gone (404/410). */
  removed?: boolean
}

export type PushState = { gateway: PushGateway; sent: PushDelivery[] }
