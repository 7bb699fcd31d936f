/**
 * The provider-state table of contracts/README.md, rendered from mocks/provider-state-catalogue.ts
 * between the `provider-states:start/end` markers, so the backend team's list cannot drift
 * from what the pacts use. `npm run test:contracts:update` rewrites it; the contract run fails
 * when it is out of date.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { format, resolveConfig } from 'prettier'
import { answerKeys, STATES } from '../mocks/provider-state-catalogue'

const START = '<!-- provider-states:start (generated from mocks/provider-state-catalogue.ts) -->'
const END = '<!-- provider-states:end -->'

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ')

export function statesTable(): string {
  const rows = Object.values(STATES).map((s) => {
    const params = Object.entries(s.params)
      .map(([k, v]) => `\`${k}\`: \`${JSON.stringify(v)}\``)
      .join(', ')
    const returns = answerKeys(s)
      .map((r) => `\`${r}\``)
      .join(', ')
    return `| \`${s.name}\` | ${params || '—'} | ${returns || '—'} | ${cell(s.setup)} |`
  })
  return [
    '| state (`given`) | params (examples) | answer with | what the provider must set up |',
    '| --- | --- | --- | --- |',
    ...rows,
  ].join('\n')
}

/** Table text with the cell padding Prettier adds taken out, for comparison. */
function normalise(section: string) {
  return section
    .split('\n')
    .map((line) =>
      line
        .trim()
        .replace(/\s*\|\s*/g, '|')
        .replace(/\|-{3,}(?=\|)/g, '|---'),
    )
    .filter(Boolean)
    .join('\n')
}

/** `{ upToDate }`, or with `write` the README rewritten (and formatted by Prettier). */
export async function syncReadme(file: string, write: boolean): Promise<{ upToDate: boolean }> {
  const text = readFileSync(file, 'utf8')
  const start = text.indexOf(START)
  const end = text.indexOf(END)
  if (start < 0 || end < start) throw new Error(`${file} has no ${START} … ${END} section`)
  const current = text.slice(start + START.length, end)
  const upToDate = normalise(current) === normalise(statesTable())
  if (write && !upToDate) {
    const next = `${text.slice(0, start + START.length)}\n\n${statesTable()}\n\n${text.slice(end)}`
    const config = (await resolveConfig(file)) ?? {}
    writeFileSync(file, await format(next, { ...config, filepath: file }))
  }
  return { upToDate }
}
