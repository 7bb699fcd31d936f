/**
 * Lighthouse 12 (mobile default profile: Moto G Power emulation, simulated slow 4G and 4×
 * CPU slowdown) on the production build served with the fake backend, for /login, /oppy and
 * a task's page. Each run starts a fresh Chromium (cold HTTP cache, no service worker); the
 * signed-in routes get a session through the real sign-in screens first, then the worker and
 * caches are removed so Lighthouse measures a first load. Prints the median of the runs.
 *
 *   npm run bench:lighthouse [-- --runs 3] [--json bench/lighthouse.json]
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { chromium } from '@playwright/test'
import lighthouse from 'lighthouse'
import { CHROMIUM_ARGS, findChromium } from '../find-chromium'
import {
  forgetEverythingButTheSession,
  freePort,
  median,
  row,
  serveBuiltApp,
  signInThroughScreens,
} from './support'

export const TARGETS = {
  performance: 0.97,
  lcpMs: 1800,
  tbtMs: 50,
  cls: 0.02,
  accessibility: 1,
  bestPractices: 0.96,
} as const

type Run = {
  performance: number
  accessibility: number
  bestPractices: number
  lcpMs: number
  tbtMs: number
  cls: number
  fcpMs: number
}

async function runOnce(baseUrl: string, path: string, signedIn: boolean): Promise<Run> {
  const port = await freePort()
  const profile = mkdtempSync(join(tmpdir(), 'avaliador-lh-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: findChromium(),
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
    viewport: { width: 412, height: 823 },
    locale: 'pt-BR',
    timezoneId: 'America/Sao_Paulo',
  })
  try {
    const page = context.pages()[0] ?? (await context.newPage())
    if (signedIn) await signInThroughScreens(page, baseUrl)
    else await page.goto(`${baseUrl}/api/health`)
    await forgetEverythingButTheSession(page)
    await page.goto('about:blank')
    const result = await lighthouse(
      `${baseUrl}${path}`,
      {
        port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        // Keep the session typed in above; the worker and caches were cleared by hand.
        disableStorageReset: true,
      },
      undefined,
    )
    if (!result) throw new Error(`Lighthouse returned nothing for ${path}`)
    const { categories, audits } = result.lhr
    const score = (id: string) => categories[id]?.score ?? 0
    const value = (id: string) => audits[id]?.numericValue ?? Number.NaN
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      lcpMs: value('largest-contentful-paint'),
      tbtMs: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      fcpMs: value('first-contentful-paint'),
    }
  } finally {
    await context.close()
    rmSync(profile, { recursive: true, force: true })
  }
}

async function firstTaskPath(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/tasks/mine?status=started`, {
    headers: { Authorization: 'Bearer demo-token' },
  })
  const page = (await response.json()) as { items: Array<{ slug: string }> }
  const slug = page.items[0]?.slug
  if (!slug) throw new Error('The fake backend has no started task to open.')
  return `/tasks/${slug}`
}

export async function measureLighthouse(runs = 3) {
  const server = await serveBuiltApp()
  try {
    const routes: Array<[label: string, path: string, signedIn: boolean]> = [
      ['/login', '/login', false],
      ['/oppy', '/oppy', true],
      ['/tasks/:slug', await firstTaskPath(server.url), true],
    ]
    const results = []
    for (const [label, path, signedIn] of routes) {
      const all: Run[] = []
      for (let i = 0; i < runs; i++) all.push(await runOnce(server.url, path, signedIn))
      const med = (key: keyof Run) => median(all.map((r) => r[key]))
      results.push({
        route: label,
        path,
        runs: all,
        median: {
          performance: med('performance'),
          accessibility: med('accessibility'),
          bestPractices: med('bestPractices'),
          lcpMs: med('lcpMs'),
          tbtMs: med('tbtMs'),
          cls: med('cls'),
          fcpMs: med('fcpMs'),
        } satisfies Run,
      })
    }
    return results
  } finally {
    server.stop()
  }
}

export function lighthouseTable(results: Awaited<ReturnType<typeof measureLighthouse>>): string {
  const ok = (pass: boolean) => (pass ? '' : ' ✗')
  const lines = [
    row([
      'route (median)',
      'performance',
      'LCP',
      'TBT',
      'CLS',
      'accessibility',
      'best practices',
      'FCP',
    ]),
    row(['---', '---:', '---:', '---:', '---:', '---:', '---:', '---:']),
    row([
      'target',
      `≥ ${TARGETS.performance}`,
      `≤ ${TARGETS.lcpMs} ms`,
      `≤ ${TARGETS.tbtMs} ms`,
      `≤ ${TARGETS.cls}`,
      `${TARGETS.accessibility}`,
      `≥ ${TARGETS.bestPractices}`,
      '',
    ]),
    ...results.map(({ route, median: m }) =>
      row([
        route,
        `${m.performance.toFixed(2)}${ok(m.performance >= TARGETS.performance)}`,
        `${Math.round(m.lcpMs)} ms${ok(m.lcpMs <= TARGETS.lcpMs)}`,
        `${Math.round(m.tbtMs)} ms${ok(m.tbtMs <= TARGETS.tbtMs)}`,
        `${m.cls.toFixed(3)}${ok(m.cls <= TARGETS.cls)}`,
        `${m.accessibility.toFixed(2)}${ok(m.accessibility >= TARGETS.accessibility)}`,
        `${m.bestPractices.toFixed(2)}${ok(m.bestPractices >= TARGETS.bestPractices)}`,
        `${Math.round(m.fcpMs)} ms`,
      ]),
    ),
  ]
  return lines.join('\n')
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: { runs: { type: 'string', default: '3' }, json: { type: 'string' } },
  })
  const results = await measureLighthouse(Number(values.runs))
  console.log(`Lighthouse ${Number(values.runs)} runs per route, mobile profile\n`)
  console.log(lighthouseTable(results))
  if (values.json)
    writeFileSync(values.json, JSON.stringify({ targets: TARGETS, results }, null, 2))
}
