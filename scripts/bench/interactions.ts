/**
 * INP as a bench (issue #33): how long a tap waits for the next frame on the screens used
 * with a customer waiting, on a 4× slower CPU (CDP throttling) against the production build.
 * Each tap is repeated; the Event Timing API gives each one's interaction-to-next-paint (the
 * longest event of its interaction), and for any over 100 ms the long animation frames
 * behind it (Long Animation Frames API: script time by source module, through the build's
 * source maps, and style/layout).
 *
 * The ten taps, on a visit in progress (busy-agent): the check-in shell's five tabs, adding an
 * attendant, ticking the checklist, "Fazer check-out" (its confirmation), answering in the
 * chat, opening the report (its page's "Preencher relatório"). Then the `large` scenario's lists (5,000 tasks, 20,000
 * notifications): scrolling them (the longest frame), and opening an item.
 *
 * A benchmark: it prints numbers next to the targets (p75 ≤ 100 ms, worst ≤ 200 ms) and fails
 * nothing. Timings depend on the machine's load, printed with them.
 *
 *   npm run bench:interactions [-- --repeat 5] [--json bench/tmp/interactions.json]
 */
import { writeFileSync } from 'node:fs'
import { cpus, loadavg } from 'node:os'
import { parseArgs } from 'node:util'
import type { BrowserContext, Locator, Page } from '@playwright/test'
import type { Task } from '../../src/api/entities'
import { sourceAt } from './source-position'
import { launchChromium, ROOT, row, serveBuiltApp, signInThroughScreens } from './support'

/** Issue #33's targets, per interaction. */
export const INP_TARGETS = { p75Ms: 100, worstMs: 200 } as const
/** An interaction slower than this has the long frames behind it listed. */
const EXPLAIN_OVER_MS = 100
/** Event Timing reports events of 16 ms or more: a faster interaction counts as this. */
const FASTEST_REPORTED_MS = 16

type PageEvent = { id: number; name: string; start: number; duration: number }
type PageScript = {
  invoker: string
  type: string
  url: string
  at: number
  duration: number
  forcedLayout: number
}
type PageFrame = {
  start: number
  duration: number
  blocking: number
  styleAndLayoutStart: number
  scripts: PageScript[]
}

/**
 * Collects Event Timing entries (of interactions) and long animation frames in the page.
 * Plain source, not a function: tsx wraps a function's inner arrows in `__name(…)`, which does
 * not exist in the page (as in repeat-visit.ts).
 */
const OBSERVERS = `
  window.__events = []
  window.__frames = []
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (e.interactionId)
        window.__events.push({ id: e.interactionId, name: e.name, start: e.startTime, duration: e.duration })
  }).observe({ type: 'event', durationThreshold: ${FASTEST_REPORTED_MS}, buffered: true })
  new PerformanceObserver((list) => {
    for (const f of list.getEntries())
      window.__frames.push({
        start: f.startTime, duration: f.duration, blocking: f.blockingDuration,
        styleAndLayoutStart: f.styleAndLayoutStart,
        scripts: f.scripts.map((s) => ({
          invoker: s.invoker, type: s.invokerType, url: s.sourceURL, at: s.sourceCharPosition,
          duration: s.duration, forcedLayout: s.forcedStyleAndLayoutDuration,
        })),
      })
  }).observe({ type: 'long-animation-frame', buffered: true })
`

/** One tap: its interaction-to-next-paint and the long frames during it. */
export type Tap = { ms: number; reported: boolean; frames: PageFrame[] }

export type InteractionResult = {
  label: string
  taps: Tap[]
  p75Ms: number
  worstMs: number
}

/** Waits for two frames: Event Timing reports an event once the frame after it is painted. */
const TWO_FRAMES =
  'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 0))))'

class Recorder {
  readonly results = new Map<string, Tap[]>()
  constructor(private readonly page: Page) {}

  /** Taps `target` (after `before`, not measured) and waits for `after` to see its effect. */
  async tap(
    label: string,
    target: Locator,
    after: () => Promise<unknown>,
    how: 'click' | 'check' | 'uncheck' = 'click',
  ) {
    const page = this.page
    await target.waitFor()
    const from = (await page.evaluate('performance.now()')) as number
    await target[how]()
    await after()
    await page.evaluate(TWO_FRAMES)
    await page.waitForTimeout(50)
    const events = ((await page.evaluate('window.__events')) as PageEvent[]).filter(
      (e) => e.start >= from,
    )
    const byInteraction = new Map<number, PageEvent[]>()
    for (const e of events) byInteraction.set(e.id, [...(byInteraction.get(e.id) ?? []), e])
    const longest = [...byInteraction.values()]
      .map((list) => ({
        start: Math.min(...list.map((e) => e.start)),
        ms: Math.max(...list.map((e) => e.duration)),
      }))
      .sort((a, b) => b.ms - a.ms)[0]
    const ms = longest?.ms ?? FASTEST_REPORTED_MS
    const start = longest?.start ?? from
    const frames = ((await page.evaluate('window.__frames')) as PageFrame[]).filter(
      (f) => f.start < start + ms && f.start + f.duration > start,
    )
    this.results.set(label, [
      ...(this.results.get(label) ?? []),
      { ms, reported: !!longest, frames },
    ])
  }

  /** The longest animation frames while `scroll` runs (no interaction: scrolling is not one). */
  async frames(label: string, scroll: () => Promise<void>) {
    const from = (await this.page.evaluate('performance.now()')) as number
    await scroll()
    await this.page.evaluate(TWO_FRAMES)
    const frames = ((await this.page.evaluate('window.__frames')) as PageFrame[]).filter(
      (f) => f.start >= from,
    )
    const ms = Math.max(0, ...frames.map((f) => f.duration))
    this.results.set(label, [{ ms, reported: frames.length > 0, frames }])
  }
}

/** Nearest-rank percentile. */
function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0
}

async function throttled(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  return cdp
}

async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(
    () =>
      (JSON.parse(localStorage.getItem('avaliador.session') ?? '{}') as { token?: string }).token,
  )
  if (!token) throw new Error('Not signed in')
  return token
}

/** The ten taps of a visit in progress, each `repeat` times. */
async function visitTaps(repeat: number, recorder: (page: Page) => Recorder) {
  const server = await serveBuiltApp()
  const browser = await launchChromium()
  try {
    const context = await browser.newContext({
      viewport: { width: 360, height: 740 },
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
      reducedMotion: 'reduce',
    })
    await context.addInitScript({ content: OBSERVERS })
    const page = await context.newPage()
    await signInThroughScreens(page, server.url)
    const token = await tokenOf(page)
    const { items } = (await (
      await fetch(`${server.url}/api/tasks/mine?status=started`, {
        headers: { Authorization: `Bearer ${token}` },
      })
    ).json()) as { items: Task[] }
    const task = items.find((t) => !t.steps.checkin)
    if (!task) throw new Error('The seed has no started task without a check-in')
    await context.grantPermissions(['geolocation'])
    await context.setGeolocation({
      latitude: task.location.lat,
      longitude: task.location.lng,
      accuracy: 20,
    })
    await page.goto(`${server.url}/tasks/${task.slug}/checkin`)
    await page.getByRole('button', { name: 'Fazer check-in' }).click()
    const heading = (name: string) => page.getByRole('heading', { level: 1, name })
    await heading('Controle da visita').waitFor()
    const cdp = await throttled(context, page)
    const r = recorder(page)
    const tabs = page.getByRole('navigation', { name: 'Páginas da visita' })

    // The check-in shell's tabs.
    const pages = [
      ['Checklist', 'Checklist'],
      ['Atendentes', 'Atendentes'],
      ['Tempos', 'Tempos'],
      ['Evidências', 'Evidências'],
      ['Controle', 'Controle da visita'],
    ] as const
    for (let i = 0; i < repeat; i++)
      for (const [tab, title] of pages)
        await r.tap(`aba ${tab} (check-in)`, tabs.getByRole('link', { name: tab }), () =>
          heading(title).waitFor(),
        )

    // Adding an attendant.
    await tabs.getByRole('link', { name: 'Atendentes' }).click()
    const attendants = page.getByRole('list', { name: 'Atendentes registrados' })
    const names = ['Márcia Andrade', 'João Pereira', 'Ana Souza', 'Pedro Lima', 'Carla Dias']
    for (let i = 0; i < repeat; i++) {
      await page
        .getByLabel('Nome do atendente')
        .fill(`${names[i % names.length]!}${i >= names.length ? ` ${'Neto'.repeat(1)}` : ''}`)
      await r.tap(
        'adicionar atendente',
        page.getByRole('button', { name: 'Adicionar atendente' }),
        () => attendants.getByRole('listitem').nth(i).waitFor(),
      )
    }

    // Ticking the checklist (and unticking: a tick each time).
    await tabs.getByRole('link', { name: 'Checklist' }).click()
    const item = page.getByRole('checkbox').first()
    for (let i = 0; i < repeat; i++) {
      const checked = await item.isChecked()
      await r.tap(
        'marcar item do checklist',
        item,
        async () => {
          while ((await item.isChecked()) === checked) await page.waitForTimeout(20)
        },
        checked ? 'uncheck' : 'check',
      )
    }

    // "Fazer check-out": its confirmation opens (something is still missing); kept visiting,
    // then, the last time, checked out.
    await tabs.getByRole('link', { name: 'Controle' }).click()
    const sheet = page.getByRole('dialog', { name: 'Fazer check-out agora?' })
    for (let i = 0; i < repeat; i++) {
      await r.tap('fazer check-out', page.getByRole('button', { name: 'Fazer check-out' }), () =>
        sheet.waitFor(),
      )
      if (i < repeat - 1) {
        await sheet.getByRole('button', { name: 'Continuar a visita' }).click()
        await sheet.waitFor({ state: 'hidden' })
      }
    }
    await sheet.getByRole('button', { name: 'Fazer check-out mesmo assim' }).click()
    await heading('Questionário').waitFor()

    // Answering in the chat: the first question, answered, then changed from its bubble.
    const composer = page.getByRole('region', { name: 'Sua resposta' })
    const log = page.getByRole('log', { name: 'Conversa com o Avaliador' })
    for (let i = 0; i < repeat; i++) {
      if (i > 0)
        await log
          .getByRole('button', { name: /^Alterar a resposta/ })
          .first()
          .click()
      const choices = composer.getByRole('group').first().getByRole('button')
      const answer = choices.nth(i % 2)
      const answered = (await answer.textContent())?.trim() ?? ''
      await r.tap('responder no chat', answer, () =>
        log
          .getByRole('button', { name: new RegExp(`^Alterar a resposta “${answered}”`) })
          .first()
          .waitFor(),
      )
    }

    // Opening the report, from the task's page.
    await page.goto(`${server.url}/tasks/${task.slug}`)
    for (let i = 0; i < repeat; i++) {
      await r.tap(
        'abrir o relatório',
        page.getByRole('link', { name: 'Preencher relatório' }),
        () => page.getByRole('navigation', { name: 'Partes do relatório' }).waitFor(),
      )
      await page.goBack()
      await page.getByRole('link', { name: 'Preencher relatório' }).waitFor()
    }
    await cdp.detach()
    await context.close()
  } finally {
    await browser.close()
    server.stop()
  }
}

/** The `large` scenario's lists: scrolling them, and opening an item (then back). */
async function largeLists(repeat: number, recorder: (page: Page) => Recorder) {
  const server = await serveBuiltApp(['--scenario', 'large'])
  const browser = await launchChromium()
  try {
    const context = await browser.newContext({
      viewport: { width: 360, height: 740 },
      locale: 'pt-BR',
      timezoneId: 'America/Sao_Paulo',
    })
    await context.addInitScript({ content: OBSERVERS })
    const page = await context.newPage()
    await signInThroughScreens(page, server.url)
    const cdp = await throttled(context, page)
    const r = recorder(page)
    const lists = [
      ['tarefas', '/tasks', 'Tarefas', 'main a[href^="/tasks/T-"]'],
      ['notificações', '/notifs', 'Notificações', 'main a[href$="/read"]'],
    ] as const
    for (const [name, path, title, links] of lists) {
      await page.goto(`${server.url}${path}`)
      await page.getByRole('heading', { level: 1, name: title }).waitFor()
      await page.locator(links).first().waitFor()
      await r.frames(`rolar a lista de ${name} (large)`, async () => {
        await page.mouse.move(180, 400)
        for (let i = 0; i < 12; i++) {
          await page.mouse.wheel(0, 700)
          await page.waitForTimeout(60)
        }
      })
      await page.evaluate('window.scrollTo(0, 0)')
      for (let i = 0; i < repeat; i++) {
        const link = page.locator(links).nth(i * 3)
        await link.scrollIntoViewIfNeeded()
        await r.tap(`abrir um item de ${name} (large)`, link, () =>
          page.waitForURL((url) => url.pathname !== path),
        )
        await page.goBack()
        await page.getByRole('heading', { level: 1, name: title }).waitFor()
        await page.locator(links).first().waitFor()
      }
    }
    await cdp.detach()
    await context.close()
  } finally {
    await browser.close()
    server.stop()
  }
}

export async function measureInteractions(repeat = 5): Promise<InteractionResult[]> {
  const recorders: Recorder[] = []
  const recorder = (page: Page) => {
    const created = new Recorder(page)
    recorders.push(created)
    return created
  }
  await visitTaps(repeat, recorder)
  await largeLists(repeat, recorder)
  return recorders.flatMap((rec) =>
    [...rec.results].map(([label, taps]) => ({
      label,
      taps,
      p75Ms: percentile(
        taps.map((t) => t.ms),
        75,
      ),
      worstMs: Math.max(...taps.map((t) => t.ms)),
    })),
  )
}

const isScroll = (label: string) => label.startsWith('rolar')
/** Event Timing reports from 16 ms on: a tap at that floor (or under it) reads "≤ 16 ms". */
const ms = (value: number, reported = true) =>
  reported && value > FASTEST_REPORTED_MS
    ? `${Math.round(value)} ms`
    : `≤ ${FASTEST_REPORTED_MS} ms`

export function interactionsTable(results: InteractionResult[]): string {
  const ok = (pass: boolean) => (pass ? '' : ' ✗')
  return [
    row(['interaction (4× CPU)', 'taps', 'p75', 'worst', 'each tap']),
    row(['---', '---:', '---:', '---:', '---']),
    ...results.map(({ label, taps, p75Ms, worstMs }) =>
      isScroll(label)
        ? row([
            label,
            '—',
            '—',
            `${ms(worstMs, taps[0]!.reported)} longest frame${ok(worstMs <= INP_TARGETS.worstMs)}`,
            `${taps[0]!.frames.length} frames over 50 ms`,
          ])
        : row([
            label,
            taps.length,
            `${ms(p75Ms)}${ok(p75Ms <= INP_TARGETS.p75Ms)}`,
            `${ms(worstMs)}${ok(worstMs <= INP_TARGETS.worstMs)}`,
            taps.map((t) => (t.ms > FASTEST_REPORTED_MS ? Math.round(t.ms) : '≤16')).join(', '),
          ]),
    ),
    row([
      '_target_',
      '',
      `≤ ${INP_TARGETS.p75Ms} ms`,
      `≤ ${INP_TARGETS.worstMs} ms`,
      'a scroll: no frame over 200 ms',
    ]),
  ].join('\n')
}

/** For every tap over 100 ms: the long animation frames behind it, script by source module. */
export function interactionTraces(results: InteractionResult[]): string {
  const dist = `${ROOT}dist`
  const lines: string[] = []
  for (const { label, taps } of results)
    taps.forEach((tap, index) => {
      if (tap.ms <= EXPLAIN_OVER_MS) return
      lines.push(
        `${label}, ${isScroll(label) ? 'scroll' : `tap ${index + 1}`}: ${Math.round(tap.ms)} ms`,
      )
      if (tap.frames.length === 0) lines.push('  no long animation frame reported')
      for (const frame of tap.frames) {
        const layout = frame.styleAndLayoutStart
          ? frame.start + frame.duration - frame.styleAndLayoutStart
          : 0
        lines.push(
          `  frame ${Math.round(frame.duration)} ms (blocking ${Math.round(frame.blocking)} ms, style and layout ${Math.round(layout)} ms)`,
        )
        for (const script of [...frame.scripts]
          .sort((a, b) => b.duration - a.duration)
          .slice(0, 4)) {
          const file = script.url ? new URL(script.url).pathname : ''
          const module = file ? sourceAt(dist, file, script.at) : undefined
          lines.push(
            `    ${Math.round(script.duration)} ms ${script.type} ${script.invoker} — ${module ?? (file || 'no source')}${script.forcedLayout ? ` (forced layout ${Math.round(script.forcedLayout)} ms)` : ''}`,
          )
        }
      }
    })
  return lines.length ? ['```', ...lines, '```'].join('\n') : 'No interaction over 100 ms.'
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: { repeat: { type: 'string', default: '5' }, json: { type: 'string' } },
  })
  const loadBefore = loadavg()[0]!.toFixed(2)
  const results = await measureInteractions(Number(values.repeat))
  console.log(
    `Interaction to next paint, ${values.repeat} taps each, 4× CPU (${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}; load average ${loadBefore} before, ${loadavg()[0]!.toFixed(2)} after)\n`,
  )
  console.log(interactionsTable(results))
  console.log(`\nThe long animation frames behind any interaction over ${EXPLAIN_OVER_MS} ms:\n`)
  console.log(interactionTraces(results))
  if (values.json) writeFileSync(values.json, JSON.stringify({ results }, null, 2))
}
