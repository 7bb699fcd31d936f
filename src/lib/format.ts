/** pt-BR formatting of money, dates and numbers through Intl, in one place. */
const money = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' })
const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short' })
const dateLong = new Intl.DateTimeFormat('pt-BR', {
  weekday: 'short',
  day: '2-digit',
  month: 'short',
})
const dateOnly = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short' })
const relative = new Intl.RelativeTimeFormat('pt-BR', { numeric: 'auto' })

export const formatMoney = (cents: number) => money.format(cents / 100)
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso))
export const formatDate = (iso: string) => dateOnly.format(new Date(iso))
export const formatDay = (iso: string) => dateLong.format(new Date(iso))

/** "em 3 horas", "há 2 dias" — the largest unit that fits. */
export function formatRelative(iso: string, now = Date.now()) {
  const diff = Date.parse(iso) - now
  const abs = Math.abs(diff)
  const units: Array<[Intl.RelativeTimeFormatUnit, number]> = [
    ['day', 86_400_000],
    ['hour', 3_600_000],
    ['minute', 60_000],
  ]
  for (const [unit, ms] of units) if (abs >= ms) return relative.format(Math.round(diff / ms), unit)
  return relative.format(Math.round(diff / 1000), 'second')
}
