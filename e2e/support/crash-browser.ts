/**
 * A browser that can crash: Debian's Chromium launched by this harness (not by Playwright)
 * in its own process group, driven over CDP, so a test can SIGKILL the whole browser — the
 * browser process, renderers, the storage and network utility processes — the way a phone
 * kills an app, then start it again on the same profile and look at what survived.
 *
 * Playwright's own `launch()` cannot do this: its browser is not ours to kill, and
 * `launchPersistentContext` shuts the profile down in order. Here `kill()` is a
 * `kill(-pgid, SIGKILL)`: no unload, no flush, no shutdown of the storage backends.
 *
 * The profile is the browser's default (on-disk) context: contexts made with
 * `browser.newContext()` over CDP are in-memory, and would survive nothing. That context has
 * no Playwright options, so there is no `baseURL` (use `crash.url('/path')`); the viewport
 * and locale are applied per page (CDP emulation) and the time zone by the process's TZ.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import {
  cpSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { CHROMIUM_ARGS, findChromium } from '../../scripts/find-chromium'
import { DATABASES } from '../../src/lib/storage-keys'

export const CRASH_VIEWPORT = { width: 360, height: 740 }
const LOCALE = 'pt-BR'
const TIMEZONE = 'America/Sao_Paulo'
const LAUNCH_TIMEOUT_MS = 30_000
const EXIT_TIMEOUT_MS = 15_000

/** Process ids whose process group is `pgid` (from /proc; Linux only). */
function processGroupMembers(pgid: number): number[] {
  const members: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      // pid (comm) state ppid pgrp …: comm may hold spaces and parentheses.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      if (Number(fields[2]) === pgid && fields[0] !== 'Z') members.push(Number(entry))
    } catch {
      // Gone meanwhile.
    }
  }
  return members
}

async function until(condition: () => boolean, timeoutMs: number, what: string) {
  const deadline = Date.now() + timeoutMs
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms: ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/** What the page reported before a `killAtIndexedDbCommitOf` crash (page clock, ms). */
export type CommitTimeline = {
  /** `performance.now()` of this process when the kill signal was sent. */
  killedAt: number
  /** Each change typed into a field (its `input` event). */
  keys: number[]
  /** Each committed write of the watched field, in order, the last one the crash's. */
  commits: Array<{ at: number; value: string }>
}

export class CrashBrowser {
  readonly profileDir: string
  private process: ChildProcess | undefined
  private exited: Promise<void> = Promise.resolve()
  private stderrTail: string[] = []
  private connection: Browser | undefined
  private currentPage: Page | undefined
  /** How many times the browser was started on this profile. */
  launches = 0

  private constructor(
    private readonly baseURL: string,
    template?: string,
    /** Runs before every start after the first (`relaunch`, `restart`). */
    private readonly beforeRelaunch: () => Promise<void> = async () => {},
  ) {
    this.profileDir = mkdtempSync(join(tmpdir(), 'avaliador-crash-'))
    if (template) cpSync(template, this.profileDir, { recursive: true })
  }

  /**
   * Starts Chromium on a new profile: empty, or a copy of `template` (the profile of a
   * browser closed normally, e.g. one where the app's service worker is already installed).
   */
  static async launch(
    baseURL: string,
    { template, beforeRelaunch }: { template?: string; beforeRelaunch?: () => Promise<void> } = {},
  ) {
    const crash = new CrashBrowser(baseURL, template, beforeRelaunch)
    try {
      await crash.start()
    } catch (error) {
      await crash.dispose()
      throw error
    }
    return crash
  }

  /** The app's origin, `http://127.0.0.1:4317`. */
  get origin(): string {
    return new URL(this.baseURL).origin
  }

  /** An absolute URL of the app under test (the default context has no baseURL). */
  url(path: string): string {
    return new URL(path, this.baseURL).href
  }

  get browser(): Browser {
    if (!this.connection) throw new Error('The crash browser is not running')
    return this.connection
  }

  get context(): BrowserContext {
    const context = this.browser.contexts()[0]
    if (!context) throw new Error('The crash browser has no default context')
    return context
  }

  get page(): Page {
    if (!this.currentPage) throw new Error('The crash browser is not running')
    return this.currentPage
  }

  get pid(): number | undefined {
    return this.process?.pid
  }

  get running(): boolean {
    return this.process !== undefined
  }

  private async start() {
    const child = spawn(
      findChromium(),
      [
        ...CHROMIUM_ARGS,
        '--headless=new',
        '--remote-debugging-port=0',
        `--user-data-dir=${this.profileDir}`,
        `--lang=${LOCALE}`,
        `--accept-lang=${LOCALE}`,
        `--window-size=${CRASH_VIEWPORT.width},${CRASH_VIEWPORT.height}`,
        // No "restore the pages?" after a crash: each start opens about:blank only.
        '--disable-session-crashed-bubble',
        '--hide-crash-restore-bubble',
        'about:blank',
      ],
      {
        detached: true, // its own process group: kill(-pid) reaches every process of it
        stdio: ['ignore', 'ignore', 'pipe'],
        env: { ...process.env, TZ: TIMEZONE, LANG: 'pt_BR.UTF-8', LANGUAGE: 'pt_BR:pt' },
      },
    )
    this.process = child
    this.launches++
    this.stderrTail = []
    this.exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
    const wsUrl = await new Promise<string>((resolve, reject) => {
      let buffered = ''
      const timer = setTimeout(
        () => reject(new Error(`Chromium did not start:\n${this.stderrTail.join('\n')}`)),
        LAUNCH_TIMEOUT_MS,
      )
      // stderr is always drained (a full pipe would block the browser).
      child.stderr!.on('data', (chunk: Buffer) => {
        buffered += chunk.toString()
        const lines = buffered.split('\n')
        buffered = lines.pop() ?? ''
        for (const line of lines) {
          this.stderrTail.push(line)
          if (this.stderrTail.length > 50) this.stderrTail.shift()
          const match = /DevTools listening on (ws:\/\/\S+)/.exec(line)
          if (match) {
            clearTimeout(timer)
            resolve(match[1]!)
          }
        }
      })
      child.once('exit', (code, signal) => {
        clearTimeout(timer)
        reject(
          new Error(
            `Chromium exited (${code ?? signal}) before it listened:\n${this.stderrTail.join('\n')}`,
          ),
        )
      })
      child.once('error', reject)
    })
    const browser = await chromium.connectOverCDP(wsUrl)
    this.connection = browser
    const context = browser.contexts()[0]
    if (!context) throw new Error('Chromium has no default context')
    const page = context.pages()[0] ?? (await context.newPage())
    await this.emulatePhone(page)
    this.currentPage = page
  }

  /** The phone's screen, language and time zone on a page of the default context. */
  private async emulatePhone(page: Page) {
    await page.setViewportSize(CRASH_VIEWPORT)
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Emulation.setLocaleOverride', { locale: LOCALE })
    await cdp.send('Emulation.setTimezoneOverride', { timezoneId: TIMEZONE })
    // The session stays attached: detaching it would drop the overrides.
  }

  /**
   * SIGKILLs the whole browser (its process group) at once and waits until every process of
   * it is gone. Returns `performance.now()` at the moment the signal was sent.
   */
  async kill(): Promise<number> {
    const { at, pgid, disconnected } = this.signalKill()
    await this.awaitExit(pgid, 'exit')
    await disconnected
    return at
  }

  /**
   * Arms a crash at the first read-write IndexedDB transaction the page commits after this
   * call: the page's JavaScript stops (a `debugger` statement, with the Debugger domain on) in
   * that transaction's `complete` event, before the app hears of it and can start its next
   * one, and the browser is killed there. What an action writes in one transaction is then
   * on disk, what it writes in later ones is not. `killed` resolves with `performance.now()`
   * at the signal, once the browser is gone (rejects if nothing commits within 15 s). Only
   * `IDBDatabase.prototype.transaction` of the current document is wrapped (in the page, not
   * in the app's code).
   *
   * Only transactions on databases whose name starts with `databasePrefix` count (by default
   * the agent's visit store): the app also writes on its own — its kept server answers
   * (lib/query-persistence), the localStorage mirror — and such a write, committed between
   * arming and the tap, would kill the browser before the tap it is meant to time.
   */
  async killAtFirstIndexedDbCommit(
    databasePrefix: string = DATABASES.visit(''),
    page: Page = this.page,
  ): Promise<{ killed: Promise<number> }> {
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Debugger.enable')
    const killed = new Promise<number>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error('No read-write IndexedDB transaction committed within 15 s')),
        15_000,
      )
      cdp.once('Debugger.paused', () => {
        clearTimeout(timer)
        void this.kill().then(resolve, reject)
      })
    })
    await page.evaluate((prefix) => {
      const transaction = IDBDatabase.prototype.transaction
      let armed = true
      IDBDatabase.prototype.transaction = function (
        this: IDBDatabase,
        ...args: Parameters<typeof transaction>
      ) {
        const tx = transaction.apply(this, args)
        if (tx.mode !== 'readonly' && this.name.startsWith(prefix))
          tx.addEventListener('complete', () => {
            if (!armed) return
            armed = false
            // eslint-disable-next-line no-debugger -- the freeze point of the crash
            debugger
          })
        return tx
      }
    }, databasePrefix)
    return { killed }
  }

  /**
   * Arms a crash at the commit that writes `value` into `field` of a record of `store` (the
   * first read-write transaction whose `put` into `store` carries it): the page freezes in
   * that transaction's `complete` event, as in `killAtFirstIndexedDbCommit`, and the browser
   * is killed there — the value is on disk, and the app has not heard so yet.
   *
   * Until then the page reports, on the page's clock, every change typed and every committed
   * write of `field` to `store`, so a test can tell whether the app wrote while typing went
   * on or waited for a pause. `killed` resolves once the browser is gone (rejects if that
   * value is not committed within 15 s).
   */
  async killAtIndexedDbCommitOf(
    { store, field, value }: { store: string; field: string; value: string },
    page: Page = this.page,
  ): Promise<{ killed: Promise<CommitTimeline> }> {
    const cdp = await page.context().newCDPSession(page)
    const timeline: CommitTimeline = { killedAt: 0, keys: [], commits: [] }
    // Reports and the pause come over this one session, in the order the page sent them.
    await cdp.send('Runtime.addBinding', { name: '__crashReport' })
    cdp.on('Runtime.bindingCalled', ({ name, payload }) => {
      if (name !== '__crashReport') return
      const report = JSON.parse(payload) as
        { type: 'key'; at: number } | { type: 'commit'; at: number; value: string }
      if (report.type === 'key') timeline.keys.push(report.at)
      else timeline.commits.push({ at: report.at, value: report.value })
    })
    await cdp.send('Debugger.enable')
    const killed = new Promise<CommitTimeline>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${field} = ${JSON.stringify(value)} not committed within 15 s`)),
        15_000,
      )
      cdp.once('Debugger.paused', () => {
        clearTimeout(timer)
        void this.kill().then((at) => resolve({ ...timeline, killedAt: at }), reject)
      })
    })
    await page.evaluate(
      ({ store, field, value }) => {
        const report = (data: object) =>
          (window as unknown as { __crashReport: (payload: string) => void }).__crashReport(
            JSON.stringify(data),
          )
        // `input`, not `keydown`: characters typed without a key (insertText: á, ç) count too.
        document.addEventListener(
          'input',
          () => report({ type: 'key', at: performance.now() }),
          true,
        )
        const written = new WeakMap<IDBTransaction, string>()
        const put = IDBObjectStore.prototype.put
        IDBObjectStore.prototype.put = function (
          this: IDBObjectStore,
          ...args: Parameters<typeof put>
        ) {
          const record = args[0] as Record<string, unknown> | undefined
          if (this.name === store && typeof record?.[field] === 'string')
            written.set(this.transaction, record[field])
          return put.apply(this, args)
        }
        const transaction = IDBDatabase.prototype.transaction
        let armed = true
        IDBDatabase.prototype.transaction = function (
          this: IDBDatabase,
          ...args: Parameters<typeof transaction>
        ) {
          const tx = transaction.apply(this, args)
          if (tx.mode !== 'readonly')
            tx.addEventListener('complete', () => {
              const committed = written.get(tx)
              if (committed === undefined || !armed) return
              report({ type: 'commit', at: performance.now(), value: committed })
              if (committed !== value) return
              armed = false
              // eslint-disable-next-line no-debugger -- the freeze point of the crash
              debugger
            })
          return tx
        }
      },
      { store, field, value },
    )
    return { killed }
  }

  /**
   * Resolves (with `performance.now()` of this process) as soon as the page commits a
   * read-write IndexedDB transaction whose `put` into `store` carries `value` in `field` — the
   * page is not stopped: what the test does then (close the tab, crash the renderer, kill the
   * browser) happens while the app goes on. Rejects if it is not committed within `timeoutMs`.
   */
  async whenIndexedDbCommits(
    { store, field, value }: { store: string; field: string; value: string | number | boolean },
    page: Page = this.page,
    timeoutMs = 15_000,
  ): Promise<{ committed: Promise<number> }> {
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Runtime.addBinding', { name: '__commitReport' })
    const committed = new Promise<number>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(new Error(`${field} = ${JSON.stringify(value)} not committed in ${timeoutMs} ms`)),
        timeoutMs,
      )
      cdp.on('Runtime.bindingCalled', ({ name }) => {
        if (name !== '__commitReport') return
        clearTimeout(timer)
        resolve(performance.now())
      })
    })
    committed.catch(() => undefined)
    await page.evaluate(
      ({ store, field, value }) => {
        const carried = new WeakSet<IDBTransaction>()
        const put = IDBObjectStore.prototype.put
        IDBObjectStore.prototype.put = function (
          this: IDBObjectStore,
          ...args: Parameters<typeof put>
        ) {
          const record = args[0] as Record<string, unknown> | undefined
          if (this.name === store && record?.[field] === value) carried.add(this.transaction)
          return put.apply(this, args)
        }
        const transaction = IDBDatabase.prototype.transaction
        IDBDatabase.prototype.transaction = function (
          this: IDBDatabase,
          ...args: Parameters<typeof transaction>
        ) {
          const tx = transaction.apply(this, args)
          tx.addEventListener('complete', () => {
            if (carried.has(tx))
              (window as unknown as { __commitReport: (p: string) => void }).__commitReport('')
          })
          return tx
        }
      },
      { store, field, value },
    )
    return { committed }
  }

  /** Opens another page of the app's profile (a tab), with the phone's screen, and makes it current. */
  async newPage(): Promise<Page> {
    const page = await this.context.newPage()
    await this.emulatePhone(page)
    this.currentPage = page
    return page
  }

  /** Sends SIGKILL to the browser's process group; synchronous, so nothing runs in between. */
  private signalKill() {
    const pgid = this.process?.pid
    if (!pgid) throw new Error('The crash browser is not running')
    const at = performance.now()
    process.kill(-pgid, 'SIGKILL')
    const disconnected = this.forget()
    return { at, pgid, disconnected }
  }

  private async awaitExit(pgid: number, what: string) {
    await Promise.race([
      this.exited,
      new Promise((_, reject) =>
        setTimeout(() => reject(new Error(`Chromium did not ${what}`)), EXIT_TIMEOUT_MS),
      ),
    ])
    await until(
      () => processGroupMembers(pgid).length === 0,
      EXIT_TIMEOUT_MS,
      `every process of group ${pgid} to exit`,
    )
  }

  /** Closes the browser in order (CDP Browser.close): what an app closed normally keeps. */
  async closeGracefully(): Promise<void> {
    const child = this.process
    if (!child?.pid) return
    const cdp = await this.browser.newBrowserCDPSession()
    await cdp.send('Browser.close').catch(() => undefined) // the answer may not arrive
    const disconnected = this.forget()
    await this.awaitExit(child.pid, 'close')
    await disconnected
  }

  /** Starts the browser again on the same profile, after `kill()` or `closeGracefully()`. */
  async relaunch(): Promise<Page> {
    if (this.process) throw new Error('The crash browser is still running')
    await this.beforeRelaunch()
    await this.start()
    return this.page
  }

  /** A normal close and start: everything written so far is on disk, as after a reboot. */
  async restart(): Promise<Page> {
    await this.closeGracefully()
    return this.relaunch()
  }

  /**
   * Drops the browser from this harness at once; resolves when Playwright has dropped it too.
   * The connection dies with the browser, but until `close()` settles Playwright still lists
   * its context, and the next test's start traces every context listed: on this dead one it
   * failed with "apiRequestContext._wrapApiCall: Target page, context or browser has been
   * closed" (crash.spec in CI, a test right after one that killed the browser at its end).
   */
  private forget(): Promise<void> {
    const browser = this.connection
    this.connection = undefined
    this.currentPage = undefined
    this.process = undefined
    return browser ? browser.close().catch(() => undefined) : Promise.resolve()
  }

  /** Kills the browser if it runs and removes the profile. */
  async dispose(): Promise<void> {
    if (this.process) await this.kill().catch(() => undefined)
    rmSync(this.profileDir, { recursive: true, force: true })
  }
}

/** Removes a folder once a process is gone: argv = pid, folder. */
const REMOVE_WHEN_GONE = `
const [pid, dir] = process.argv.slice(1)
setInterval(() => {
  try { process.kill(Number(pid), 0) } catch {
    require('node:fs').rmSync(dir, { recursive: true, force: true })
    process.exit(0)
  }
}, 1000)
`

/**
 * A profile where the app was opened once (`/login`) and its service worker installed — the
 * app precached, as on a phone where the PWA is installed: each crash test starts on a copy
 * (installing takes seconds on 2 cores). Made once per test run and shared by its workers
 * (Playwright starts a new worker after every failed test), under the runner's pid; a small
 * detached process removes it when the runner exits.
 */
export async function installedAppProfile(baseURL: string): Promise<string> {
  const runner = process.ppid
  const dir = join(tmpdir(), `avaliador-crash-app-${runner}-${new URL(baseURL).port}`)
  if (existsSync(join(dir, '.ready'))) return dir
  rmSync(dir, { recursive: true, force: true })
  const crash = await CrashBrowser.launch(baseURL)
  try {
    await crash.page.goto(crash.url('/login'))
    await crash.page.evaluate(async () => {
      await navigator.serviceWorker.ready
    })
    await crash.closeGracefully()
    renameSync(crash.profileDir, dir)
  } finally {
    await crash.dispose()
  }
  writeFileSync(join(dir, '.ready'), '')
  spawn(process.execPath, ['-e', REMOVE_WHEN_GONE, String(runner), dir], {
    detached: true,
    stdio: 'ignore',
  }).unref()
  return dir
}
