/**
 * WebKitGTK (Debian's webkit2gtk-driver and gir1.2-webkit2-4.1) on a saved profile, like the
 * app installed from Safari on an iPhone.
 *
 * WebKitWebDriver alone starts MiniBrowser, which in automation mode always takes a throwaway
 * profile: IndexedDB, localStorage and the service worker die with it, and a journey that
 * passes there says nothing about a phone that keeps them. So the browser is our own small
 * host (webkit-host.py: a WebKitWebView over a persistent WebsiteDataManager, the back/forward
 * cache on), started under Xvfb, and WebKitWebDriver attaches to it with `--target`. The host
 * also plays the device's location and answers the location prompt as the test says, and the
 * web process writes the console to its stderr, where the errors are read.
 *
 * `ephemeral: true` starts the same host on a throwaway profile instead, as a private tab in
 * Safari (`WebsiteDataManager.new_ephemeral()`): what the page keeps lives in memory and is
 * gone after `restart()`. WebKit prints no console line for such a page, so the host has the
 * page report its own (console.error/warn, uncaught errors, CSP, failed resources) in the same
 * form; the engine's own warnings (an unused preload) are not seen there.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { By, Capabilities, WebDriver } from 'selenium-webdriver'
import { Executor, HttpClient } from 'selenium-webdriver/http/index.js'
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

export const WEBKIT_DRIVER_PATH = '/usr/bin/WebKitWebDriver'
const HOST = fileURLToPath(new URL('./webkit-host.py', import.meta.url))
const START_TIMEOUT_MS = 30_000

export type WebKitLaunchOptions = LaunchOptions & {
  /** A throwaway profile (Safari's private browsing), not the saved one. */
  ephemeral?: boolean
}

/** Resolves with the first match of `pattern` in what `child` prints, or rejects when it exits first. */
function waitForOutput(
  child: ChildProcess,
  stream: 'stdout' | 'stderr',
  pattern: RegExp,
  what: string,
): Promise<RegExpExecArray> {
  return new Promise((resolve, reject) => {
    let seen = ''
    const timer = setTimeout(
      () => reject(new Error(`${what} did not start in ${START_TIMEOUT_MS} ms:\n${seen}`)),
      START_TIMEOUT_MS,
    )
    const onData = (chunk: Buffer) => {
      seen = (seen + chunk.toString()).slice(-4000)
      const match = pattern.exec(seen)
      if (match) {
        clearTimeout(timer)
        child[stream]!.off('data', onData)
        resolve(match)
      }
    }
    child[stream]!.on('data', onData)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`${what} exited (${code}):\n${seen}`))
    })
  })
}

function exitOf(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => child.once('exit', () => resolve()))
}

async function stopProcess(child: ChildProcess | undefined, gracefulMs: number) {
  if (!child?.pid) return
  const exited = exitOf(child)
  const inTime = await Promise.race([
    exited.then(() => true),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), gracefulMs)),
  ])
  if (!inTime) {
    try {
      process.kill(-child.pid, 'SIGKILL')
    } catch {
      // Gone meanwhile.
    }
    await exited
  }
}

/** What the page's function resolves to, or why it threw (WebDriver would lose the message). */
type Outcome<R> = { ok: true; value: R } | { ok: false; error: string }

class WebKitPage implements EnginePage {
  constructor(private readonly driver: WebDriver) {}
  async goto(url: string) {
    await this.driver.get(url)
  }
  async reload() {
    await this.driver.navigate().refresh()
  }
  async back() {
    await this.driver.navigate().back()
  }
  url() {
    return this.driver.getCurrentUrl()
  }
  async evaluate<A, R>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R> {
    const outcome = await this.driver.executeAsyncScript<Outcome<R>>(
      `const done = arguments[arguments.length - 1];
       Promise.resolve()
         .then(() => (${fn.toString()})(arguments[0]))
         .then((value) => done({ ok: true, value: value === undefined ? null : value }),
               (error) => done({ ok: false, error: String(error && error.stack || error) }))`,
      arg,
    )
    if (!outcome.ok) throw new Error(outcome.error)
    return outcome.value
  }
  async addScript(source: string) {
    await this.driver.executeScript(source)
  }
  async click(selector: string) {
    await this.driver.findElement(By.css(selector)).click()
  }
  async type(selector: string, text: string) {
    await this.driver.findElement(By.css(selector)).sendKeys(text)
  }
  async setFiles(selector: string, paths: string[]) {
    await this.driver.findElement(By.css(selector)).sendKeys(paths.join('\n'))
  }
  async screenshot(path: string) {
    writeFileSync(path, Buffer.from(await this.driver.takeScreenshot(), 'base64'))
  }
}

export class WebKitEngine implements EngineBrowser {
  readonly name = 'webkit' as const
  private xvfb: ChildProcess | undefined
  private display = ''
  private host: ChildProcess | undefined
  private webDriver: ChildProcess | undefined
  private driver: WebDriver | undefined
  private current!: WebKitPage
  private errors: Logged[] = []
  private warnings: string[] = []
  private position: Position | undefined
  private answer: LocationAnswer = 'allow'

  private constructor(private readonly options: WebKitLaunchOptions) {}

  static async launch(options: WebKitLaunchOptions) {
    const engine = new WebKitEngine(options)
    try {
      await engine.startDisplay()
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
  get ephemeral() {
    return this.options.ephemeral === true
  }
  get page(): EnginePage {
    return this.current
  }

  private get control() {
    return `http://127.0.0.1:${this.options.ports.control}`
  }

  /** One X server for every start of the browser: a free display, chosen by Xvfb itself. */
  private async startDisplay() {
    const xvfb = spawn(
      'Xvfb',
      ['-displayfd', '1', '-screen', '0', '1024x900x24', '-nolisten', 'tcp'],
      {
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    this.xvfb = xvfb
    const [, display] = await waitForOutput(xvfb, 'stdout', /^(\d+)\n/m, 'Xvfb')
    this.display = `:${display}`
  }

  private async start() {
    const { profileDir, ports } = this.options
    mkdirSync(profileDir, { recursive: true })
    const env = {
      ...process.env,
      DISPLAY: this.display,
      GDK_BACKEND: 'x11',
      NO_AT_BRIDGE: '1',
      TZ: TIMEZONE,
      LANG: 'pt_BR.UTF-8',
      WEBKIT_INSPECTOR_SERVER: `127.0.0.1:${ports.inspector}`,
      PYTHONUNBUFFERED: '1',
    }
    const profile = this.ephemeral
      ? ['--ephemeral']
      : ['--data-dir', join(profileDir, 'data'), '--cache-dir', join(profileDir, 'cache')]
    const host = spawn(
      '/usr/bin/python3',
      [
        HOST,
        ...profile,
        '--control-port',
        String(ports.control),
        '--language',
        LOCALE,
        '--width',
        String(VIEWPORT.width),
        '--height',
        String(VIEWPORT.height),
      ],
      { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
    )
    this.host = host
    const ready = waitForOutput(
      host,
      'stdout',
      /webkit-host ready.*, (saved|ephemeral) profile/,
      'The WebKit host',
    )
    host.stdout!.resume()
    // The web process writes the page's console to its stderr: "CONSOLE SECURITY ERROR …",
    // "CONSOLE WARN …", "<url>:<line>:<column>: CONSOLE JS ERROR …" (on an ephemeral profile
    // the host does, "CONSOLE ERROR (reported by the page) …").
    let pending = ''
    host.stderr!.on('data', (chunk: Buffer) => {
      pending += chunk.toString()
      const lines = pending.split('\n')
      pending = lines.pop() ?? ''
      for (const line of lines) {
        if (/CONSOLE (\w+ )?ERROR/.test(line))
          this.errors.push({ at: Date.now(), text: line.trim() })
        if (/CONSOLE (\w+ )?WARN/.test(line)) this.warnings.push(line.trim())
      }
    })
    const [, profileKind] = await ready
    // The profile the test asked for, or the test says nothing about it.
    if (profileKind !== (this.ephemeral ? 'ephemeral' : 'saved'))
      throw new Error(`The WebKit host started on a ${profileKind} profile`)
    await this.sendControl('/permission', { geolocation: this.answer })
    if (this.position) await this.sendControl('/geolocation', this.position)

    const webDriver = spawn(
      WEBKIT_DRIVER_PATH,
      [`--port=${ports.webdriver}`, `--target=127.0.0.1:${ports.inspector}`],
      { env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
    )
    this.webDriver = webDriver
    webDriver.stdout!.resume()
    webDriver.stderr!.resume()
    const url = `http://127.0.0.1:${ports.webdriver}`
    const deadline = Date.now() + START_TIMEOUT_MS
    for (;;) {
      const up = await fetch(`${url}/status`).then(
        (r) => r.ok,
        () => false,
      )
      if (up) break
      if (Date.now() > deadline) throw new Error('WebKitWebDriver did not start')
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    this.driver = await WebDriver.createSession(
      new Executor(new HttpClient(url)),
      new Capabilities(),
    )
    this.current = new WebKitPage(this.driver)
  }

  private async sendControl(path: string, body: unknown) {
    const response = await fetch(`${this.control}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    })
    if (!response.ok) throw new Error(`webkit-host ${path}: ${response.status}`)
  }

  async setPosition(position: Position) {
    this.position = position
    await this.sendControl('/geolocation', position)
  }
  async answerLocation(answer: LocationAnswer) {
    this.answer = answer
    await this.sendControl('/permission', { geolocation: answer })
  }
  /** The prompts the page caused so far, each with the answer given. */
  async locationPrompts(): Promise<string[]> {
    const response = await fetch(`${this.control}/permission`)
    return ((await response.json()) as { prompts: string[] }).prompts
  }

  private async stop() {
    this.driver = undefined
    this.webDriver?.kill('SIGTERM')
    await stopProcess(this.webDriver, 5_000)
    // The host closes its window and quits: WebKit's processes end in order.
    await this.sendControl('/quit', {}).catch(() => undefined)
    await stopProcess(this.host, 10_000)
  }
  async restart() {
    await this.stop()
    await this.start()
  }
  async close() {
    await this.stop()
    this.xvfb?.kill('SIGTERM')
    await stopProcess(this.xvfb, 5_000)
  }
  consoleErrors() {
    return [...this.errors]
  }
  consoleWarnings() {
    return [...this.warnings]
  }
  cutByNavigation() {
    return false
  }
}
