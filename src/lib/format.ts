/**
 * pt-BR formatting of money, dates, scores and counts through Intl, in one place. Each
 * formatter is made on first use, not at start-up (making one costs a few milliseconds on a
 * cheap phone, and a screen needs only some of them).
 */
import { appNow } from './clock'

function lazy<T>(make: () => T): () => T {
  let made: T | undefined
  return () => (made ??= make())
}

const money = lazy(() => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }))
const dateTime = lazy(
  () => new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' }),
)
const dateLong = lazy(
  () => new Intl.DateTimeFormat('pt-BR', { weekday: 'short', day: '2-digit', month: 'short' }),
)
const timeOnly = lazy(
  () => new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit' }),
)
const dateOnly = lazy(() => new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short' }))
const relative = lazy(() => new Intl.RelativeTimeFormat('pt-BR', { numeric: 'auto' }))
const oneDecimal = lazy(() => new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 }))

export const formatMoney = (cents: number) => money().format(cents / 100)
export const formatDateTime = (iso: string) => dateTime().format(new Date(iso))
export const formatDate = (iso: string) => dateOnly().format(new Date(iso))
/** "15:40" */
export const formatTime = (iso: string) => timeOnly().format(new Date(iso))
export const formatDay = (iso: string) => dateLong().format(new Date(iso))
/** A visit's score (0–100) as pt-BR writes it: "88,9", "100". */
export const formatScore = (score: number) => oneDecimal().format(score)

/** "em 3 horas", "há 2 dias" — the largest unit that fits. */
export function formatRelative(iso: string, now = appNow()) {
  const diff = Date.parse(iso) - now
  const abs = Math.abs(diff)
  const units: Array<[Intl.RelativeTimeFormatUnit, number]> = [
    ['day', 86_400_000],
    ['hour', 3_600_000],
    ['minute', 60_000],
  ]
  for (const [unit, ms] of units)
    if (abs >= ms) return relative().format(Math.round(diff / ms), unit)
  return relative().format(Math.round(diff / 1000), 'second')
}
