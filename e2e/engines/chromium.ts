/**
 * Chromium (Debian's, found like every other test's: scripts/find-chromium.ts) on a saved
 * profile: Playwright's persistent context over a user-data-dir. Playwright turns the
 * back/forward cache off by default (`--disable-back-forward-cache`); an agent's phone has it
 * on, so that default is dropped.
 */
import { chromium, type BrowserContext, type Page } from '@playwright/test'
import { CHROMIUM_ARGS, findChromium } from '../../scripts/find-chromium'
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

class ChromiumPage implements EnginePage {
  constructor(private readonly page: Page) {}
  async goto(url: string) {
    await this.page.goto(url, { waitUntil: 'load' })
  }
  async reload() {
    await this.page.reload({ waitUntil: 'load' })
  }
  async back() {
    // A page from the back/forward cache fires no load event.
    await this.page.goBack({ waitUntil: 'commit' })
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
    await this.page.locator(selector).pressSequentially(text)
  }
  async setFiles(selector: string, paths: string[]) {
    await this.page.locator(selector).setInputFiles(paths)
  }
  async screenshot(path: string) {
    await this.page.screenshot({ path })
  }
}

export class ChromiumEngine implements EngineBrowser {
  readonly name = 'chromium' as const
  private context!: BrowserContext
  private current!: ChromiumPage
  private errors: Logged[] = []
  private warnings: string[] = []
  private position: Position | undefined
  private answer: LocationAnswer = 'allow'

  private constructor(private readonly options: LaunchOptions) {}

  static async launch(options: LaunchOptions) {
    const engine = new ChromiumEngine(options)
    await engine.start()
    return engine
  }

  get profileDir() {
    return this.options.profileDir
  }
  get page(): EnginePage {
    return this.current
  }

  private async start() {
    this.context = await chromium.launchPersistentContext(this.options.profileDir, {
      executablePath: findChromium(),
      args: CHROMIUM_ARGS,
      ignoreDefaultArgs: ['--disable-back-forward-cache'],
      viewport: VIEWPORT,
      locale: LOCALE,
      timezoneId: TIMEZONE,
    })
    const page = this.context.pages()[0] ?? (await this.context.newPage())
    page.on('console', (message) => {
      if (message.type() === 'error')
        this.errors.push({ at: Date.now(), text: `${page.url()}: ${message.text()}` })
      if (message.type() === 'warning') this.warnings.push(`${page.url()}: ${message.text()}`)
    })
    page.on('pageerror', (error) =>
      this.errors.push({ at: Date.now(), text: `${page.url()}: ${error.message}` }),
    )
    this.current = new ChromiumPage(page)
    await this.applyLocation()
  }

  private async applyLocation() {
    const origin = new URL(this.options.baseURL).origin
    await this.context.clearPermissions()
    if (this.position) await this.context.setGeolocation(this.position)
    if (this.answer === 'allow') await this.context.grantPermissions(['geolocation'], { origin })
  }

  async setPosition(position: Position) {
    this.position = position
    await this.applyLocation()
  }
  async answerLocation(answer: LocationAnswer) {
    this.answer = answer
    await this.applyLocation()
  }
  async restart() {
    await this.context.close()
    await this.start()
  }
  async close() {
    await this.context.close().catch(() => undefined)
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
