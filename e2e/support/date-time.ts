import { expect, type Page } from '@playwright/test'

const HOUR = 3_600_000
/** São Paulo is UTC−3 all year (no daylight saving since 2019). */
const SAO_PAULO_OFFSET = -3 * HOUR

/**
 * Chooses a visit time in a "Data e horário" group the way an agent does: reads the earliest
 * time the hint allows ("Escolha entre 25/11/2026, 08:00 e …"), adds `after`, and types the
 * São Paulo day and time as digits (the fields put the slashes and the colon in). Returns what
 * the fields then show.
 */
export async function typeVisitTime(page: Page, group: string, after = 26 * HOUR) {
  const fields = page.getByRole('group', { name: group })
  const hint = (await fields.textContent()) ?? ''
  const match = /entre (\d{2})\/(\d{2})\/(\d{4}),? (\d{2}):(\d{2})/.exec(hint)
  expect(match, `a window in the hint: ${hint}`).not.toBeNull()
  const [day, month, year, hour, minute] = match!.slice(1).map(Number) as number[]
  const earliest = Date.UTC(year!, month! - 1, day!, hour!, minute!) - SAO_PAULO_OFFSET
  const local = new Date(earliest + after + SAO_PAULO_OFFSET)
  const pad = (n: number) => String(n).padStart(2, '0')
  const date = `${pad(local.getUTCDate())}/${pad(local.getUTCMonth() + 1)}/${local.getUTCFullYear()}`
  const time = `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`
  await fields.getByLabel('Data', { exact: true }).fill('')
  await fields.getByLabel('Data', { exact: true }).pressSequentially(date.replace(/\D/g, ''))
  await fields.getByLabel('Hora', { exact: true }).fill('')
  await fields.getByLabel('Hora', { exact: true }).pressSequentially(time.replace(/\D/g, ''))
  await expect(fields.getByLabel('Data', { exact: true })).toHaveValue(date)
  await expect(fields.getByLabel('Hora', { exact: true })).toHaveValue(time)
  return { date, time }
}
