/**
 * The journey's words for the screen, the same in every engine: find by role and accessible
 * name (or label, or text) with Testing Library's queries, run in the page — the queries the
 * component tests use — then act on the element with the engine's real input.
 *
 * Waits poll the page until what the agent would see is there; a wait that runs out says what
 * it waited for and what the screen showed instead.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import {
  AXE_SOURCE,
  AXE_TAGS,
  axeViolationsInPage,
  describeViolation,
  failing,
} from '../support/axe'
import type { EngineBrowser } from './engine'

const require = createRequire(import.meta.url)
const TESTING_LIBRARY = readFileSync(
  require.resolve('@testing-library/dom/dist/@testing-library/dom.umd.min.js'),
  'utf8',
)

/** How long the agent would look at the screen before calling it stuck. */
export const WAIT_MS = 15_000
const POLL_MS = 100
/** What each engine says when a navigation ended the document a script ran in. */
const NAVIGATED =
  /context was destroyed|navigat|Cannot find context|no such (frame|window)|discarded|unloaded/i

type Text = string | RegExp
type SerialText = string | { source: string; flags: string }

export type Query =
  | { role: string; name?: Text; level?: number; within?: Query }
  | { label: Text; within?: Query }
  | { text: Text; within?: Query }

type SerialQuery =
  | { role: string; name?: SerialText; level?: number; within?: SerialQuery }
  | { label: SerialText; within?: SerialQuery }
  | { text: SerialText; within?: SerialQuery }

const serialText = (t: Text): SerialText =>
  typeof t === 'string' ? t : { source: t.source, flags: t.flags }

function serial(query: Query): SerialQuery {
  const within = query.within ? serial(query.within) : undefined
  if ('role' in query)
    return {
      role: query.role,
      name: query.name && serialText(query.name),
      level: query.level,
      within,
    }
  if ('label' in query) return { label: serialText(query.label), within }
  return { text: serialText(query.text), within }
}

export function describe(query: Query): string {
  const own =
    'role' in query
      ? `${query.role} "${String(query.name ?? '')}"`
      : 'label' in query
        ? `field "${String(query.label)}"`
        : `text "${String(query.text)}"`
  return query.within ? `${own} in ${describe(query.within)}` : own
}

type Found = {
  count: number
  token: string | null
  value: string | null
  /** Disabled, or aria-disabled (focusable but refusing). */
  disabled: boolean
  text: string
  /** Without a match: the page's headings and its start, to say what showed instead. */
  seen: string
}

/**
 * In the page: the elements `query` matches (the first one marked with `data-engine-target`,
 * so the engine can reach it with a CSS selector), or what the screen shows.
 */
function locateInPage(query: SerialQuery): Found | 'no-library' {
  type Lib = {
    queryAllByRole(c: HTMLElement, role: string, o?: object): HTMLElement[]
    queryAllByLabelText(c: HTMLElement, t: unknown): HTMLElement[]
    queryAllByText(c: HTMLElement, t: unknown): HTMLElement[]
  }
  const lib = (window as unknown as { TestingLibraryDom?: Lib }).TestingLibraryDom
  if (!lib) return 'no-library'
  const text = (t: SerialText | undefined) =>
    t === undefined || typeof t === 'string' ? t : new RegExp(t.source, t.flags)
  const all = (q: SerialQuery, container: HTMLElement): HTMLElement[] => {
    if ('role' in q)
      return lib.queryAllByRole(container, q.role, {
        ...(q.name === undefined ? {} : { name: text(q.name) }),
        ...(q.level === undefined ? {} : { level: q.level }),
      })
    if ('label' in q) return lib.queryAllByLabelText(container, text(q.label))
    return lib.queryAllByText(container, text(q.text))
  }
  const find = (q: SerialQuery): HTMLElement[] => {
    if (!q.within) return all(q, document.body)
    return find(q.within).flatMap((scope) => all(q, scope))
  }
  const found = document.body ? find(query) : []
  const first = found[0]
  let token: string | null = null
  if (first) {
    token = first.getAttribute('data-engine-target')
    if (!token) {
      token = String(Math.random()).slice(2)
      first.setAttribute('data-engine-target', token)
    }
  }
  const headings = [...document.querySelectorAll('h1, h2')].map((h) => h.textContent?.trim())
  return {
    count: found.length,
    token,
    value: first && 'value' in first ? String((first as HTMLInputElement).value) : null,
    disabled:
      !!first &&
      ((first as HTMLButtonElement).disabled === true ||
        first.getAttribute('aria-disabled') === 'true'),
    text: first?.textContent?.trim() ?? '',
    seen: first
      ? ''
      : `${location.pathname} | headings: ${headings.join(' / ')} | ${(document.body?.innerText ?? '').replace(/\s+/g, ' ').slice(0, 300)}`,
  }
}

export class Screen {
  constructor(private readonly engine: EngineBrowser) {}

  private get page() {
    return this.engine.page
  }

  /**
   * `fn(arg)` in the page; run again in the next document when a navigation under way (a
   * reload the app asked for, a redirect) ended the one it started in.
   */
  async run<A, R>(fn: (arg: A) => R | Promise<R>, arg: A, timeout = WAIT_MS): Promise<R> {
    const deadline = Date.now() + timeout
    for (;;) {
      try {
        return await this.page.evaluate(fn, arg)
      } catch (error) {
        if (!NAVIGATED.test(String(error)) || Date.now() > deadline) throw error
        await new Promise((resolve) => setTimeout(resolve, POLL_MS))
      }
    }
  }

  /** The query's first match now, loading Testing Library into the document when it is new. */
  async locate(query: Query): Promise<Found> {
    const q = serial(query)
    // A navigation under way destroys the document the script ran in, or the library was
    // loaded into the document before: not found yet, look again at the next poll.
    const notYet = (error: unknown): Found => ({
      count: 0,
      token: null,
      value: null,
      disabled: false,
      text: '',
      seen: String(error),
    })
    const found = await this.page.evaluate(locateInPage, q).catch(notYet)
    if (found !== 'no-library') return found
    try {
      await this.page.addScript(TESTING_LIBRARY)
      const again = await this.page.evaluate(locateInPage, q)
      return again === 'no-library' ? notYet('a new document') : again
    } catch (error) {
      return notYet(error)
    }
  }

  /** Waits until `check` holds for the query's match; returns that match. */
  async waitFor(
    query: Query,
    check: (found: Found) => boolean = (f) => f.count > 0,
    { timeout = WAIT_MS, what = 'to show' }: { timeout?: number; what?: string } = {},
  ): Promise<Found> {
    const deadline = Date.now() + timeout
    let last: Found | undefined
    for (;;) {
      last = await this.locate(query)
      if (check(last)) return last
      if (Date.now() > deadline)
        throw new Error(
          `[${this.engine.name}] waited ${timeout} ms for ${describe(query)} ${what}; ` +
            `found ${last.count}${last.value !== null ? `, value "${last.value}"` : ''}. ${last.seen}`,
        )
      await new Promise((resolve) => setTimeout(resolve, POLL_MS))
    }
  }

  async see(query: Query, options?: { timeout?: number }) {
    return this.waitFor(query, undefined, options)
  }

  async seeText(text: Text, options?: { timeout?: number }) {
    return this.waitFor({ text }, undefined, options)
  }

  /** Waits until the control can be used (a prerendered screen keeps its actions off until the app took it over). */
  async enabled(query: Query) {
    await this.waitFor(query, (f) => f.count > 0 && !f.disabled, { what: 'to be enabled' })
  }

  async notSee(query: Query) {
    await this.waitFor(query, (f) => f.count === 0, { what: 'to go away' })
  }

  async count(query: Query): Promise<number> {
    return (await this.locate(query)).count
  }

  private async selector(query: Query) {
    const found = await this.see(query)
    return `[data-engine-target="${found.token}"]`
  }

  async click(query: Query) {
    const selector = await this.selector(query)
    // As a thumb swipes a row of tabs first: WebKit's WebDriver clicks beside a link that is
    // half outside a horizontally scrolled row (the visit's pages) instead of scrolling it in.
    await this.run((s) => {
      document.querySelector(s)?.scrollIntoView({ block: 'center', inline: 'center' })
    }, selector)
    await this.page.click(selector)
  }

  /** Key presses into a field, then waits until it shows `expected` (what the mask made of them). */
  async type(query: Query, keys: string, expected?: string) {
    await this.page.type(await this.selector(query), keys)
    if (expected !== undefined) await this.hasValue(query, expected)
  }

  async hasValue(query: Query, value: string) {
    await this.waitFor(query, (f) => f.value === value, { what: `to hold "${value}"` })
  }

  async setFiles(query: Query, paths: string[]) {
    await this.page.setFiles(await this.selector(query), paths)
  }

  /**
   * axe-core on the page as it is now, in this engine (its source put into the document the
   * first time): the violations that fail a check (e2e/support/axe.ts), described.
   */
  async accessibilityViolations(label: string): Promise<string[]> {
    if (!(await this.run(() => 'axe' in window, null))) await this.page.addScript(AXE_SOURCE)
    const violations = await this.run(axeViolationsInPage, AXE_TAGS, 60_000)
    return violations.filter(failing).map((v) => `${label}: ${describeViolation(v)}`)
  }

  /** Waits until the address's path matches `pattern`; returns the path. */
  async atPath(pattern: RegExp, timeout = WAIT_MS): Promise<string> {
    const deadline = Date.now() + timeout
    for (;;) {
      const path = new URL(await this.page.url()).pathname
      if (pattern.test(path)) return path
      if (Date.now() > deadline)
        throw new Error(`[${this.engine.name}] waited for a path like ${pattern}; at ${path}`)
      await new Promise((resolve) => setTimeout(resolve, POLL_MS))
    }
  }
}
