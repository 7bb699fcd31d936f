/**
 * What keeps the fake backend a sandbox when its server can be reached from a network
 * (`npm start -- --host 0.0.0.0` to try push on a phone), in Node only: scripts/serve.ts and
 * the Vite dev server use it (docs/decisions/0015-the-sandbox-on-a-network.md).
 *
 * - **Host.** Every request's `Host` must name this server: a loopback name, an address it
 *   listens on (every interface's when it listens on all of them), this machine's name, or one
 *   given with `--allowed-host` (a proxy or a tunnel). A page whose name an attacker points at
 *   this computer (DNS rebinding) sends its own name, and is refused.
 * - **The control plane** (`/api/__fake/…`: sign-in codes, faults, reset, messages to the agent)
 *   answers this computer only: a loopback client that did not come through a proxy. From any
 *   other address it needs the control token (printed at start) in the `X-Control-Token` header:
 *   a custom header, which no form or `no-cors` request of another site can send. (The control
 *   plane's own rule, mocks/handlers/control.ts, also wants JSON for every change.)
 *   A page of another origin is refused too, also on this computer (its `Origin` header).
 * - **The demo token** (`demo-token`, a session everyone knows) works from this computer only.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { hostname, networkInterfaces } from 'node:os'
import { isIP } from 'node:net'
import { DEMO_TOKEN } from './seed/demo'
import { closeAfterAnswer } from './close-after-answer'

export const CONTROL_TOKEN_HEADER = 'X-Control-Token'

/** Headers a proxy adds: a request that carries one came from somewhere else, whatever its socket. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-real-ip', 'via']

/** The address without IPv6 brackets or an IPv4-mapped prefix, lower case. */
function bareAddress(address: string): string {
  const plain = address
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
  return plain.startsWith('::ffff:') && isIP(plain.slice(7)) === 4 ? plain.slice(7) : plain
}

/** 127.0.0.0/8 and ::1 (also written as an IPv4-mapped IPv6 address). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false
  const bare = bareAddress(address)
  return bare === '::1' || (isIP(bare) === 4 && bare.startsWith('127.'))
}

const WILDCARDS = new Set(['', '0.0.0.0', '::', '[::]'])

/** True when a server listening on `host` can be reached from other machines. */
export function listensBeyondLoopback(host: string): boolean {
  const bare = bareAddress(host)
  return WILDCARDS.has(bare) || !(bare === 'localhost' || isLoopbackAddress(bare))
}

/** The host name a `Host` header names, without its port, lower case; '' when there is none. */
export function hostnameOf(hostHeader: string | undefined): string {
  const value = (hostHeader ?? '').trim().toLowerCase()
  if (value.startsWith('[')) return value.slice(1, value.indexOf(']'))
  return value.replace(/:\d*$/, '').replace(/\.$/, '')
}

/**
 * Every name a `Host` header may carry for a server listening on `host`: loopback names always
 * (only this computer, or a phone through `adb reverse`, can send them), the listening address,
 * and when it listens on every interface, each interface's address and this machine's name.
 */
export function acceptedHostnames(
  host: string,
  extra: readonly string[] = [],
  interfaces = networkInterfaces(),
  machine = hostname(),
): Set<string> {
  const names = new Set(['localhost', '127.0.0.1', '::1', ...extra.map((h) => hostnameOf(h))])
  const bare = bareAddress(host)
  if (WILDCARDS.has(bare)) {
    for (const list of Object.values(interfaces))
      for (const info of list ?? []) names.add(bareAddress(info.address).replace(/%.*$/, ''))
    const name = machine.toLowerCase()
    names.add(name)
    if (!name.includes('.')) names.add(`${name}.local`)
  } else names.add(bare)
  return names
}

/** True when a request came from this computer itself, not through a proxy. */
export function fromThisComputer(req: IncomingMessage): boolean {
  return (
    isLoopbackAddress(req.socket.remoteAddress) &&
    !FORWARDING_HEADERS.some((name) => req.headers[name] !== undefined)
  )
}

export type Refusal = { status: number; code: 'unauthorized'; title: string; detail: string }

export type NetworkGuardOptions = {
  /** The address the server listens on (`--host`). */
  host: string
  /** More `Host` names to accept (`--allowed-host`: a proxy's, a tunnel's). */
  allowedHosts?: readonly string[]
  /** The control token (`--control-token`); made at random when not given. */
  controlToken?: string
  /** Where the API is served (`/api`): the control plane is `${apiBase}/__fake/`. */
  apiBase?: string
  /** Check `Host` (default). The Vite dev server checks it itself (`server.allowedHosts`). */
  checkHost?: boolean
}

/** True when the request's `Origin` is this server as the request names it (its `Host`). */
function sameOrigin(req: IncomingMessage): boolean {
  try {
    return new URL(req.headers.origin ?? '').host === (req.headers.host ?? '').toLowerCase()
  } catch {
    return false
  }
}

function sameSecret(given: string, expected: string) {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

export function createNetworkGuard(options: NetworkGuardOptions) {
  const controlToken = options.controlToken || randomBytes(18).toString('base64url')
  const hostnames = acceptedHostnames(options.host, options.allowedHosts)
  const controlPath = `${options.apiBase ?? '/api'}/__fake/`
  const beyondLoopback = listensBeyondLoopback(options.host)

  /** Why this request is refused, or null. */
  function refusal(req: IncomingMessage): Refusal | null {
    const name = hostnameOf(req.headers.host)
    if (options.checkHost !== false && !hostnames.has(name) && !name.endsWith('.localhost'))
      return {
        status: 403,
        code: 'unauthorized',
        title: 'Endereço não reconhecido',
        detail: `Este servidor não atende pelo nome "${name}". Para aceitá-lo (um proxy, um túnel), inicie-o com --allowed-host ${name || '<nome>'}.`,
      }
    const path = new URL(req.url ?? '/', 'http://localhost').pathname
    const control = path.startsWith(controlPath)
    // A page of another origin: even on this computer, its calls are not the presenter's.
    if (control && req.headers.origin !== undefined && !sameOrigin(req))
      return {
        status: 403,
        code: 'unauthorized',
        title: 'Painel de controle local',
        detail:
          'O painel de controle do backend de demonstração não atende páginas de outra origem.',
      }
    if (fromThisComputer(req)) return null
    if (control) {
      const given = req.headers[CONTROL_TOKEN_HEADER.toLowerCase()]
      if (typeof given === 'string' && sameSecret(given, controlToken)) return null
      return {
        status: 403,
        code: 'unauthorized',
        title: 'Painel de controle local',
        detail: `O painel de controle do backend de demonstração só atende este computador. De outro endereço, envie o cabeçalho ${CONTROL_TOKEN_HEADER} com o código mostrado ao iniciar o servidor.`,
      }
    }
    if (req.headers.authorization?.trim() === `Bearer ${DEMO_TOKEN}`)
      return {
        status: 401,
        code: 'unauthorized',
        title: 'Não autorizado',
        detail: 'O token de demonstração só vale neste computador. Entre com o celular.',
      }
    return null
  }

  return {
    controlToken,
    beyondLoopback,
    hostnames,
    refusal,
    /** Answers a refused request and returns true; returns false for one that may go on. */
    refuse(req: IncomingMessage, res: ServerResponse): boolean {
      const refused = refusal(req)
      if (!refused) return false
      res.statusCode = refused.status
      res.setHeader('Content-Type', 'application/problem+json')
      // A refused request's body is never read: close the connection instead of draining it.
      closeAfterAnswer(res)
      res.end(
        JSON.stringify({
          type: 'about:blank',
          title: refused.title,
          status: refused.status,
          code: refused.code,
          detail: refused.detail,
        }),
      )
      return true
    },
    /** What to print at start: the control plane's reach, and a warning beyond loopback. */
    startMessage(url: string): string[] {
      const control = `Control plane (${url}${controlPath}…): this computer only; from another address send the header ${CONTROL_TOKEN_HEADER}: ${controlToken}`
      if (!beyondLoopback) return [control]
      return [
        '',
        `WARNING: listening on ${options.host}, beyond this computer: anyone on this network can open the app and the fake backend's API.`,
        `  ${control}`,
        `  The demo token ${DEMO_TOKEN} works from this computer only.`,
        `  Accepted Host names: ${[...hostnames].join(', ')}, *.localhost (add one with --allowed-host <name>).`,
        '',
      ]
    },
  }
}

export type NetworkGuard = ReturnType<typeof createNetworkGuard>
