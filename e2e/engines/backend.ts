/** The fake backend's control plane and the agent's API, from Node (no browser involved). */
import type { Task } from '../../src/api/entities'

export const DEMO_PHONE_DIGITS = '11987654321'
const DEMO_PHONE_E164 = '+5511987654321'

export class Backend {
  /** When the test cut the API's connection: [from, to] (to: Infinity while still cut). */
  readonly offline: Array<[number, number]> = []

  constructor(readonly baseURL: string) {}

  private async call(method: string, path: string, body?: unknown, token?: string) {
    const response = await fetch(`${this.baseURL}/api${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...(token ? { Authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    if (!response.ok)
      throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`)
    return response.status === 204 ? undefined : ((await response.json()) as unknown)
  }

  async reset() {
    await this.call('POST', '/__fake/reset', {})
  }
  async signInCode(): Promise<string> {
    const { code } = (await this.call(
      'GET',
      `/__fake/otp?phone=${encodeURIComponent(DEMO_PHONE_E164)}`,
    )) as {
      code: string
    }
    return code
  }
  /** Every API request fails as with no network (the page's and the service worker's alike). */
  async loseConnection() {
    this.offline.push([Date.now(), Infinity])
    await this.call('POST', '/__fake/faults', { path: '*', fault: 'network-error' })
  }
  async clearFaults() {
    await this.call('DELETE', '/__fake/faults')
    const last = this.offline.at(-1)
    if (last && last[1] === Infinity) last[1] = Date.now()
  }
  /**
   * The browser's own report of a request that found no network (not the app's), logged
   * while the test had cut the connection or within a moment after (a request under way).
   */
  isExpectedNetworkFailure({ at, text }: { at: number; text: string }): boolean {
    const network =
      /Failed to load resource: net::ERR_|CONSOLE NETWORK ERROR|NetworkError when attempting to fetch/.test(
        text,
      )
    return network && this.offline.some(([from, to]) => at >= from && at <= to + 2000)
  }
  /** The methods of the requests that reached `path`, oldest first. */
  async requestsTo(path: string): Promise<string[]> {
    const { requests } = (await this.call(
      'GET',
      `/__fake/requests?path=${encodeURIComponent(path)}`,
    )) as {
      requests: Array<{ method: string }>
    }
    return requests.map((r) => r.method)
  }
  task(token: string, slug: string): Promise<Task> {
    return this.call('GET', `/tasks/${slug}`, undefined, token) as Promise<Task>
  }
  get<T>(token: string, path: string): Promise<T> {
    return this.call('GET', path, undefined, token) as Promise<T>
  }
}
