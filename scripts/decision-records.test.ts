import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const RECORD_NAME = /^\d{4}-[a-z0-9-]+\.md$/

/** A record is short (TEMPLATE.md): its details belong in the docs it cites. */
const MAX_LINES = 60
/** Longer today, to shorten as 0010 and 0019 were (issue #40). */
const LONG_RECORDS = new Set([
  '0009-contracts-a-real-backend-can-pass.md',
  '0011-service-worker-and-the-session.md',
  '0015-the-sandbox-on-a-network.md',
  '0017-gps-accuracy-proves-presence.md',
])
const SECTIONS = ['Context', 'Decision', 'Consequences']

/**
 * What a decision record lacks of docs/decisions/TEMPLATE.md: a title, the header (`- Status:`
 * proposed, accepted or superseded; `- Date:` YYYY-MM-DD; `- Superseded by:` `—` or a link to
 * another record of `records`, and a link exactly when superseded) and the three sections in
 * order.
 */
function recordProblems(file: string, text: string, records: readonly string[]): string[] {
  const problems: string[] = []
  const lines = text.split('\n')
  if (!/^# \S/.test(lines[0] ?? '')) problems.push('the first line is not its title (`# …`)')
  const header = lines.slice(1, 8).join('\n')
  const field = (name: string) => new RegExp(`^- ${name}: (.*)$`, 'm').exec(header)?.[1]
  const status = field('Status')
  const date = field('Date')
  const supersededBy = field('Superseded by')
  const statusWord = /^(proposed|accepted|superseded)\b/.exec(status ?? '')?.[1]
  if (!statusWord) problems.push('no `- Status:` proposed, accepted or superseded under the title')
  if (!date || !/^\d{4}-\d{2}-\d{2}\b/.test(date))
    problems.push('no `- Date:` YYYY-MM-DD under the title')
  if (supersededBy === undefined) problems.push('no `- Superseded by:` under the title')
  else if (supersededBy.trim() === '—') {
    if (statusWord === 'superseded') problems.push('superseded, but by no record')
  } else {
    const link = /^\[\d{4}\]\((\d{4}-[a-z0-9-]+\.md)\)$/.exec(supersededBy.trim())
    if (!link) problems.push('`Superseded by` is neither `—` nor a link `[NNNN](NNNN-….md)`')
    else if (!records.includes(link[1]!) || link[1] === file.split('/').pop())
      problems.push(`\`Superseded by\` links ${link[1]}, which is not another record`)
    else if (statusWord !== 'superseded')
      problems.push('superseded by a record, but not `superseded`')
  }
  const headings = lines.filter((l) => /^## /.test(l)).map((l) => l.slice(3).trim())
  const sections = headings.filter((h) => SECTIONS.includes(h))
  if (sections.join() !== SECTIONS.join())
    problems.push(
      `sections ${SECTIONS.join(', ')} (in this order) expected, found ${headings.join(', ') || 'none'}`,
    )
  return problems.map((p) => `${file}: ${p}`)
}

const DIR = join(import.meta.dirname, '..', 'docs/decisions')
const records = readdirSync(DIR)
  .filter((f) => RECORD_NAME.test(f))
  .sort()
const read = (file: string) => readFileSync(join(DIR, file), 'utf8')

describe('decision records (docs/decisions/TEMPLATE.md)', () => {
  it('are numbered one after the other', () => {
    expect(records.length).toBeGreaterThanOrEqual(18)
    expect(records.map((f) => Number(f.slice(0, 4)))).toEqual(records.map((_, i) => i + 1))
  })

  it('each have the header and the sections of the template', () => {
    expect(records.flatMap((f) => recordProblems(`docs/decisions/${f}`, read(f), records))).toEqual(
      [],
    )
  })

  it('are short: under 60 lines, the details in the docs they cite', () => {
    const long = records.filter((f) => read(f).trimEnd().split('\n').length >= MAX_LINES)
    expect(long.filter((f) => !LONG_RECORDS.has(f))).toEqual([])
    // A record shortened leaves the list.
    expect([...LONG_RECORDS].filter((f) => !long.includes(f))).toEqual([])
  })

  it('the template passes its own check', () => {
    const template = read('TEMPLATE.md').replace('YYYY-MM-DD', '2026-01-01')
    expect(recordProblems('TEMPLATE.md', template, records)).toEqual([])
  })

  it('are each listed in the README, which lists no other', () => {
    const listed = [...read('README.md').matchAll(/^\| \[\d{4}\]\((\d{4}-[a-z0-9-]+\.md)\)/gm)].map(
      (m) => m[1],
    )
    expect(listed).toEqual(records)
  })

  it('a record without the header, or superseded by nothing, fails', () => {
    const body = '\n## Context\n\nx\n\n## Decision\n\ny\n\n## Consequences\n\nz\n'
    const all = ['0001-a.md', '0002-b.md']
    expect(recordProblems('0001-a.md', `# A${body}`, all)).toEqual([
      '0001-a.md: no `- Status:` proposed, accepted or superseded under the title',
      '0001-a.md: no `- Date:` YYYY-MM-DD under the title',
      '0001-a.md: no `- Superseded by:` under the title',
    ])
    const head = (status: string, by: string) =>
      `# A\n\n- Status: ${status}\n- Date: 2026-11-21\n- Superseded by: ${by}\n${body}`
    expect(recordProblems('0001-a.md', head('accepted', '—'), all)).toEqual([])
    expect(recordProblems('0001-a.md', head('superseded', '[0002](0002-b.md)'), all)).toEqual([])
    expect(recordProblems('0001-a.md', head('superseded', '—'), all)).toEqual([
      '0001-a.md: superseded, but by no record',
    ])
    expect(recordProblems('0001-a.md', head('superseded', '[0003](0003-c.md)'), all)).toEqual([
      '0001-a.md: `Superseded by` links 0003-c.md, which is not another record',
    ])
    expect(recordProblems('0001-a.md', head('accepted', '[0002](0002-b.md)'), all)).toEqual([
      '0001-a.md: superseded by a record, but not `superseded`',
    ])
  })
})
