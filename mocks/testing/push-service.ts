/**
 * A push service on this machine, for tests: an HTTPS server (a throw-away self-signed
 * certificate made with the system's `openssl`) that records every Web Push request it gets
 * — headers and the encrypted body — and answers 201, or what a test tells it to (404/410: the
 * subscription is gone). `device()` makes a subscription as a browser would (a P-256 key pair
 * and an auth secret) whose endpoint is this server, and can decrypt what was sent to it, as
 * the browser does before handing the payload to the service worker.
 */
import { execFileSync } from 'node:child_process'
import { createECDH, randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import ece from 'http_ece'

export type RecordedPush = {
  path: string
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

export type TestDevice = {
  endpoint: string
  keys: { p256dh: string; auth: string }
  /** The subscription's `toJSON()`, as the app registers it. */
  toJSON(): { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } }
  /** The plaintext of a request sent to this device. */
  decrypt(push: RecordedPush): string
}

export type PushService = {
  origin: string
  requests: RecordedPush[]
  device(): TestDevice
  /** What the next requests to `endpoint` are answered with (201 by default). */
  answer(endpoint: string, status: number): void
  close(): Promise<void>
}

function selfSignedCertificate() {
  const dir = mkdtempSync(join(tmpdir(), 'avaliador-push-service-'))
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    )
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

export async function startPushService(): Promise<PushService> {
  const requests: RecordedPush[] = []
  const answers = new Map<string, number>()
  const server: Server = createServer(selfSignedCertificate(), (req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const path = req.url ?? '/'
      requests.push({ path, headers: req.headers, body: Buffer.concat(chunks) })
      res.statusCode = answers.get(path) ?? 201
      res.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    origin,
    requests,
    device() {
      const ecdh = createECDH('prime256v1')
      ecdh.generateKeys()
      const keys = {
        p256dh: ecdh.getPublicKey().toString('base64url'),
        auth: randomBytes(16).toString('base64url'),
      }
      const endpoint = `${origin}/push/${randomUUID()}`
      return {
        endpoint,
        keys,
        toJSON: () => ({ endpoint, expirationTime: null, keys }),
        decrypt: (push) =>
          ece
            .decrypt(push.body, { version: 'aes128gcm', privateKey: ecdh, authSecret: keys.auth })
            .toString('utf8'),
      }
    },
    answer(endpoint, status) {
      answers.set(new URL(endpoint).pathname, status)
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
