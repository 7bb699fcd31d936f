/**
 * Real Web Push for the fake backend in Node (`npm start`, `npm run dev`): each push is
 * encrypted for the device's keys (aes128gcm) and signed with the server's VAPID key by the
 * `web-push` library, and posted to the device's push service — so on a network with
 * internet, `npm start` delivers to a real phone. Never imported by the demo or the app.
 *
 * The VAPID key pair is made on the first start and kept in a file outside git
 * (`.local/vapid-keys.json` by default), so a phone subscribed once keeps receiving after a
 * restart: a new key would silently orphan every subscription.
 *
 * A push service on this machine (127.0.0.1, ::1, localhost: the tests' recorder, a local
 * push server) is reached without checking its TLS certificate; real push services are
 * checked as usual.
 */
import { Agent } from 'node:https'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname } from 'node:path'
import webpush from 'web-push'
import type { PushGateway } from './push-types'

export type VapidKeys = { publicKey: string; privateKey: string }

/** Who runs the push sender, as push services ask (RFC 8292 `sub`). */
export const VAPID_SUBJECT = 'mailto:dev@avaliador.example'

/** A day: an offer or a pendency older than that is no news worth waking a phone for. */
const TTL_SECONDS = 24 * 60 * 60
const SEND_TIMEOUT_MS = 10_000

const LOOPBACK = new Set(['127.0.0.1', '[::1]', 'localhost'])
const trustingAgent = new Agent({ rejectUnauthorized: false })

/** The key pair in `file`, made (and written, readable by its owner only) when missing. */
export function loadOrCreateVapidKeys(file: string): VapidKeys & { created: boolean } {
  if (existsSync(file)) {
    const kept = JSON.parse(readFileSync(file, 'utf8')) as Partial<VapidKeys>
    if (typeof kept.publicKey === 'string' && typeof kept.privateKey === 'string')
      return { publicKey: kept.publicKey, privateKey: kept.privateKey, created: false }
    throw new Error(`${file} não tem publicKey e privateKey; apague-o para gerar um par novo.`)
  }
  const keys = webpush.generateVAPIDKeys()
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, `${JSON.stringify(keys, null, 2)}\n`, { mode: 0o600 })
  return { ...keys, created: true }
}

export function webPushGateway(keys: VapidKeys, subject = VAPID_SUBJECT): PushGateway {
  return {
    publicKey: keys.publicKey,
    async send(target, payload) {
      const host = new URL(target.endpoint).hostname
      try {
        const result = await webpush.sendNotification(target, payload, {
          vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
          TTL: TTL_SECONDS,
          contentEncoding: 'aes128gcm',
          urgency: 'high',
          timeout: SEND_TIMEOUT_MS,
          ...(LOOPBACK.has(host) ? { agent: trustingAgent } : {}),
        })
        return result.statusCode
      } catch (error) {
        // The push service answered with an error status: that is an answer, not a failure.
        if (error instanceof webpush.WebPushError) return error.statusCode
        throw error
      }
    },
  }
}
