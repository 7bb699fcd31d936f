/** Money as the agent types it in pt-BR ("45,50", "1.234,56", "R$ 45") ↔ integer cents. */

/** Cents, or null when the text is not an amount (letters, 3+ decimals, negative, empty). */
export function parseMoneyInput(input: string): number | null {
  const s = input.replace(/R\$/i, '').replace(/\s/g, '')
  if (s === '') return null
  // Thousands with dots (optional), decimals with a comma (one or two digits).
  const match = /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/.exec(s)
  if (!match) return null
  const reais = Number(match[1]!.replace(/\./g, ''))
  const cents = Number((match[2] ?? '').padEnd(2, '0'))
  const total = reais * 100 + cents
  return Number.isSafeInteger(total) ? total : null
}

/** Cents → "1234,56": what goes back into the field (no currency, no thousands dots). */
export function formatMoneyInput(cents: number): string {
  const reais = Math.floor(cents / 100)
  return `${reais},${String(cents % 100).padStart(2, '0')}`
}
