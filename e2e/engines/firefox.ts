/**
 * Firefox ESR (Debian's `firefox-esr`) on a saved profile, started by this harness with
 * `--profile <dir>` and driven over WebDriver BiDi with puppeteer-core (24: 25 needs Node 22).
 * The back/forward cache is on by default in Firefox.
 *
 * The position comes from Firefox's network geolocation provider pointed at a small JSON
 * server of the test's own (`geo.provider.network.url`); the site's permission is set over
 * BiDi (`permissions.setPermission`): "granted", or "denied" for a refusal the browser keeps,
 * which the Permissions API then reports.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer, type Server } from 'node:http'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import puppeteer, { type Browser, type Page } from 'puppeteer-core'
import {
  LOCALE,
  TIMEZONE,
  VIEWPORT,
  type EngineBrowser,
  type EnginePage,
  type LaunchOptions,
  type LocationAnswer,
  type Logged,
  type Position,
} from './engine'

export const FIREFOX_PATH = '/usr/bin/firefox-esr'
const START_TIMEOUT_MS = 30_000

/** Prefs of the saved profile: quiet (no first-run pages, updates or telemetry), pt-BR, geolocation by the test. */
function userJs(geoUrl: string): string {
  const prefs: Record<string, string | number | boolean> = {
    'browser.shell.checkDefaultBrowser': false,
    'browser.startup.homepage_override.mstone': 'ignore',
    'browser.startup.page': 0,
    'browser.aboutwelcome.enabled': false,
    'browser.sessionstore.resume_from_crash': false,
    'browser.tabs.warnOnClose': false,
    'datareporting.policy.dataSubmissionEnabled': false,
    'toolkit.telemetry.reportingpolicy.firstRun': false,
    'app.update.disabledForTesting': true,
    'network.captive-portal-service.enabled': false,
    'network.connectivity-service.enabled': false,
    'browser.safebrowsing.malware.enabled': false,
    'browser.safebrowsing.phishing.enabled': false,
    'extensions.update.enabled': false,
    'intl.accept_languages': LOCALE,
    'intl.locale.requested': LOCALE,
    'geo.provider.testing': true,
    'geo.provider.network.url': geoUrl,
    // No `geo.prompt.testing`: it answers every request by itself, before the site's
    // permission; the permission is set over BiDi instead (granted or denied, no prompt).
    'permissions.default.geo': 0,
  }
  return Object.entries(prefs)
    .map(([name, value]) => `user_pref(${JSON.stringify(name)}, ${JSON.stringify(value)});`)
    .join('\n')
}

class FirefoxPage implements EnginePage {
  constructor(
    private readonly page: Page,
    private readonly navigating: (at: number) => void,
  ) {}
  async goto(url: string) {
    this.navigating(Date.now())
    await this.page.goto(url, { waitUntil: 'load' })
  }
  async reload() {
    this.navigating(Date.now())
    await this.page.reload({ waitUntil: 'load' })
  }
  async back() {
    // A page from the back/forward cache fires no load event.
    await this.page.evaluate(() => history.back())
  }
  async url() {
    return this.page.url()
  }
  evaluate<A, R>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R> {
    return this.page.evaluate(fn as never, arg as never) as Promise<R>
  }
  async addScript(source: string) {
    await this.page.evaluate(source)
  }
  async click(selector: string) {
    await this.page.locator(selector).click()
  }
  async type(selector: string, text: string) {
    const element = await this.page.$(selector)
    if (!element) throw new Error(`No element ${selector}`)
    await element.type(text)
  }
  async setFiles(selector: string, paths: string[]) {
    const element = await this.page.$(selector)
    if (!element) throw new Error(`No element ${selector}`)
    await (element as unknown as { uploadFile(...paths: string[]): Promise<void> }).uploadFile(
      ...paths,
    )
  }
  async screenshot(path: string) {
    await this.page.screenshot({ path: path as `${string}.png` })
  }
}

export class FirefoxEngine implements EngineBrowser {
  readonly name = 'firefox' as const
  private process: ChildProcess | undefined
  private exited: Promise<void> = Promise.resolve()
  private browser!: Browser
  private current!: FirefoxPage
  private errors: Logged[] = []
  private navigations: number[] = []
  private warnings: string[] = []
  private position: Position | undefined
  private answer: LocationAnswer = 'allow'
  private geoServer!: Server

  private constructor(private readonly options: LaunchOptions) {}

  static async launch(options: LaunchOptions) {
    const engine = new FirefoxEngine(options)
    await engine.serveGeolocation()
    try {
      await engine.start()
    } catch (error) {
      await engine.close()
      throw error
    }
    return engine
  }

  get profileDir() {
    return this.options.profileDir
  }
  get page(): EnginePage {
    return this.current
  }

  /** The "network" geolocation provider's answer: where the test put the device. */
  private serveGeolocation() {
    this.geoServer = createServer((_request, response) => {
      const p = this.position
      response.writeHead(200, { 'Content-Type': 'application/json' })
      response.end(
        JSON.stringify(
          p ? { location: { lat: p.latitude, lng: p.longitude }, accuracy: p.accuracy } : {},
        ),
      )
    })
    return new Promise<void>((resolve, reject) => {
      this.geoServer.once('error', reject)
      this.geoServer.listen(this.options.ports.geo, '127.0.0.1', () => resolve())
    })
  }

  private async start() {
    mkdirSync(this.options.profileDir, { recursive: true })
    writeFileSync(
      join(this.options.profileDir, 'user.js'),
      userJs(`http://127.0.0.1:${this.options.ports.geo}/geolocation.json`),
    )
    const port = this.options.ports.firefox
    const child = spawn(
      FIREFOX_PATH,
      [
        '--headless',
        '--no-remote',
        '--profile',
        this.options.profileDir,
        '--remote-debugging-port',
        String(port),
        '--width',
        String(VIEWPORT.width),
        '--height',
        String(VIEWPORT.height),
        'about:blank',
      ],
      { env: { ...process.env, TZ: TIMEZONE, MOZ_CRASHREPORTER_DISABLE: '1' }, detached: true },
    )
    this.process = child
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()))
    const endpoint = await new Promise<string>((resolve, reject) => {
      let err = ''
      const timer = setTimeout(
        () => reject(new Error(`Firefox did not start in ${START_TIMEOUT_MS} ms:\n${err}`)),
        START_TIMEOUT_MS,
      )
      child.stderr!.on('data', (chunk: Buffer) => {
        err = (err + chunk.toString()).slice(-4000)
        const match = /WebDriver BiDi listening on (ws:\/\/\S+)/.exec(err)
        if (match) {
          clearTimeout(timer)
          resolve(`${match[1]}/session`)
        }
      })
      child.stdout!.resume()
      child.once('exit', (code) => {
        clearTimeout(timer)
        reject(new Error(`Firefox exited (${code}):\n${err}`))
      })
    })
    this.browser = await puppeteer.connect({
      browserWSEndpoint: endpoint,
      protocol: 'webDriverBiDi',
      defaultViewport: VIEWPORT,
    })
    const [page] = await this.browser.pages()
    const tab = page ?? (await this.browser.newPage())
    await tab.setViewport(VIEWPORT)
    tab.on('console', (message) => {
      if (message.type() === 'error')
        this.errors.push({ at: Date.now(), text: `${tab.url()}: ${message.text()}` })
      if (message.type() === 'warn') this.warnings.push(`${tab.url()}: ${message.text()}`)
    })
    tab.on('pageerror', (error) =>
      this.errors.push({ at: Date.now(), text: `${tab.url()}: ${String(error)}` }),
    )
    this.current = new FirefoxPage(tab, (at) => this.navigations.push(at))
    await this.applyAnswer()
  }

  private async applyAnswer() {
    const origin = new URL(this.options.baseURL).origin
    await this.browser.defaultBrowserContext().setPermission(origin, {
      permission: { name: 'geolocation' },
      state: this.answer === 'allow' ? 'granted' : 'denied',
    })
  }

  async setPosition(position: Position) {
    this.position = position
  }
  async answerLocation(answer: LocationAnswer) {
    this.answer = answer
    await this.applyAnswer()
  }
  async restart() {
    await this.stop()
    await this.start()
  }
  private async stop() {
    await this.browser?.close().catch(() => undefined)
    const exited = await Promise.race([
      this.exited.then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 10_000)),
    ])
    if (!exited && this.process?.pid) process.kill(-this.process.pid, 'SIGKILL')
    await this.exited
  }
  async close() {
    await this.stop()
    await new Promise<void>((resolve) => this.geoServer?.close(() => resolve()) ?? resolve())
  }
  consoleErrors() {
    return [...this.errors]
  }
  consoleWarnings() {
    return [...this.warnings]
  }
  /**
   * Firefox logs a module the page was still loading through the service worker, when a full
   * load ends that page, as "A ServiceWorker intercepted the request and encountered an
   * unexpected error" (the app's start loads its idle-time code right after the first screen;
   * the repeated-loads test leaves each page as soon as it shows). Only such lines of the
   * app's own files, within a second and a half of a load the test started.
   */
  cutByNavigation({ at, text }: Logged) {
    return (
      /Failed to load ‘[^’]+\/assets\/[^’]+\.js’\. A ServiceWorker intercepted the request and encountered an unexpected error\./.test(
        text,
      ) && this.navigations.some((started) => at >= started && at <= started + 1500)
    )
  }
}
