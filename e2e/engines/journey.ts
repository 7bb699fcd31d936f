/** The steps of the cross-engine journey, in the agent's words (screen.ts). */
import type { Task } from '../../src/api/entities'
import { DEMO_PHONE_DIGITS, type Backend } from './backend'
import type { EngineBrowser } from './engine'
import { BASE_URL, expect } from './fixtures'
import type { Query, Screen } from './screen'

/** Signs the demo agent in through the real screens and waits for the offers. */
export async function signIn(engine: EngineBrowser, ui: Screen, backend: Backend) {
  await engine.page.goto(`${BASE_URL}/login`)
  // The prerendered screen keeps "Receber código" off until the app has taken it over.
  await ui.enabled({ role: 'button', name: 'Receber código' })
  await ui.type({ label: 'Celular com DDD' }, DEMO_PHONE_DIGITS, '+55 (11) 98765-4321')
  await ui.click({ role: 'button', name: 'Receber código' })
  await ui.click({ role: 'button', name: 'Digitar o código' })
  await ui.type({ label: 'Código' }, await backend.signInCode())
  await ui.click({ role: 'button', name: 'Entrar' })
  await ui.see({ role: 'heading', level: 1, name: 'Oportunidades' })
}

/** The signed-in agent's bearer token (the app keeps it in localStorage). */
export async function sessionToken(ui: Screen): Promise<string> {
  const token = await ui.run(
    () =>
      (JSON.parse(localStorage.getItem('avaliador.session') ?? '{}') as { token?: string }).token ??
      null,
    null,
  )
  if (!token) throw new Error('No session on this page')
  return token
}

const HOUR = 3_600_000
/** São Paulo is UTC−3 all year (no daylight saving since 2019). */
const SAO_PAULO_OFFSET = -3 * HOUR

/**
 * Chooses a visit time in a "Data e horário" group the way an agent does (as in
 * e2e/support/date-time.ts): the earliest time the hint allows, plus `after`, typed as digits
 * only (the fields put the slashes and the colon in).
 */
export async function typeVisitTime(ui: Screen, group: string, after = 26 * HOUR) {
  const fields: Query = { role: 'group', name: group }
  const { text: hint } = await ui.see(fields)
  const match = /entre (\d{2})\/(\d{2})\/(\d{4}),? (\d{2}):(\d{2})/.exec(hint)
  if (!match) throw new Error(`No window in the hint: ${hint}`)
  const [day, month, year, hour, minute] = match.slice(1).map(Number) as number[]
  const earliest = Date.UTC(year!, month! - 1, day!, hour!, minute!) - SAO_PAULO_OFFSET
  const local = new Date(earliest + after + SAO_PAULO_OFFSET)
  const pad = (n: number) => String(n).padStart(2, '0')
  const date = `${pad(local.getUTCDate())}/${pad(local.getUTCMonth() + 1)}/${local.getUTCFullYear()}`
  const time = `${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`
  await ui.type({ label: 'Data', within: fields }, date.replace(/\D/g, ''), date)
  await ui.type({ label: 'Hora', within: fields }, time.replace(/\D/g, ''), time)
  return { date, time }
}

/**
 * From the offers (after `signIn`): accepts "Compra de protetor solar" with a typed visit
 * time; resolves with the started task and its address's slug.
 */
export async function acceptOffer(
  ui: Screen,
  backend: Backend,
  token: string,
): Promise<{ slug: string; task: Task }> {
  await ui.click({ role: 'link', name: /^Compra de protetor solar,/ })
  await ui.see({ role: 'heading', level: 1, name: 'Compra de protetor solar' })
  await ui.click({ role: 'link', name: 'Aceitar' })
  await ui.see({ role: 'heading', name: 'Detalhes da oportunidade' })
  await typeVisitTime(ui, 'Data e horário da visita')
  await ui.click({ role: 'button', name: 'Aceitar e agendar' })
  const slug = (await ui.atPath(/^\/tasks\/T-\d+$/)).split('/').pop()!
  const task = await backend.task(token, slug)
  expect(task.status.code).toBe('started')
  return { slug, task }
}

/** A real JPEG (800×600) drawn by the engine itself: no picture ships with the tests. */
export async function jpegFrom(ui: Screen) {
  const dataUrl = await ui.run(() => {
    const canvas = document.createElement('canvas')
    canvas.width = 800
    canvas.height = 600
    const ctx = canvas.getContext('2d')!
    const gradient = ctx.createLinearGradient(0, 0, 800, 600)
    gradient.addColorStop(0, 'hsl(200 60% 70%)')
    gradient.addColorStop(1, 'hsl(20 50% 40%)')
    ctx.fillStyle = gradient
    ctx.fillRect(0, 0, 800, 600)
    ctx.fillStyle = '#111'
    ctx.font = '40px sans-serif'
    ctx.fillText('Fachada', 40, 560)
    return canvas.toDataURL('image/jpeg', 0.85)
  }, null)
  const bytes = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64')
  expect(bytes.subarray(0, 2).toString('hex')).toBe('ffd8')
  return bytes
}
