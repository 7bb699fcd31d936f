/**
 * Date-times as other backends write them. openapi.yaml says only `format: date-time` (RFC
 * 3339), so a provider may write a time with no fraction, with microseconds, with `+00:00`,
 * in local time with its offset… The pacts must accept every one. This serves the fake backend
 * with each date-time of its answers rewritten in one of these styles (in turn, so every style
 * lands on many fields) and verifies the pacts against it; a negative control serves a
 * date-time that is not RFC 3339 and must fail.
 *
 *   node --import tsx scripts/contract-date-times.ts   (also run by scripts/contract-run.ts)
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import {
  basePathOf,
  formatLeaves,
  loadSpec,
  pactFilesIn,
  readPact,
  responseBodyOf,
  responseSchemaOf,
  specOperations,
  writePact,
  type OpenApi,
  type PactFile,
} from './contract-lib'
import { startFakeProvider, type Rewrite } from './contract-provider'
import { type InteractionResult, verifyPacts } from './verify-pacts'

const root = fileURLToPath(new URL('../', import.meta.url))

/** What the fake backend writes: `Date.prototype.toISOString()`. */
const ISO = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2}:\d{2})\.(\d{3})Z$/

export type DateTimeStyle = { name: string; write: (iso: string) => string }

const HOUR = 3_600_000

export const DATE_TIME_STYLES: readonly DateTimeStyle[] = [
  { name: 'no fraction, Z', write: (iso) => iso.replace(ISO, '$1T$2Z') },
  { name: 'microseconds, Z', write: (iso) => iso.replace(ISO, '$1T$2.$3456Z') },
  { name: 'milliseconds, +00:00', write: (iso) => iso.replace(ISO, '$1T$2.$3+00:00') },
  { name: 'microseconds, +00:00', write: (iso) => iso.replace(ISO, '$1T$2.$3456+00:00') },
  {
    name: 'nanoseconds, local time at -03:00',
    write: (iso) =>
      new Date(Date.parse(iso) - 3 * HOUR).toISOString().replace(ISO, '$1T$2.$3456789-03:00'),
  },
  { name: 'lower-case t and z', write: (iso) => iso.replace(ISO, '$1t$2.$3z') },
]

/** Not RFC 3339 (no offset, a space for `T`): a pact that accepted it would accept anything. */
export const NOT_RFC3339: DateTimeStyle = {
  name: 'a space for T and no offset',
  write: (iso) => iso.replace(ISO, '$1 $2'),
}

/** Every toISOString() date-time in a JSON value, written by `next()`'s style. */
export function rewriteDateTimes(value: unknown, next: () => DateTimeStyle): unknown {
  if (typeof value === 'string') return ISO.test(value) ? next().write(value) : value
  if (Array.isArray(value)) return value.map((v) => rewriteDateTimes(v, next))
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rewriteDateTimes(v, next)]))
  return value
}

/** Interactions whose response body has a date-time field (the ones this check is about). */
function withDateTimes(spec: OpenApi, pact: PactFile): PactFile {
  const ops = specOperations(spec)
  return {
    ...pact,
    interactions: pact.interactions.filter((i) => {
      const schema = responseSchemaOf(spec, i, ops)
      return (
        schema !== undefined &&
        formatLeaves(spec, schema, responseBodyOf(i)).some((l) => l.format === 'date-time')
      )
    }),
  }
}

export type DateTimeRun = {
  ok: boolean
  interactions: number
  /** How many date-times each style was served as. */
  served: Array<{ style: string; count: number }>
  failures: InteractionResult[]
  /** The negative control: served as not RFC 3339, it must fail. */
  control: { ok: boolean; detail: string }
  error?: string
}

export async function runDateTimeStyles(
  pactDir: string = join(root, 'contracts', 'pacts'),
): Promise<DateTimeRun> {
  const spec = loadSpec(join(root, 'openapi.yaml'))
  const [file] = pactFilesIn(pactDir)
  if (!file) throw new Error(`no pact in ${pactDir}`)
  const subset = withDateTimes(spec, readPact(join(pactDir, file)))
  const work = mkdtempSync(join(tmpdir(), 'avaliador-date-times-'))
  try {
    const counts = new Map(DATE_TIME_STYLES.map((s) => [s.name, 0]))
    let turn = 0
    const roundRobin = () => {
      const style = DATE_TIME_STYLES[turn++ % DATE_TIME_STYLES.length]!
      counts.set(style.name, counts.get(style.name)! + 1)
      return style
    }
    const styles = await verifyWith(
      (answer) => ({ status: answer.status, body: rewriteDateTimes(answer.body, roundRobin) }),
      writePact(join(work, 'styles'), subset),
    )
    const served = [...counts].map(([style, count]) => ({ style, count }))
    const failures = styles.results.filter((r) => !r.ok)

    // The control: one interaction, every date-time written as something that is not RFC 3339.
    const health = subset.interactions.filter(
      (i) => i.request.path === `${basePathOf(spec)}/health`,
    )
    const control = await verifyWith(
      (answer) => ({
        status: answer.status,
        body: rewriteDateTimes(answer.body, () => NOT_RFC3339),
      }),
      writePact(join(work, 'control'), { ...subset, interactions: health }),
    )
    const controlFailure = control.results[0]?.failure ?? ''
    return {
      ok:
        styles.ok &&
        served.every((s) => s.count > 0) &&
        health.length === 1 &&
        !control.ok &&
        /\$\.time/.test(controlFailure),
      interactions: subset.interactions.length,
      served,
      failures,
      control: {
        ok: !control.ok && /\$\.time/.test(controlFailure),
        detail: controlFailure.split('\n').find((l) => l.includes('$.time')) ?? controlFailure,
      },
      ...(styles.error ? { error: styles.error } : {}),
    }
  } finally {
    rmSync(work, { recursive: true, force: true })
  }
}

async function verifyWith(rewrite: Rewrite, pactFile: string) {
  const provider = await startFakeProvider({ rewrite })
  try {
    return await verifyPacts({
      providerBaseUrl: provider.url,
      pact: pactFile,
    })
  } finally {
    await provider.close()
  }
}

export function printDateTimeRun(run: DateTimeRun) {
  console.log(
    `Date-times served in every RFC 3339 style, in turn, to the ${run.interactions} interactions whose answers carry one:`,
  )
  for (const s of run.served) console.log(`  ${String(s.count).padStart(4)} × ${s.style}`)
  for (const f of run.failures)
    console.log(`  ✗ ${f.description}\n      ${(f.failure ?? '').split('\n').join('\n      ')}`)
  if (run.error) console.log(`  The verifier could not run: ${run.error}`)
  console.log(
    `  ${run.control.ok ? '✓' : '✗'} control: served as "${NOT_RFC3339.name}", verification fails${run.control.detail ? ` (${run.control.detail.trim()})` : ''}`,
  )
  console.log(
    `Date-time styles: ${run.ok ? 'every style verified' : 'FAILED'} (${run.interactions - run.failures.length}/${run.interactions} interactions)`,
  )
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.env.PACT_DO_NOT_TRACK ??= 'true'
  const run = await runDateTimeStyles()
  printDateTimeRun(run)
  process.exitCode = run.ok ? 0 : 1
}
