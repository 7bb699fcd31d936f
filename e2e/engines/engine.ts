/**
 * One browser engine behind the few operations the cross-engine journey needs, so the same
 * test drives Chromium (Playwright), Firefox ESR (WebDriver BiDi, puppeteer-core) and WebKitGTK
 * (WebDriver, WebKitWebDriver) — each on a saved profile that survives `restart()`, with the
 * back/forward cache on, the way an agent's phone keeps the installed app.
 *
 * Elements are found in the page by role and accessible name with Testing Library's own
 * queries (screen.ts), and acted on with the engine's real input: clicks and key presses go
 * through the browser's event pipeline, not `element.click()` from a script.
 */

export type EngineName = 'chromium' | 'firefox' | 'webkit'
export const ENGINES: readonly EngineName[] = ['chromium', 'firefox', 'webkit']

/** A console line and when it was logged (Date.now()). */
export type Logged = { at: number; text: string }

export type Position = { latitude: number; longitude: number; accuracy: number }

/** How the engine answers the page's next geolocation request. */
export type LocationAnswer = 'allow' | 'deny'

export interface EnginePage {
  /** A full load of `url` (a new document in this tab; the one before may go to the bfcache). */
  goto(url: string): Promise<void>
  reload(): Promise<void>
  back(): Promise<void>
  url(): Promise<string>
  /** Runs `fn(arg)` in the page and returns its (JSON-serialisable) result. */
  evaluate<A, R>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>
  /** Runs a script's source in the page (no CSP applies to the test's own scripts). */
  addScript(source: string): Promise<void>
  click(selector: string): Promise<void>
  /** Key presses into the element, one character after the other. */
  type(selector: string, text: string): Promise<void>
  setFiles(selector: string, paths: string[]): Promise<void>
  screenshot(path: string): Promise<void>
}

export interface EngineBrowser {
  readonly name: EngineName
  readonly profileDir: string
  readonly page: EnginePage
  /** Where the device is; the location is allowed unless `answerLocation('deny')` says not. */
  setPosition(position: Position): Promise<void>
  answerLocation(answer: LocationAnswer): Promise<void>
  /** Closes the browser in order and starts it again on the same profile (a new page). */
  restart(): Promise<void>
  close(): Promise<void>
  /** Errors the browser logged for its pages so far (console errors, uncaught errors, CSP). */
  consoleErrors(): Logged[]
  /** Warnings the pages logged so far. */
  consoleWarnings(): string[]
  /**
   * The engine's report of a request cut short by a full load the test started (the page it
   * belonged to went away), not an error of the app. Only Firefox logs those as errors.
   */
  cutByNavigation(logged: Logged): boolean
}

export type LaunchOptions = {
  baseURL: string
  profileDir: string
  /** Free ports for this engine's own servers (the journey takes them from E2E_PORT). */
  ports: { firefox: number; webdriver: number; inspector: number; control: number; geo: number }
}

export const VIEWPORT = { width: 360, height: 740 }
export const LOCALE = 'pt-BR'
export const TIMEZONE = 'America/Sao_Paulo'
